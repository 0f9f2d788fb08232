import type { RouteContract } from '../contract.ts'

/* The settings room's charges and rate (backoffice §5). */

export const settingsOpsContracts: RouteContract[] = []

import type { RouteContract } from '../contract.ts'

/* The customers room (backoffice §4): search, detail, price role, disabling, points. */

export const customerContracts: RouteContract[] = []

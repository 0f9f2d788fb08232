import type { RouteContract } from '../contract.ts'

/* The points history (spec §7 score). */

export const pointsContracts: RouteContract[] = []

import type { RouteContract } from '../contract.ts'

/* Web Push subscriptions (flows §6). */

export const pushContracts: RouteContract[] = []

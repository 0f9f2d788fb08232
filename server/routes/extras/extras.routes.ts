import type { RouteContract } from '../contract.ts'

/* Extra fees (spec §7; flows §3, §7): the shopper's count, list and the three pay routes; the console's fee calls. */

export const extrasContracts: RouteContract[] = []

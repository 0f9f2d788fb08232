import type { ShopMonth } from '../../../domain/tier-terms.ts'
import { apiPost } from '../../../lib/api-client.ts'

/** What one run of the monthly tier job did: `ran` false when the month's tiers were set already. */
export interface TierJobResult {
  ran: boolean
  /** The shop month the tiers are for (its first day). */
  month: ShopMonth
  membersUpdated: number
}

/** POST /api/ops/jobs/tiers/run: the monthly tier job, now (it does nothing twice in one month). */
export const runTierJob = () =>
  apiPost<TierJobResult>('/ops/jobs/tiers/run', undefined, { systemNotify: false })

import type { ChargeSettings } from '../../../domain/pricing.ts'
import { type ApiCallOptions, apiGet } from '../../../lib/api-client.ts'

/** GET /mall/charge/details: discount, platform fee, deposit share, settlement fee and the display rate. */
export const getChargeDetails = (options?: ApiCallOptions) =>
  apiGet<ChargeSettings>('/mall/charge/details', {}, options)

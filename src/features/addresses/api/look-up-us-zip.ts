import type { UsZipDto } from '../../../domain/address.ts'
import { type ApiCallOptions, apiGet } from '../../../lib/api-client.ts'

/** GET /mall/uszip/state-city?zip=: the state and city of a US ZIP; 404 when no place has it. */
export const lookUpUsZip = (zip: string, options?: ApiCallOptions) =>
  apiGet<UsZipDto>('/mall/uszip/state-city', { zip }, options)

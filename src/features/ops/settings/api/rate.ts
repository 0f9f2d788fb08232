import type { OpsRateBody, OpsRateDto } from '../../../../domain/settings-ops.ts'
import { apiGet, apiPut } from '../../../../lib/api-client.ts'

/** GET /api/ops/settings/rate: renminbi per yen shown to shoppers; null until set. */
export const getRate = () => apiGet<OpsRateDto>('/ops/settings/rate', {}, { systemNotify: false })

/** PUT /api/ops/settings/rate. */
export const saveRate = (body: OpsRateBody) =>
  apiPut<OpsRateDto>('/ops/settings/rate', body, { systemNotify: false })

import type { OpsChargeSettingsBody, OpsChargeSettingsDto } from '../../../../domain/settings-ops.ts'
import { apiGet, apiPut } from '../../../../lib/api-client.ts'

/** GET /api/ops/settings/charges: the deposit share, the fees, the daily storage fee and the top rate. */
export const getCharges = () =>
  apiGet<OpsChargeSettingsDto>('/ops/settings/charges', {}, { systemNotify: false })

/** PUT /api/ops/settings/charges: every charge; orders created afterwards use them. */
export const saveCharges = (body: OpsChargeSettingsBody) =>
  apiPut<OpsChargeSettingsDto>('/ops/settings/charges', body, { systemNotify: false })

import type { CustomerPointsBody, OpsPointsRow } from '../../../../domain/customer-ops.ts'
import { apiPost } from '../../../../lib/api-client.ts'

/** POST /api/ops/customers/{id}/points: a signed correction with its reason; 409 below 0. */
export const adjustCustomerPoints = (id: number, body: CustomerPointsBody) =>
  apiPost<OpsPointsRow>(`/ops/customers/${id}/points`, body, { systemNotify: false })

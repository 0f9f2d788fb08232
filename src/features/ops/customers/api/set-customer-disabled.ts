import type { CustomerDisableBody, OpsCustomerListItem } from '../../../../domain/customer-ops.ts'
import { apiPost } from '../../../../lib/api-client.ts'

/** POST /api/ops/customers/{id}/disable: disables (every session ends) or enables, with a reason. */
export const setCustomerDisabled = (id: number, body: CustomerDisableBody) =>
  apiPost<OpsCustomerListItem>(`/ops/customers/${id}/disable`, body, { systemNotify: false })

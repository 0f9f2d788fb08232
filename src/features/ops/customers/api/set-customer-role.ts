import type { CustomerRoleBody, OpsCustomerListItem } from '../../../../domain/customer-ops.ts'
import { apiPut } from '../../../../lib/api-client.ts'

/** PUT /api/ops/customers/{id}/role: the price column the customer sees from their next call. */
export const setCustomerRole = (id: number, body: CustomerRoleBody) =>
  apiPut<OpsCustomerListItem>(`/ops/customers/${id}/role`, body, { systemNotify: false })

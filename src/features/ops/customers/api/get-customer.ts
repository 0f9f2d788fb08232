import type { OpsCustomerDetail } from '../../../../domain/customer-ops.ts'
import { apiGet } from '../../../../lib/api-client.ts'

/** GET /api/ops/customers/{id}: profile, role, points and ledger, addresses, orders, last sign-in. */
export const getCustomer = (id: number) =>
  apiGet<OpsCustomerDetail>(`/ops/customers/${id}`, {}, { systemNotify: false })

import type { OpsPointsRow } from '../../../../domain/customer-ops.ts'
import type { Page } from '../../../../domain/queries.ts'
import { apiGet } from '../../../../lib/api-client.ts'

/** GET /api/ops/customers/{id}/points: a page of the customer's points ledger, newest first. */
export const listCustomerPoints = (id: number, page: { pageNum: number; pageSize: number }) =>
  apiGet<Page<OpsPointsRow>>(`/ops/customers/${id}/points`, { ...page }, { systemNotify: false })

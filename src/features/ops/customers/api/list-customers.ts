import type { OpsCustomerPage } from '../../../../domain/customer-ops.ts'
import { apiGet } from '../../../../lib/api-client.ts'

/** The list's filters (backoffice §4); undefined means "any". */
export interface CustomerFilter {
  /** A part of the e-mail, nickname or telephone, or an id. */
  keyword?: string | undefined
  role?: number | undefined
  disabled?: boolean | undefined
}

/** GET /api/ops/customers: customers by keyword, role and state, newest first, a page at a time. */
export const listCustomers = (filter: CustomerFilter & { pageNum: number; pageSize: number }) =>
  apiGet<OpsCustomerPage>('/ops/customers', { ...filter }, { systemNotify: false })

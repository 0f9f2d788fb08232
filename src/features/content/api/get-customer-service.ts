import type { CustomerServiceDto } from '../../../domain/catalog.ts'
import { apiGet } from '../../../lib/api-client.ts'

/** GET /mall/customer_service/list: the contacts of members (roles 1 and 2); others get none. */
export const getCustomerService = () =>
  apiGet<CustomerServiceDto[]>('/mall/customer_service/list', {}, { systemNotify: false })

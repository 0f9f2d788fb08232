import type { OrderStatus } from '../../../domain/order-status.ts'
import type { OpsOrderDto } from '../../../domain/orders.ts'
import { apiGet } from '../../../lib/api-client.ts'

export interface OpsOrderFilter {
  status?: OrderStatus | undefined
  userId?: number | undefined
  orderId?: number | undefined
  /** YYYY-MM-DD, inclusive. */
  startDate?: string | undefined
  endDate?: string | undefined
  /** An order number, or a line's JAN barcode or item number. */
  keyword?: string | undefined
}

export interface OpsOrderPage {
  list: OpsOrderDto[]
  total: number
  pageNum: number
  pageSize: number
}

/** GET /api/ops/orders: any shopper's orders, filtered by table B status, shopper, order, dates and keyword. */
export const listOpsOrders = (filter: OpsOrderFilter & { pageNum: number; pageSize: number }) =>
  apiGet<OpsOrderPage>('/ops/orders', { ...filter }, { systemNotify: false })

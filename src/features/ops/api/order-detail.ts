import type { OpsOrderDetailDto } from '../../../domain/orders.ts'
import { apiGet } from '../../../lib/api-client.ts'

/** GET /api/ops/orders/{id}: the order with its lines, payments, address, children and audit log. */
export const getOpsOrderDetail = (orderId: number) =>
  apiGet<OpsOrderDetailDto>(`/ops/orders/${orderId}`, {}, { systemNotify: false })

import type { ArrivalBody } from '../../../domain/arrival.ts'
import type { OpsOrderDetailDto } from '../../../domain/orders.ts'
import { apiPost } from '../../../lib/api-client.ts'

/**
 * POST /api/ops/orders/{id}/arrival { arrivedAt, lineIds? }: the goods arrived on that shop date (4 → 5
 * with a balance due, → 6 when paid in full). With `lineIds` the order is split first and the answer
 * is the child that arrived. 400 names `arrivedAt` or `lineIds`; 409 when the status does not allow it.
 */
export const bookArrival = (orderId: number, body: ArrivalBody) =>
  apiPost<OpsOrderDetailDto>(`/ops/orders/${orderId}/arrival`, body, { systemNotify: false })

import { apiPost } from '../../../lib/api-client.ts'

/** POST /api/ops/orders/{id}/refund { reason }: every paid payment back, the order → 12 refund. */
export const refundOpsOrder = (orderId: number, reason: string | null) =>
  apiPost<unknown>(`/ops/orders/${orderId}/refund`, { reason }, { systemNotify: false })

import { apiPost } from '../../../lib/api-client.ts'

/** POST /api/ops/orders/{id}/ordered: 3 waitOrder → 4 order (ordered from the supplier); 409 otherwise. */
export const markOrderOrdered = (orderId: number) =>
  apiPost<unknown>(`/ops/orders/${orderId}/ordered`, undefined, { systemNotify: false })

import type { SplitBody } from '../../../domain/arrival.ts'
import type { OpsOrderDetailDto } from '../../../domain/orders.ts'
import { apiPost } from '../../../lib/api-client.ts'

/**
 * POST /api/ops/orders/{id}/split { groups }: every line in exactly one of two or more groups, each
 * group a child order. Answers the parent (now 0 split) with its children; 400 `groups`, 409 status.
 */
export const splitOpsOrder = (orderId: number, body: SplitBody) =>
  apiPost<OpsOrderDetailDto>(`/ops/orders/${orderId}/split`, body, { systemNotify: false })

import type { PackAnswer, PackBody } from '../../../domain/packaging.ts'
import { apiPost } from '../../../lib/api-client.ts'

/**
 * POST /api/ops/package-applies/{id}/pack { boxes }: each box becomes a package in 3 with its number
 * and billed weight; the request → 3 packed, orders 8 → 9. 400 names `boxes…`; 409 on the status.
 */
export const packApply = (applyId: number, body: PackBody) =>
  apiPost<PackAnswer>(`/ops/package-applies/${applyId}/pack`, body, { systemNotify: false })

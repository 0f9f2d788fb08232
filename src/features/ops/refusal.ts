import { isOrderStatus, type OrderStatus } from '../../domain/order-status.ts'
import { ResultCode } from '../../domain/result-code.ts'
import { ApiFailure } from '../../lib/api-client.ts'

/** The status a 409 says the order is in now (someone else moved it), when it says one. */
export function movedTo(error: unknown): OrderStatus | undefined {
  if (!(error instanceof ApiFailure) || error.code !== ResultCode.conflict) return undefined
  const status = (error.data as { status?: unknown } | undefined)?.status
  return isOrderStatus(status) ? status : undefined
}

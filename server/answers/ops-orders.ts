import * as v from 'valibot'
import { ORDER_STATUSES } from '../../src/domain/order-status-codes.ts'
import type { OpsOrderDetailDto, OpsOrderDto } from '../../src/domain/orders.ts'
import type { OrderRefund, RefundedPayment } from '../services/payments/refund.ts'
import { orderDetailEntries, orderEntries } from './orders.ts'
import { answerOf, count, id, named, pageOf, time } from './shape.ts'

/* The operator console's order calls (server/routes/ops): any shopper's orders, refunds. */

const shopperEntries = {
  userId: id,
  userEmail: v.string(),
  userNickname: v.string(),
}

export const opsOrderAnswer = named(
  'OpsOrderDto',
  answerOf<OpsOrderDto>()(v.strictObject({ ...orderEntries, ...shopperEntries })),
)
export const opsOrderPageAnswer = pageOf(opsOrderAnswer)

/** One row of an order's audit log, newest first (services/ops/audit.ts `auditOf`). */
const orderAuditAnswer = answerOf<OpsOrderDetailDto['audit'][number]>()(
  v.strictObject({
    id,
    action: v.string(),
    /** The operator's e-mail; null for a job or a deleted account. */
    actor: v.nullable(v.string()),
    createTime: time,
    before: v.unknown(),
    after: v.unknown(),
  }),
)

export const opsOrderDetailAnswer = named(
  'OpsOrderDetailDto',
  answerOf<OpsOrderDetailDto>()(
    v.strictObject({ ...orderDetailEntries, ...shopperEntries, audit: v.array(orderAuditAnswer) }),
  ),
)

const refundedPaymentAnswer = answerOf<RefundedPayment>()(
  v.strictObject({
    paymentId: v.string(),
    gateway: v.string(),
    amount: count,
    pointsReturned: count,
    refundRef: v.nullable(v.string()),
  }),
)

const refundSide = v.strictObject({ status: v.picklist(ORDER_STATUSES), refundAmount: count })

export const orderRefundAnswer = named(
  'OrderRefund',
  answerOf<OrderRefund>()(
    v.strictObject({
      orderId: id,
      before: refundSide,
      after: refundSide,
      payments: v.array(refundedPaymentAnswer),
    }),
  ),
)

import * as v from 'valibot'
import type { FinalCountDto } from '../../src/domain/arrival.ts'
import { ORDER_STATUSES } from '../../src/domain/order-status-codes.ts'
import type { OrderDetailDto, OrderDto, OrderLineDto, SettleDetailsDto } from '../../src/domain/orders.ts'
import { mediaImageAnswer } from './media.ts'
import { paymentAnswer } from './payments.ts'
import { answerOf, count, id, named, pageOf, productNameEntries, time } from './shape.ts'

export const orderLineAnswer = named(
  'OrderLineDto',
  answerOf<OrderLineDto>()(
    v.strictObject({
      id,
      productId: id,
      ...productNameEntries,
      imgUrl: v.nullable(v.string()),
      image: v.optional(mediaImageAnswer),
      barcode: v.string(),
      productType: count,
      basePrice: count,
      unitPrice: count,
      quantity: count,
      goods: count,
      total: count,
      deposit: count,
      balance: count,
    }),
  ),
)

export const orderEntries = {
  id,
  parentId: v.nullable(id),
  status: v.picklist(ORDER_STATUSES),
  createTime: time,
  payDueTime: v.nullable(time),
  modifyTime: time,
  goods: count,
  discount: count,
  platformFee: count,
  settlementFee: count,
  deposit: count,
  balance: count,
  total: count,
  pointsHeld: count,
  paidAmount: count,
  refundAmount: count,
  remark: v.nullable(v.string()),
  arrivedAt: v.nullable(time),
  balanceDue: v.nullable(time),
  packagingDeadline: v.nullable(time),
  forfeitAt: v.nullable(time),
  lateFee: count,
  deadlineState: v.nullable(v.picklist(['onTime', 'dueSoon', 'overdue', 'forfeited'] as const)),
  lines: v.array(orderLineAnswer),
}

export const orderAnswer = named('OrderDto', answerOf<OrderDto>()(v.strictObject(orderEntries)))
export const orderListAnswer = v.array(orderAnswer)
export const orderPageAnswer = pageOf(orderAnswer)

export const orderDetailEntries = {
  ...orderEntries,
  children: v.array(orderAnswer),
  payments: v.array(paymentAnswer),
  /** The delivery address copied at the first payment: the spec's 'Address' fields. */
  address: v.nullable(v.record(v.string(), v.nullable(v.union([v.string(), v.number()])))),
}

export const orderDetailAnswer = named(
  'OrderDetailDto',
  answerOf<OrderDetailDto>()(v.strictObject(orderDetailEntries)),
)

export const settleDetailsAnswer = answerOf<SettleDetailsDto>()(
  v.strictObject({
    order: orderAnswer,
    amountDue: count,
    pointsUsed: count,
    payable: count,
    payOpen: v.boolean(),
    payMessage: v.nullable(v.string()),
    testMode: v.boolean(),
  }),
)

export const finalCountAnswer = answerOf<FinalCountDto>()(v.strictObject({ count, overCount: count }))

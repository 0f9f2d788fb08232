import * as v from 'valibot'
import { PaymentStatus } from '../../src/domain/payment-status.ts'
import { PAY_ROUTES, type PaymentDto } from '../../src/domain/payments.ts'
import { answerOf, count, named, nullable, time } from './shape.ts'

export const paymentStatus = v.picklist(Object.values(PaymentStatus))
export const paymentPurpose = v.picklist(['deposit', 'balance', 'shipping', 'extra'] as const)

export const paymentAnswer = named(
  'PaymentDto',
  answerOf<PaymentDto>()(
    v.strictObject({
      id: v.string(),
      purpose: paymentPurpose,
      route: v.picklist(PAY_ROUTES),
      method: count,
      gateway: v.string(),
      amount: count,
      pointsUsed: count,
      status: paymentStatus,
      createTime: time,
      settleTime: nullable(time),
      refundTime: nullable(time),
    }),
  ),
)

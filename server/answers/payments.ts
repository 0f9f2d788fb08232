import * as v from 'valibot'
import { PaymentStatus } from '../../src/domain/payment-status.ts'
import {
  type BankTransferDto,
  PAY_ROUTES,
  type PayAnswer,
  type PayLatchDto,
  type PaymentDto,
  type PayStatusDto,
  type SandboxPaymentDto,
} from '../../src/domain/payments.ts'
import { answerOf, count, id, named, time } from './shape.ts'

export const paymentStatus = v.picklist(Object.values(PaymentStatus))
export const paymentPurpose = v.picklist(['deposit', 'balance', 'shipping', 'extra'] as const)
export const payRoute = v.picklist(PAY_ROUTES)

export const bankTransferAnswer = named(
  'BankTransferDto',
  answerOf<BankTransferDto>()(
    v.strictObject({
      amount: count,
      currency: v.string(),
      reference: v.nullable(v.string()),
      bankName: v.nullable(v.string()),
      bankCode: v.nullable(v.string()),
      branchName: v.nullable(v.string()),
      branchCode: v.nullable(v.string()),
      accountType: v.nullable(v.string()),
      accountNumber: v.nullable(v.string()),
      accountHolderName: v.nullable(v.string()),
    }),
  ),
)

export const paymentAnswer = named(
  'PaymentDto',
  answerOf<PaymentDto>()(
    v.strictObject({
      id: v.string(),
      purpose: paymentPurpose,
      route: payRoute,
      method: count,
      gateway: v.string(),
      amount: count,
      pointsUsed: count,
      status: paymentStatus,
      createTime: time,
      settleTime: v.nullable(time),
      refundTime: v.nullable(time),
      transfer: v.optional(v.nullable(bankTransferAnswer)),
    }),
  ),
)

/** Every pay call (deposit, balance, shipping fee, extra fees) answers where to send the shopper. */
export const payAnswer = named(
  'PayAnswer',
  answerOf<PayAnswer>()(v.strictObject({ paymentId: v.string(), redirectUrl: v.string() })),
)

export const payStatusAnswer = named(
  'PayStatusDto',
  answerOf<PayStatusDto>()(
    v.strictObject({
      paymentId: v.string(),
      status: paymentStatus,
      purpose: paymentPurpose,
      amount: count,
      pointsUsed: count,
      target: v.array(id),
      failure: v.nullable(v.string()),
      transfer: v.optional(v.nullable(bankTransferAnswer)),
    }),
  ),
)

export const payLatchAnswer = named(
  'PayLatchDto',
  answerOf<PayLatchDto>()(v.strictObject({ open: v.boolean(), message: v.nullable(v.string()) })),
)

export const sandboxPaymentAnswer = named(
  'SandboxPaymentDto',
  answerOf<SandboxPaymentDto>()(
    v.strictObject({
      paymentId: v.string(),
      amount: count,
      currency: v.literal('JPY'),
      purpose: paymentPurpose,
      status: paymentStatus,
      route: payRoute,
      method: count,
    }),
  ),
)

export const webhookAnswer = answerOf<{ received: true; duplicate: boolean; ignored: boolean }>()(
  v.strictObject({ received: v.literal(true), duplicate: v.boolean(), ignored: v.boolean() }),
)

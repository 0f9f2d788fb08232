import { type AnyColumn, and, eq, sql } from 'drizzle-orm'
import { shopDate } from '../../../src/domain/dates.ts'
import { canOrderTransition, OrderStatus } from '../../../src/domain/order-status.ts'
import { canPackageTransition, PackageStatus } from '../../../src/domain/package-status.ts'
import { canPaymentTransition, PaymentStatus } from '../../../src/domain/payment-status.ts'
import type { PaymentPurpose } from '../../../src/domain/payments.ts'
import { DEFAULT_SCORE_RATE, pointsEarned } from '../../../src/domain/pricing.ts'
import { ResultCode } from '../../../src/domain/result-code.ts'
import { effectiveTier } from '../../../src/domain/tier-terms.ts'
import type { Db } from '../../db/client.ts'
import { orders, packages, payments, users } from '../../db/schema.ts'
import { ApiError } from '../../http/envelope.ts'
import { log } from '../../observability/log.ts'
import { extraFeesPaid } from '../extras/fees-paid.ts'
import { advanceOrdersOfPackage } from '../packaging/package-orders.ts'
import { changePoints } from '../points.ts'
import { settleBalanceLateFee } from './late-fees.ts'

export type PaymentRow = typeof payments.$inferSelect

export interface Confirmation {
  paymentId: string
  providerRef: string | null
  /** What the provider confirms it took; must equal the payment row. */
  amount: number
  currency: string
}

export type SettleResult =
  /** 1 → 2 now, with its effect. */
  | { settled: true; payment: PaymentRow }
  /** Nothing changed: already paid (a repeat), or no longer payable (logged). */
  | { settled: false; status: PaymentStatus }

/**
 * Marks a payment paid and applies its effect, once (flows §3, payments-facts 'Bugs to design
 * against'). Every confirmation ends here, in the caller's transaction: the row lock makes a webhook
 * racing another delivery (or anything else) wait, and only 1 → 2 applies the effect, so a second
 * confirmation finds the payment paid and does nothing. A confirmation whose amount or currency differs
 * from the row is refused (400) and changes nothing.
 */
export async function settle(tx: Db, confirmation: Confirmation, at: Date): Promise<SettleResult> {
  const [payment] = await tx
    .select()
    .from(payments)
    .where(eq(payments.id, confirmation.paymentId))
    .for('update')
  if (!payment) throw new ApiError(ResultCode.invalidInput, 'paymentId: no such payment')
  const status = payment.status as PaymentStatus
  if (status === PaymentStatus.pay) return { settled: false, status }
  if (!canPaymentTransition(status, PaymentStatus.pay)) {
    // The provider took money for an attempt we had ended (superseded by a newer attempt, or cancelled
    // after the shopper had paid). The flow never reopens it: the operator refunds it at the provider.
    log.error(
      `[payments] MONEY RECEIVED for payment ${payment.id} in status ${status} (provider ref ${confirmation.providerRef}, ¥${confirmation.amount}): refund it at the provider`,
    )
    return { settled: false, status }
  }
  if (confirmation.amount !== payment.amount || confirmation.currency !== payment.currency) {
    log.error(
      `[payments] refused confirmation of ${payment.id}: ${confirmation.currency} ${confirmation.amount} confirmed, ${payment.currency} ${payment.amount} expected`,
    )
    throw new ApiError(ResultCode.invalidInput, 'amount: does not match the payment')
  }
  const [paid] = await tx
    .update(payments)
    .set({
      status: PaymentStatus.pay,
      providerRef: confirmation.providerRef ?? payment.providerRef,
      settledAt: at,
      updatedAt: at,
    })
    .where(and(eq(payments.id, payment.id), eq(payments.status, PaymentStatus.waitPay)))
    .returning()
  // Unreachable under the row lock; kept so a change of locking cannot apply an effect twice.
  if (!paid) return { settled: false, status }
  const effect = PURPOSE_EFFECTS[paid.purpose]
  if (!effect) throw new Error(`payment ${paid.id} has an unknown purpose: ${paid.purpose}`)
  await effect(tx, paid, at)
  return { settled: true, payment: paid }
}

/** What a confirmed payment does, by purpose, in settle()'s transaction. */
type PurposeEffect = (tx: Db, payment: PaymentRow, at: Date) => Promise<void>

/** The effects by purpose; a purpose without one throws rather than marking money paid with no effect. */
const PURPOSE_EFFECTS: Partial<Record<PaymentPurpose, PurposeEffect>> = {
  deposit: depositPaid,
  balance: balancePaid,
  shipping: shippingPaid,
  // fees 1 → 2 and locked boxes unlocked (extras/fees-paid.ts); no points are earned on fees
  extra: extraFeesPaid,
}

function onlyTargetOf(payment: PaymentRow, what = 'order'): number {
  const [id] = payment.target
  if (id === undefined || payment.target.length !== 1) {
    throw new Error(`${payment.purpose} payment ${payment.id} must target exactly one ${what}`)
  }
  return id
}

/**
 * The first payment of an order: 2 waitPay → 3 waitOrder, the yen and points received added to
 * `paidAmount`, points earned on the yen.
 */
async function depositPaid(tx: Db, payment: PaymentRow, at: Date): Promise<void> {
  const orderId = onlyTargetOf(payment)
  if (!canOrderTransition(OrderStatus.waitPay, OrderStatus.waitOrder))
    throw new Error('order flow forbids 2 → 3')
  const [order] = await tx
    .update(orders)
    .set({
      status: OrderStatus.waitOrder,
      paidAmount: sqlAdd(orders.paidAmount, payment.amount + payment.pointsUsed),
      updatedAt: at,
    })
    .where(and(eq(orders.id, orderId), eq(orders.status, OrderStatus.waitPay)))
    .returning({ id: orders.id, userId: orders.userId })
  if (!order) {
    // The order left 2 while the shopper was paying (the payment window lapsed, or they cancelled).
    // The money is kept on record: the payment stays 2 pay, so it shows on the order's payments in
    // the ops console, and the operator refunds it at the provider — it is never silently dropped.
    // The order is not revived (1 is terminal, so refundOrder does not apply) and earns no points.
    log.error(
      `[payments] PAID AFTER THE ORDER CLOSED: payment ${payment.id} (¥${payment.amount}) for order ${orderId}, which is no longer awaiting payment: refund it`,
    )
    return
  }
  await earnPoints(tx, order, payment)
}

/**
 * The final payment of an order: 5 arrival → 6 finalPay, the goods-and-fees part of what was received
 * added to `paidAmount` (the late fee it carried is the late-fee record's, not the order's), the late-fee
 * record settled with it, points earned on the yen.
 */
async function balancePaid(tx: Db, payment: PaymentRow, at: Date): Promise<void> {
  const orderId = onlyTargetOf(payment)
  if (!canOrderTransition(OrderStatus.arrival, OrderStatus.finalPay))
    throw new Error('order flow forbids 5 → 6')
  const [order] = await tx
    .update(orders)
    .set({
      status: OrderStatus.finalPay,
      paidAmount: sqlAdd(orders.paidAmount, payment.amount + payment.pointsUsed - payment.lateFee),
      updatedAt: at,
    })
    .where(and(eq(orders.id, orderId), eq(orders.status, OrderStatus.arrival)))
    .returning({ id: orders.id, userId: orders.userId, arrivedAt: orders.arrivedAt })
  if (!order) {
    // The order left 5 while the shopper was paying (forfeited past the grace window, or refunded).
    // As for the deposit: the payment stays 2 pay on record, the operator refunds it, nothing revives.
    log.error(
      `[payments] PAID AFTER THE ORDER CLOSED: payment ${payment.id} (¥${payment.amount}) for order ${orderId}, which is no longer awaiting its balance: refund it`,
    )
    return
  }
  await settleBalanceLateFee(
    tx,
    {
      orderId: order.id,
      userId: order.userId,
      arrivedAt: order.arrivedAt,
      paymentId: payment.id,
      lateFee: payment.lateFee,
    },
    at,
  )
  await earnPoints(tx, order, payment)
}

/**
 * The shipping fee of a package: 3 package → 4 waitSend with the method, billed weight and fee the
 * attempt froze (the quote the shopper saw), and each order with goods in it 9 → 10 once every box
 * holding its goods is paid. No points: they are earned on what the goods cost (deposit and balance),
 * and the points ledger keeps them per order, where a box may hold several.
 */
async function shippingPaid(tx: Db, payment: PaymentRow, at: Date): Promise<void> {
  const packageId = onlyTargetOf(payment, 'package')
  if (!canPackageTransition(PackageStatus.package, PackageStatus.waitSend))
    throw new Error('package flow forbids 3 → 4')
  if (payment.shippingMethodId === null || payment.billedWeightG === null) {
    throw new Error(`shipping payment ${payment.id} has no shipping method or billed weight`)
  }
  const [paid] = await tx
    .update(packages)
    .set({
      status: PackageStatus.waitSend,
      shippingMethodId: payment.shippingMethodId,
      billedWeightG: payment.billedWeightG,
      shippingCost: payment.amount + payment.pointsUsed,
      paymentId: payment.id,
      updatedAt: at,
    })
    .where(and(eq(packages.id, packageId), eq(packages.status, PackageStatus.package)))
    .returning({ id: packages.id })
  if (!paid) {
    // The package left 3 while the shopper was paying (the sweep locked it, 3 → 7, for an overdue fee).
    // As for an order: the payment stays 2 pay on record, the operator refunds it at the provider, and
    // nothing moves (unlocking is the storage fees' business, not this payment's).
    log.error(
      `[payments] PAID AFTER THE PACKAGE MOVED ON: payment ${payment.id} (¥${payment.amount}) for package ${packageId}, which is no longer awaiting its shipping fee: refund it`,
    )
    return
  }
  await advanceOrdersOfPackage(
    tx,
    packageId,
    {
      from: OrderStatus.waitExpressPay,
      to: OrderStatus.waitSend,
      reached: [PackageStatus.waitSend, PackageStatus.send, PackageStatus.shipping],
    },
    at,
  )
}

async function earnPoints(tx: Db, order: { id: number; userId: number }, payment: PaymentRow): Promise<void> {
  const rate = await scoreRateOf(tx, order.userId, payment.settledAt ?? payment.updatedAt)
  const earned = pointsEarned(payment.amount, rate)
  if (earned > 0) {
    await changePoints(tx, {
      userId: order.userId,
      delta: earned,
      reason: 'earn',
      orderId: order.id,
      paymentId: payment.id,
    })
  }
}

/** The shopper's rate on the shop day of `at`: a lapsed tier earns the default (src/domain/tiers.ts). */
async function scoreRateOf(tx: Db, userId: number, at: Date): Promise<number> {
  const [user] = await tx
    .select({ scoreRate: users.scoreRate, scoreTime: users.scoreTime })
    .from(users)
    .where(eq(users.id, userId))
  const today = shopDate(at)
  if (!user || !today) return DEFAULT_SCORE_RATE
  return effectiveTier(user, today).scoreRate
}

/**
 * Ends an open payment (the gateway reports a decline, a cancel or an expiry; a newer attempt replaces
 * it): 1 → 4 with the reason, guarded, so a paid payment never moves back and a repeat changes nothing.
 * The order stays payable. Points a balance (or later fee) payment held from the shopper go back to them
 * in the same transaction; a deposit's points are the order's (held at checkout) and stay with it until
 * the order itself is cancelled. Answers whether it changed.
 */
export async function failPayment(
  tx: Db,
  paymentId: string,
  failure: string | null,
  at: Date,
): Promise<boolean> {
  if (!canPaymentTransition(PaymentStatus.waitPay, PaymentStatus.cancel))
    throw new Error('payment flow forbids 1 → 4')
  const [ended] = await tx
    .update(payments)
    .set({ status: PaymentStatus.cancel, failure: failure ?? 'cancelled', updatedAt: at })
    .where(and(eq(payments.id, paymentId), eq(payments.status, PaymentStatus.waitPay)))
    .returning({
      id: payments.id,
      userId: payments.userId,
      purpose: payments.purpose,
      target: payments.target,
      pointsUsed: payments.pointsUsed,
    })
  if (!ended) return false
  if (ended.purpose !== 'deposit' && ended.pointsUsed > 0) {
    await changePoints(tx, {
      userId: ended.userId,
      delta: ended.pointsUsed,
      reason: 'return',
      // only a balance payment's target is an order (shipping targets packages, extra fees their ids)
      orderId: ended.purpose === 'balance' ? (ended.target[0] ?? null) : null,
      paymentId: ended.id,
    })
  }
  return true
}

const sqlAdd = (column: AnyColumn, amount: number) => sql`${column} + ${amount}`

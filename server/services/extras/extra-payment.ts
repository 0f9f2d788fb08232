import { and, asc, eq, inArray } from 'drizzle-orm'
import { ExtraFeeStatus, ExtraFeeType } from '../../../src/domain/extra-fee.ts'
import type { ExtraPayRefusalData } from '../../../src/domain/extras.ts'
import { OrderStatus } from '../../../src/domain/order-status.ts'
import { PaymentStatus } from '../../../src/domain/payment-status.ts'
import { type PayAnswer, type PayRoute, payReturnPage } from '../../../src/domain/payments.ts'
import { applyPoints } from '../../../src/domain/pricing.ts'
import { ResultCode } from '../../../src/domain/result-code.ts'
import type { Db } from '../../db/client.ts'
import { extraFees, orders, payments } from '../../db/schema.ts'
import { ApiError, notFound } from '../../http/envelope.ts'
import {
  beginAtGateway,
  closeAtProviders,
  POINTS_GATEWAY,
  paymentUnavailable,
} from '../payments/create-payment.ts'
import type { GatewayDeps } from '../payments/gateway.ts'
import { gatewayFor } from '../payments/gateways.ts'
import { readPayLatch } from '../payments/pay-latch.ts'
import { newPaymentId } from '../payments/payment-ids.ts'
import { sbpsItemName } from '../payments/sbps-form.ts'
import { settle } from '../payments/settle.ts'
import { changePoints, currentPoints } from '../points.ts'
import { endOpenFeePayments } from './fee-payments.ts'

/* Paying one or several extra fees at once (spec §7 'extra_pay'; flows §2, §3) on the three routes. */

export interface ExtraPayRequest {
  userId: number
  /** The path's `{ids}`: each once, at most MAX_FEES_PER_PAYMENT (checked by the route). */
  feeIds: number[]
  route: PayRoute
  /** The route's `{type}` (already checked against PAY_METHODS). */
  method: number
  /** `{score}` / `?score=`: points the shopper asks to use (capped by the sum and by what they have). */
  points: number
}

export const NOT_PAYABLE_MESSAGE = 'These extra fees are no longer awaiting payment'
export const LATE_FEE_WITH_BALANCE_MESSAGE = "This late fee is paid with the order's balance"

const notPayable = (message: string, feeIds: number[]) => {
  const data: ExtraPayRefusalData = { reason: 'notPayable', feeIds }
  return new ApiError(ResultCode.conflict, message, data)
}

/**
 * The caller's unpaid extra fees `feeIds`, paid together (`extraPay` on any route), in the caller's
 * transaction (the idempotency key's). The fee rows are locked in id order. Refuses while payments are
 * closed (409), for a fee that is not the caller's or does not exist (404, one answer for both), for one
 * no longer unpaid (409 notPayable) and for a late fee whose order still awaits its balance (409
 * notPayable: the balance carries it). Ends any open attempt covering one of the fees (superseded; its
 * held points come back; 409 beingConfirmed while one is being confirmed), holds the points used now,
 * records the attempt (target: the fee ids) and starts it at the gateway, or settles it at once when
 * points cover it all.
 */
export async function payExtraFees(
  tx: Db,
  deps: GatewayDeps,
  request: ExtraPayRequest,
  at: Date,
): Promise<PayAnswer> {
  const latch = await readPayLatch(tx)
  if (!latch.open) throw paymentUnavailable(latch.message)

  const feeIds = [...request.feeIds].sort((a, b) => a - b)
  const fees = await tx
    .select({
      id: extraFees.id,
      type: extraFees.type,
      status: extraFees.status,
      amount: extraFees.amount,
      orderStatus: orders.status,
    })
    .from(extraFees)
    .leftJoin(orders, eq(orders.id, extraFees.orderId))
    .where(and(inArray(extraFees.id, feeIds), eq(extraFees.userId, request.userId)))
    .orderBy(asc(extraFees.id))
    .for('update', { of: extraFees })
  if (fees.length !== feeIds.length) throw notFound('Extra fee')
  const closed = fees.filter((fee) => fee.status !== ExtraFeeStatus.waitPay).map((fee) => fee.id)
  if (closed.length > 0) throw notPayable(NOT_PAYABLE_MESSAGE, closed)
  // A late fee whose order still awaits its balance is carried by the balance payment (late-fees.ts):
  // paid apart, the shopper would pay it twice.
  const withBalance = fees
    .filter((fee) => fee.type === ExtraFeeType.late && fee.orderStatus === OrderStatus.arrival)
    .map((fee) => fee.id)
  if (withBalance.length > 0) throw notPayable(LATE_FEE_WITH_BALANCE_MESSAGE, withBalance)

  // A new attempt replaces any open one; its held points come back before this one takes them.
  const superseded = await endOpenFeePayments(tx, feeIds, 'superseded', at)
  const sum = fees.reduce((total, fee) => total + fee.amount, 0)
  const { pointsUsed, payable } = applyPoints(sum, await currentPoints(tx, request.userId), request.points)
  const gateway = payable > 0 ? gatewayFor(request.route, deps) : null
  if (payable > 0 && !gateway) throw paymentUnavailable()
  // its page may still be open at the gateway: close it there (after the refusals above, which roll back)
  await closeAtProviders(superseded, deps)

  const paymentId = newPaymentId()
  await tx.insert(payments).values({
    id: paymentId,
    userId: request.userId,
    purpose: 'extra',
    target: feeIds,
    route: request.route,
    method: request.method,
    gateway: gateway?.name ?? POINTS_GATEWAY,
    amount: payable,
    currency: 'JPY',
    pointsUsed,
    status: PaymentStatus.waitPay,
    createdAt: at,
    updatedAt: at,
  })
  if (pointsUsed > 0) {
    await changePoints(tx, { userId: request.userId, delta: -pointsUsed, reason: 'hold', paymentId })
  }

  if (!gateway) {
    // Points cover it all: there is nothing for a provider to confirm, so it settles now.
    await settle(tx, { paymentId, providerRef: null, amount: 0, currency: 'JPY' }, at)
    return { paymentId, redirectUrl: payReturnPage('extra', 'success', paymentId) }
  }
  return beginAtGateway(tx, deps, gateway, {
    paymentId,
    purpose: 'extra',
    route: request.route,
    method: request.method,
    amount: payable,
    // Shown on the provider's page, worded exactly as SBPS's item name is.
    description: sbpsItemName('extra', feeIds),
  })
}

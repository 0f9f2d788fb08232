import { and, eq, sql } from 'drizzle-orm'
import { PackageStatus } from '../../../src/domain/package-status.ts'
import type { ShippingPayRefusalData } from '../../../src/domain/packaging.ts'
import { PaymentStatus } from '../../../src/domain/payment-status.ts'
import { type PayAnswer, type PayRoute, payReturnPage } from '../../../src/domain/payments.ts'
import { ResultCode } from '../../../src/domain/result-code.ts'
import type { ShippingRefusal } from '../../../src/domain/shipping.ts'
import type { Db } from '../../db/client.ts'
import { packageApplies, packages, payments } from '../../db/schema.ts'
import { ApiError, notFound } from '../../http/envelope.ts'
import { addressCountry, loadTariff, quoteTariff } from '../shipping/tariff.ts'
import { beginAtGateway, closeAtProviders, POINTS_GATEWAY, paymentUnavailable } from './create-payment.ts'
import type { GatewayDeps } from './gateway.ts'
import { gatewayFor } from './gateways.ts'
import { type EndedPayment, endOpenPayments } from './order-payments.ts'
import { readPayLatch } from './pay-latch.ts'
import { newPaymentId } from './payment-ids.ts'
import { settle } from './settle.ts'

/* The shipping fee of a packed package (flows §3, §5): `expressPay` on the three routes. */

export interface ShippingPayRequest {
  userId: number
  packageId: number
  route: PayRoute
  /** The route's `{type}` (already checked against PAY_METHODS). */
  method: number
  /** `?shippingMethodId=`: the method the shopper picked on the shipping page. */
  shippingMethodId: number
}

export const PACKAGE_LOCKED_MESSAGE = 'This package is locked until its storage fees are paid'
export const SHIPPING_PAID_MESSAGE = 'The shipping fee of this package is already paid'
export const NOT_AWAITING_SHIPPING_MESSAGE = 'This package is not awaiting its shipping fee'
/** The field message of a `shippingMethodId` that names no method on offer (unknown or switched off). */
export const UNKNOWN_SHIPPING_METHOD = 'is not a shipping method on offer'

/** spec §5: the shipping option is rejected with its reason; the limits themselves are not shown. */
export const SHIPPING_REFUSAL_MESSAGES: Record<ShippingRefusal, string> = {
  belowMinimum: 'This package is below the minimum weight of that shipping method',
  aboveMaximum: 'This package is above the maximum weight or size of that shipping method',
  wrongAddress: 'That shipping method cannot ship to this package’s address',
}

const unknownMethod = () =>
  new ApiError(ResultCode.invalidInput, `shippingMethodId: ${UNKNOWN_SHIPPING_METHOD}`, {
    fields: [{ field: 'shippingMethodId', message: UNKNOWN_SHIPPING_METHOD }],
  })

const refused = (reason: ShippingRefusal) => {
  const data: ShippingPayRefusalData = { reason }
  return new ApiError(ResultCode.conflict, SHIPPING_REFUSAL_MESSAGES[reason], data)
}

export const shippingPaymentBeingConfirmed = () =>
  new ApiError(
    ResultCode.conflict,
    'A payment of this package is being confirmed; please reload the package in a moment',
  )

/** Payments that pay for this package (a shipping payment's `target` is its package). */
const paysForPackage = (packageId: number) =>
  and(sql`${payments.target} @> ${JSON.stringify([packageId])}::jsonb`, eq(payments.purpose, 'shipping'))

/**
 * Ends the package's open shipping-fee attempts 1 → 4 with `failure`, in the caller's transaction,
 * which holds the package's row lock (NOWAIT and the 409 for one being confirmed: see
 * endOpenOrderPayments). Answers the ones that ended, for closeAtProviders.
 */
export function endOpenShippingPayments(
  tx: Db,
  packageId: number,
  failure: string,
  at: Date,
): Promise<EndedPayment[]> {
  return endOpenPayments(
    tx,
    paysForPackage(packageId),
    { failure, beingConfirmed: shippingPaymentBeingConfirmed },
    at,
  )
}

/**
 * The shipping fee of the caller's package (`expressPay` on any route), in the caller's transaction
 * (the idempotency key's). Refuses while payments are closed, for a package that is not the caller's
 * (404), locked (7: 409 until its storage fees are paid), already paid (4 and on: 409), for a method
 * that is unknown or switched off (400 naming `shippingMethodId`) and for one that cannot carry this
 * box to the application's address (409 with `ShippingPayRefusalData`). Otherwise quotes the fee from
 * the tariff as it stands, ends any earlier open attempt of the package, records the attempt with the
 * method and billed weight frozen on it (what settle() writes onto the package) and starts it at the
 * gateway (inside the transaction, as payOrderDeposit explains). No points are used on a shipping fee.
 */
export async function payShippingFee(
  tx: Db,
  deps: GatewayDeps,
  request: ShippingPayRequest,
  at: Date,
): Promise<PayAnswer> {
  const latch = await readPayLatch(tx)
  if (!latch.open) throw paymentUnavailable(latch.message)

  const [box] = await tx
    .select({
      id: packages.id,
      applyId: packages.applyId,
      status: packages.status,
      weightG: packages.weightG,
      lengthMm: packages.lengthMm,
      widthMm: packages.widthMm,
      heightMm: packages.heightMm,
    })
    .from(packages)
    .where(and(eq(packages.id, request.packageId), eq(packages.userId, request.userId)))
    .for('update')
  if (!box) throw notFound('Package')
  if (box.status === PackageStatus.packageLock) {
    throw new ApiError(ResultCode.conflict, PACKAGE_LOCKED_MESSAGE, { status: box.status })
  }
  if (box.status !== PackageStatus.package) {
    const paid = box.status > PackageStatus.package
    throw new ApiError(ResultCode.conflict, paid ? SHIPPING_PAID_MESSAGE : NOT_AWAITING_SHIPPING_MESSAGE, {
      status: box.status,
    })
  }

  const tariff = (await loadTariff(tx)).find((entry) => entry.method.id === request.shippingMethodId)
  if (!tariff?.method.active) throw unknownMethod()
  const [apply] = await tx
    .select({ address: packageApplies.address })
    .from(packageApplies)
    .where(eq(packageApplies.id, box.applyId))
  const quote = quoteTariff(tariff, box, addressCountry(apply?.address))
  if (!quote.available) throw refused(quote.reason)

  const gateway = quote.fee > 0 ? gatewayFor(request.route, deps) : null
  if (quote.fee > 0 && !gateway) throw paymentUnavailable()
  // A new attempt replaces any open one (its page may still be open at the gateway: close it there).
  const superseded = await endOpenShippingPayments(tx, box.id, 'superseded', at)
  await closeAtProviders(superseded, deps)

  const paymentId = newPaymentId()
  await tx.insert(payments).values({
    id: paymentId,
    userId: request.userId,
    purpose: 'shipping',
    target: [box.id],
    route: request.route,
    method: request.method,
    gateway: gateway?.name ?? POINTS_GATEWAY,
    amount: quote.fee,
    currency: 'JPY',
    pointsUsed: 0,
    shippingMethodId: tariff.method.id,
    billedWeightG: quote.billedWeightG,
    status: PaymentStatus.waitPay,
    createdAt: at,
    updatedAt: at,
  })

  if (!gateway) {
    // A free method (an operator's ¥0 band): nothing for a provider to confirm, so it settles now.
    await settle(tx, { paymentId, providerRef: null, amount: 0, currency: 'JPY' }, at)
    return { paymentId, redirectUrl: payReturnPage('shipping', 'success', paymentId) }
  }
  return beginAtGateway(tx, deps, gateway, {
    paymentId,
    purpose: 'shipping',
    route: request.route,
    method: request.method,
    amount: quote.fee,
    // Shown on the provider's page, worded as SBPS's item name is (sbpsItemName).
    description: `Yoyaku 送料 ${box.id}`,
  })
}

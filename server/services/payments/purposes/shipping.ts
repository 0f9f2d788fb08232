import { and, eq, sql } from 'drizzle-orm'
import { OrderStatus } from '../../../../src/domain/order-status.ts'
import { canPackageTransition, PackageStatus } from '../../../../src/domain/package-status.ts'
import type { ShippingPayRefusalData } from '../../../../src/domain/packaging.ts'
import { ResultCode } from '../../../../src/domain/result-code.ts'
import type { ShippingRefusal } from '../../../../src/domain/shipping.ts'
import { packageApplies, packages, payments } from '../../../db/schema.ts'
import { ApiError, notFound } from '../../../http/envelope.ts'
import { log } from '../../../observability/log.ts'
import { advanceOrdersOfPackage } from '../../packaging/package-orders.ts'
import { addressCountry, loadTariff, quoteTariff } from '../../shipping/tariff.ts'
import { endOpenPayments } from '../order-payments.ts'
import { onlyTargetOf, type PayPurpose } from './purpose.ts'

/* The shipping fee of a packed package (`expressPay`; flows §3, §5). */

export interface ShippingDetails {
  packageId: number
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

const shippingPaymentBeingConfirmed = () =>
  new ApiError(
    ResultCode.conflict,
    'A payment of this package is being confirmed; please reload the package in a moment',
  )

/** Payments that pay for this package (a shipping payment's `target` is its package). */
const paysForPackage = (packageId: number) =>
  and(sql`${payments.target} @> ${JSON.stringify([packageId])}::jsonb`, eq(payments.purpose, 'shipping'))

export const shippingPurpose: PayPurpose<ShippingDetails> = {
  name: 'shipping',

  /**
   * The caller's package in 3 package (else 404; 409 locked in 7 until its storage fees are paid, or
   * already paid from 4 on), for a method on offer (else 400 naming `shippingMethodId`) that can carry
   * this box to its packaging request's address (else 409 with `ShippingPayRefusalData`). The fee is
   * quoted from the tariff as it stands; the method and billed weight are frozen on the payment (what
   * the settle effect writes onto the package). No points are used on a shipping fee.
   */
  async charge(tx, request, at) {
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

    return {
      target: [box.id],
      amountDue: quote.fee,
      points: { from: 'none' },
      frozen: { shippingMethodId: tariff.method.id, billedWeightG: quote.billedWeightG },
      // under the package's row lock; NOWAIT for the reason endOpenOrderPayments gives
      endOpenAttempts: () =>
        endOpenPayments(
          tx,
          paysForPackage(box.id),
          { failure: 'superseded', beingConfirmed: shippingPaymentBeingConfirmed },
          at,
        ),
    }
  },

  /**
   * 3 package → 4 waitSend with the method, billed weight and fee the attempt froze (the quote the
   * shopper saw), and each order with goods in it 9 → 10 once every box holding its goods is paid. No
   * points: they are earned on what the goods cost (deposit and balance), and the points ledger keeps
   * them per order, where a box may hold several.
   */
  async settled(tx, payment, at) {
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
  },
}

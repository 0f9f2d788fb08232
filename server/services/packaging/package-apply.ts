import { and, asc, count, desc, eq, inArray } from 'drizzle-orm'
import { shopDate } from '../../../src/domain/dates.ts'
import { forfeitureDate, packagingDeadline } from '../../../src/domain/deadlines.ts'
import { ExtraFeeStatus } from '../../../src/domain/extra-fee.ts'
import { canOrderTransition, OrderStatus } from '../../../src/domain/order-status.ts'
import type { OrderDto } from '../../../src/domain/orders.ts'
import { PACKAGE_FLOW } from '../../../src/domain/package-status.ts'
import type {
  PackageApplyBody,
  PackageApplyDto,
  PackageApplyRefusal,
  PackageApplyRefusalData,
  ShippingMethodEstimateDto,
} from '../../../src/domain/packaging.ts'
import type { Page, PageQuery } from '../../../src/domain/queries.ts'
import { ResultCode } from '../../../src/domain/result-code.ts'
import type { Db } from '../../db/client.ts'
import { extraFees, orders, packageApplies, packageApplyOrders, shippingMethods } from '../../db/schema.ts'
import { ApiError, notFound } from '../../http/envelope.ts'
import { ownAddress } from '../addresses.ts'
import { toOrderDtos } from '../orders/order-dto.ts'
import { invalidField } from '../orders/split-order.ts'
import { addressCountry, loadTariff } from '../shipping/tariff.ts'
import { applyDtos } from './apply-dto.ts'
import { awaitingApplyCondition } from './package-counts.ts'

/* The shopper's packaging requests (flows §5, spec §3 'Packaging application', §5 rules). */

/** The spec's message (§5, §8) when no delivery address of the shopper's is chosen for packaging. */
export const ADD_ADDRESS_MESSAGE = 'please add a delivery address'
/** The spec's rule (§5, §6): unpaid extra fees restrict packaging requests. */
export const UNPAID_FEES_MESSAGE =
  'Applying for packaging is restricted while extra fees are unpaid; please pay them first'
/** A preferred method that is not one of the shop's active methods (400 on `shippingMethodId`). */
export const UNKNOWN_METHOD_MESSAGE = 'must be one of the shop’s active shipping methods'

/** A refused request: the reason and the orders it is about travel in `data` (PackageApplyRefusalData). */
function refused(
  code: ResultCode,
  message: string,
  reason: PackageApplyRefusal,
  orderIds: number[] = [],
): ApiError {
  const data: PackageApplyRefusalData = { reason, orderIds }
  return new ApiError(code, message, data)
}

const idList = (ids: readonly number[]) => ids.join(', ')

/**
 * GET /mall/package_apply/goods: the shopper's operable orders in 6 finalPay that no request holds yet,
 * oldest arrival first, as the order lists show them (packaging deadline and its state included).
 */
export async function packagingGoods(db: Db, request: { userId: number; at: Date }): Promise<OrderDto[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(awaitingApplyCondition(request.userId))
    .orderBy(asc(orders.arrivedAt), asc(orders.id))
  return toOrderDtos(db, rows, request.at)
}

export interface ApplyRequest {
  userId: number
  body: PackageApplyBody
  /** The shop's clock: the request's time, and the shop day forfeiture is judged on. */
  at: Date
}

/**
 * POST /mall/package_apply/apply: packs several of the shopper's paid orders together, in one
 * transaction. Refused (nothing written), in this order:
 * - the address is not one of the shopper's: 409 "please add a delivery address" (`noAddress`);
 * - the preferred method is not an active one: 400 on `shippingMethodId`;
 * - the shopper has unpaid extra fees: 409 (`unpaidFees`);
 * - an order is not the shopper's: 404 (`orderNotReady`, the ids that were not found) — the same answer
 *   as for an id that does not exist, so another shopper's order is never revealed;
 * - an order is not in 6 finalPay (not yet paid, already requested, a split parent…): 409
 *   (`orderNotReady` with those ids);
 * - an order is past its packaging deadline's grace window: 409 (`forfeited` with those ids).
 * The orders are locked (FOR UPDATE, in id order) before they are judged; the address is copied onto
 * the request (a later edit of the book never changes it); each order goes 6 → 7 through the order
 * flow in an UPDATE guarded on 6, and should one of them miss, the whole request rolls back.
 */
export async function applyForPackaging(db: Db, request: ApplyRequest): Promise<PackageApplyDto> {
  const today = shopDate(request.at)
  if (!today) throw new Error('the shop clock gave no date')
  const { body, userId, at } = request
  if (!canOrderTransition(OrderStatus.finalPay, OrderStatus.waitOut)) {
    throw new Error('the order flow forbids 6 → 7')
  }

  const applyId = await db.transaction(async (tx) => {
    const address = await ownAddress(tx, userId, body.addressId)
    if (!address) throw refused(ResultCode.conflict, ADD_ADDRESS_MESSAGE, 'noAddress')

    const methodId = body.shippingMethodId ?? null
    if (methodId !== null) {
      const [method] = await tx
        .select({ id: shippingMethods.id })
        .from(shippingMethods)
        .where(and(eq(shippingMethods.id, methodId), eq(shippingMethods.active, true)))
      if (!method) throw invalidField('shippingMethodId', UNKNOWN_METHOD_MESSAGE)
    }

    const [unpaid] = await tx
      .select({ id: extraFees.id })
      .from(extraFees)
      .where(and(eq(extraFees.userId, userId), eq(extraFees.status, ExtraFeeStatus.waitPay)))
      .limit(1)
    if (unpaid) throw refused(ResultCode.conflict, UNPAID_FEES_MESSAGE, 'unpaidFees')

    const orderIds = [...body.orderIds].sort((a, b) => a - b)
    const rows = await tx
      .select({ id: orders.id, status: orders.status, arrivedAt: orders.arrivedAt })
      .from(orders)
      .where(and(inArray(orders.id, orderIds), eq(orders.userId, userId)))
      .orderBy(asc(orders.id))
      .for('update')
    const found = new Set(rows.map((row) => row.id))
    const missing = orderIds.filter((id) => !found.has(id))
    if (missing.length > 0) {
      throw refused(ResultCode.notFound, `Order not found: ${idList(missing)}`, 'orderNotReady', missing)
    }
    const held = await tx
      .select({ orderId: packageApplyOrders.orderId })
      .from(packageApplyOrders)
      .where(inArray(packageApplyOrders.orderId, orderIds))
    const requested = new Set(held.map((row) => row.orderId))
    const notReady = rows
      .filter((row) => row.status !== OrderStatus.finalPay || requested.has(row.id))
      .map((row) => row.id)
    if (notReady.length > 0) {
      throw refused(
        ResultCode.conflict,
        `Orders ${idList(notReady)} are not paid goods waiting for a packaging request`,
        'orderNotReady',
        notReady,
      )
    }
    const forfeited = rows
      .filter((row) => row.arrivedAt !== null && forfeitureDate(packagingDeadline(row.arrivedAt)) < today)
      .map((row) => row.id)
    if (forfeited.length > 0) {
      throw refused(
        ResultCode.conflict,
        `Orders ${idList(forfeited)} are past their packaging deadline and forfeited`,
        'forfeited',
        forfeited,
      )
    }

    const [apply] = await tx
      .insert(packageApplies)
      .values({
        userId,
        status: PACKAGE_FLOW.initial,
        // the request keeps a copy, as an order keeps the one chosen at its first payment
        address: { ...address },
        shippingMethodId: methodId,
        remark: body.remark ?? null,
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: packageApplies.id })
    if (!apply) throw new Error('the packaging request was not written')
    await tx.insert(packageApplyOrders).values(orderIds.map((orderId) => ({ applyId: apply.id, orderId })))
    const moved = await tx
      .update(orders)
      .set({ status: OrderStatus.waitOut, updatedAt: at })
      .where(
        and(inArray(orders.id, orderIds), eq(orders.userId, userId), eq(orders.status, OrderStatus.finalPay)),
      )
      .returning({ id: orders.id })
    if (moved.length !== orderIds.length) {
      const movedIds = new Set(moved.map((row) => row.id))
      const behind = orderIds.filter((id) => !movedIds.has(id))
      throw refused(
        ResultCode.conflict,
        `Orders ${idList(behind)} changed while the request was made`,
        'orderNotReady',
        behind,
      )
    }
    return apply.id
  })
  return loadApply(db, { applyId, userId })
}

/** One of the shopper's requests (404 for someone else's). */
export async function loadApply(
  db: Db,
  request: { applyId: number; userId: number },
): Promise<PackageApplyDto> {
  const rows = await db
    .select()
    .from(packageApplies)
    .where(and(eq(packageApplies.id, request.applyId), eq(packageApplies.userId, request.userId)))
  const [dto] = await applyDtos(db, rows)
  if (!dto) throw notFound('Packaging request')
  return dto
}

/** GET /mall/package_apply/list: a page of the shopper's requests, newest first. */
export async function listApplies(
  db: Db,
  request: { userId: number; page: PageQuery },
): Promise<Page<PackageApplyDto>> {
  const { pageNum, pageSize } = request.page
  const mine = eq(packageApplies.userId, request.userId)
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(packageApplies)
      .where(mine)
      .orderBy(desc(packageApplies.createdAt), desc(packageApplies.id))
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize),
    db.select({ total: count() }).from(packageApplies).where(mine),
  ])
  return { list: await applyDtos(db, rows), total: total?.total ?? 0, pageNum, pageSize }
}

/**
 * GET /mall/package_apply/methods?addressId=: the active methods in the operators' order, each with the
 * cheapest band of its zone for the address's country ("from ¥…"; the fee itself is quoted per box
 * after packing). A method that does not serve that country, or is suspended there, is listed as
 * unavailable with `wrongAddress` and no fee. The address must be the shopper's (404).
 */
export async function methodEstimates(
  db: Db,
  request: { userId: number; addressId: number },
): Promise<ShippingMethodEstimateDto[]> {
  const address = await ownAddress(db, request.userId, request.addressId)
  if (!address) throw notFound('Address')
  const country = addressCountry({ ...address })
  const tariff = await loadTariff(db)
  return tariff
    .filter(({ method }) => method.active)
    .map(({ method, destinations, bands }) => {
      const destination = country === undefined ? undefined : destinations.get(country)
      const zoneBands = destination === undefined ? [] : (bands.get(destination.zone) ?? [])
      const serves = destination?.available === true && zoneBands.length > 0
      return {
        methodId: method.id,
        name: method.name,
        carrier: method.carrier,
        tracked: method.tracked,
        fromFee: serves ? Math.min(...zoneBands.map((band) => band.fee)) : null,
        maxWeightG: method.maxWeightG,
        available: serves,
        reason: serves ? null : 'wrongAddress',
      }
    })
}

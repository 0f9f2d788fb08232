import { and, asc, count, desc, eq, inArray } from 'drizzle-orm'
import { shopDate } from '../../../src/domain/dates.ts'
import { forfeitureDate, packagingDeadline } from '../../../src/domain/deadlines.ts'
import { ExtraFeeStatus } from '../../../src/domain/extra-fee.ts'
import { canOrderTransition, OrderStatus } from '../../../src/domain/order-status.ts'
import type { OrderDto } from '../../../src/domain/orders.ts'
import { PACKAGE_FLOW } from '../../../src/domain/package-status.ts'
import {
  type EstimatedMethodDto,
  type PackageApplyBody,
  type PackageApplyDto,
  type PackageApplyRefusal,
  type PackageApplyRefusalData,
  packingAllowanceG,
  type ShippingEstimateDto,
} from '../../../src/domain/packaging.ts'
import type { Page, PageQuery } from '../../../src/domain/queries.ts'
import { ResultCode } from '../../../src/domain/result-code.ts'
import type { Box } from '../../../src/domain/shipping.ts'
import type { Db } from '../../db/client.ts'
import {
  extraFees,
  orderLines,
  orders,
  packageApplies,
  packageApplyOrders,
  products,
  shippingMethods,
} from '../../db/schema.ts'
import { ApiError, notFound } from '../../http/envelope.ts'
import { ownAddress } from '../addresses.ts'
import { toOrderDtos } from '../orders/order-dto.ts'
import { invalidField } from '../orders/split-order.ts'
import { addressCountry, loadTariff, type MethodTariff, quoteTariff } from '../shipping/tariff.ts'
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
 * the request (a later edit of the book never changes it), with the preferred method's estimate
 * (methodEstimates; null without one); each order goes 6 → 7 through the order
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
    await judgePackable(tx, { userId, orderIds, today, lock: true })
    // the preferred method's estimate is kept, to be set beside the packed boxes' fees
    const estimate =
      methodId === null ? null : await preferredEstimate(tx, orderIds, methodId, { ...address })

    const [apply] = await tx
      .insert(packageApplies)
      .values({
        userId,
        status: PACKAGE_FLOW.initial,
        // the request keeps a copy, as an order keeps the one chosen at its first payment
        address: { ...address },
        shippingMethodId: methodId,
        remark: body.remark ?? null,
        estimatedFee: estimate?.fee ?? null,
        estimatedBilledWeightG: estimate?.billedWeightG ?? null,
        estimatedAllowanceG: estimate?.allowanceG ?? null,
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

/**
 * Whether the shopper may request packaging of `orderIds` (sorted) on the shop day `today`, as
 * applyForPackaging judges them; refused with its error otherwise: an order that is not the
 * shopper's, 404 (`orderNotReady`, the ids not found, so another shopper's order is never revealed);
 * one not in 6 finalPay or already requested, 409 (`orderNotReady`); one past its packaging deadline's
 * grace window, 409 (`forfeited`). `lock` takes the orders FOR UPDATE (in id order) before judging.
 */
async function judgePackable(
  db: Db,
  request: { userId: number; orderIds: readonly number[]; today: string; lock: boolean },
): Promise<void> {
  const { userId, orderIds, today } = request
  const query = db
    .select({ id: orders.id, status: orders.status, arrivedAt: orders.arrivedAt })
    .from(orders)
    .where(and(inArray(orders.id, [...orderIds]), eq(orders.userId, userId)))
    .orderBy(asc(orders.id))
  const rows = request.lock ? await query.for('update') : await query
  const found = new Set(rows.map((row) => row.id))
  const missing = orderIds.filter((id) => !found.has(id))
  if (missing.length > 0) {
    throw refused(ResultCode.notFound, `Order not found: ${idList(missing)}`, 'orderNotReady', missing)
  }
  const held = await db
    .select({ orderId: packageApplyOrders.orderId })
    .from(packageApplyOrders)
    .where(inArray(packageApplyOrders.orderId, [...orderIds]))
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

/** The box an estimate quotes, and the packing allowance in its weight. */
interface EstimatedBox {
  box: Box
  allowanceG: number
}

/**
 * The box the orders' goods are estimated to make: their catalog weight (unit weight × quantity over
 * their lines) plus the packing allowance. Its size is unknown before packing, so it has none and no
 * volumetric weight is estimated. Null when a product's weight is not known: an estimate never guesses.
 */
async function estimatedBox(db: Db, orderIds: readonly number[]): Promise<EstimatedBox | null> {
  const lines = await db
    .select({ quantity: orderLines.quantity, weightG: products.weightG })
    .from(orderLines)
    .innerJoin(products, eq(products.id, orderLines.productId))
    .where(inArray(orderLines.orderId, [...orderIds]))
  let goodsG = 0
  for (const line of lines) {
    if (line.weightG === null) return null
    goodsG += line.weightG * line.quantity
  }
  const allowanceG = packingAllowanceG(goodsG)
  return { box: { weightG: goodsG + allowanceG, lengthMm: 0, widthMm: 0, heightMm: 0 }, allowanceG }
}

/**
 * One method's estimate for the box, quoted as a packed box is (quoteTariff: the method's step and
 * band); null without a box, or when the method does not serve `country` or cannot carry that weight.
 */
function estimateOf(
  methodTariff: MethodTariff,
  estimated: EstimatedBox | null,
  country: string | undefined,
): ShippingEstimateDto | null {
  if (estimated === null) return null
  const quote = quoteTariff(methodTariff, estimated.box, country)
  return quote.available
    ? { billedWeightG: quote.billedWeightG, fee: quote.fee, allowanceG: estimated.allowanceG }
    : null
}

/** The estimate of one method for the orders, sent to the address (as methodEstimates gives it). */
async function preferredEstimate(
  db: Db,
  orderIds: readonly number[],
  methodId: number,
  address: Record<string, unknown>,
): Promise<ShippingEstimateDto | null> {
  const estimated = await estimatedBox(db, orderIds)
  if (estimated === null) return null
  const methodTariff = (await loadTariff(db)).find(({ method }) => method.id === methodId)
  return methodTariff ? estimateOf(methodTariff, estimated, addressCountry(address)) : null
}

/**
 * GET /mall/package_apply/methods?addressId=&orderIds=: the active methods in the operators' order,
 * each with the cheapest band of its zone for the address's country ("from ¥…"; the fee itself is
 * quoted per box after packing). A method that does not serve that country, or is suspended there, is
 * listed as unavailable with `wrongAddress` and no fee. The address must be the shopper's (404).
 *
 * With orders chosen (judged as a packaging request judges them: another shopper's is a 404), each
 * method that serves the address carries an estimate: the goods' catalog weight plus the packing
 * allowance, quoted as a box of that weight is (quoteTariff: the method's step and band). The box's
 * size is unknown before packing, so volumetric weight is not estimated (a zero-size box). The
 * estimate is null when the method cannot carry that weight in one box (it stays available: the
 * warehouse may pack several), or when a product has no weight in the catalog.
 */
export async function methodEstimates(
  db: Db,
  request: { userId: number; addressId: number; orderIds?: readonly number[] | undefined; at: Date },
): Promise<EstimatedMethodDto[]> {
  const address = await ownAddress(db, request.userId, request.addressId)
  if (!address) throw notFound('Address')
  const country = addressCountry({ ...address })
  const orderIds = [...(request.orderIds ?? [])].sort((a, b) => a - b)
  let estimated: EstimatedBox | null = null
  if (orderIds.length > 0) {
    const today = shopDate(request.at)
    if (!today) throw new Error('the shop clock gave no date')
    await judgePackable(db, { userId: request.userId, orderIds, today, lock: false })
    estimated = await estimatedBox(db, orderIds)
  }
  const tariff = await loadTariff(db)
  return tariff
    .filter(({ method }) => method.active)
    .map((methodTariff) => {
      const { method, destinations, bands } = methodTariff
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
        estimate: serves ? estimateOf(methodTariff, estimated, country) : null,
      }
    })
}

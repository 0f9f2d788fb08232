import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm'
import {
  canOrderTransition,
  isOrderStatus,
  ORDER_STATUS_INFO,
  OrderStatus,
} from '../../../src/domain/order-status.ts'
import type { OpsOrderDetailDto, OpsOrderDto, OpsOrderListQuery } from '../../../src/domain/orders.ts'
import type { PayLatchDto } from '../../../src/domain/payments.ts'
import type { Page } from '../../../src/domain/queries.ts'
import { ResultCode } from '../../../src/domain/result-code.ts'
import type { AppDeps } from '../../app-env.ts'
import type { Db } from '../../db/client.ts'
import { orderLines, orders, products, users } from '../../db/schema.ts'
import { ApiError, notFound } from '../../http/envelope.ts'
import { toOrderDtos } from '../orders/order-dto.ts'
import { filterConditions, orderRowPage } from '../orders/order-lists.ts'
import { loadOrderDetail } from '../orders/order-views.ts'
import { readPayLatch, writePayLatch } from '../payments/pay-latch.ts'
import { type OrderRefund, refundOrder } from '../payments/refund.ts'
import { auditOf, writeAudit } from './audit.ts'

/* The operator's order calls (flows §7 'orders'); arrival, split and the later steps add theirs here. */

interface Shopper {
  userId: number
  userEmail: string
  userNickname: string
}

/** The shoppers of some orders in one query, by user id. */
async function shoppersOf(db: Db, userIds: readonly number[]): Promise<Map<number, Shopper>> {
  if (userIds.length === 0) return new Map()
  const rows = await db
    .select({ userId: users.id, userEmail: users.email, userNickname: users.nickname })
    .from(users)
    .where(inArray(users.id, [...new Set(userIds)]))
  return new Map(rows.map((row) => [row.userId, row]))
}

function shopperOf(shoppers: Map<number, Shopper>, userId: number | undefined): Shopper {
  const shopper = userId === undefined ? undefined : shoppers.get(userId)
  if (!shopper) throw new Error(`order of a missing user ${userId}`)
  return shopper
}

/**
 * The arrivals screen's search: the order number, or a line's JAN code (frozen on the line, or the
 * product's current one) or the product's item number (any case: products_item_no_lower_idx).
 */
function keywordCondition(keyword: string): SQL {
  const lineMatches = sql`exists (
    select 1 from ${orderLines}
    join ${products} on ${products.id} = ${orderLines.productId}
    where ${orderLines.orderId} = ${orders.id}
      and (${orderLines.barcode} = ${keyword} or ${products.janCode} = ${keyword}
        or lower(${products.itemNo}) = lower(${keyword})))`
  const orderNumber = /^\d{1,9}$/.test(keyword) ? Number(keyword) : undefined
  return orderNumber === undefined ? lineMatches : (or(eq(orders.id, orderNumber), lineMatches) as SQL)
}

/**
 * GET /api/ops/orders: any shopper's orders, newest first. The status is table B's, matched on its own
 * (15 is not folded into 1 as in the shopper's filter: operators tell the two cancellations apart).
 */
export async function listOpsOrders(db: Db, query: OpsOrderListQuery, at: Date): Promise<Page<OpsOrderDto>> {
  const where = and(
    query.userId === undefined ? undefined : eq(orders.userId, query.userId),
    query.keyword === undefined ? undefined : keywordCondition(query.keyword),
    ...filterConditions({
      statuses: query.status === undefined ? undefined : [query.status],
      orderId: query.orderId,
      startDate: query.startDate,
      endDate: query.endDate,
    }),
  )
  const { rows, total } = await orderRowPage(db, where, query)
  const ownerOf = new Map(rows.map((row) => [row.id, row.userId]))
  const [list, shoppers] = await Promise.all([
    toOrderDtos(db, rows, at),
    shoppersOf(db, [...ownerOf.values()]),
  ])
  return {
    list: list.map((order) => ({ ...order, ...shopperOf(shoppers, ownerOf.get(order.id)) })),
    total,
    pageNum: query.pageNum,
    pageSize: query.pageSize,
  }
}

/** GET /api/ops/orders/{id}: the order, its shopper and its audit log. */
export async function loadOpsOrderDetail(db: Db, orderId: number, at: Date): Promise<OpsOrderDetailDto> {
  const [owner] = await db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId))
  if (!owner) throw notFound('Order')
  const [detail, shoppers, audit] = await Promise.all([
    loadOrderDetail(db, { orderId, at }),
    shoppersOf(db, [owner.userId]),
    auditOf(db, 'order', orderId),
  ])
  if (!detail) throw notFound('Order')
  return { ...detail, ...shopperOf(shoppers, owner.userId), audit }
}

const statusName = (status: number) =>
  isOrderStatus(status) ? ORDER_STATUS_INFO[status].label.en : String(status)

/** The 409 refusing a status change the flow does not allow, naming the current status (`data.status`). */
export function orderStatusConflict(orderId: number, from: number, to: OrderStatus): ApiError {
  return new ApiError(
    ResultCode.conflict,
    `Order ${orderId} is ${statusName(from)}; it cannot become ${statusName(to)}`,
    { status: from },
  )
}

/**
 * Moves an order along ORDER_FLOW in the caller's transaction: the row is locked, the flow must allow
 * the change, and the UPDATE is guarded on the old status. Refused: 409 naming the current status
 * (`data.status`). Writes the audit row beside the change. Returns the status before.
 */
export async function changeOrderStatus(
  tx: Db,
  change: { orderId: number; to: OrderStatus; action: string; actorId: number; at: Date },
): Promise<OrderStatus> {
  const [row] = await tx
    .select({ status: orders.status })
    .from(orders)
    .where(eq(orders.id, change.orderId))
    .for('update')
  if (!row) throw notFound('Order')
  const from = row.status
  const refused = () => orderStatusConflict(change.orderId, from, change.to)
  if (!isOrderStatus(from) || !canOrderTransition(from, change.to)) throw refused()
  const updated = await tx
    .update(orders)
    .set({ status: change.to, updatedAt: change.at })
    .where(and(eq(orders.id, change.orderId), eq(orders.status, from)))
    .returning({ id: orders.id })
  if (updated.length === 0) throw refused()
  await writeAudit(tx, {
    actorId: change.actorId,
    action: change.action,
    entity: 'order',
    entityId: change.orderId,
    before: { status: from },
    after: { status: change.to },
    at: change.at,
  })
  return from
}

/** POST /api/ops/orders/{id}/ordered: the goods are ordered from the supplier, 3 waitOrder → 4 order. */
export async function markOrdered(
  db: Db,
  request: { orderId: number; actorId: number; at: Date },
): Promise<OpsOrderDetailDto> {
  await db.transaction((tx) =>
    changeOrderStatus(tx, { ...request, to: OrderStatus.order, action: 'order.ordered' }),
  )
  return loadOpsOrderDetail(db, request.orderId, request.at)
}

/**
 * POST /api/ops/orders/{id}/refund: every paid payment given back through the gateway that took it and
 * the order → 12 (services/payments/refund.ts). The refund runs nested in this transaction (a
 * savepoint), so its audit row commits with it or not at all.
 */
export async function refundOpsOrder(
  db: Db,
  deps: Pick<AppDeps, 'db' | 'now' | 'payments' | 'publicUrl'>,
  request: { orderId: number; reason: string | null; actorId: number; at: Date },
): Promise<OrderRefund> {
  return db.transaction(async (tx) => {
    const refund = await refundOrder(tx, deps, request)
    await writeAudit(tx, {
      actorId: request.actorId,
      action: 'order.refund',
      entity: 'order',
      entityId: request.orderId,
      before: refund.before,
      after: { ...refund.after, reason: request.reason, payments: refund.payments },
      at: request.at,
    })
    return refund
  })
}

/** PUT /api/ops/settings/pay-latch: opens or closes payments, with the audit row in the same transaction. */
export async function setPayLatch(
  db: Db,
  request: { open: boolean; message?: string | null; actorId: number; at: Date },
): Promise<PayLatchDto> {
  return db.transaction(async (tx) => {
    const before = await readPayLatch(tx)
    // The message explains a closure; reopening clears it so no stale notice outlives the maintenance.
    const message = request.open ? null : request.message?.trim() || null
    const after = await writePayLatch(tx, { open: request.open, message }, request.at)
    await writeAudit(tx, {
      actorId: request.actorId,
      action: 'settings.payLatch',
      entity: 'settings',
      entityId: 'pay-latch',
      before,
      after,
      at: request.at,
    })
    return after
  })
}

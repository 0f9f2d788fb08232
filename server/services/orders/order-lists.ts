import { and, count, desc, eq, gte, inArray, isNull, lt, ne, type SQL } from 'drizzle-orm'
import { addDays } from '../../../src/domain/deadlines.ts'
import {
  type OrderStatus,
  orderStatusesMatching,
  OrderStatus as Status,
} from '../../../src/domain/order-status.ts'
import type { OrderDto } from '../../../src/domain/orders.ts'
import type { Page, PageQuery } from '../../../src/domain/queries.ts'
import type { Db } from '../../db/client.ts'
import { orders } from '../../db/schema.ts'
import { notFound } from '../../http/envelope.ts'
import { type OrderRow, toOrderDtos } from './order-dto.ts'

/**
 * The order list's switch (spec §2, flows §1): the **original** orders as placed (split parents and
 * orders never split) or the **operable** ones a shopper acts on (children and orders never split,
 * never a 0 split parent).
 */
export type OrderView = 'original' | 'operable'

/** What the lists and the export filter by; every field left out is no filter. */
export interface OrderFilter {
  statuses?: readonly OrderStatus[]
  orderId?: number
  /** Shop dates (YYYY-MM-DD), both inclusive. */
  startDate?: string
  endDate?: string
}

/** The shopper's filter: table A has one "cancelled", which also finds forfeited orders (15). */
export function shopperStatuses(status: OrderStatus | undefined): readonly OrderStatus[] | undefined {
  return status === undefined ? undefined : orderStatusesMatching(status)
}

/**
 * The instant a shop day starts. Tokyo keeps +09:00 all year (no daylight saving), so the offset is
 * fixed; comparing instants keeps the (user, created) index usable where a cast per row would not.
 */
function shopDayStart(date: string): Date {
  return new Date(`${date}T00:00:00+09:00`)
}

export function viewCondition(view: OrderView): SQL {
  return view === 'original' ? isNull(orders.parentId) : ne(orders.status, Status.split)
}

export function filterConditions(filter: OrderFilter): SQL[] {
  const conditions: SQL[] = []
  if (filter.statuses) conditions.push(inArray(orders.status, [...filter.statuses]))
  if (filter.orderId !== undefined) conditions.push(eq(orders.id, filter.orderId))
  if (filter.startDate) conditions.push(gte(orders.createdAt, shopDayStart(filter.startDate)))
  if (filter.endDate) conditions.push(lt(orders.createdAt, shopDayStart(addDays(filter.endDate, 1))))
  return conditions
}

/** Order rows, newest first (id breaks ties of the same instant). */
export function selectOrderRows(
  db: Db,
  where: SQL | undefined,
  range: { limit: number; offset?: number },
): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(range.limit)
    .offset(range.offset ?? 0)
}

export async function countOrders(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ total: count() }).from(orders).where(where)
  return row?.total ?? 0
}

/** One page of rows matching `where`, with the total count of matches. */
export async function orderRowPage(
  db: Db,
  where: SQL | undefined,
  page: PageQuery,
): Promise<{ rows: OrderRow[]; total: number }> {
  const [rows, total] = await Promise.all([
    selectOrderRows(db, where, { limit: page.pageSize, offset: (page.pageNum - 1) * page.pageSize }),
    countOrders(db, where),
  ])
  return { rows, total }
}

/** GET /mall/order/list and /mall/order/operatorList: a page of the caller's orders. */
export async function listShopperOrders(
  db: Db,
  request: { userId: number; view: OrderView; filter: OrderFilter; page: PageQuery; at: Date },
): Promise<Page<OrderDto>> {
  const where = and(
    eq(orders.userId, request.userId),
    viewCondition(request.view),
    ...filterConditions(request.filter),
  )
  const { rows, total } = await orderRowPage(db, where, request.page)
  return {
    list: await toOrderDtos(db, rows, request.at),
    total,
    pageNum: request.page.pageNum,
    pageSize: request.page.pageSize,
  }
}

/** GET /mall/order/childList/{parentId}: the children of one of the caller's orders, oldest first. */
export async function listChildOrders(
  db: Db,
  request: { userId: number; parentId: number; at: Date },
): Promise<OrderDto[]> {
  const [parent] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, request.parentId), eq(orders.userId, request.userId)))
  if (!parent) throw notFound('Order')
  return childOrders(db, request.parentId, request.at)
}

/** The children of a split order, in the order they were made. */
export async function childOrders(db: Db, parentId: number, at: Date | undefined): Promise<OrderDto[]> {
  const rows = await db.select().from(orders).where(eq(orders.parentId, parentId)).orderBy(orders.id)
  return toOrderDtos(db, rows, at)
}

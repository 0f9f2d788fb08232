import { and, count, desc, eq, ilike, inArray, max, or, type SQL } from 'drizzle-orm'
import type {
  CustomerListQuery,
  OpsCustomerDetail,
  OpsCustomerListItem,
  OpsCustomerPage,
  OpsPointsRow,
} from '../../../src/domain/customer-ops.ts'
import { shopDate } from '../../../src/domain/dates.ts'
import type { PointsReason } from '../../../src/domain/points.ts'
import type { Page, PageQuery } from '../../../src/domain/queries.ts'
import { effectiveTier } from '../../../src/domain/tier-terms.ts'
import { tierLabel, tierName, type VipLevel } from '../../../src/domain/tiers.ts'
import type { Db } from '../../db/client.ts'
import { ACCOUNT_KIND, auditLog, orders, sessions, users } from '../../db/schema.ts'
import { notFound } from '../../http/envelope.ts'
import { POINTS_PROGRAMME_ON } from '../accounts/profile.ts'
import type { AccountRow } from '../accounts/sessions.ts'
import { listAddresses } from '../addresses.ts'
import { containsPattern } from '../catalog/product-search.ts'
import { type LedgerRow, ledgerRows } from '../points.ts'
import { readVipLevels } from '../tiers/vip-levels.ts'

/* The customers room's reads (backoffice §4): the list, one customer, their points ledger. */

/** The first page of the ledger the detail carries, and how many recent orders. */
export const DETAIL_LEDGER_PAGE_SIZE = 20
const RECENT_ORDERS = 10

const isCustomer = eq(users.kind, ACCOUNT_KIND.customer)
const ID_KEYWORD = /^\d{1,9}$/

/** The tier label an account shows today (spec §4 'Tier label'), as the shop computes it; null for none. */
export function tierOf(account: AccountRow, levels: readonly VipLevel[], today: string): string | null {
  if (account.role === null) return null
  const tier = effectiveTier(account, today)
  const label = tierLabel({
    role: account.role,
    scoreSwitch: POINTS_PROGRAMME_ON,
    vipList: levels,
    scoreRate: tier.scoreRate,
    scoreTime: tier.scoreTime,
  })
  return tierName(label) ?? null
}

export const todayOf = (at: Date): string => {
  const today = shopDate(at)
  if (!today) throw new RangeError('the customers room needs a valid clock')
  return today
}

/** The list's filters as one condition: customers only, always. */
function listFilter(query: Omit<CustomerListQuery, 'pageNum' | 'pageSize'>): SQL | undefined {
  const conditions: (SQL | undefined)[] = [isCustomer]
  if (query.role !== undefined) conditions.push(eq(users.role, query.role))
  if (query.disabled !== undefined) conditions.push(eq(users.disabled, query.disabled))
  const { keyword } = query
  if (keyword !== undefined) {
    const pattern = containsPattern(keyword)
    conditions.push(
      or(
        ilike(users.email, pattern),
        ilike(users.nickname, pattern),
        ilike(users.telephone, pattern),
        ID_KEYWORD.test(keyword) ? eq(users.id, Number(keyword)) : undefined,
      ),
    )
  }
  return and(...conditions)
}

/** A customer as the list shows them. */
export const listItemOf = (
  account: AccountRow,
  tier: string | null,
  orderCount: number,
): OpsCustomerListItem => ({
  id: account.id,
  email: account.email,
  nickname: account.nickname,
  role: account.role,
  tier,
  score: account.score,
  disabled: account.disabled,
  orderCount,
  createTime: account.createdAt.toISOString(),
})

/** How many orders each of the customers has (split parents too, as the order lists show them). */
export async function orderCountsOf(db: Db, userIds: readonly number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map()
  const rows = await db
    .select({ userId: orders.userId, n: count() })
    .from(orders)
    .where(inArray(orders.userId, [...userIds]))
    .groupBy(orders.userId)
  return new Map(rows.map((row) => [row.userId, row.n]))
}

/** GET /api/ops/customers: customers (never operators) by keyword, role and state, newest first. */
export async function listCustomers(db: Db, query: CustomerListQuery, at: Date): Promise<OpsCustomerPage> {
  const { pageNum, pageSize, ...filters } = query
  const where = listFilter(filters)
  const [rows, [counted], levels] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize),
    db.select({ total: count() }).from(users).where(where),
    readVipLevels(db),
  ])
  const orderCounts = await orderCountsOf(
    db,
    rows.map((row) => row.id),
  )
  const today = todayOf(at)
  const list = rows.map((account) =>
    listItemOf(account, tierOf(account, levels, today), orderCounts.get(account.id) ?? 0),
  )
  return { list, total: counted?.total ?? 0, pageNum, pageSize }
}

/** The customer's row, or 404 (an operator's id is not a customer's). */
export async function customerRow(db: Db, id: number, lock = false): Promise<AccountRow> {
  const query = db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isCustomer))
  const [row] = lock ? await query.for('update') : await query
  if (!row) throw notFound('Customer')
  return row
}

/** A ledger row as the console shows it. */
export const pointsRowOf = (row: LedgerRow): OpsPointsRow => ({
  id: row.id,
  delta: row.delta,
  reason: row.reason as PointsReason,
  note: row.note,
  orderId: row.orderId,
  balance: row.balanceAfter,
  createTime: row.createdAt.toISOString(),
})

/** A page of the customer's points ledger as the console shows it, newest first. */
async function ledgerPage(db: Db, userId: number, page: PageQuery): Promise<Page<OpsPointsRow>> {
  const rows = await ledgerRows(db, userId, page)
  return { ...rows, list: rows.list.map(pointsRowOf) }
}

/** GET /api/ops/customers/{id}/points. */
export async function customerPoints(db: Db, id: number, page: PageQuery): Promise<Page<OpsPointsRow>> {
  await customerRow(db, id)
  return ledgerPage(db, id, page)
}

/**
 * GET /api/ops/customers/{id}: the profile, role, tier and points with the ledger's first page, the
 * address book, orders per status with the newest ones, the last sign-in, and why the account was
 * last disabled (the audit log's reason).
 */
export async function customerDetail(db: Db, id: number, at: Date): Promise<OpsCustomerDetail> {
  const account = await customerRow(db, id)
  const [levels, book, counts, recent, [signIn], [lastDisable], points] = await Promise.all([
    readVipLevels(db),
    listAddresses(db, id),
    db
      .select({ status: orders.status, count: count() })
      .from(orders)
      .where(eq(orders.userId, id))
      .groupBy(orders.status)
      .orderBy(orders.status),
    db
      .select({ id: orders.id, status: orders.status, total: orders.total, createdAt: orders.createdAt })
      .from(orders)
      .where(eq(orders.userId, id))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(RECENT_ORDERS),
    db
      .select({ signedIn: max(sessions.createdAt), seen: max(sessions.lastSeenAt) })
      .from(sessions)
      .where(eq(sessions.userId, id)),
    db
      .select({ reason: auditLog.reason, at: auditLog.createdAt })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'customer'),
          eq(auditLog.entityId, String(id)),
          eq(auditLog.action, 'customer.disable'),
        ),
      )
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(1),
    ledgerPage(db, id, { pageNum: 1, pageSize: DETAIL_LEDGER_PAGE_SIZE }),
  ])
  const today = todayOf(at)
  const tier = effectiveTier(account, today)
  const orderCounts = counts.map((row) => ({ status: row.status, count: row.count }))
  return {
    id: account.id,
    email: account.email,
    nickname: account.nickname,
    telephone: account.telephone,
    avatar: account.avatar,
    language: account.language,
    createTime: account.createdAt.toISOString(),
    role: account.role,
    tier: tierOf(account, levels, today),
    scoreRate: tier.scoreRate,
    scoreTime: tier.scoreTime,
    score: account.score,
    disabled: account.disabled,
    lastDisable: lastDisable ? { reason: lastDisable.reason, at: lastDisable.at.toISOString() } : null,
    lastSignIn: signIn?.signedIn ? new Date(signIn.signedIn).toISOString() : null,
    lastSeen: signIn?.seen ? new Date(signIn.seen).toISOString() : null,
    addresses: book,
    orderCounts,
    orderCount: orderCounts.reduce((sum, row) => sum + row.count, 0),
    recentOrders: recent.map((row) => ({
      id: row.id,
      status: row.status,
      total: row.total,
      createTime: row.createdAt.toISOString(),
    })),
    points,
  }
}

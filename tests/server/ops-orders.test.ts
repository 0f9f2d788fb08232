import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../server/db/client.ts'
import { auditLog, orderLines, orders, payments, pointsLedger, users } from '../../server/db/schema.ts'
import type { OpsOrderDetailDto, OpsOrderDto } from '../../src/domain/orders.ts'
import type { PayLatchDto } from '../../src/domain/payments.ts'
import type { Page } from '../../src/domain/queries.ts'
import type { Envelope } from '../../src/domain/result-code.ts'
import { insertProducts, productRow, signedInAccount } from './support/catalog-fixture.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'
import { engines } from './support/test-database.ts'

/** An order of one line straight into the database: ¥10,000 of goods, ¥3,000 deposit, no fees. */
async function insertOrder(
  db: Db,
  order: { userId: number; productId: number; status: number; createdAt: string; paidAmount?: number },
): Promise<number> {
  const createdAt = new Date(`${order.createdAt}+09:00`)
  const money = {
    goods: 10_000,
    platformFee: 0,
    settlementFee: 0,
    deposit: 3000,
    balance: 7000,
    total: 10_000,
  }
  const [row] = await db
    .insert(orders)
    .values({
      userId: order.userId,
      status: order.status,
      ...money,
      paidAmount: order.paidAmount ?? 0,
      payDueAt: new Date(createdAt.getTime() + 30 * 60_000),
      createdAt,
      updatedAt: createdAt,
    })
    .returning({ id: orders.id })
  if (!row) throw new Error('order insert failed')
  await db.insert(orderLines).values({
    orderId: row.id,
    productId: order.productId,
    productName: '手办',
    barcode: '4900000000017',
    productType: 1,
    basePrice: 10_000,
    unitPrice: 10_000,
    quantity: 1,
    ...money,
  })
  return row.id
}

describe.each(engines)('the operator’s order calls on %s', (engine) => {
  let t: TestApp
  let operator: Record<string, string>
  let operatorId: number
  let customer: Record<string, string>
  let ada: { userId: number }
  let ben: { userId: number }
  const ids = {} as Record<
    'waiting' | 'ordered' | 'unpaid' | 'forfeited' | 'cancelled' | 'paid' | 'bens',
    number
  >

  const call = <T>(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    headers: Record<string, string>,
    body?: unknown,
  ) =>
    method === 'GET'
      ? t.getJson<Envelope<T>>(`/api${path}`, headers)
      : t.sendJson<Envelope<T>>(method, `/api${path}`, body, headers)

  const auditRows = (entity: string, entityId: string | number) =>
    t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(entityId))))
      .orderBy(auditLog.id)

  beforeAll(async () => {
    t = await createTestApp(engine)
    const [product] = await insertProducts(t.db, [productRow()])
    const productId = product?.id ?? 0
    const ops = await signedInAccount(t, 'ops-console@example.com', { kind: 'operator' })
    operator = { token: ops.token }
    operatorId = ops.userId
    const adaAccount = await signedInAccount(t, 'ada-ops@example.com')
    customer = { token: adaAccount.token }
    ada = adaAccount
    ben = await signedInAccount(t, 'ben-ops@example.com')
    const order = (userId: number, status: number, createdAt: string, paidAmount?: number) =>
      insertOrder(t.db, { userId, productId, status, createdAt, paidAmount })
    ids.waiting = await order(ada.userId, 3, '2026-05-01T10:00:00', 3000)
    ids.ordered = await order(ada.userId, 4, '2026-05-02T10:00:00', 3000)
    ids.unpaid = await order(ada.userId, 2, '2026-05-03T10:00:00')
    ids.forfeited = await order(ada.userId, 15, '2026-05-04T10:00:00', 3000)
    ids.cancelled = await order(ada.userId, 1, '2026-05-05T10:00:00')
    ids.paid = await order(ada.userId, 3, '2026-05-06T10:00:00', 3000)
    ids.bens = await order(ben.userId, 3, '2026-05-07T10:00:00', 3000)
  })

  afterAll(async () => {
    await t?.close()
  })

  describe('access', () => {
    const calls: [method: 'GET' | 'POST' | 'PUT', path: () => string, body?: unknown][] = [
      ['GET', () => '/ops/orders'],
      ['GET', () => `/ops/orders/${ids.waiting}`],
      ['POST', () => `/ops/orders/${ids.waiting}/ordered`],
      ['POST', () => `/ops/orders/${ids.paid}/refund`, { reason: 'test' }],
      ['GET', () => '/ops/settings/pay-latch'],
      ['PUT', () => '/ops/settings/pay-latch', { open: false }],
    ]

    it('refuses a customer’s token with 403 and no token with 401, changing nothing', async () => {
      for (const [method, path, body] of calls) {
        const asCustomer = await call<null>(method, path(), customer, body)
        expect({ path: path(), status: asCustomer.status }).toEqual({ path: path(), status: 403 })
        const anonymous = await call<null>(method, path(), {}, body)
        expect({ path: path(), status: anonymous.status }).toEqual({ path: path(), status: 401 })
      }
      const [waiting] = await t.db
        .select({ status: orders.status })
        .from(orders)
        .where(eq(orders.id, ids.waiting))
      expect(waiting?.status).toBe(3)
      expect(await t.db.select().from(auditLog)).toEqual([])
    })
  })

  describe('the order list', () => {
    it('lists every shopper’s orders, newest first, with the shopper', async () => {
      const { status, body } = await call<Page<OpsOrderDto>>('GET', '/ops/orders', operator)
      expect(status).toBe(200)
      expect(body.data.total).toBe(7)
      expect(body.data.list.map((order) => order.id)).toEqual([
        ids.bens,
        ids.paid,
        ids.cancelled,
        ids.forfeited,
        ids.unpaid,
        ids.ordered,
        ids.waiting,
      ])
      expect(body.data.list[0]).toMatchObject({
        userId: ben.userId,
        userEmail: 'ben-ops@example.com',
        userNickname: 'ben-ops',
        status: 3,
        deposit: 3000,
        lines: [expect.objectContaining({ productName: '手办', quantity: 1 })],
      })
    })

    it('filters by status of table B, each code on its own, by shopper, order and dates', async () => {
      const idsFor = async (query: string) =>
        (await call<Page<OpsOrderDto>>('GET', `/ops/orders?${query}`, operator)).body.data.list.map(
          (o) => o.id,
        )
      expect(await idsFor('status=15')).toEqual([ids.forfeited])
      expect(await idsFor('status=1')).toEqual([ids.cancelled])
      expect(await idsFor(`userId=${ben.userId}`)).toEqual([ids.bens])
      expect(await idsFor(`orderId=${ids.unpaid}`)).toEqual([ids.unpaid])
      expect(await idsFor('startDate=2026-05-02&endDate=2026-05-03')).toEqual([ids.unpaid, ids.ordered])
      expect(await idsFor('pageNum=3&pageSize=3')).toEqual([ids.waiting])
    })

    it('refuses a bad query with 400 naming the field', async () => {
      const bad = await call<null>('GET', '/ops/orders?userId=0', operator)
      expect(bad.status).toBe(400)
      expect(bad.body.msg).toBe('userId: must be a whole number from 1 to 999999999')
      const dates = await call<null>('GET', '/ops/orders?startDate=2026-05-03&endDate=2026-05-02', operator)
      expect(dates.body.msg).toBe('endDate: must not be before the start date')
    })
  })

  describe('marking an order ordered from the supplier', () => {
    it('moves 3 → 4 once, audits it, and refuses the second call with 409 and the current status', async () => {
      const first = await call<OpsOrderDetailDto>('POST', `/ops/orders/${ids.waiting}/ordered`, operator)
      expect(first.status).toBe(200)
      expect(first.body.data).toMatchObject({ id: ids.waiting, status: 4, userEmail: 'ada-ops@example.com' })
      expect(first.body.data.audit).toEqual([
        expect.objectContaining({
          action: 'order.ordered',
          actor: 'ops-console@example.com',
          before: { status: 3 },
          after: { status: 4 },
        }),
      ])
      const again = await call<{ status: number }>('POST', `/ops/orders/${ids.waiting}/ordered`, operator)
      expect(again.status).toBe(409)
      expect(again.body.data).toEqual({ status: 4 })
      const rows = await auditRows('order', ids.waiting)
      expect(rows).toHaveLength(1)
      expect(rows[0]).toMatchObject({ actorId: operatorId, entity: 'order', entityId: String(ids.waiting) })
    })

    it('refuses an order the flow does not allow (2 unpaid, 15 forfeited) and a missing one', async () => {
      for (const [id, status] of [
        [ids.unpaid, 2],
        [ids.forfeited, 15],
      ] as const) {
        const refused = await call<{ status: number }>('POST', `/ops/orders/${id}/ordered`, operator)
        expect(refused.status).toBe(409)
        expect(refused.body.data).toEqual({ status })
        expect(await auditRows('order', id)).toEqual([])
      }
      expect((await call<null>('POST', '/ops/orders/999999/ordered', operator)).status).toBe(404)
    })

    it('lets two operators race: one wins, the other gets 409', async () => {
      const [a, b] = await Promise.all([
        call<unknown>('POST', `/ops/orders/${ids.paid}/ordered`, operator),
        call<unknown>('POST', `/ops/orders/${ids.paid}/ordered`, operator),
      ])
      expect([a.status, b.status].sort()).toEqual([200, 409])
      expect(await auditRows('order', ids.paid)).toHaveLength(1)
    })
  })

  describe('the order detail', () => {
    it('shows any shopper’s order with its audit log, newest first', async () => {
      await call('POST', `/ops/orders/${ids.bens}/ordered`, operator)
      await t.db.insert(auditLog).values({
        actorId: operatorId,
        action: 'order.note',
        entity: 'order',
        entityId: String(ids.bens),
        before: null,
        after: { remark: 'later' },
        createdAt: new Date(t.clock.now.getTime() + 60_000),
      })
      const { status, body } = await call<OpsOrderDetailDto>('GET', `/ops/orders/${ids.bens}`, operator)
      expect(status).toBe(200)
      expect(body.data).toMatchObject({
        id: ids.bens,
        userId: ben.userId,
        children: [],
        payments: [],
        address: null,
      })
      expect(body.data.audit.map((entry) => entry.action)).toEqual(['order.note', 'order.ordered'])
      expect((await call<null>('GET', '/ops/orders/999999', operator)).status).toBe(404)
    })
  })

  describe('refunds', () => {
    it('gives a paid order’s payments back, returns the points and audits it', async () => {
      await t.db.update(users).set({ score: 0 }).where(eq(users.id, ada.userId))
      const paidAt = new Date(`2026-05-06T10:10:00+09:00`)
      await t.db.insert(payments).values({
        id: 'pay_refund_me',
        userId: ada.userId,
        purpose: 'deposit',
        target: [ids.ordered],
        route: 'card',
        method: 1,
        gateway: 'sandbox',
        amount: 2500,
        pointsUsed: 500,
        status: 2,
        createdAt: paidAt,
        settledAt: paidAt,
      })
      const { status, body } = await call<{ after: { status: number; refundAmount: number } }>(
        'POST',
        `/ops/orders/${ids.ordered}/refund`,
        operator,
        { reason: 'The maker cancelled the release' },
      )
      expect(status).toBe(200)
      expect(body.data.after).toEqual({ status: 12, refundAmount: 2500 })
      const [payment] = await t.db.select().from(payments).where(eq(payments.id, 'pay_refund_me'))
      expect(payment?.status).toBe(3)
      const [shopper] = await t.db.select({ score: users.score }).from(users).where(eq(users.id, ada.userId))
      expect(shopper?.score).toBe(500)
      const ledger = await t.db.select().from(pointsLedger).where(eq(pointsLedger.paymentId, 'pay_refund_me'))
      expect(ledger).toEqual([expect.objectContaining({ delta: 500, reason: 'return' })])
      const audit = await auditRows('order', ids.ordered)
      expect(audit).toEqual([
        expect.objectContaining({
          action: 'order.refund',
          actorId: operatorId,
          before: { status: 4, refundAmount: 0 },
          after: expect.objectContaining({
            status: 12,
            refundAmount: 2500,
            reason: 'The maker cancelled the release',
          }),
        }),
      ])
    })

    it('refuses an order the flow cannot refund with 409, changing and auditing nothing', async () => {
      const refused = await call<{ status: number }>('POST', `/ops/orders/${ids.unpaid}/refund`, operator, {})
      expect(refused.status).toBe(409)
      const [order] = await t.db
        .select({ status: orders.status })
        .from(orders)
        .where(eq(orders.id, ids.unpaid))
      expect(order?.status).toBe(2)
      expect(await auditRows('order', ids.unpaid)).toEqual([])
    })

    it('refuses a reason over 200 characters with 400', async () => {
      const tooLong = await call<null>('POST', `/ops/orders/${ids.waiting}/refund`, operator, {
        reason: 'x'.repeat(201),
      })
      expect(tooLong.status).toBe(400)
      expect(tooLong.body.msg).toBe('reason: must be at most 200 characters')
    })
  })

  describe('the pay latch', () => {
    it('closes payments with a message shoppers see, audited, and opens them again', async () => {
      const closed = await call<PayLatchDto>('PUT', '/ops/settings/pay-latch', operator, {
        open: false,
        message: '  Maintenance until 03:00 JST  ',
      })
      expect(closed.status).toBe(200)
      expect(closed.body.data).toEqual({ open: false, message: 'Maintenance until 03:00 JST' })
      expect((await call<PayLatchDto>('GET', '/ops/settings/pay-latch', operator)).body.data).toEqual({
        open: false,
        message: 'Maintenance until 03:00 JST',
      })
      // The shoppers' call (payments' part) reads the same latch.
      const shoppers = await t.getJson<Envelope<PayLatchDto>>('/api/mall/pay/latch', customer)
      expect(shoppers.body.data).toEqual({ open: false, message: 'Maintenance until 03:00 JST' })

      const reopened = await call<PayLatchDto>('PUT', '/ops/settings/pay-latch', operator, { open: true })
      expect(reopened.body.data).toEqual({ open: true, message: null })
      const audit = await auditRows('settings', 'pay-latch')
      expect(audit.map((row) => [row.action, row.before, row.after])).toEqual([
        [
          'settings.payLatch',
          { open: true, message: null },
          { open: false, message: 'Maintenance until 03:00 JST' },
        ],
        [
          'settings.payLatch',
          { open: false, message: 'Maintenance until 03:00 JST' },
          { open: true, message: null },
        ],
      ])
    })

    it('refuses a body without the switch with 400 naming it', async () => {
      const bad = await call<null>('PUT', '/ops/settings/pay-latch', operator, { message: 'x' })
      expect(bad.status).toBe(400)
      expect(bad.body.msg).toBe('open: is required')
    })
  })
})

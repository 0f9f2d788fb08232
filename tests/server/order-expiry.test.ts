import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orderLines, orders, payments, pointsLedger, products, users } from '../../server/db/schema.ts'
import { runOrderExpiry, scheduleOrderExpiry } from '../../server/jobs/order-expiry.ts'
import { expireUnpaidOrders } from '../../server/services/orders/order-expiry.ts'
import { changePoints } from '../../server/services/points.ts'
import type { AddToCartAnswer } from '../../src/domain/cart.ts'
import type { OrderDto } from '../../src/domain/orders.ts'
import type { Envelope } from '../../src/domain/result-code.ts'
import { insertProducts, productRow, signedInAccount } from './support/catalog-fixture.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'
import { engines } from './support/test-database.ts'

const MINUTE = 60_000

interface Shopper {
  headers: Record<string, string>
  userId: number
}

describe.each(engines)('cancelling unpaid orders on %s', (engine) => {
  let t: TestApp
  let ada: Shopper
  let ben: Shopper
  let paymentSeq = 0

  beforeAll(async () => {
    t = await createTestApp(engine)
    const a = await signedInAccount(t, 'ada@example.com')
    const b = await signedInAccount(t, 'ben@example.com')
    ada = { headers: { token: a.token }, userId: a.userId }
    ben = { headers: { token: b.token }, userId: b.userId }
  })
  afterAll(async () => {
    await t.close()
  })

  /**
   * Sends a call as the shopper and keeps the renewed token the server hands back: these tests move the
   * clock by hours in all, past a token's two-hour life, as a shopper using the shop would not notice.
   */
  async function send<T>(who: Shopper, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const answer = await t.sendJson<Envelope<T>>('POST', path, body, { ...who.headers, ...headers })
    const renewed = answer.headers.get('token')
    if (renewed) who.headers.token = renewed
    return answer
  }

  const cancel = (who: Shopper, id: number | string, headers: Record<string, string> = {}) =>
    send<OrderDto | null>(who, `/api/mall/order/cancel/${id}`, undefined, headers)

  /**
   * An order through the real calls: `units` of a fresh in-stock product (stock 10), holding `points`
   * (given to the shopper first), with an open deposit payment as a pay call would have left it.
   */
  async function placeOrder(who: Shopper, options: { units?: number; points?: number } = {}) {
    const { units = 2, points = 0 } = options
    const [product] = await insertProducts(t.db, [productRow({ type: 2, stock: 10, cnAlonePrice: 1000 })])
    if (!product) throw new Error('no product')
    const added = await send<AddToCartAnswer>(who, '/api/mall/cart/addToCart', {
      productId: product.id,
      productAmount: units,
      productType: 2,
    })
    if (points > 0) await changePoints(t.db, { userId: who.userId, delta: points, reason: 'earn' })
    const created = await send<OrderDto>(who, `/api/mall/order/createOrder?score=${points}`, {
      cartLineIds: [added.body.data.cartId],
    })
    expect(created.body.code).toBe(200)
    const order = created.body.data
    paymentSeq += 1
    const paymentId = `pay_test_${engine}_${paymentSeq}`
    await t.db.insert(payments).values({
      id: paymentId,
      userId: who.userId,
      purpose: 'deposit',
      target: [order.id],
      route: 'card',
      method: 1,
      gateway: 'sandbox',
      amount: order.deposit - order.pointsHeld,
      pointsUsed: order.pointsHeld,
      status: 1,
    })
    return { order, productId: product.id, paymentId }
  }

  async function stateOf(placed: Awaited<ReturnType<typeof placeOrder>>, who: Shopper) {
    const [order] = await t.db
      .select({ status: orders.status, pointsHeld: orders.pointsHeld })
      .from(orders)
      .where(eq(orders.id, placed.order.id))
    const [product] = await t.db
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, placed.productId))
    const [payment] = await t.db
      .select({ status: payments.status })
      .from(payments)
      .where(eq(payments.id, placed.paymentId))
    const [user] = await t.db.select({ score: users.score }).from(users).where(eq(users.id, who.userId))
    const ledger = await t.db
      .select({ delta: pointsLedger.delta, reason: pointsLedger.reason })
      .from(pointsLedger)
      .where(eq(pointsLedger.orderId, placed.order.id))
      .orderBy(asc(pointsLedger.id))
    const [line] = await t.db
      .select({ stockReserved: orderLines.stockReserved })
      .from(orderLines)
      .where(eq(orderLines.orderId, placed.order.id))
    return {
      status: order?.status,
      pointsHeld: order?.pointsHeld,
      stock: product?.stock,
      stockReserved: line?.stockReserved,
      payment: payment?.status,
      points: user?.score,
      ledger,
    }
  }

  describe('by the shopper', () => {
    it('cancels an order awaiting payment: stock, points and the open payment are given back', async () => {
      const placed = await placeOrder(ada, { units: 3, points: 120 })
      expect(await stateOf(placed, ada)).toMatchObject({
        status: 2,
        pointsHeld: 120,
        stock: 7,
        stockReserved: 3,
        payment: 1,
        points: 0,
      })
      const { status, body } = await cancel(ada, placed.order.id)
      expect(status).toBe(200)
      expect(body.data).toMatchObject({ id: placed.order.id, status: 1, pointsHeld: 0 })
      expect(await stateOf(placed, ada)).toEqual({
        status: 1,
        pointsHeld: 0,
        stock: 10,
        stockReserved: 0,
        payment: 4,
        points: 120,
        ledger: [
          { delta: -120, reason: 'hold' },
          { delta: 120, reason: 'return' },
        ],
      })
      // A second cancel finds it cancelled and changes nothing.
      const again = await cancel(ada, placed.order.id)
      expect(again.status).toBe(409)
      expect(again.body.msg).toBe('This order can no longer be cancelled (it is cancelled)')
      expect(again.body.data).toEqual({ status: 1 })
      expect((await stateOf(placed, ada)).stock).toBe(10)
      expect((await stateOf(placed, ada)).ledger).toHaveLength(2)
    })

    it('answers a repeat of the same Idempotency-Key with the first answer', async () => {
      const placed = await placeOrder(ada)
      const key = { 'Idempotency-Key': `cancel-${placed.order.id}` }
      const first = await cancel(ada, placed.order.id, key)
      const again = await cancel(ada, placed.order.id, key)
      expect(first.body.code).toBe(200)
      expect(again.body).toEqual(first.body)
      expect((await stateOf(placed, ada)).stock).toBe(10)
    })

    it('refuses a paid order (409), another shopper’s or a missing one (404), a bad id (400)', async () => {
      const placed = await placeOrder(ada, { points: 50 })
      await t.db.update(orders).set({ status: 3 }).where(eq(orders.id, placed.order.id))
      const before = await stateOf(placed, ada)
      const paid = await cancel(ada, placed.order.id)
      expect(paid.status).toBe(409)
      expect(paid.body.msg).toBe('This order can no longer be cancelled (it is pending processing)')

      const bens = await placeOrder(ben)
      const foreign = await cancel(ada, bens.order.id)
      expect(foreign.status).toBe(404)
      expect(foreign.body.msg).toBe('Order not found')
      expect((await stateOf(bens, ben)).status).toBe(2)
      expect((await cancel(ada, 999_999)).status).toBe(404)
      const bad = await cancel(ada, 'abc')
      expect(bad.status).toBe(400)
      expect(bad.body.msg).toMatch(/^id: /)
      expect(await stateOf(placed, ada)).toEqual(before)
      expect((await cancel({ headers: {}, userId: 0 }, placed.order.id)).status).toBe(401)
    })
  })

  // Needs a second connection to hold the lock while the app works: PGlite has one, and runs one
  // transaction at a time, so this race cannot happen there.
  if (engine === 'postgres') {
    it('gives way to a payment being confirmed at that moment, then cancels once it is not', async () => {
      const placed = await placeOrder(ada)
      let release = () => {}
      const released = new Promise<void>((resolve) => {
        release = resolve
      })
      let signalLocked = () => {}
      const locked = new Promise<void>((resolve) => {
        signalLocked = resolve
      })
      // What settle() holds while it confirms a payment: the payment's row lock.
      const settling = t.db.transaction(async (tx) => {
        await tx.select().from(payments).where(eq(payments.id, placed.paymentId)).for('update')
        signalLocked()
        await released
      })
      await locked
      let refused: Awaited<ReturnType<typeof cancel>>
      let swept: Awaited<ReturnType<typeof expireUnpaidOrders>>
      try {
        refused = await cancel(ada, placed.order.id)
        t.clock.advance(31 * MINUTE)
        swept = await expireUnpaidOrders(t.db, t.clock.now)
      } finally {
        release()
        await settling
      }
      expect(refused.status).toBe(409)
      expect(refused.body.msg).toBe(
        'A payment of this order is being confirmed; please reload the order in a moment',
      )
      expect(swept.busy).toContain(placed.order.id)
      expect(await stateOf(placed, ada)).toMatchObject({ status: 2, stock: 8, payment: 1 })
      expect((await cancel(ada, placed.order.id)).status).toBe(200)
      expect(await stateOf(placed, ada)).toMatchObject({ status: 1, stock: 10, payment: 4 })
    })
  }

  describe('by the payment-window sweep', () => {
    it('keeps an order for 30 minutes, then cancels it like the shopper would, once', async () => {
      const placed = await placeOrder(ben, { units: 4, points: 30 })
      t.clock.advance(29 * MINUTE)
      const early = await expireUnpaidOrders(t.db, t.clock.now)
      expect(early.expired).not.toContain(placed.order.id)
      expect((await stateOf(placed, ben)).status).toBe(2)

      t.clock.advance(MINUTE)
      const due = await expireUnpaidOrders(t.db, t.clock.now)
      expect(due.expired).toContain(placed.order.id)
      const after = await stateOf(placed, ben)
      expect(after).toEqual({
        status: 1,
        pointsHeld: 0,
        stock: 10,
        stockReserved: 0,
        payment: 4,
        points: 30,
        ledger: [
          { delta: -30, reason: 'hold' },
          { delta: 30, reason: 'return' },
        ],
      })
      // Running it again changes nothing.
      const again = await expireUnpaidOrders(t.db, t.clock.now)
      expect(again).toEqual({ expired: [], busy: [], failed: [] })
      expect(await stateOf(placed, ben)).toEqual(after)
    })

    it('never expires an order whose deposit is paid', async () => {
      const placed = await placeOrder(ben)
      // What settle() does when the deposit is confirmed: payment 2, order 3.
      await t.db.update(payments).set({ status: 2 }).where(eq(payments.id, placed.paymentId))
      await t.db.update(orders).set({ status: 3 }).where(eq(orders.id, placed.order.id))
      t.clock.advance(31 * MINUTE)
      const result = await expireUnpaidOrders(t.db, t.clock.now)
      expect(result.expired).not.toContain(placed.order.id)
      expect(await stateOf(placed, ben)).toMatchObject({ status: 3, payment: 2, stock: 8, stockReserved: 2 })
    })

    it('cancels each order once when two sweeps run at the same time', async () => {
      const placed = await Promise.all([placeOrder(ada, { points: 10 }), placeOrder(ben, { points: 20 })])
      t.clock.advance(31 * MINUTE)
      const [one, two] = await Promise.all([
        expireUnpaidOrders(t.db, t.clock.now),
        expireUnpaidOrders(t.db, t.clock.now),
      ])
      const ids = placed.map((p) => p.order.id)
      const expired = [...one.expired, ...two.expired].filter((id) => ids.includes(id))
      expect(expired.sort()).toEqual([...ids].sort())
      for (const [index, who] of [ada, ben].entries()) {
        const state = await stateOf(placed[index] as Awaited<ReturnType<typeof placeOrder>>, who)
        expect(state).toMatchObject({ status: 1, stock: 10 })
        expect(state.ledger.map((row) => row.reason)).toEqual(['hold', 'return'])
      }
    })

    it('runs at start and on schedule, on the shop’s clock, until stopped', async () => {
      const placed = await placeOrder(ada)
      t.clock.advance(30 * MINUTE)
      const stop = scheduleOrderExpiry(t.db, () => t.clock.now, 50)
      try {
        await expect.poll(async () => (await stateOf(placed, ada)).status, { timeout: 5000 }).toBe(1)
      } finally {
        stop()
      }
      // The operator's "run now" is the same run.
      expect(await runOrderExpiry(t.db, t.clock.now)).toEqual({ expired: [], busy: [], failed: [] })
    })
  })
})

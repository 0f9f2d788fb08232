import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../../server/db/client.ts'
import { addresses, orderLines, orders, payments, pointsLedger, users } from '../../../server/db/schema.ts'
import { changePoints } from '../../../server/services/points.ts'
import { OrderStatus } from '../../../src/domain/order-status.ts'
import { PAYMENT_WINDOW_MINUTES } from '../../../src/domain/orders.ts'
import type { PayAnswer } from '../../../src/domain/payments.ts'
import type { Envelope } from '../../../src/domain/result-code.ts'
import { insertProducts, productRow } from './catalog-fixture.ts'
import type { TestApp } from './test-app.ts'

export interface WaitPayOrderOptions {
  userId: number
  /** Goods of the one line (no fees), yen. */
  goods?: number
  /** The first payment due; the rest is the balance. */
  deposit?: number
  /** Points held at checkout: given to the shopper, then held from them, as createOrder does. */
  pointsHeld?: number
  /** An in-stock product (type 2) whose one unit the order reserved: 4 left of 5. Else a pre-order. */
  stocked?: boolean
  at?: Date
}

/**
 * An order in 2 waitPay written straight into the database, as createOrder leaves one: one line of a
 * fresh product, amounts that add up (deposit + balance = total), the payment window open, and the
 * held points taken from the shopper through the points ledger.
 */
export async function insertWaitPayOrder(db: Db, options: WaitPayOrderOptions): Promise<{ orderId: number }> {
  const goods = options.goods ?? 10_000
  const deposit = options.deposit ?? 3_000
  const pointsHeld = options.pointsHeld ?? 0
  const at = options.at ?? new Date()
  const row = options.stocked ? productRow({ type: 2, stock: 4 }) : productRow({ type: 1 })
  const [inserted] = await insertProducts(db, [row])
  if (!inserted) throw new Error('no product')
  const product = { ...row, id: inserted.id }
  return db.transaction(async (tx) => {
    const [order] = await tx
      .insert(orders)
      .values({
        userId: options.userId,
        status: OrderStatus.waitPay,
        goods,
        platformFee: 0,
        settlementFee: 0,
        deposit,
        balance: goods - deposit,
        total: goods,
        pointsHeld,
        payDueAt: new Date(at.getTime() + PAYMENT_WINDOW_MINUTES * 60_000),
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: orders.id })
    if (!order) throw new Error('no order')
    await tx.insert(orderLines).values({
      orderId: order.id,
      productId: product.id,
      productName: product.productName,
      barcode: product.itemNo,
      productType: product.type,
      basePrice: goods,
      unitPrice: goods,
      quantity: 1,
      goods,
      platformFee: 0,
      settlementFee: 0,
      deposit,
      balance: goods - deposit,
      total: goods,
      stockReserved: options.stocked ? 1 : 0,
    })
    if (pointsHeld > 0) {
      await changePoints(tx, { userId: options.userId, delta: pointsHeld, reason: 'earn' })
      await changePoints(tx, {
        userId: options.userId,
        delta: -pointsHeld,
        reason: 'hold',
        orderId: order.id,
      })
    }
    return { orderId: order.id }
  })
}

/** The address the fixtures give a shopper (a country every shipping method serves). */
export const FIXTURE_ADDRESS = {
  firstName: '太郎',
  lastName: '山田',
  telephone: '+81 90 1234 5678',
  postCode: '100-0001',
  country: '中国香港',
  city: '香港',
  address: '中环皇后大道中 1 号',
}

/** An address of the shopper's book, written straight into the database. */
export async function insertAddress(db: Db, userId: number): Promise<{ addressId: number }> {
  const [row] = await db
    .insert(addresses)
    .values({ userId, ...FIXTURE_ADDRESS })
    .returning({ id: addresses.id })
  if (!row) throw new Error('no address')
  return { addressId: row.id }
}

/** The shopper's points balance. */
export async function pointsOf(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ score: users.score }).from(users).where(eq(users.id, userId))
  return row?.score ?? 0
}

/** Counts of what a payment changed, for "applied once" checks. */
export async function effectsOf(db: Db, paymentId: string) {
  const [earned] = await db
    .select({
      count: sql<number>`count(*)::int`,
      points: sql<number>`coalesce(sum(${pointsLedger.delta}), 0)::int`,
    })
    .from(pointsLedger)
    .where(and(eq(pointsLedger.paymentId, paymentId), eq(pointsLedger.reason, 'earn')))
  const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId))
  if (!payment) throw new Error(`no payment ${paymentId}`)
  const orderId = payment.target[0] ?? 0
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId))
  if (!order) throw new Error(`no order ${orderId}`)
  return { payment, order, earnRows: earned?.count ?? 0, pointsEarned: earned?.points ?? 0 }
}

/** The first-payment call of a route, with the caller's token and an optional idempotency key. */
export function orderPay(
  t: TestApp,
  token: string,
  call: {
    route?: 'card' | 'sbps' | 'paypal'
    type?: number | string
    orderId: number
    addressId?: number
    key?: string
  },
) {
  const route = call.route ?? 'card'
  const type = call.type ?? 1
  const path =
    route === 'card'
      ? `/api/mall/order/orderPay/${type}/${call.orderId}`
      : route === 'sbps'
        ? `/api/mall/sb_pay/orderPay/${type}/${call.orderId}`
        : `/api/mall/paypal/orderPay/${call.orderId}`
  const query = call.addressId === undefined ? '' : `?addressId=${call.addressId}`
  const headers: Record<string, string> = { token }
  if (call.key) headers['Idempotency-Key'] = call.key
  return t.sendJson<Envelope<PayAnswer | null>>('POST', `${path}${query}`, undefined, headers)
}

/** Presses a button of the sandbox page over HTTP, as the browser's form post does (no redirect follow). */
export async function pressSandbox(t: TestApp, paymentId: string, outcome: string, query = '') {
  if (!t.baseUrl) throw new Error('the test app must listen (createTestApp listen: true)')
  const response = await fetch(`${t.baseUrl}/api/pay/sandbox/${paymentId}/${outcome}${query}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    redirect: 'manual',
  })
  const text = await response.text()
  return { status: response.status, location: response.headers.get('location'), text }
}

export interface ArrivedOrderOptions {
  userId: number
  /** Shop date the goods reached the warehouse. */
  arrivedAt: string
  /** 5 arrival (the deposit paid, the balance due; the default) or 6 finalPay (paid in full). */
  status?: 5 | 6
  /** Goods of the one line (no fees), yen. */
  goods?: number
  deposit?: number
  /** When the order was placed and its deposit paid; defaults to now. */
  at?: Date
}

/**
 * An order whose goods have arrived, written straight into the database as the arrival call leaves
 * one: an order of one stocked unit (insertWaitPayOrder), the deposit paid by a settled payment and,
 * in 6 finalPay, the balance too. Answers the ids a test checks against.
 */
export async function insertArrivedOrder(
  db: Db,
  options: ArrivedOrderOptions,
): Promise<{ orderId: number; productId: number; paymentIds: string[] }> {
  const goods = options.goods ?? 10_000
  const deposit = options.deposit ?? 3_000
  const status = options.status ?? OrderStatus.arrival
  const at = options.at ?? new Date()
  const { orderId } = await insertWaitPayOrder(db, {
    userId: options.userId,
    goods,
    deposit,
    stocked: true,
    at,
  })
  return db.transaction(async (tx) => {
    const [order] = await tx
      .update(orders)
      .set({
        status,
        paidAmount: status === OrderStatus.finalPay ? goods : deposit,
        arrivedAt: options.arrivedAt,
      })
      .where(eq(orders.id, orderId))
      .returning({ id: orders.id })
    const [line] = await tx
      .select({ productId: orderLines.productId })
      .from(orderLines)
      .where(eq(orderLines.orderId, orderId))
    if (!order || !line) throw new Error('no order')
    const paid: { purpose: 'deposit' | 'balance'; amount: number }[] = [
      { purpose: 'deposit', amount: deposit },
    ]
    if (status === OrderStatus.finalPay) paid.push({ purpose: 'balance', amount: goods - deposit })
    const paymentIds = paid.map(({ purpose }) => `pay_arrived_${orderId}_${purpose}`)
    await tx.insert(payments).values(
      paid.map(({ purpose, amount }, index) => ({
        id: paymentIds[index] ?? '',
        userId: options.userId,
        purpose,
        target: [orderId],
        route: 'card' as const,
        method: 1,
        gateway: 'sandbox',
        amount,
        status: 2,
        settledAt: at,
        createdAt: at,
        updatedAt: at,
      })),
    )
    return { orderId, productId: line.productId, paymentIds }
  })
}

/**
 * An order in 5 arrival reached as a shopper's is: placed (insertWaitPayOrder), its deposit paid through
 * the real orderPay and the sandbox's signed webhook (so `paidAmount` is what the shop received), then
 * its goods booked as arrived on `arrivedAt`, written straight as the operator's arrival call leaves it.
 * The test app must listen (the sandbox delivers its webhook over HTTP).
 */
export async function arriveOrderForTest(
  t: TestApp,
  shopper: { token: string; userId: number; addressId: number },
  options: {
    arrivedAt: string
    goods?: number
    deposit?: number
    /** The route the deposit is paid on; it must be served by the sandbox (default card). */
    depositRoute?: 'card' | 'sbps' | 'paypal'
  },
): Promise<{ orderId: number; depositPaymentId: string }> {
  const { orderId } = await insertWaitPayOrder(t.db, {
    userId: shopper.userId,
    goods: options.goods,
    deposit: options.deposit,
    at: t.clock.now,
  })
  const paid = await orderPay(t, shopper.token, {
    route: options.depositRoute,
    orderId,
    addressId: shopper.addressId,
  })
  const depositPaymentId = paid.body.data?.paymentId
  if (!depositPaymentId) throw new Error(`orderPay refused: ${paid.body.msg}`)
  const pressed = await pressSandbox(t, depositPaymentId, 'paid')
  if (pressed.status !== 303) throw new Error(`the sandbox answered ${pressed.status}`)
  const [arrived] = await t.db
    .update(orders)
    .set({ status: OrderStatus.arrival, arrivedAt: options.arrivedAt })
    .where(and(eq(orders.id, orderId), eq(orders.status, OrderStatus.waitOrder)))
    .returning({ id: orders.id })
  if (!arrived) throw new Error(`order ${orderId}: the deposit did not settle`)
  return { orderId, depositPaymentId }
}

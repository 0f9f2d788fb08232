import { and, asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { extraFees, orders, payments, pointsLedger, webhookEvents } from '../../server/db/schema.ts'
import { LATE_FEE_NOT_DUE_REMARK } from '../../server/services/payments/late-fees.ts'
import { writePayLatch } from '../../server/services/payments/pay-latch.ts'
import { FORFEITED_MESSAGE } from '../../server/services/payments/purposes/balance.ts'
import { refundOrder } from '../../server/services/payments/refund.ts'
import { changePoints } from '../../server/services/points.ts'
import { type FinalCountDto, finalAmountDue } from '../../src/domain/arrival.ts'
import { shopDate } from '../../src/domain/dates.ts'
import { addDays, balanceDueDate, forfeitureDate, lateFee } from '../../src/domain/deadlines.ts'
import { ExtraFeeStatus, ExtraFeeType } from '../../src/domain/extra-fee.ts'
import { OrderStatus } from '../../src/domain/order-status.ts'
import type { OrderDto } from '../../src/domain/orders.ts'
import { PaymentStatus } from '../../src/domain/payment-status.ts'
import type { PayAnswer, PayStatusDto } from '../../src/domain/payments.ts'
import type { Envelope } from '../../src/domain/result-code.ts'
import { type StripeEmulator, startStripeEmulator } from '../support/stripe-emulator.ts'
import { logIn } from './support/accounts.ts'
import { signedInAccount } from './support/catalog-fixture.ts'
import {
  arriveOrderForTest,
  effectsOf,
  insertAddress,
  pointsOf,
  pressSandbox,
} from './support/order-fixture.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'
import { engines } from './support/test-database.ts'

const DAY_MS = 86_400_000

interface Shopper {
  email: string
  token: string
  userId: number
  addressId: number
}

type Route = 'card' | 'sbps' | 'paypal'

/** One final-payment call of a route, as the client makes it. */
function finalPay(
  t: TestApp,
  token: string,
  call: { route?: Route; type?: number; orderId: number; score?: number; key?: string },
) {
  const route = call.route ?? 'card'
  const type = call.type ?? 1
  const path =
    route === 'card'
      ? `/api/mall/order/finallyPay/${type}/${call.orderId}`
      : route === 'sbps'
        ? `/api/mall/sb_pay/finalPay/${type}/${call.orderId}`
        : `/api/mall/paypal/finallyPay/${call.orderId}`
  const query = call.score === undefined ? '' : `?score=${call.score}`
  const headers: Record<string, string> = { token }
  if (call.key) headers['Idempotency-Key'] = call.key
  return t.sendJson<Envelope<PayAnswer | null>>('POST', `${path}${query}`, undefined, headers)
}

function todayOf(t: TestApp): string {
  const today = shopDate(t.clock.now)
  if (!today) throw new Error('no shop date')
  return today
}

const orderRow = async (t: TestApp, orderId: number) => {
  const [row] = await t.db.select().from(orders).where(eq(orders.id, orderId))
  if (!row) throw new Error(`no order ${orderId}`)
  return row
}

const balancePaymentsOf = (t: TestApp, orderId: number) =>
  t.db
    .select()
    .from(payments)
    .where(eq(payments.purpose, 'balance'))
    .then((rows) => rows.filter((row) => row.target.includes(orderId)))
    .then((rows) => rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()))

const lateFeeRecordOf = async (t: TestApp, orderId: number) => {
  const [row] = await t.db
    .select()
    .from(extraFees)
    .where(and(eq(extraFees.orderId, orderId), eq(extraFees.type, ExtraFeeType.late)))
  return row
}

const ledgerOf = (t: TestApp, paymentId: string) =>
  t.db
    .select({ reason: pointsLedger.reason, delta: pointsLedger.delta })
    .from(pointsLedger)
    .where(eq(pointsLedger.paymentId, paymentId))
    .orderBy(asc(pointsLedger.id))

/** The late-fee record as the deadline sweep writes it: type 3, unpaid, the domain's figure for `day`. */
async function insertLateFee(
  t: TestApp,
  order: { id: number; userId: number; goods: number; arrivedAt: string },
  day: string,
) {
  const balanceDue = balanceDueDate(order.arrivedAt)
  const [row] = await t.db
    .insert(extraFees)
    .values({
      userId: order.userId,
      type: ExtraFeeType.late,
      status: ExtraFeeStatus.waitPay,
      amount: lateFee(order.goods, balanceDue, day),
      orderId: order.id,
      orderIds: [order.id],
      dueDate: forfeitureDate(balanceDue),
    })
    .returning()
  if (!row) throw new Error('no late fee')
  return row
}

describe.each(engines)('the final payment on %s', (engine) => {
  let t: TestApp
  const shoppers: Shopper[] = []
  let ada: Shopper
  let ben: Shopper

  async function newShopper(email: string): Promise<Shopper> {
    const account = await signedInAccount(t, email)
    const shopper = { email, ...account, ...(await insertAddress(t.db, account.userId)) }
    shoppers.push(shopper)
    return shopper
  }

  /** Moves the shop's clock on; sessions do not live that long, so every shopper signs in again. */
  async function advanceDays(days: number) {
    t.clock.advance(days * DAY_MS)
    for (const shopper of shoppers) {
      const token = (await logIn(t, shopper.email)).headers.get('token')
      if (!token) throw new Error(`${shopper.email} could not sign in again`)
      shopper.token = token
    }
  }

  /** An order in 5 whose goods arrived `daysAgo` shop days ago: ¥10,000 goods, ¥3,000 deposit paid. */
  const arrived = (shopper: Shopper, daysAgo: number, goods = 10_000) =>
    arriveOrderForTest(t, shopper, { arrivedAt: addDays(todayOf(t), -daysAgo), goods, deposit: 3_000 })

  beforeAll(async () => {
    t = await createTestApp(engine, { listen: true })
    ada = await newShopper('ada@final.test')
    ben = await newShopper('ben@final.test')
  })
  afterAll(() => t.close())

  it.each([
    ['card', 1],
    ['card', 2],
    ['sbps', 1],
    ['sbps', 2],
    ['sbps', 3],
    ['paypal', 0],
  ] as const)(
    'the %s route (type %s) charges the balance owed; the webhook moves the order 5 → 6',
    async (route, type) => {
      const { orderId } = await arrived(ada, 3)
      const pointsBefore = await pointsOf(t.db, ada.userId)
      const { status, body } = await finalPay(t, ada.token, { route, type, orderId })
      expect(status).toBe(200)
      const paymentId = body.data?.paymentId ?? ''
      expect(body.data?.redirectUrl).toBe(`/sandbox-pay/${paymentId}`)
      expect(await balancePaymentsOf(t, orderId)).toMatchObject([
        {
          id: paymentId,
          purpose: 'balance',
          target: [orderId],
          route,
          method: type,
          gateway: 'sandbox',
          amount: 7000,
          pointsUsed: 0,
          lateFee: 0,
          status: PaymentStatus.waitPay,
        },
      ])

      const paid = await pressSandbox(t, paymentId, 'paid')
      expect([paid.status, paid.location]).toEqual([303, `/final-success?paymentId=${paymentId}`])
      const { payment, order, earnRows, pointsEarned } = await effectsOf(t.db, paymentId)
      expect(payment.status).toBe(PaymentStatus.pay)
      expect(order).toMatchObject({ status: OrderStatus.finalPay, paidAmount: 10_000, total: 10_000 })
      // 1 % of the yen paid (the default rate)
      expect([earnRows, pointsEarned]).toEqual([1, 70])
      expect(await pointsOf(t.db, ada.userId)).toBe(pointsBefore + 70)
      const payStatus = await t.getJson<Envelope<PayStatusDto>>(`/api/mall/pay/status/${paymentId}`, {
        token: ada.token,
      })
      expect(payStatus.body.data).toMatchObject({
        status: PaymentStatus.pay,
        purpose: 'balance',
        amount: 7000,
        target: [orderId],
      })
      expect(await lateFeeRecordOf(t, orderId)).toBeUndefined()
    },
  )

  it('five days overdue: the late fee is paid in the same payment and its record marked paid', async () => {
    const arrivedAt = todayOf(t)
    const { orderId } = await arriveOrderForTest(t, ada, { arrivedAt, goods: 10_001, deposit: 3_000 })
    await advanceDays(35)
    const today = todayOf(t)
    expect(today).toBe(addDays(balanceDueDate(arrivedAt), 5))
    // The sweep wrote the record yesterday; today's figure is higher.
    const record = await insertLateFee(
      t,
      { id: orderId, userId: ada.userId, goods: 10_001, arrivedAt },
      addDays(today, -1),
    )
    expect(record.amount).toBe(201)
    // 5 days × 0.5 % of ¥10,001 = ¥250.025, rounded up once
    const fee = 251
    expect(lateFee(10_001, balanceDueDate(arrivedAt), today)).toBe(fee)
    const detail = await t.getJson<Envelope<OrderDto>>(`/api/mall/order/${orderId}`, { token: ada.token })
    expect(detail.body.data).toMatchObject({ lateFee: fee, deadlineState: 'overdue' })

    const { body } = await finalPay(t, ada.token, { route: 'sbps', type: 2, orderId })
    const paymentId = body.data?.paymentId ?? ''
    const [pending] = await balancePaymentsOf(t, orderId)
    expect(pending).toMatchObject({ amount: 7001 + fee, lateFee: fee, pointsUsed: 0 })
    // the client's figure (from the order as listed) is what the gateway is asked for
    expect(detail.body.data && finalAmountDue(detail.body.data)).toBe(pending?.amount)

    expect((await pressSandbox(t, paymentId, 'paid')).status).toBe(303)
    const { payment, order, pointsEarned } = await effectsOf(t.db, paymentId)
    expect(payment).toMatchObject({ status: PaymentStatus.pay, lateFee: fee })
    // the late fee is the record's, not the order's
    expect(order).toMatchObject({ status: OrderStatus.finalPay, paidAmount: 10_001 })
    expect(pointsEarned).toBe(72)
    expect(await lateFeeRecordOf(t, orderId)).toMatchObject({
      id: record.id,
      status: ExtraFeeStatus.paid,
      amount: fee,
      paymentId,
      paidAt: expect.any(Date),
    })
  })

  it('overdue before the sweep wrote a record: the paid late fee gets one', async () => {
    const { orderId } = await arrived(ada, 40)
    const { body } = await finalPay(t, ada.token, { orderId })
    const paymentId = body.data?.paymentId ?? ''
    // 10 days × 0.5 % of ¥10,000
    expect((await balancePaymentsOf(t, orderId))[0]).toMatchObject({ amount: 7500, lateFee: 500 })
    await pressSandbox(t, paymentId, 'paid')
    expect((await orderRow(t, orderId)).paidAmount).toBe(10_000)
    const arrivedAt = addDays(todayOf(t), -40)
    expect(await lateFeeRecordOf(t, orderId)).toMatchObject({
      userId: ada.userId,
      status: ExtraFeeStatus.paid,
      amount: 500,
      paymentId,
      orderIds: [orderId],
      dueDate: forfeitureDate(balanceDueDate(arrivedAt)),
    })
  })

  it('an attempt begun on the due date, paid after the sweep charged a fee: the fee is voided', async () => {
    const { orderId } = await arrived(ada, 30)
    const arrivedAt = addDays(todayOf(t), -30)
    const { body } = await finalPay(t, ada.token, { orderId })
    const paymentId = body.data?.paymentId ?? ''
    expect((await balancePaymentsOf(t, orderId))[0]).toMatchObject({ amount: 7000, lateFee: 0 })
    await advanceDays(1)
    const record = await insertLateFee(
      t,
      { id: orderId, userId: ada.userId, goods: 10_000, arrivedAt },
      todayOf(t),
    )
    expect(record.amount).toBe(50)
    await pressSandbox(t, paymentId, 'paid')
    expect(await orderRow(t, orderId)).toMatchObject({ status: OrderStatus.finalPay, paidAmount: 10_000 })
    expect(await lateFeeRecordOf(t, orderId)).toMatchObject({
      status: ExtraFeeStatus.void,
      remark: LATE_FEE_NOT_DUE_REMARK,
      paymentId: null,
    })
  })

  it('a replayed webhook has one effect', async () => {
    const { orderId } = await arrived(ada, 35)
    const { body } = await finalPay(t, ada.token, { route: 'paypal', orderId })
    const paymentId = body.data?.paymentId ?? ''
    expect((await pressSandbox(t, paymentId, 'paid', '?twice=1&outOfOrder=1')).status).toBe(303)
    const { order, earnRows } = await effectsOf(t.db, paymentId)
    expect(order).toMatchObject({ status: OrderStatus.finalPay, paidAmount: 10_000 })
    expect(earnRows).toBe(1)
    expect((await lateFeeRecordOf(t, orderId))?.amount).toBe(250)
    const inbox = await t.db.select().from(webhookEvents).where(eq(webhookEvents.paymentId, paymentId))
    expect(inbox.map((event) => event.kind).sort()).toEqual(['failed', 'pending', 'succeeded'])
    // The page cannot take the money twice either.
    expect((await pressSandbox(t, paymentId, 'paid')).status).toBe(409)
    expect((await effectsOf(t.db, paymentId)).earnRows).toBe(1)
  })

  it('money for an order forfeited meanwhile is kept on record and changes nothing else', async () => {
    const { orderId } = await arrived(ada, 44)
    const arrivedAt = addDays(todayOf(t), -44)
    const { body } = await finalPay(t, ada.token, { orderId })
    const paymentId = body.data?.paymentId ?? ''
    const record = await insertLateFee(
      t,
      { id: orderId, userId: ada.userId, goods: 10_000, arrivedAt },
      todayOf(t),
    )
    await t.db.update(orders).set({ status: OrderStatus.cancel2 }).where(eq(orders.id, orderId))
    await pressSandbox(t, paymentId, 'paid')
    const { payment, order, earnRows } = await effectsOf(t.db, paymentId)
    expect(payment.status).toBe(PaymentStatus.pay)
    expect(order).toMatchObject({ status: OrderStatus.cancel2, paidAmount: 3000 })
    expect(earnRows).toBe(0)
    expect(await lateFeeRecordOf(t, orderId)).toMatchObject({
      status: ExtraFeeStatus.waitPay,
      amount: record.amount,
    })
  })

  it('a decline ends the attempt and gives its points back; a new attempt replaces an open one', async () => {
    const { orderId } = await arrived(ben, 10)
    await changePoints(t.db, { userId: ben.userId, delta: 1000, reason: 'earn' })
    const start = await pointsOf(t.db, ben.userId)

    const declined = await finalPay(t, ben.token, { orderId, score: 300 })
    const declinedId = declined.body.data?.paymentId ?? ''
    expect((await balancePaymentsOf(t, orderId))[0]).toMatchObject({ amount: 6700, pointsUsed: 300 })
    expect(await pointsOf(t.db, ben.userId)).toBe(start - 300)
    await pressSandbox(t, declinedId, 'declined')
    expect((await effectsOf(t.db, declinedId)).payment).toMatchObject({
      status: PaymentStatus.cancel,
      failure: 'card_declined',
    })
    expect((await orderRow(t, orderId)).status).toBe(OrderStatus.arrival)
    expect(await pointsOf(t.db, ben.userId)).toBe(start)
    expect(await ledgerOf(t, declinedId)).toEqual([
      { reason: 'hold', delta: -300 },
      { reason: 'return', delta: 300 },
    ])

    const first = await finalPay(t, ben.token, { orderId, score: 200 })
    const second = await finalPay(t, ben.token, { route: 'paypal', orderId, score: 100 })
    const firstId = first.body.data?.paymentId ?? ''
    const secondId = second.body.data?.paymentId ?? ''
    expect((await balancePaymentsOf(t, orderId)).map((p) => [p.id, p.status, p.failure])).toEqual([
      [declinedId, PaymentStatus.cancel, 'card_declined'],
      [firstId, PaymentStatus.cancel, 'superseded'],
      [secondId, PaymentStatus.waitPay, null],
    ])
    expect(await ledgerOf(t, firstId)).toEqual([
      { reason: 'hold', delta: -200 },
      { reason: 'return', delta: 200 },
    ])
    expect(await pointsOf(t.db, ben.userId)).toBe(start - 100)
    expect((await pressSandbox(t, firstId, 'paid')).status).toBe(409)

    await pressSandbox(t, secondId, 'paid')
    const { order, pointsEarned } = await effectsOf(t.db, secondId)
    expect(order).toMatchObject({ status: OrderStatus.finalPay, paidAmount: 10_000 })
    // earned on the ¥6,900 paid, not on the points
    expect(pointsEarned).toBe(69)
    expect(await pointsOf(t.db, ben.userId)).toBe(start - 100 + 69)
  })

  it('a cancel at the gateway gives the held points back once', async () => {
    const { orderId } = await arrived(ben, 1)
    await changePoints(t.db, { userId: ben.userId, delta: 500, reason: 'earn' })
    const start = await pointsOf(t.db, ben.userId)
    const { body } = await finalPay(t, ben.token, { route: 'sbps', type: 3, orderId, score: 500 })
    const paymentId = body.data?.paymentId ?? ''
    await pressSandbox(t, paymentId, 'cancelled', '?twice=1')
    expect((await effectsOf(t.db, paymentId)).payment.status).toBe(PaymentStatus.cancel)
    expect(await ledgerOf(t, paymentId)).toEqual([
      { reason: 'hold', delta: -500 },
      { reason: 'return', delta: 500 },
    ])
    expect(await pointsOf(t.db, ben.userId)).toBe(start)
  })

  it('uses the points asked for, capped by what is due and by what the shopper has', async () => {
    const cy = await newShopper('cy@final.test')
    const few = await arrived(cy, 2)
    // the deposit earned some points: top them up to 120
    await changePoints(t.db, {
      userId: cy.userId,
      delta: 120 - (await pointsOf(t.db, cy.userId)),
      reason: 'earn',
    })
    const partly = await finalPay(t, cy.token, { orderId: few.orderId, score: 500 })
    expect((await balancePaymentsOf(t, few.orderId))[0]).toMatchObject({ amount: 6880, pointsUsed: 120 })
    expect(await pointsOf(t.db, cy.userId)).toBe(0)
    expect(await ledgerOf(t, partly.body.data?.paymentId ?? '')).toEqual([{ reason: 'hold', delta: -120 }])

    const many = await arrived(cy, 33)
    await changePoints(t.db, {
      userId: cy.userId,
      delta: 50_000 - (await pointsOf(t.db, cy.userId)),
      reason: 'earn',
    })
    const covered = await finalPay(t, cy.token, { orderId: many.orderId, score: 99_999_999 })
    const paymentId = covered.body.data?.paymentId ?? ''
    // 7,000 owed and 3 days' late fee (¥150): points pay it all, so it settles at once
    expect(covered.body.data?.redirectUrl).toBe(`/final-success?paymentId=${paymentId}`)
    const { payment, order, earnRows } = await effectsOf(t.db, paymentId)
    expect(payment).toMatchObject({
      gateway: 'points',
      amount: 0,
      pointsUsed: 7150,
      lateFee: 150,
      status: PaymentStatus.pay,
    })
    expect(order).toMatchObject({ status: OrderStatus.finalPay, paidAmount: 10_000 })
    expect(earnRows).toBe(0)
    expect(await pointsOf(t.db, cy.userId)).toBe(50_000 - 7150)
    expect(await lateFeeRecordOf(t, many.orderId)).toMatchObject({ status: ExtraFeeStatus.paid, amount: 150 })
  })

  it('refuses after forfeiture, and for orders not awaiting their balance, changing nothing', async () => {
    const forfeited = await arrived(ada, 50)
    await t.db.update(orders).set({ status: OrderStatus.cancel2 }).where(eq(orders.id, forfeited.orderId))
    // Past the forfeiture date (46 days after arrival) but not swept yet.
    const unswept = await arrived(ada, 46)
    const ordered = await arrived(ada, 1)
    await t.db.update(orders).set({ status: OrderStatus.order }).where(eq(orders.id, ordered.orderId))
    const others = await arrived(ben, 1)
    await changePoints(t.db, { userId: ada.userId, delta: 100, reason: 'earn' })
    const points = await pointsOf(t.db, ada.userId)

    const refused = await finalPay(t, ada.token, { orderId: forfeited.orderId, score: 100 })
    expect([refused.status, refused.body.msg]).toEqual([409, FORFEITED_MESSAGE])

    const late = await finalPay(t, ada.token, { route: 'paypal', orderId: unswept.orderId, score: 100 })
    expect([late.status, late.body.msg]).toEqual([409, FORFEITED_MESSAGE])
    expect((await orderRow(t, unswept.orderId)).status).toBe(OrderStatus.arrival)

    const notYet = await finalPay(t, ada.token, { orderId: ordered.orderId })
    expect([notYet.status, notYet.body.msg]).toEqual([409, 'This order is not awaiting its balance'])

    expect((await finalPay(t, ada.token, { orderId: others.orderId })).status).toBe(404)
    expect((await finalPay(t, ada.token, { orderId: 999_999 })).status).toBe(404)
    const notOffered = await finalPay(t, ada.token, { route: 'sbps', type: 4, orderId: others.orderId })
    expect(notOffered.status).toBe(400)
    expect(notOffered.body.msg).toMatch(/^type: /)
    const badPoints = await t.sendJson<Envelope<null>>(
      'POST',
      `/api/mall/order/finallyPay/1/${others.orderId}?score=-1`,
      undefined,
      { token: ben.token },
    )
    expect(badPoints.status).toBe(400)
    expect(badPoints.body.msg).toMatch(/^score: /)
    const visitor = await t.sendJson('POST', `/api/mall/paypal/finallyPay/${others.orderId}`)
    expect(visitor.status).toBe(401)

    for (const orderId of [forfeited.orderId, unswept.orderId, ordered.orderId, others.orderId]) {
      expect(await balancePaymentsOf(t, orderId)).toEqual([])
    }
    expect(await pointsOf(t.db, ada.userId)).toBe(points)

    // The last day of the grace window is still payable: 15 days' fee, where it stops growing.
    const lastDay = await arrived(ada, 45)
    expect((await finalPay(t, ada.token, { orderId: lastDay.orderId })).status).toBe(200)
    expect((await balancePaymentsOf(t, lastDay.orderId))[0]).toMatchObject({ amount: 7750, lateFee: 750 })
  })

  it('answers "Payment is currently unavailable" while payments are closed', async () => {
    const { orderId } = await arrived(ada, 1)
    await t.db.transaction((tx) => writePayLatch(tx, { open: false, message: 'Maintenance' }, t.clock.now))
    try {
      const closed = await finalPay(t, ada.token, { orderId })
      expect([closed.status, closed.body.msg]).toEqual([409, 'Payment is currently unavailable'])
      expect(await balancePaymentsOf(t, orderId)).toEqual([])
    } finally {
      await t.db.transaction((tx) => writePayLatch(tx, { open: true }, t.clock.now))
    }
  })

  it('answers the same payment to a repeated key; the key with other points is refused', async () => {
    await changePoints(t.db, { userId: ada.userId, delta: 10, reason: 'earn' })
    const { orderId } = await arrived(ada, 1)
    const key = 'final-attempt-1'
    const first = await finalPay(t, ada.token, { orderId, score: 10, key })
    const again = await finalPay(t, ada.token, { orderId, score: 10, key })
    expect(again.body.data).toEqual(first.body.data)
    const otherPoints = await finalPay(t, ada.token, { orderId, score: 0, key })
    expect(otherPoints.status).toBe(409)
    expect((await balancePaymentsOf(t, orderId)).map((p) => p.id)).toEqual([first.body.data?.paymentId])
    expect(await ledgerOf(t, first.body.data?.paymentId ?? '')).toEqual([{ reason: 'hold', delta: -10 }])
  })

  it('a refund gives the late fee back with the balance; an open attempt ends and an unpaid fee is voided', async () => {
    const deps = {
      db: t.db,
      now: () => t.clock.now,
      payments: { sandbox: true, selfUrl: () => '', providers: {} },
      publicUrl: 'http://shop.test',
    }
    const paid = await arrived(ada, 36)
    const { body } = await finalPay(t, ada.token, { orderId: paid.orderId })
    const paymentId = body.data?.paymentId ?? ''
    await pressSandbox(t, paymentId, 'paid')
    expect((await lateFeeRecordOf(t, paid.orderId))?.status).toBe(ExtraFeeStatus.paid)
    const refund = await refundOrder(t.db, deps, { orderId: paid.orderId, reason: null, actorId: null })
    // deposit ¥3,000 + balance ¥7,000 + 6 days' late fee ¥300
    expect(refund.after).toEqual({ status: OrderStatus.refund, refundAmount: 10_300 })
    expect(await lateFeeRecordOf(t, paid.orderId)).toMatchObject({ status: ExtraFeeStatus.refund, paymentId })

    const open = await arrived(ada, 32)
    await changePoints(t.db, { userId: ada.userId, delta: 40, reason: 'earn' })
    const points = await pointsOf(t.db, ada.userId)
    const arrivedAt = addDays(todayOf(t), -32)
    await insertLateFee(t, { id: open.orderId, userId: ada.userId, goods: 10_000, arrivedAt }, todayOf(t))
    const attempt = await finalPay(t, ada.token, { orderId: open.orderId, score: 40 })
    const attemptId = attempt.body.data?.paymentId ?? ''
    await refundOrder(t.db, deps, { orderId: open.orderId, reason: 'damaged', actorId: null })
    expect((await effectsOf(t.db, attemptId)).payment).toMatchObject({
      status: PaymentStatus.cancel,
      failure: 'cancelled',
    })
    expect(await pointsOf(t.db, ada.userId)).toBe(points)
    expect((await lateFeeRecordOf(t, open.orderId))?.status).toBe(ExtraFeeStatus.void)
  })

  it('finalCount: the caller’s operable orders in 5, and those past the balance due date, as the clock moves', async () => {
    const dee = await newShopper('dee@final.test')
    const count = async () =>
      (await t.getJson<Envelope<FinalCountDto>>('/api/mall/order/finalCount', { token: dee.token })).body.data
    expect(await count()).toEqual({ count: 0, overCount: 0 })

    await arrived(dee, 0)
    await arrived(dee, 30)
    await arrived(dee, 31)
    // neither a split parent nor an order paid in full counts
    const parent = await arrived(dee, 40)
    await t.db.update(orders).set({ status: OrderStatus.split }).where(eq(orders.id, parent.orderId))
    const paidUp = await arrived(dee, 40)
    await t.db.update(orders).set({ status: OrderStatus.finalPay }).where(eq(orders.id, paidUp.orderId))
    // nor someone else's
    await arrived(ben, 40)

    expect(await count()).toEqual({ count: 3, overCount: 1 })
    await advanceDays(1)
    expect(await count()).toEqual({ count: 3, overCount: 2 })
    await advanceDays(30)
    expect(await count()).toEqual({ count: 3, overCount: 3 })
    expect((await t.getJson('/api/mall/order/finalCount')).status).toBe(401)
  })
})

const SECRET_KEY = 'sk_test_emulator'
const WEBHOOK_SECRET = 'whsec_test'

describe.each(engines)('the balance through the Stripe emulator on %s', (engine) => {
  let t: TestApp
  let stripe: StripeEmulator
  let shopper: Shopper

  beforeAll(async () => {
    t = await createTestApp(engine, { listen: true })
    stripe = await startStripeEmulator({
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      webhookUrl: `${t.baseUrl}/api/pay/webhook/stripe`,
      now: () => t.clock.now,
    })
    t.providers.stripe = { secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiBase: stripe.baseUrl }
    const email = 'stripe@final.test'
    const account = await signedInAccount(t, email, { scoreRate: '0.05' })
    shopper = { email, ...account, ...(await insertAddress(t.db, account.userId)) }
  })
  afterAll(async () => {
    await stripe?.settled()
    await stripe?.close()
    await t?.close()
  })

  it('the balance with its late fee settles 5 → 6 on the signed webhook', async () => {
    const arrivedAt = addDays(shopDate(t.clock.now) ?? '', -33)
    // the deposit through the sandbox (PayPal has no credentials here); the balance by card at Stripe
    const { orderId } = await arriveOrderForTest(t, shopper, {
      arrivedAt,
      goods: 20_000,
      deposit: 6_000,
      depositRoute: 'paypal',
    })
    const { status, body } = await finalPay(t, shopper.token, { route: 'card', type: 1, orderId })
    expect(status).toBe(200)
    const paymentId = body.data?.paymentId ?? ''
    const { payment } = await effectsOf(t.db, paymentId)
    // ¥14,000 owed + 3 days × 0.5 % of ¥20,000
    expect(payment).toMatchObject({ gateway: 'stripe', amount: 14_300, lateFee: 300 })
    const sessionId = payment.providerRef ?? ''
    expect(body.data?.redirectUrl).toBe(`${stripe.baseUrl}/pay/${sessionId}`)
    expect(stripe.session(sessionId)).toMatchObject({ status: 'open', amount_total: 14_300, currency: 'jpy' })

    const paid = await fetch(`${stripe.baseUrl}/pay/${sessionId}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      redirect: 'manual',
    })
    expect(paid.status).toBe(303)
    const back = await fetch(paid.headers.get('location') ?? '', { redirect: 'manual' })
    expect(back.headers.get('location')).toBe(`/final-success?paymentId=${paymentId}`)

    const settled = await effectsOf(t.db, paymentId)
    expect(settled.payment).toMatchObject({ status: PaymentStatus.pay, providerRef: sessionId })
    expect(settled.order).toMatchObject({ status: OrderStatus.finalPay, paidAmount: 20_000 })
    expect([settled.earnRows, settled.pointsEarned]).toEqual([1, 715])
    expect(await lateFeeRecordOf(t, orderId)).toMatchObject({
      status: ExtraFeeStatus.paid,
      amount: 300,
      paymentId,
    })
  })
})

import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orders, payments } from '../../server/db/schema.ts'
import { loadEnv } from '../../server/env.ts'
import { refundOrder } from '../../server/services/payments/refund.ts'
import { OrderStatus } from '../../src/domain/order-status.ts'
import { PaymentStatus } from '../../src/domain/payment-status.ts'
import type { PayStatusDto } from '../../src/domain/payments.ts'
import type { Envelope } from '../../src/domain/result-code.ts'
import { signedInAccount } from './support/catalog-fixture.ts'
import {
  effectsOf,
  insertAddress,
  insertWaitPayOrder,
  orderPay,
  pointsOf,
  pressSandbox,
} from './support/order-fixture.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'
import { engines } from './support/test-database.ts'

const paymentsOfOrder = (t: TestApp, orderId: number) =>
  t.db
    .select()
    .from(payments)
    .where(sql`${payments.target} @> ${JSON.stringify([orderId])}::jsonb`)
    .orderBy(payments.createdAt)

describe.each(engines)('paying for an order on %s', (engine) => {
  let t: TestApp
  let ada: { token: string; userId: number; addressId: number }
  let ben: { token: string; userId: number; addressId: number }

  beforeAll(async () => {
    t = await createTestApp(engine, { listen: true })
    const adaAccount = await signedInAccount(t, 'ada@pay.test')
    const benAccount = await signedInAccount(t, 'ben@pay.test')
    ada = { ...adaAccount, ...(await insertAddress(t.db, adaAccount.userId)) }
    ben = { ...benAccount, ...(await insertAddress(t.db, benAccount.userId)) }
  })
  afterAll(() => t.close())

  it.each([
    ['card', 1],
    ['card', 2],
    ['sbps', 3],
    ['paypal', 0],
  ] as const)(
    'the %s route (type %s) records the deposit and sends the shopper to the gateway',
    async (route, type) => {
      const { orderId } = await insertWaitPayOrder(t.db, { userId: ada.userId, deposit: 2500 })
      const { status, body } = await orderPay(t, ada.token, {
        route,
        type,
        orderId,
        addressId: ada.addressId,
      })
      expect(status).toBe(200)
      const paymentId = body.data?.paymentId ?? ''
      expect(paymentId).toMatch(/^pay_[0-9A-Za-z]{24}$/)
      expect(body.data?.redirectUrl).toBe(`/sandbox-pay/${paymentId}`)
      const [payment] = await paymentsOfOrder(t, orderId)
      expect(payment).toMatchObject({
        id: paymentId,
        purpose: 'deposit',
        route,
        method: type,
        gateway: 'sandbox',
        amount: 2500,
        pointsUsed: 0,
        status: PaymentStatus.waitPay,
      })
      const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId))
      expect(order?.status).toBe(OrderStatus.waitPay)
      expect(order?.address).toMatchObject({
        id: ada.addressId,
        firstName: '太郎',
        country: '中国香港',
        isBill: 0,
      })
    },
  )

  it('refuses a payment without one of the caller’s addresses, creating nothing', async () => {
    const { orderId } = await insertWaitPayOrder(t.db, { userId: ada.userId })
    for (const addressId of [undefined, ben.addressId, 999_999]) {
      const { status, body } = await orderPay(t, ada.token, { orderId, addressId })
      expect(status).toBe(400)
      expect(body.msg).toBe('addressId: please select a delivery address')
    }
    expect(await paymentsOfOrder(t, orderId)).toEqual([])
  })

  it('refuses a type the route does not offer, naming it', async () => {
    const { orderId } = await insertWaitPayOrder(t.db, { userId: ada.userId })
    for (const [route, type] of [
      ['card', 3],
      ['sbps', 4],
      ['card', 'x'],
    ] as const) {
      const { status, body } = await orderPay(t, ada.token, {
        route,
        type,
        orderId,
        addressId: ada.addressId,
      })
      expect(status).toBe(400)
      expect(body.msg).toMatch(/^type: /)
    }
    expect(await paymentsOfOrder(t, orderId)).toEqual([])
  })

  it('answers 404 for another shopper’s order and 409 for an order not awaiting payment', async () => {
    const { orderId } = await insertWaitPayOrder(t.db, { userId: ada.userId })
    const others = await orderPay(t, ben.token, { orderId, addressId: ben.addressId })
    expect(others.status).toBe(404)
    expect((await orderPay(t, ben.token, { orderId: 999_999, addressId: ben.addressId })).status).toBe(404)
    await t.db.update(orders).set({ status: OrderStatus.cancel1 }).where(eq(orders.id, orderId))
    const closed = await orderPay(t, ada.token, { orderId, addressId: ada.addressId })
    expect(closed.status).toBe(409)
    expect(await paymentsOfOrder(t, orderId)).toEqual([])
  })

  it('needs a customer’s token', async () => {
    const { orderId } = await insertWaitPayOrder(t.db, { userId: ada.userId })
    const response = await t.sendJson(
      'POST',
      `/api/mall/order/orderPay/1/${orderId}?addressId=${ada.addressId}`,
    )
    expect(response.status).toBe(401)
  })

  it('answers the same payment to a repeated key and refuses the key on another request', async () => {
    const { orderId } = await insertWaitPayOrder(t.db, { userId: ada.userId })
    const key = 'pay-attempt-1'
    const first = await orderPay(t, ada.token, { orderId, addressId: ada.addressId, key })
    const again = await orderPay(t, ada.token, { orderId, addressId: ada.addressId, key })
    expect(again.body.data).toEqual(first.body.data)
    const secondAddress = await insertAddress(t.db, ada.userId)
    const other = await orderPay(t, ada.token, { orderId, addressId: secondAddress.addressId, key })
    expect(other.status).toBe(409)
    const otherRoute = await orderPay(t, ada.token, { route: 'sbps', orderId, addressId: ada.addressId, key })
    expect(otherRoute.status).toBe(409)
    expect((await paymentsOfOrder(t, orderId)).map((p) => p.id)).toEqual([first.body.data?.paymentId])
  })

  it('cancels the earlier open attempt when the shopper starts another', async () => {
    const { orderId } = await insertWaitPayOrder(t.db, { userId: ada.userId })
    const first = await orderPay(t, ada.token, { orderId, addressId: ada.addressId })
    const second = await orderPay(t, ada.token, { route: 'paypal', orderId, addressId: ada.addressId })
    const rows = await paymentsOfOrder(t, orderId)
    expect(rows.map((p) => [p.id, p.status])).toEqual([
      [first.body.data?.paymentId, PaymentStatus.cancel],
      [second.body.data?.paymentId, PaymentStatus.waitPay],
    ])
    // The superseded attempt can no longer be paid on the sandbox page.
    expect((await pressSandbox(t, first.body.data?.paymentId ?? '', 'paid')).status).toBe(409)
  })

  it('uses the held points first and settles at once when they cover the deposit', async () => {
    const partly = await insertWaitPayOrder(t.db, { userId: ada.userId, deposit: 3000, pointsHeld: 500 })
    const part = await orderPay(t, ada.token, { orderId: partly.orderId, addressId: ada.addressId })
    expect((await paymentsOfOrder(t, partly.orderId))[0]).toMatchObject({ amount: 2500, pointsUsed: 500 })
    expect(part.body.data?.redirectUrl).toMatch(/^\/sandbox-pay\//)

    const fully = await insertWaitPayOrder(t.db, { userId: ada.userId, deposit: 800, pointsHeld: 800 })
    const full = await orderPay(t, ada.token, { orderId: fully.orderId, addressId: ada.addressId })
    const paymentId = full.body.data?.paymentId ?? ''
    expect(full.body.data?.redirectUrl).toBe(`/order-success?paymentId=${paymentId}`)
    const { payment, order, earnRows } = await effectsOf(t.db, paymentId)
    expect(payment).toMatchObject({
      gateway: 'points',
      amount: 0,
      pointsUsed: 800,
      status: PaymentStatus.pay,
    })
    expect(order).toMatchObject({ status: OrderStatus.waitOrder, paidAmount: 800 })
    // Points are earned on yen paid, not on points spent.
    expect(earnRows).toBe(0)
  })

  it('tells the caller how their payment stands, and no one else', async () => {
    const { orderId } = await insertWaitPayOrder(t.db, { userId: ada.userId, deposit: 1200 })
    const paid = await orderPay(t, ada.token, { orderId, addressId: ada.addressId })
    const paymentId = paid.body.data?.paymentId ?? ''
    const mine = await t.getJson<Envelope<PayStatusDto>>(`/api/mall/pay/status/${paymentId}`, {
      token: ada.token,
    })
    expect(mine.body.data).toEqual({
      paymentId,
      status: PaymentStatus.waitPay,
      purpose: 'deposit',
      amount: 1200,
      pointsUsed: 0,
      target: [orderId],
      failure: null,
      transfer: null,
    })
    const theirs = await t.getJson(`/api/mall/pay/status/${paymentId}`, { token: ben.token })
    expect(theirs.status).toBe(404)
    const malformed = await t.getJson<Envelope<null>>('/api/mall/pay/status/1', { token: ada.token })
    expect(malformed.status).toBe(400)
    expect(malformed.body.msg).toMatch(/^paymentId: /)
  })

  it('refunds a paid order: money and points back, order 12', async () => {
    const { orderId } = await insertWaitPayOrder(t.db, { userId: ada.userId, deposit: 3000, pointsHeld: 200 })
    const pay = await orderPay(t, ada.token, { orderId, addressId: ada.addressId })
    const paymentId = pay.body.data?.paymentId ?? ''
    expect((await pressSandbox(t, paymentId, 'paid')).status).toBe(303)
    const pointsBefore = await pointsOf(t.db, ada.userId)

    const refund = await refundOrder(
      t.db,
      {
        db: t.db,
        now: () => t.clock.now,
        payments: { sandbox: true, selfUrl: () => '', providers: {} },
        publicUrl: 'http://shop.test',
      },
      {
        orderId,
        reason: 'supplier cancelled',
        actorId: null,
      },
    )
    expect(refund).toMatchObject({
      orderId,
      before: { status: OrderStatus.waitOrder, refundAmount: 0 },
      after: { status: OrderStatus.refund, refundAmount: 2800 },
      payments: [{ paymentId, gateway: 'sandbox', amount: 2800, pointsReturned: 200 }],
    })
    expect(refund.payments[0]?.refundRef).toMatch(/^sbx_re_/)
    const { payment, order } = await effectsOf(t.db, paymentId)
    expect(payment.status).toBe(PaymentStatus.refund)
    expect(order).toMatchObject({ status: OrderStatus.refund, refundAmount: 2800 })
    expect(await pointsOf(t.db, ada.userId)).toBe(pointsBefore + 200)

    // Refunded is final: a second refund is refused and changes nothing.
    const deps = {
      db: t.db,
      now: () => t.clock.now,
      payments: { sandbox: true, selfUrl: () => '', providers: {} },
      publicUrl: 'http://shop.test',
    }
    await expect(refundOrder(t.db, deps, { orderId, reason: null, actorId: null })).rejects.toThrow(
      /cannot be refunded/,
    )
    expect(await pointsOf(t.db, ada.userId)).toBe(pointsBefore + 200)
  })

  it('does not refund an order that was never paid', async () => {
    const { orderId } = await insertWaitPayOrder(t.db, { userId: ada.userId })
    const deps = {
      db: t.db,
      now: () => t.clock.now,
      payments: { sandbox: true, selfUrl: () => '', providers: {} },
      publicUrl: 'http://shop.test',
    }
    await expect(refundOrder(t.db, deps, { orderId, reason: null, actorId: null })).rejects.toThrow(
      /cannot be refunded/,
    )
    await expect(refundOrder(t.db, deps, { orderId: 999_999, reason: null, actorId: null })).rejects.toThrow(
      /not found/,
    )
  })
})

describe.each(engines)('with the sandbox switched off on %s', (engine) => {
  let t: TestApp

  beforeAll(async () => {
    t = await createTestApp(engine, { paymentsSandbox: false })
  })
  afterAll(() => t.close())

  it('answers "Payment is currently unavailable" and creates nothing; the sandbox is gone', async () => {
    const account = await signedInAccount(t, 'cy@pay.test')
    const { addressId } = await insertAddress(t.db, account.userId)
    const { orderId } = await insertWaitPayOrder(t.db, { userId: account.userId })
    const { status, body } = await orderPay(t, account.token, { orderId, addressId })
    expect(status).toBe(409)
    expect(body.msg).toBe('Payment is currently unavailable')
    expect(await paymentsOfOrder(t, orderId)).toEqual([])
    const page = await t.getJson(`/api/pay/sandbox/pay_${'a'.repeat(24)}`)
    expect(page.status).toBe(404)
    const hook = await t.sendJson('POST', '/api/pay/webhook/sandbox', {})
    expect(hook.status).toBe(404)
  })
})

describe('PAYMENTS_SANDBOX', () => {
  it('is on by default, off with 0, and a bad value stops the server naming it', () => {
    expect(loadEnv({}).paymentsSandbox).toBe(true)
    expect(loadEnv({ PAYMENTS_SANDBOX: '1' }).paymentsSandbox).toBe(true)
    expect(loadEnv({ PAYMENTS_SANDBOX: '0' }).paymentsSandbox).toBe(false)
    expect(() => loadEnv({ PAYMENTS_SANDBOX: 'off' })).toThrow(
      'Invalid configuration: PAYMENTS_SANDBOX must be 0 or 1 (got "off")',
    )
  })
})

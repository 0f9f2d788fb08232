import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { webhookEvents } from '../../server/db/schema.ts'
import { sandboxDeliveriesSettled } from '../../server/services/payments/sandbox.ts'
import { OrderStatus } from '../../src/domain/order-status.ts'
import { PaymentStatus } from '../../src/domain/payment-status.ts'
import type { SandboxPaymentDto } from '../../src/domain/payments.ts'
import type { Envelope } from '../../src/domain/result-code.ts'
import { signedInAccount } from './support/catalog-fixture.ts'
import {
  effectsOf,
  insertAddress,
  insertWaitPayOrder,
  orderPay,
  pressSandbox,
} from './support/order-fixture.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'
import { engines } from './support/test-database.ts'

describe.each(engines)('the sandbox gateway on %s', (engine) => {
  let t: TestApp
  let shopper: { token: string; userId: number; addressId: number }

  /** A fresh order in 2 with its sandbox payment started; ¥deposit, shopper's rate 0.05. */
  async function startPayment(deposit = 4000): Promise<{ orderId: number; paymentId: string }> {
    const { orderId } = await insertWaitPayOrder(t.db, { userId: shopper.userId, deposit })
    const { body } = await orderPay(t, shopper.token, { orderId, addressId: shopper.addressId })
    if (!body.data) throw new Error(body.msg)
    return { orderId, paymentId: body.data.paymentId }
  }

  beforeAll(async () => {
    t = await createTestApp(engine, { listen: true })
    const account = await signedInAccount(t, 'sandbox@pay.test', { scoreRate: '0.05' })
    shopper = { ...account, ...(await insertAddress(t.db, account.userId)) }
  })
  afterAll(async () => {
    await sandboxDeliveriesSettled()
    await t.close()
  })

  it('shows its hosted page without a token, and nothing for an unknown payment', async () => {
    const { paymentId } = await startPayment(4000)
    const page = await t.getJson<Envelope<SandboxPaymentDto>>(`/api/pay/sandbox/${paymentId}`)
    expect(page.body.data).toEqual({
      paymentId,
      amount: 4000,
      currency: 'JPY',
      purpose: 'deposit',
      status: PaymentStatus.waitPay,
      route: 'card',
      method: 1,
    })
    expect((await t.getJson(`/api/pay/sandbox/pay_${'Z'.repeat(24)}`)).status).toBe(404)
  })

  it('paid: a signed webhook over HTTP settles it before the shopper is sent to the success page', async () => {
    const { paymentId } = await startPayment(4000)
    const pressed = await pressSandbox(t, paymentId, 'paid')
    expect(pressed.status).toBe(303)
    expect(pressed.location).toBe(`/order-success?paymentId=${paymentId}`)
    const { payment, order, earnRows, pointsEarned } = await effectsOf(t.db, paymentId)
    expect(payment.status).toBe(PaymentStatus.pay)
    expect(payment.providerRef).toMatch(/^sbx_/)
    expect(order).toMatchObject({ status: OrderStatus.waitOrder, paidAmount: 4000 })
    // floor(4000 × 0.05), once.
    expect([earnRows, pointsEarned]).toEqual([1, 200])
    // The page cannot be pressed again.
    expect((await pressSandbox(t, paymentId, 'paid')).status).toBe(409)
    // A browser pressing it again (a second tab) is sent back to the page, which shows it paid.
    const again = await fetch(`${t.baseUrl}/api/pay/sandbox/${paymentId}/paid`, {
      method: 'POST',
      headers: {
        accept: 'text/html,application/xhtml+xml',
        'content-type': 'application/x-www-form-urlencoded',
      },
      redirect: 'manual',
    })
    expect([again.status, again.headers.get('location')]).toEqual([303, `/sandbox-pay/${paymentId}`])
    expect((await effectsOf(t.db, paymentId)).earnRows).toBe(1)
  })

  it.each([
    ['declined', '/order-error', 'card_declined'],
    ['insufficient', '/order-error', 'insufficient_funds'],
    ['cancelled', '/order-cancel', 'cancelled'],
  ])(
    '%s: the payment ends, the order stays payable and a new attempt works',
    async (outcome, page, failure) => {
      const { orderId, paymentId } = await startPayment(1500)
      const pressed = await pressSandbox(t, paymentId, outcome)
      expect(pressed.status).toBe(303)
      expect(pressed.location).toBe(`${page}?paymentId=${paymentId}`)
      const { payment, order, earnRows } = await effectsOf(t.db, paymentId)
      expect(payment).toMatchObject({ status: PaymentStatus.cancel, failure })
      expect(order).toMatchObject({ status: OrderStatus.waitPay, paidAmount: 0 })
      expect(earnRows).toBe(0)

      const retry = await orderPay(t, shopper.token, { orderId, addressId: shopper.addressId })
      expect(retry.status).toBe(200)
      const retried = retry.body.data?.paymentId ?? ''
      expect((await pressSandbox(t, retried, 'paid')).location).toBe(`/order-success?paymentId=${retried}`)
      expect((await effectsOf(t.db, retried)).order.status).toBe(OrderStatus.waitOrder)
    },
  )

  it('confirm asks for the extra step first, changing nothing', async () => {
    const { paymentId } = await startPayment()
    const pressed = await pressSandbox(t, paymentId, 'confirm')
    expect(pressed.status).toBe(303)
    expect(pressed.location).toBe(`/sandbox-pay/${paymentId}?step=confirm`)
    expect((await effectsOf(t.db, paymentId)).payment.status).toBe(PaymentStatus.waitPay)
    expect((await pressSandbox(t, paymentId, 'paid')).status).toBe(303)
    expect((await effectsOf(t.db, paymentId)).payment.status).toBe(PaymentStatus.pay)
  })

  it('delayed: the shopper returns at once and the webhook settles it later', async () => {
    const { paymentId } = await startPayment()
    const pressed = await pressSandbox(t, paymentId, 'delayed')
    expect(pressed.location).toBe(`/order-success?paymentId=${paymentId}`)
    expect((await effectsOf(t.db, paymentId)).payment.status).toBe(PaymentStatus.waitPay)
    await sandboxDeliveriesSettled()
    expect((await effectsOf(t.db, paymentId)).payment.status).toBe(PaymentStatus.pay)
  })

  it('twice and out of order: every delivery recorded, one effect', async () => {
    const { paymentId } = await startPayment(3000)
    const pressed = await pressSandbox(t, paymentId, 'paid', '?twice=1&outOfOrder=1')
    expect(pressed.status).toBe(303)
    const { payment, order, earnRows, pointsEarned } = await effectsOf(t.db, paymentId)
    expect(payment.status).toBe(PaymentStatus.pay)
    expect(order).toMatchObject({ status: OrderStatus.waitOrder, paidAmount: 3000 })
    expect([earnRows, pointsEarned]).toEqual([1, 150])
    const events = await t.db.select().from(webhookEvents).where(eq(webhookEvents.paymentId, paymentId))
    // The final event once (its twin was a duplicate), then the stale pending and the stale failure.
    expect(events.map((e) => e.kind).sort()).toEqual(['failed', 'pending', 'succeeded'])
  })

  it('refuses an unknown outcome and a bad delay', async () => {
    const { paymentId } = await startPayment()
    expect((await pressSandbox(t, paymentId, 'stolen')).status).toBe(400)
    expect((await pressSandbox(t, paymentId, 'paid', '?delayMs=60001')).status).toBe(400)
    expect((await effectsOf(t.db, paymentId)).payment.status).toBe(PaymentStatus.waitPay)
  })
})

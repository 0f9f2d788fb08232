import { createHmac } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { payments, webhookEvents } from '../../server/db/schema.ts'
import { expireUnpaidOrders } from '../../server/services/orders/order-expiry.ts'
import { orderPaymentsOf } from '../../server/services/payments/order-payments.ts'
import { stripeGateway } from '../../server/services/payments/stripe.ts'
import { OrderStatus } from '../../src/domain/order-status.ts'
import {
  BANK_TRANSFER_HOLD_DAYS,
  type OrderDetailDto,
  PAYMENT_WINDOW_MINUTES,
} from '../../src/domain/orders.ts'
import { PaymentStatus } from '../../src/domain/payment-status.ts'
import type { BankTransferDto, PayStatusDto } from '../../src/domain/payments.ts'
import type { Envelope } from '../../src/domain/result-code.ts'
import { type StripeEmulator, startStripeEmulator } from '../support/stripe-emulator.ts'
import { signedInAccount } from './support/catalog-fixture.ts'
import { effectsOf, insertAddress, insertWaitPayOrder, orderPay } from './support/order-fixture.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'
import { engines } from './support/test-database.ts'

const SECRET_KEY = 'sk_test_emulator'
const MINUTE = 60_000
const WEBHOOK_SECRET = 'whsec_test'

describe.each(engines)('the Stripe gateway against its emulator on %s', (engine) => {
  let t: TestApp
  let stripe: StripeEmulator
  let shopper: { token: string; userId: number; addressId: number }
  let operator: { token: string }

  /** A fresh order in 2 paid through Stripe: its Checkout Session is open. */
  async function startPayment(deposit = 5000, type = 1) {
    const { orderId } = await insertWaitPayOrder(t.db, { userId: shopper.userId, deposit })
    const { body } = await orderPay(t, shopper.token, { orderId, type, addressId: shopper.addressId })
    if (!body.data) throw new Error(body.msg)
    const { paymentId, redirectUrl } = body.data
    const sessionId = (await effectsOf(t.db, paymentId)).payment.providerRef ?? ''
    return { orderId, paymentId, redirectUrl, sessionId }
  }

  /** A browser: presses a button of the hosted page, or follows a redirect, without following on. */
  async function browse(url: string, method: 'GET' | 'POST' = 'GET') {
    const response = await fetch(url, {
      method,
      headers: method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {},
      redirect: 'manual',
    })
    return {
      status: response.status,
      location: response.headers.get('location') ?? '',
      text: await response.text(),
    }
  }
  const press = (sessionId: string, action: string) =>
    browse(`${stripe.baseUrl}/pay/${sessionId}/${action}`, 'POST')

  const inboxOf = (paymentId: string) =>
    t.db.select().from(webhookEvents).where(eq(webhookEvents.paymentId, paymentId))
  const requestsTo = (path: string) => stripe.requests.filter((r) => r.path === path)

  /** A delivery signed by hand (not by the emulator) at `at`, straight to the shop's endpoint. */
  async function signedDelivery(event: object, at: Date) {
    const body = JSON.stringify(event)
    const t0 = Math.floor(at.getTime() / 1000)
    const v1 = createHmac('sha256', WEBHOOK_SECRET).update(`${t0}.${body}`).digest('hex')
    const response = await fetch(`${t.baseUrl}/api/pay/webhook/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': `t=${t0},v1=${v1}` },
      body,
    })
    return response.status
  }

  beforeAll(async () => {
    t = await createTestApp(engine, { listen: true })
    stripe = await startStripeEmulator({
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      webhookUrl: `${t.baseUrl}/api/pay/webhook/stripe`,
      now: () => t.clock.now,
    })
    t.providers.stripe = { secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiBase: stripe.baseUrl }
    const account = await signedInAccount(t, 'stripe@pay.test', { scoreRate: '0.05' })
    shopper = { ...account, ...(await insertAddress(t.db, account.userId)) }
    operator = await signedInAccount(t, 'stripe-ops@pay.test', { kind: 'operator' })
  })
  beforeEach(() => {
    Object.assign(stripe.delivery, {
      delayMs: 0,
      twice: false,
      outOfOrder: false,
      badSignature: false,
      staleSignature: false,
    })
  })
  afterAll(async () => {
    await stripe?.settled()
    await stripe?.close()
    await t?.close()
  })

  it('asks Stripe for whole yen in JPY, with the return URLs, the payment id as idempotency key and the secret key', async () => {
    const { paymentId, redirectUrl, sessionId, orderId } = await startPayment(5000)
    const [created, ...others] = requestsTo('/v1/checkout/sessions').filter(
      (r) => r.headers['idempotency-key'] === paymentId,
    )
    expect(others).toEqual([])
    expect(created?.method).toBe('POST')
    expect(created?.headers.authorization).toBe(`Bearer ${SECRET_KEY}`)
    expect(created?.body).toEqual({
      mode: 'payment',
      line_items: [
        {
          quantity: '1',
          // ¥5,000 is 5000: JPY has no minor unit (never 500000)
          price_data: {
            currency: 'jpy',
            unit_amount: '5000',
            product_data: { name: `Yoyaku ご注文 ${orderId}` },
          },
        },
      ],
      success_url: `${t.baseUrl}/api/pay/return/${paymentId}/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${t.baseUrl}/api/pay/return/${paymentId}/cancel`,
      // payable for 35 minutes (Stripe's shortest is 30), not Stripe's 24 h: the order's window is 30
      expires_at: expect.stringMatching(/^\d+$/),
      client_reference_id: paymentId,
      metadata: { paymentId },
      payment_intent_data: { metadata: { paymentId } },
      allowed_payment_method_types: ['card'],
    })
    const lifetime =
      Number((created?.body as { expires_at?: string } | undefined)?.expires_at) -
      Math.floor(t.clock.now.getTime() / 1000)
    expect(lifetime).toBeGreaterThan(35 * 60 - 5)
    expect(lifetime).toBeLessThanOrEqual(35 * 60)
    // The shopper is sent to the session's page, which shows the amount and the order.
    expect(redirectUrl).toBe(`${stripe.baseUrl}/pay/${sessionId}`)
    expect(stripe.session(sessionId)).toMatchObject({ status: 'open', amount_total: 5000, currency: 'jpy' })
    const page = await browse(redirectUrl)
    expect(page.text).toContain('¥5,000')
    expect(page.text).toContain(`Yoyaku ご注文 ${orderId}`)
  })

  it('refuses less than ¥50 with a 400 before anything reaches Stripe', async () => {
    const before = stripe.requests.length
    const { orderId } = await insertWaitPayOrder(t.db, { userId: shopper.userId, deposit: 49 })
    const refused = await orderPay(t, shopper.token, { orderId, addressId: shopper.addressId })
    expect(refused.status).toBe(400)
    expect(refused.body.msg).toContain('Stripe takes at least ¥50')
    expect(stripe.requests.length).toBe(before)
    // The attempt rolled back with the refusal: no payment, the order still awaits one.
    expect(await t.db.select().from(payments).where(orderPaymentsOf(orderId))).toEqual([])
  })

  it('pay: the signed webhook settles it once, and the shopper lands on the success page', async () => {
    const { orderId, paymentId, sessionId } = await startPayment(5000)
    const paid = await press(sessionId, 'pay')
    expect(paid.status).toBe(303)
    expect(paid.location).toBe(`${t.baseUrl}/api/pay/return/${paymentId}/success?session_id=${sessionId}`)
    const back = await browse(paid.location)
    expect([back.status, back.location]).toEqual([303, `/order-success?paymentId=${paymentId}`])

    const { payment, order, earnRows, pointsEarned } = await effectsOf(t.db, paymentId)
    expect(payment).toMatchObject({ status: PaymentStatus.pay, providerRef: sessionId })
    expect(order).toMatchObject({ id: orderId, status: OrderStatus.waitOrder, paidAmount: 5000 })
    expect([earnRows, pointsEarned]).toEqual([1, 250])
    const answered = stripe.deliveries.filter((d) => stripe.events.some((e) => e.id === d.eventId))
    expect(answered.every((d) => d.status === 200)).toBe(true)
  })

  it('decline: Checkout keeps the session open; nothing changes until the shopper pays or leaves', async () => {
    const { paymentId, sessionId } = await startPayment(3000)
    const declined = await press(sessionId, 'decline')
    expect([declined.status, declined.location]).toEqual([303, `/pay/${sessionId}?declined=1`])
    expect((await browse(`${stripe.baseUrl}${declined.location}`)).text).toContain('Your card was declined.')
    // payment_intent.payment_failed names the payment: recorded, no effect
    expect((await inboxOf(paymentId)).map((e) => e.kind)).toEqual(['pending'])
    expect((await effectsOf(t.db, paymentId)).payment.status).toBe(PaymentStatus.waitPay)

    expect((await press(sessionId, 'pay')).status).toBe(303)
    expect((await effectsOf(t.db, paymentId)).payment.status).toBe(PaymentStatus.pay)
  })

  it('cancel: the shop expires the session, ends the payment and the order stays payable', async () => {
    const { orderId, paymentId, sessionId } = await startPayment(3000)
    const cancelled = await press(sessionId, 'cancel')
    expect(cancelled.location).toBe(`${t.baseUrl}/api/pay/return/${paymentId}/cancel`)
    const back = await browse(cancelled.location)
    expect([back.status, back.location]).toEqual([303, `/order-cancel?paymentId=${paymentId}`])
    expect(stripe.session(sessionId)?.status).toBe('expired')
    await stripe.settled()
    const { payment, order, earnRows } = await effectsOf(t.db, paymentId)
    // Whichever ends it first, the return or Stripe's checkout.session.expired: "cancelled, no charge".
    expect(payment.status).toBe(PaymentStatus.cancel)
    expect(['cancelled', 'expired']).toContain(payment.failure)
    expect([order.status, earnRows]).toEqual([OrderStatus.waitPay, 0])
    // The old page cannot take money any more; a new attempt works.
    expect((await press(sessionId, 'pay')).status).toBe(409)
    const retry = await orderPay(t, shopper.token, { orderId, addressId: shopper.addressId })
    expect(retry.status).toBe(200)
  })

  it('expired: Stripe’s checkout.session.expired ends the payment', async () => {
    const { paymentId, sessionId } = await startPayment(2000)
    await stripe.expireSession(sessionId)
    const { payment, order } = await effectsOf(t.db, paymentId)
    expect(payment).toMatchObject({ status: PaymentStatus.cancel, failure: 'expired' })
    expect(order.status).toBe(OrderStatus.waitPay)
  })

  it('a new attempt expires the session of the one it replaces', async () => {
    const first = await startPayment(2500)
    const second = await orderPay(t, shopper.token, { orderId: first.orderId, addressId: shopper.addressId })
    expect(second.status).toBe(200)
    expect(stripe.session(first.sessionId)?.status).toBe('expired')
    expect((await press(first.sessionId, 'pay')).status).toBe(409)
    await stripe.settled()
    expect((await effectsOf(t.db, first.paymentId)).payment).toMatchObject({
      status: PaymentStatus.cancel,
      failure: 'superseded',
    })
  })

  it('every event twice and out of order: one effect', async () => {
    const { paymentId, sessionId } = await startPayment(4000)
    Object.assign(stripe.delivery, { twice: true, outOfOrder: true })
    expect((await press(sessionId, 'pay')).status).toBe(303)
    const { payment, order, earnRows, pointsEarned } = await effectsOf(t.db, paymentId)
    expect(payment.status).toBe(PaymentStatus.pay)
    expect(order).toMatchObject({ status: OrderStatus.waitOrder, paidAmount: 4000 })
    expect([earnRows, pointsEarned]).toEqual([1, 200])
    // checkout.session.completed first, then the older payment_intent.succeeded: each recorded once
    expect((await inboxOf(paymentId)).map((e) => e.kind).sort()).toEqual(['pending', 'succeeded'])
  })

  it('bank transfer: the session completes unpaid, the shop waits, the late transfer settles it', async () => {
    const { paymentId, sessionId } = await startPayment(6000, 2)
    const created = requestsTo('/v1/checkout/sessions').find(
      (r) => r.headers['idempotency-key'] === paymentId,
    )
    expect(created?.body).toMatchObject({
      allowed_payment_method_types: ['customer_balance'],
      payment_method_options: {
        customer_balance: { funding_type: 'bank_transfer', bank_transfer: { type: 'jp_bank_transfer' } },
      },
      customer_creation: 'always',
    })
    const later = await press(sessionId, 'transfer-later')
    expect(later.location).toBe(`${t.baseUrl}/api/pay/return/${paymentId}/success?session_id=${sessionId}`)
    expect((await browse(later.location)).location).toBe(`/order-success?paymentId=${paymentId}`)
    expect((await effectsOf(t.db, paymentId)).payment.status).toBe(PaymentStatus.waitPay)
    expect((await inboxOf(paymentId)).map((e) => e.kind)).toEqual(['pending'])

    // The money arrives days later: Stripe's event comes in the background.
    stripe.delivery.delayMs = 20
    await stripe.settleTransfer(sessionId, 'arrived')
    await stripe.settled()
    const { payment, order, earnRows } = await effectsOf(t.db, paymentId)
    expect(payment.status).toBe(PaymentStatus.pay)
    expect(order).toMatchObject({ status: OrderStatus.waitOrder, paidAmount: 6000 })
    expect(earnRows).toBe(1)
  })

  it('bank transfer: the pay status and the order show the instructions of the session’s PaymentIntent until the money settles it', async () => {
    const { orderId, paymentId, sessionId } = await startPayment(7000, 2)
    const payStatus = async () => {
      const { body } = await t.getJson<Envelope<PayStatusDto>>(`/api/mall/pay/status/${paymentId}`, {
        token: shopper.token,
      })
      return body.data
    }
    const orderPayments = async () => {
      const { body } = await t.getJson<Envelope<OrderDetailDto>>(`/api/mall/order/${orderId}`, {
        token: shopper.token,
      })
      return body.data?.payments ?? []
    }
    expect((await payStatus())?.transfer).toBeNull()

    await press(sessionId, 'transfer-later')
    const intentId = stripe.session(sessionId)?.payment_intent ?? ''
    // Stripe's shape: the PaymentIntent waits with the instructions as its next action
    const intent = stripe.paymentIntent(intentId)
    if (!intent) throw new Error(`no PaymentIntent ${intentId}`)
    expect(intent).toMatchObject({
      status: 'requires_action',
      next_action: {
        type: 'display_bank_transfer_instructions',
        display_bank_transfer_instructions: {
          type: 'jp_bank_transfer',
          amount_remaining: 7000,
          currency: 'jpy',
        },
      },
    })
    const { display_bank_transfer_instructions: instructions } = intent.next_action as {
      display_bank_transfer_instructions: {
        reference: string
        financial_addresses: { type: string; zengin: Record<string, string> }[]
      }
    }
    const [address] = instructions.financial_addresses
    expect(address?.type).toBe('zengin')
    // read once, on checkout.session.completed
    expect(requestsTo(`/v1/payment_intents/${intentId}`)).toHaveLength(1)

    const expected: BankTransferDto = {
      amount: 7000,
      currency: 'JPY',
      reference: instructions.reference,
      bankName: address?.zengin.bank_name ?? '',
      bankCode: address?.zengin.bank_code ?? '',
      branchName: address?.zengin.branch_name ?? '',
      branchCode: address?.zengin.branch_code ?? '',
      accountType: 'futsu',
      accountNumber: expect.stringMatching(/^\d{7}$/),
      accountHolderName: address?.zengin.account_holder_name ?? '',
    }
    const before = stripe.requests.length
    expect(await payStatus()).toMatchObject({ status: PaymentStatus.waitPay, transfer: expected })
    expect((await orderPayments()).at(-1)).toMatchObject({ id: paymentId, transfer: expected })
    // the polls and the order only read the shop's row, never Stripe
    expect(stripe.requests.length).toBe(before)

    await stripe.settleTransfer(sessionId, 'arrived')
    expect(await payStatus()).toMatchObject({ status: PaymentStatus.pay, transfer: null })
    expect((await orderPayments()).at(-1)).toMatchObject({ id: paymentId, transfer: null })
  })

  it('the emulator answers a session’s PaymentIntent expanded, as Stripe does', async () => {
    const { sessionId } = await startPayment(6000, 2)
    await press(sessionId, 'transfer-later')
    const response = await fetch(
      `${stripe.baseUrl}/v1/checkout/sessions/${sessionId}?expand[]=payment_intent`,
      { headers: { authorization: `Bearer ${SECRET_KEY}` } },
    )
    const session = (await response.json()) as {
      payment_intent: { object: string; next_action: { type: string } }
    }
    expect(session.payment_intent).toMatchObject({
      object: 'payment_intent',
      next_action: { type: 'display_bank_transfer_instructions' },
    })
  })

  it('bank transfer out of order: the completed (unpaid) arriving after the money changes nothing', async () => {
    const { paymentId, sessionId } = await startPayment(6000, 2)
    stripe.delivery.outOfOrder = true
    await press(sessionId, 'transfer-later')
    expect(await inboxOf(paymentId)).toEqual([])
    await stripe.settleTransfer(sessionId, 'arrived')
    expect((await effectsOf(t.db, paymentId)).payment.status).toBe(PaymentStatus.pay)
    expect((await inboxOf(paymentId)).map((e) => e.kind).sort()).toEqual(['pending', 'pending', 'succeeded'])
  })

  it('bank transfer that never arrives: async_payment_failed ends the payment', async () => {
    const { paymentId, sessionId } = await startPayment(6000, 2)
    await press(sessionId, 'transfer-later')
    await stripe.settleTransfer(sessionId, 'failed')
    const { payment, order } = await effectsOf(t.db, paymentId)
    expect(payment).toMatchObject({ status: PaymentStatus.cancel, failure: 'async_payment_failed' })
    expect(order.status).toBe(OrderStatus.waitPay)
  })

  it.each([
    ['forged', 'badSignature'],
    ['stale', 'staleSignature'],
  ] as const)('a %s signature is refused with 400 and changes nothing', async (_, knob) => {
    const { paymentId, sessionId } = await startPayment(3500)
    stripe.delivery[knob] = true
    const before = stripe.deliveries.length
    expect((await press(sessionId, 'pay')).status).toBe(303)
    const refused = stripe.deliveries.slice(before)
    expect(refused.map((d) => d.status)).toEqual(refused.map(() => 400))
    expect(refused.length).toBeGreaterThan(0)
    const { payment, order, earnRows } = await effectsOf(t.db, paymentId)
    expect([payment.status, order.status, earnRows]).toEqual([PaymentStatus.waitPay, OrderStatus.waitPay, 0])
    expect(await inboxOf(paymentId)).toEqual([])
  })

  it('bank transfer: the order waits for the transfer past its 30-minute window, and the sweep cancels it only when the hold ends', async () => {
    const { orderId, paymentId, sessionId } = await startPayment(6000, 2)
    const payDueTime = async () => {
      const { body } = await t.getJson<Envelope<OrderDetailDto>>(`/api/mall/order/${orderId}`, {
        token: shopper.token,
      })
      return Date.parse(body.data?.payDueTime ?? '')
    }
    const placed = t.clock.now.getTime()
    expect(await payDueTime()).toBeLessThanOrEqual(placed + PAYMENT_WINDOW_MINUTES * MINUTE)

    const pressed = t.clock.now.getTime()
    await press(sessionId, 'transfer-later')
    const answered = t.clock.now.getTime()
    const HOLD = BANK_TRANSFER_HOLD_DAYS * 24 * 60 * MINUTE
    // the order page shows the new time to pay by: the hold, from when the instructions came
    const holdEnds = await payDueTime()
    expect(holdEnds).toBeGreaterThanOrEqual(pressed + HOLD)
    expect(holdEnds).toBeLessThanOrEqual(answered + HOLD)
    // the 30-minute sweep leaves it
    const windowSweep = await expireUnpaidOrders(
      t.db,
      new Date(answered + (PAYMENT_WINDOW_MINUTES + 1) * MINUTE),
    )
    expect(windowSweep.expired).not.toContain(orderId)
    expect((await effectsOf(t.db, paymentId)).order.status).toBe(OrderStatus.waitPay)

    // no money by the end of the hold: cancelled like any unpaid order, its payment ended
    const swept = await expireUnpaidOrders(t.db, new Date(holdEnds + MINUTE))
    expect(swept.expired).toContain(orderId)
    const { payment, order } = await effectsOf(t.db, paymentId)
    expect([order.status, payment.status]).toEqual([OrderStatus.cancel1, PaymentStatus.cancel])
  })

  it('the operator’s refund reaches Stripe with the whole yen and the payment’s idempotency key, once', async () => {
    const { orderId, paymentId, sessionId } = await startPayment(5000)
    await press(sessionId, 'pay')
    const refunded = await t.sendJson<Envelope<{ after: { status: number; refundAmount: number } }>>(
      'POST',
      `/api/ops/orders/${orderId}/refund`,
      { reason: 'The maker cancelled the release' },
      { token: operator.token },
    )
    expect(refunded.status).toBe(200)
    expect(refunded.body.data.after).toEqual({ status: OrderStatus.refund, refundAmount: 5000 })
    const paymentIntent = stripe.session(sessionId)?.payment_intent
    const [request, ...more] = requestsTo('/v1/refunds').filter(
      (r) => r.headers['idempotency-key'] === `refund-${paymentId}`,
    )
    expect(more).toEqual([])
    expect(request?.headers.authorization).toBe(`Bearer ${SECRET_KEY}`)
    expect(request?.body).toEqual({ payment_intent: paymentIntent, amount: '5000', metadata: { paymentId } })
    expect((await effectsOf(t.db, paymentId)).payment.status).toBe(PaymentStatus.refund)

    // A retry (the shop's commit failed after Stripe refunded) gets the same refund back, not a second one.
    const gateway = stripeGateway(
      { now: () => t.clock.now },
      { secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiBase: stripe.baseUrl },
    )
    const again = await gateway.refund({
      paymentId,
      method: 1,
      providerRef: sessionId,
      amount: 5000,
      reason: 'retry',
    })
    expect(again.refundRef).toBe(stripe.refunds.find((r) => r.payment_intent === paymentIntent)?.id)
    expect(stripe.refunds.filter((r) => r.payment_intent === paymentIntent)).toHaveLength(1)
    expect(stripe.paymentIntent(paymentIntent ?? '')?.amount_refunded).toBe(5000)
  })

  it('answers "unavailable" and keeps no payment when Stripe refuses the key or cannot be reached', async () => {
    const settings = t.providers.stripe
    try {
      for (const broken of [
        { secretKey: 'sk_test_wrong', webhookSecret: WEBHOOK_SECRET, apiBase: stripe.baseUrl },
        { secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiBase: 'http://127.0.0.1:9' },
      ]) {
        t.providers.stripe = broken
        const { orderId } = await insertWaitPayOrder(t.db, { userId: shopper.userId, deposit: 3000 })
        const answer = await orderPay(t, shopper.token, { orderId, addressId: shopper.addressId })
        expect([answer.status, answer.body.msg]).toEqual([409, 'Payment is currently unavailable'])
        expect(await t.db.select().from(payments).where(orderPaymentsOf(orderId))).toEqual([])
      }
    } finally {
      t.providers.stripe = settings
    }
  })

  it('an event of another type is recorded when it names a payment and ignored (200, kept nowhere) when not', async () => {
    const { paymentId } = await startPayment(3000)
    const object = { id: 'ch_test', object: 'charge', amount: 3000, currency: 'jpy' }
    const ours = {
      id: 'evt_test_charge_ours',
      type: 'charge.updated',
      data: { object: { ...object, metadata: { paymentId } } },
    }
    const stray = {
      id: 'evt_test_customer',
      type: 'customer.created',
      data: { object: { id: 'cus_x', metadata: {} } },
    }
    expect(await signedDelivery(ours, t.clock.now)).toBe(200)
    expect(await signedDelivery(stray, t.clock.now)).toBe(200)
    expect((await inboxOf(paymentId)).map((e) => e.kind)).toEqual(['pending'])
    expect((await effectsOf(t.db, paymentId)).payment.status).toBe(PaymentStatus.waitPay)
  })

  // Last: it moves the shop's clock.
  it('measures the signature’s age by the shop’s clock', async () => {
    const { paymentId, sessionId } = await startPayment(3000)
    await press(sessionId, 'pay')
    // the same delivery again as a new event, signed by the real clock while the shop's runs 6 minutes ahead
    const completed = stripe.events.find(
      (e) => e.type === 'checkout.session.completed' && e.data.object.id === sessionId,
    )
    const replay = { ...completed, id: 'evt_test_clock' }
    t.clock.advance(6 * 60_000)
    expect(await signedDelivery(replay, new Date())).toBe(400)
    expect(await signedDelivery(replay, t.clock.now)).toBe(200)
    expect((await inboxOf(paymentId)).filter((e) => e.eventId === 'evt_test_clock')).toHaveLength(1)
  })
})

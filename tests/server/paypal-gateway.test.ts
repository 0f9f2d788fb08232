import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { webhookEvents } from '../../server/db/schema.ts'
import { expireUnpaidOrders } from '../../server/services/orders/order-expiry.ts'
import { OrderStatus } from '../../src/domain/order-status.ts'
import { PaymentStatus } from '../../src/domain/payment-status.ts'
import type { Envelope } from '../../src/domain/result-code.ts'
import { noKnobs, type PaypalEmulator, startPaypalEmulator } from '../support/paypal-emulator.ts'
import { signedInAccount } from './support/catalog-fixture.ts'
import { effectsOf, insertAddress, insertWaitPayOrder, orderPay } from './support/order-fixture.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'
import { engines } from './support/test-database.ts'

const CREDENTIALS = { clientId: 'client-test', clientSecret: 'secret-test', webhookId: 'WH-TEST' }
const TOKEN_TTL_SECONDS = 600

describe.each(engines)('the PayPal gateway against its emulator on %s', (engine) => {
  let t: TestApp
  let paypal: PaypalEmulator
  let shopper: { token: string; userId: number; addressId: number }
  let operator: { token: string }

  /** A fresh order in 2 and its PayPal payment started; the shopper's rate is 0.05. */
  async function startPayment(deposit = 3000) {
    const { orderId } = await insertWaitPayOrder(t.db, { userId: shopper.userId, deposit, at: t.clock.now })
    const { body } = await orderPay(t, shopper.token, {
      route: 'paypal',
      orderId,
      addressId: shopper.addressId,
    })
    if (!body.data) throw new Error(body.msg)
    const { payment } = await effectsOf(t.db, body.data.paymentId)
    return { orderId, ...body.data, paypalOrderId: payment.providerRef ?? '' }
  }

  /** The payer on PayPal's page: it shows the button, pressing it answers a redirect (not followed). */
  async function press(redirectUrl: string, button: 'Approve' | 'Decline' | 'Cancel') {
    const page = await (await fetch(redirectUrl)).text()
    expect(page).toContain(`>${button}</button>`)
    const token = new URL(redirectUrl).searchParams.get('token')
    const pressed = await fetch(`${paypal.baseUrl}/checkoutnow/${token}/${button.toLowerCase()}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      redirect: 'manual',
    })
    await pressed.arrayBuffer()
    return { status: pressed.status, location: pressed.headers.get('location') ?? '' }
  }

  /** The browser following a redirect to the shop (not following the shop's own redirect). */
  async function browse(url: string) {
    const response = await fetch(url, { redirect: 'manual' })
    await response.arrayBuffer()
    return { status: response.status, location: response.headers.get('location') }
  }

  const returnUrl = (paymentId: string, outcome: string) =>
    `${t.baseUrl}/api/pay/return/${paymentId}/${outcome}`
  const captureCalls = (paypalOrderId: string) =>
    paypal.requestsTo('POST', `/v2/checkout/orders/${paypalOrderId}/capture`)
  const deliveriesOf = (resourceIds: string[]) =>
    paypal.deliveries.filter((d) => resourceIds.includes(d.resourceId))
  const kindsRecorded = async (paymentId: string) =>
    (await t.db.select().from(webhookEvents).where(eq(webhookEvents.paymentId, paymentId)))
      .map((row) => row.kind)
      .sort()

  beforeAll(async () => {
    t = await createTestApp(engine, { listen: true })
    paypal = await startPaypalEmulator({
      ...CREDENTIALS,
      webhookUrl: `${t.baseUrl}/api/pay/webhook/paypal`,
      tokenTtlSeconds: TOKEN_TTL_SECONDS,
      now: () => t.clock.now,
    })
    t.providers.paypal = { ...CREDENTIALS, apiBase: paypal.baseUrl }
    const account = await signedInAccount(t, 'paypal@pay.test', { scoreRate: '0.05' })
    shopper = { ...account, ...(await insertAddress(t.db, account.userId)) }
    operator = await signedInAccount(t, 'ops-paypal@pay.test', { kind: 'operator' })
  })
  afterEach(async () => {
    await paypal.settled()
    Object.assign(paypal.delivery, noKnobs())
  })
  afterAll(async () => {
    await paypal?.close()
    await t?.close()
  })

  it('creates the order PayPal expects: bearer token, request id, whole yen, the shop’s return URLs', async () => {
    const before = paypal.requests.length
    const { orderId, paymentId, redirectUrl, paypalOrderId } = await startPayment(3000)
    const create = paypal.requests.slice(before).find((r) => r.path === '/v2/checkout/orders')
    expect(create).toMatchObject({
      method: 'POST',
      status: 201,
      headers: {
        authorization: expect.stringMatching(/^Bearer A21AA\S+$/),
        'paypal-request-id': paymentId,
        'content-type': 'application/json',
      },
    })
    expect(create?.body).toEqual({
      intent: 'CAPTURE',
      purchase_units: [
        {
          reference_id: paymentId,
          custom_id: paymentId,
          description: expect.stringContaining(String(orderId)),
          amount: { currency_code: 'JPY', value: '3000' },
        },
      ],
      payment_source: {
        paypal: {
          experience_context: {
            return_url: returnUrl(paymentId, 'success'),
            cancel_url: returnUrl(paymentId, 'cancel'),
            user_action: 'PAY_NOW',
            shipping_preference: 'NO_SHIPPING',
          },
        },
      },
    })
    // The shopper goes to the order's payer-action link; the payment keeps the order id.
    expect(paypalOrderId).toMatch(/^[0-9A-Z]{17}$/)
    expect(redirectUrl).toBe(`${paypal.baseUrl}/checkoutnow?token=${paypalOrderId}`)
    expect(paypal.order(paypalOrderId)?.status).toBe('PAYER_ACTION_REQUIRED')
  })

  it('fetches a token once for many calls, again when it expires, and once more after a 401', async () => {
    t.clock.advance(TOKEN_TTL_SECONDS * 1000) // past any token of the earlier tests
    const issued = paypal.tokensIssued
    await startPayment()
    await startPayment()
    await startPayment()
    expect(paypal.tokensIssued).toBe(issued + 1)
    expect(paypal.requestsTo('POST', '/v1/oauth2/token').at(-1)).toMatchObject({
      status: 200,
      headers: {
        authorization: `Basic ${Buffer.from('client-test:secret-test').toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: { grant_type: 'client_credentials' },
    })

    t.clock.advance(TOKEN_TTL_SECONDS * 1000)
    await startPayment()
    expect(paypal.tokensIssued).toBe(issued + 2)

    // Revoked at PayPal before its time: one 401, a new token, the same call once more.
    paypal.revokeTokens()
    const before = paypal.requests.length
    const { paymentId } = await startPayment()
    expect(paypal.tokensIssued).toBe(issued + 3)
    expect(paypal.requests.slice(before).map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
      'POST /v2/checkout/orders 401',
      'POST /v1/oauth2/token 200',
      'POST /v2/checkout/orders 201',
    ])
    expect((await effectsOf(t.db, paymentId)).payment.providerRef).toMatch(/^[0-9A-Z]{17}$/)
  })

  it('approve: captured on the APPROVED webhook, the COMPLETED webhook settles it, once', async () => {
    const { orderId, paymentId, redirectUrl, paypalOrderId } = await startPayment(4000)
    const approved = await press(redirectUrl, 'Approve')
    expect(approved.status).toBe(303)
    const payerId = paypal.order(paypalOrderId)?.payerId
    expect(approved.location).toBe(
      `${returnUrl(paymentId, 'success')}?token=${paypalOrderId}&PayerID=${payerId}`,
    )
    // The shopper has not come back yet: the webhook alone took the money.
    await paypal.settled()
    const captures = captureCalls(paypalOrderId)
    expect(captures.map((r) => [r.headers['paypal-request-id'], r.status])).toEqual([
      [`capture-${paymentId}`, 201],
    ])
    const { payment, order, earnRows, pointsEarned } = await effectsOf(t.db, paymentId)
    expect(payment).toMatchObject({ status: PaymentStatus.pay, providerRef: paypalOrderId })
    expect(order).toMatchObject({ id: orderId, status: OrderStatus.waitOrder, paidAmount: 4000 })
    expect([earnRows, pointsEarned]).toEqual([1, 200])

    // Back on the shop: already paid, nothing more is asked of PayPal.
    expect(await browse(approved.location)).toEqual({
      status: 303,
      location: `/order-success?paymentId=${paymentId}`,
    })
    expect(captureCalls(paypalOrderId)).toHaveLength(1)
    expect(paypal.capturesOf(paypalOrderId)).toMatchObject([
      { status: 'COMPLETED', amount: { value: '4000' } },
    ])
    expect(await kindsRecorded(paymentId)).toEqual(['approved', 'succeeded'])
  })

  it('approve with the APPROVED webhook lost: the return captures, the COMPLETED webhook settles it', async () => {
    paypal.delivery.drop = ['CHECKOUT.ORDER.APPROVED']
    const { paymentId, redirectUrl, paypalOrderId } = await startPayment(2000)
    const approved = await press(redirectUrl, 'Approve')
    expect(captureCalls(paypalOrderId)).toEqual([])
    expect((await effectsOf(t.db, paymentId)).payment.status).toBe(PaymentStatus.waitPay)

    expect(await browse(approved.location)).toEqual({
      status: 303,
      location: `/order-success?paymentId=${paymentId}`,
    })
    await paypal.settled()
    expect(captureCalls(paypalOrderId).map((r) => r.headers['paypal-request-id'])).toEqual([
      `capture-${paymentId}`,
    ])
    const { payment, order, earnRows } = await effectsOf(t.db, paymentId)
    expect(payment.status).toBe(PaymentStatus.pay)
    expect(order).toMatchObject({ status: OrderStatus.waitOrder, paidAmount: 2000 })
    expect(earnRows).toBe(1)
  })

  it('late webhooks: the return and the late APPROVED both capture, PayPal captures once, paid once', async () => {
    paypal.delivery.delayMs = 20
    const { paymentId, redirectUrl, paypalOrderId } = await startPayment(2500)
    const approved = await press(redirectUrl, 'Approve')
    expect((await browse(approved.location)).location).toBe(`/order-success?paymentId=${paymentId}`)
    await paypal.settled()
    // However the two race, both ask with the same request id: one capture made, any other replayed.
    const calls = captureCalls(paypalOrderId)
    expect(calls.every((r) => r.headers['paypal-request-id'] === `capture-${paymentId}`)).toBe(true)
    expect(calls.map((r) => r.status).sort()).toEqual(calls.length === 1 ? [201] : [200, 201])
    expect(paypal.capturesOf(paypalOrderId)).toHaveLength(1)
    const { payment, order, earnRows } = await effectsOf(t.db, paymentId)
    expect(payment.status).toBe(PaymentStatus.pay)
    expect(order).toMatchObject({ status: OrderStatus.waitOrder, paidAmount: 2500 })
    expect(earnRows).toBe(1)
  })

  it('twice and out of order: every delivery answered 2xx, one capture, one effect', async () => {
    Object.assign(paypal.delivery, { twice: true, outOfOrder: true })
    const { paymentId, redirectUrl, paypalOrderId } = await startPayment(3000)
    const approved = await press(redirectUrl, 'Approve')
    await browse(approved.location)
    await paypal.settled()
    const [capture] = paypal.capturesOf(paypalOrderId)
    const delivered = deliveriesOf([paypalOrderId, capture?.id ?? ''])
    expect(delivered.map((d) => [d.eventType, d.status])).toEqual(
      expect.arrayContaining([
        ['CHECKOUT.ORDER.APPROVED', 200],
        ['PAYMENT.CAPTURE.COMPLETED', 200],
        ['PAYMENT.CAPTURE.PENDING', 200],
      ]),
    )
    expect(delivered.filter((d) => d.eventType === 'PAYMENT.CAPTURE.COMPLETED')).toHaveLength(2)
    expect(paypal.capturesOf(paypalOrderId)).toHaveLength(1)
    const { payment, order, earnRows, pointsEarned } = await effectsOf(t.db, paymentId)
    expect(payment.status).toBe(PaymentStatus.pay)
    expect(order).toMatchObject({ status: OrderStatus.waitOrder, paidAmount: 3000 })
    expect([earnRows, pointsEarned]).toEqual([1, 150])
    // Each event once in the inbox (the twins were duplicates); the late PENDING changed nothing.
    expect(await kindsRecorded(paymentId)).toEqual(['approved', 'pending', 'succeeded'])
  })

  it('decline: the capture is DENIED, the payment fails, the order stays payable', async () => {
    const { orderId, paymentId, redirectUrl, paypalOrderId } = await startPayment(1500)
    const declined = await press(redirectUrl, 'Decline')
    expect(declined.location).toContain(returnUrl(paymentId, 'success'))
    await paypal.settled()
    expect(paypal.capturesOf(paypalOrderId)).toMatchObject([{ status: 'DECLINED' }])
    const { payment, order, earnRows } = await effectsOf(t.db, paymentId)
    expect(payment).toMatchObject({ status: PaymentStatus.cancel, failure: 'capture_denied' })
    expect(order).toMatchObject({ id: orderId, status: OrderStatus.waitPay, paidAmount: 0 })
    expect(earnRows).toBe(0)
    // Back on the shop: the attempt has ended, PayPal is not asked again.
    await browse(declined.location)
    expect(captureCalls(paypalOrderId)).toHaveLength(1)
    expect(await kindsRecorded(paymentId)).toEqual(['approved', 'failed'])
  })

  it('cancel: the shopper comes back, the attempt ends as cancelled, a new one can pay', async () => {
    const { orderId, paymentId, redirectUrl, paypalOrderId } = await startPayment(1800)
    const cancelled = await press(redirectUrl, 'Cancel')
    expect(cancelled).toEqual({
      status: 303,
      location: `${returnUrl(paymentId, 'cancel')}?token=${paypalOrderId}`,
    })
    expect(await browse(cancelled.location)).toEqual({
      status: 303,
      location: `/order-cancel?paymentId=${paymentId}`,
    })
    const { payment, order } = await effectsOf(t.db, paymentId)
    expect(payment).toMatchObject({ status: PaymentStatus.cancel, failure: 'cancelled' })
    expect(order).toMatchObject({ status: OrderStatus.waitPay, paidAmount: 0 })
    expect(captureCalls(paypalOrderId)).toEqual([])

    const retry = await orderPay(t, shopper.token, { route: 'paypal', orderId, addressId: shopper.addressId })
    const retried = retry.body.data
    if (!retried) throw new Error(retry.body.msg)
    await browse((await press(retried.redirectUrl, 'Approve')).location)
    expect((await effectsOf(t.db, retried.paymentId)).order.status).toBe(OrderStatus.waitOrder)
  })

  it('a cancel return after the payer approved does not end the attempt', async () => {
    paypal.delivery.drop = ['CHECKOUT.ORDER.APPROVED']
    const { paymentId, redirectUrl } = await startPayment()
    await press(redirectUrl, 'Approve')
    // The shopper pressed back to the shop's cancel page anyway: PayPal says APPROVED, so it stays open.
    expect((await browse(returnUrl(paymentId, 'cancel'))).location).toBe(
      `/order-cancel?paymentId=${paymentId}`,
    )
    expect((await effectsOf(t.db, paymentId)).payment.status).toBe(PaymentStatus.waitPay)
  })

  it('refuses forged, stale and unsigned deliveries with 400, changing nothing', async () => {
    const { paymentId, redirectUrl, paypalOrderId } = await startPayment(3000)
    // A signature PayPal would not vouch for: the APPROVED is refused, nothing is captured.
    paypal.delivery.badSignature = true
    await press(redirectUrl, 'Approve')
    expect(deliveriesOf([paypalOrderId]).map((d) => [d.eventType, d.status])).toEqual([
      ['CHECKOUT.ORDER.APPROVED', 400],
    ])
    expect(captureCalls(paypalOrderId)).toEqual([])
    expect((await effectsOf(t.db, paymentId)).payment.status).toBe(PaymentStatus.waitPay)

    // A genuine APPROVED, its capture's COMPLETED lost on the way.
    paypal.delivery.badSignature = false
    paypal.delivery.drop = ['PAYMENT.CAPTURE.COMPLETED']
    const approved = paypal.eventFor('CHECKOUT.ORDER.APPROVED', paypalOrderId)
    if (!approved) throw new Error('no APPROVED event')
    expect(await paypal.deliver(approved)).toBe(200)
    const [capture] = paypal.capturesOf(paypalOrderId)
    const completed = paypal.eventFor('PAYMENT.CAPTURE.COMPLETED', capture?.id ?? '')
    if (!completed) throw new Error('no COMPLETED event')
    expect((await effectsOf(t.db, paymentId)).payment.status).toBe(PaymentStatus.waitPay)

    // The APPROVED's genuine headers with the COMPLETED as its body: PayPal's verify says FAILURE.
    const genuine = paypal.deliveries.findLast((d) => d.eventId === approved.id && d.status === 200)
    expect(await paypal.forge(genuine?.transmissionId ?? '', JSON.stringify(completed))).toBe(400)
    // The same event, well signed but ten minutes old: refused before PayPal is even asked.
    paypal.delivery.staleSignature = true
    const verifications = paypal.requestsTo('POST', '/v1/notifications/verify-webhook-signature').length
    expect(await paypal.deliver(completed)).toBe(400)
    expect(paypal.requestsTo('POST', '/v1/notifications/verify-webhook-signature')).toHaveLength(
      verifications,
    )
    // No PAYPAL-* headers at all.
    const unsigned = await fetch(`${t.baseUrl}/api/pay/webhook/paypal`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(completed),
    })
    expect(unsigned.status).toBe(400)
    const untouched = await effectsOf(t.db, paymentId)
    expect(untouched.payment.status).toBe(PaymentStatus.waitPay)
    expect(untouched.order.status).toBe(OrderStatus.waitPay)
    expect(await kindsRecorded(paymentId)).toEqual(['approved'])

    // The same event delivered as PayPal would: it settles (the refusals were the signatures').
    paypal.delivery.staleSignature = false
    expect(await paypal.deliver(completed)).toBe(200)
    expect((await effectsOf(t.db, paymentId)).payment.status).toBe(PaymentStatus.pay)
  })

  it('answers a genuine event that names no payment of ours with 200, keeping nothing', async () => {
    const before = await t.db.select().from(webhookEvents)
    expect(await paypal.send('CUSTOMER.DISPUTE.CREATED', { dispute_id: 'PP-D-1234' })).toBe(200)
    expect(await t.db.select().from(webhookEvents)).toEqual(before)
  })

  it('refund through the operator: the capture is refunded at PayPal with the payment’s key', async () => {
    const { orderId, paymentId, redirectUrl, paypalOrderId } = await startPayment(3000)
    await browse((await press(redirectUrl, 'Approve')).location)
    await paypal.settled()
    expect((await effectsOf(t.db, paymentId)).payment.status).toBe(PaymentStatus.pay)
    const [capture] = paypal.capturesOf(paypalOrderId)

    const reason = 'The maker cancelled the release'
    const refunded = await t.sendJson<Envelope<{ payments: { paymentId: string; refundRef: string }[] }>>(
      'POST',
      `/api/ops/orders/${orderId}/refund`,
      { reason },
      { token: operator.token },
    )
    expect(refunded.status).toBe(200)
    const [call] = paypal.requestsTo('POST', `/v2/payments/captures/${capture?.id}/refund`)
    expect(call).toMatchObject({
      status: 201,
      headers: {
        'paypal-request-id': `refund-${paymentId}`,
        authorization: expect.stringMatching(/^Bearer /),
      },
      body: { amount: { currency_code: 'JPY', value: '3000' }, custom_id: paymentId, note_to_payer: reason },
    })
    expect(paypal.capturesOf(paypalOrderId)).toMatchObject([{ status: 'REFUNDED', refunded: 3000 }])
    expect(refunded.body.data.payments).toEqual([
      expect.objectContaining({ paymentId, refundRef: expect.stringMatching(/^[0-9A-Z]{17}$/) }),
    ])
    const { payment, order } = await effectsOf(t.db, paymentId)
    expect(payment.status).toBe(PaymentStatus.refund)
    expect(order).toMatchObject({ status: OrderStatus.refund, refundAmount: 3000 })

    // PayPal's PAYMENT.CAPTURE.REFUNDED names the payment: answered 200, recorded, nothing changes.
    await paypal.settled()
    expect(paypal.deliveries.findLast((d) => d.eventType === 'PAYMENT.CAPTURE.REFUNDED')?.status).toBe(200)
    expect((await effectsOf(t.db, paymentId)).payment.status).toBe(PaymentStatus.refund)
  })

  it('never takes money for an order whose payment window lapsed, even when the payer approves after', async () => {
    const { orderId, paymentId, redirectUrl, paypalOrderId } = await startPayment(3000)
    // The every-minute sweep, 31 minutes on: the order is cancelled and its open payment ended.
    await expireUnpaidOrders(t.db, new Date(t.clock.now.getTime() + 31 * 60_000))
    const approved = await press(redirectUrl, 'Approve')
    expect((await browse(approved.location)).location).toBe(`/order-success?paymentId=${paymentId}`)
    await paypal.settled()
    expect(captureCalls(paypalOrderId)).toEqual([])
    expect(await kindsRecorded(paymentId)).toEqual(['approved'])
    const { payment, order } = await effectsOf(t.db, paymentId)
    expect([payment.status, order.status, order.paidAmount]).toEqual([
      PaymentStatus.cancel,
      OrderStatus.cancel1,
      0,
    ])
    expect(order.id).toBe(orderId)
  })

  it('a refund PayPal does not answer is a 409 that changes nothing; the retry refunds once', async () => {
    const { orderId, paymentId, redirectUrl, paypalOrderId } = await startPayment(3000)
    await browse((await press(redirectUrl, 'Approve')).location)
    await paypal.settled()
    const settings = t.providers.paypal
    if (!settings) throw new Error('PayPal is configured in beforeAll')
    const refund = () =>
      t.sendJson<Envelope<unknown>>(
        'POST',
        `/api/ops/orders/${orderId}/refund`,
        {},
        { token: operator.token },
      )
    try {
      // fetch never calls port 9 (a blocked port): the call fails without an answer, like a lost network
      t.providers.paypal = { ...settings, apiBase: 'http://127.0.0.1:9' }
      const refused = await refund()
      expect([refused.status, refused.body.msg]).toEqual([
        409,
        `paypal could not refund payment ${paymentId}: nothing was changed, please try again`,
      ])
      const { payment, order } = await effectsOf(t.db, paymentId)
      expect([payment.status, order.status, order.refundAmount]).toEqual([
        PaymentStatus.pay,
        OrderStatus.waitOrder,
        0,
      ])
    } finally {
      t.providers.paypal = settings
    }
    expect((await refund()).status).toBe(200)
    expect(paypal.capturesOf(paypalOrderId)).toMatchObject([{ status: 'REFUNDED', refunded: 3000 }])
    await paypal.settled()
  })

  it('the emulator refuses a decimal JPY amount as PayPal does, and replays a request id', async () => {
    const tokenAnswer = await fetch(`${paypal.baseUrl}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from('client-test:secret-test').toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    })
    const { access_token } = (await tokenAnswer.json()) as { access_token: string }
    const create = (value: string, requestId: string) =>
      fetch(`${paypal.baseUrl}/v2/checkout/orders`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${access_token}`,
          'content-type': 'application/json',
          'paypal-request-id': requestId,
        },
        body: JSON.stringify({
          intent: 'CAPTURE',
          purchase_units: [{ amount: { currency_code: 'JPY', value } }],
          payment_source: {
            paypal: {
              experience_context: { return_url: 'http://a.test/ok', cancel_url: 'http://a.test/no' },
            },
          },
        }),
      })
    const decimal = await create('1500.00', 'decimal-1')
    expect(decimal.status).toBe(422)
    expect(await decimal.json()).toMatchObject({ details: [{ issue: 'DECIMAL_PRECISION' }] })
    const first = (await (await create('1500', 'same-1')).json()) as { id: string }
    const again = (await (await create('1500', 'same-1')).json()) as { id: string }
    expect(again.id).toBe(first.id)
  })
})

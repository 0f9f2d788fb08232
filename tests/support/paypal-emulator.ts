import { randomBytes, randomUUID } from 'node:crypto'
import { Hono } from 'hono'
import * as v from 'valibot'
import { backgroundWork, listenOn } from './emulator-host.ts'
import {
  AUTH_ALGO,
  captureJson,
  checkoutPage,
  createOrderSchema,
  type Delivery,
  type EmulatedCapture,
  type EmulatedOrder,
  paypalError as error,
  noKnobs,
  orderJson,
  type PaypalEvent,
  paypalId,
  type RecordedRequest,
  recordedBody,
  refundSchema,
  verifySchema,
  webhookSigner,
  withQuery,
  yenOf,
} from './paypal-emulator-wire.ts'

/*
 * A stateful, in-memory emulator of the PayPal REST subset the shop uses (Orders v2 + webhooks),
 * written from PayPal's public documentation and independent of the adapter.
 *
 * Covers: OAuth2 client credentials (Basic auth checked, short configurable expires_in, tokens counted,
 * expired or revoked tokens answer 401); POST /v2/checkout/orders (intent CAPTURE, one purchase unit,
 * JPY whose value must be an integer string: a decimal is 422 DECIMAL_PRECISION; PayPal-Request-Id
 * replays the first answer); GET the order; the payer's page GET /checkoutnow?token= with Approve,
 * Decline (approved, but its capture is DECLINED) and Cancel; capture (COMPLETED or DECLINED, once per
 * order: ORDER_ALREADY_CAPTURED after, ORDER_NOT_APPROVED before; PayPal-Request-Id replay); refund of a
 * capture (whole or partial, REFUND_AMOUNT_EXCEEDED, replay); webhooks CHECKOUT.ORDER.APPROVED,
 * PAYMENT.CAPTURE.COMPLETED | DENIED | PENDING | REFUNDED with the five PAYPAL-* headers, and
 * POST /v1/notifications/verify-webhook-signature, which checks them against what it sent.
 *
 * Leaves out: PayPal signs with RSA (SHA256withRSA, a certificate at PAYPAL-CERT-URL, signature over
 * `transmissionId|time|webhookId|crc32(body)`); the emulator keeps that message shape but signs it
 * with HMAC-SHA256 under a key of its own, so only its verify endpoint can check it (as with PayPal's
 * verify API). Also left out: authorize intent, several purchase units, other currencies, payer
 * details and shipping, order expiry (3 h unapproved), PATCH, pending captures that later complete,
 * disputes, Prefer: return=representation (answers are always full), 6 h limit of request-id replay,
 * PayPal's retries of failed deliveries, rate limits.
 */

export interface PaypalEmulatorOptions {
  clientId: string
  clientSecret: string
  webhookId: string
  /** Where events are POSTed: the shop's `/api/pay/webhook/paypal`. */
  webhookUrl: string
  /** expires_in of issued tokens (default 3600 s). */
  tokenTtlSeconds?: number
  /** The emulator's clock (default real time): give it the shop's so tokens and transmissions agree. */
  now?: () => Date
  port?: number
}

export async function startPaypalEmulator(options: PaypalEmulatorOptions) {
  const now = options.now ?? (() => new Date())
  const signer = webhookSigner()
  const tokens = new Map<string, number>()
  const orders = new Map<string, EmulatedOrder>()
  const replays = new Map<string, { status: 200 | 201; body: object }>()
  /** Every event made, delivered or not, by id. */
  const made = new Map<string, PaypalEvent>()
  const transmissions = new Map<string, { headers: Headers; evt: PaypalEvent }>()
  const background = backgroundWork()
  const requests: RecordedRequest[] = []
  const deliveries: Delivery[] = []
  const delivery = noKnobs()
  let tokensIssued = 0
  let baseUrl = ''
  const certUrl = () => `${baseUrl}/v1/notifications/certs/CERT-360caa42-fca2a594-emulator`

  const event = (event_type: string, resource_type: string, resource: object): PaypalEvent => {
    const created: PaypalEvent = {
      id: `WH-${paypalId()}-${paypalId()}`,
      event_version: '1.0',
      create_time: now().toISOString(),
      resource_type,
      resource_version: '2.0',
      event_type,
      summary: event_type,
      resource,
    }
    made.set(created.id, created)
    return created
  }

  /** One signed transmission of an event (a new transmission id each time, as PayPal's retries). */
  async function transmit(evt: PaypalEvent, body = JSON.stringify(evt), headers?: Headers): Promise<number> {
    const transmissionId = randomUUID()
    const time = new Date(now().getTime() - (delivery.staleSignature ? 600_000 : 0)).toISOString()
    // A bad signature: signed for another webhook, so PayPal's check fails.
    const webhookId = delivery.badSignature ? 'WH-SOMEONE-ELSE' : options.webhookId
    const signature = signer.sign({ transmissionId, time, webhookId, body })
    const sending =
      headers ??
      new Headers({
        'content-type': 'application/json',
        'paypal-auth-algo': AUTH_ALGO,
        'paypal-cert-url': certUrl(),
        'paypal-transmission-id': transmissionId,
        'paypal-transmission-sig': signature,
        'paypal-transmission-time': time,
      })
    const id = sending.get('paypal-transmission-id') ?? ''
    // Known before it is sent: the shop asks the verify endpoint while this request is open.
    if (!transmissions.has(id)) transmissions.set(id, { headers: sending, evt })
    const status = await fetch(options.webhookUrl, { method: 'POST', headers: sending, body })
      .then(async (response) => {
        await response.arrayBuffer()
        return response.status
      })
      .catch(() => 0)
    const resourceId = (evt.resource as { id?: string }).id ?? ''
    deliveries.push({ eventId: evt.id, eventType: evt.event_type, resourceId, transmissionId: id, status })
    return status
  }

  /** Delivers an event by the knobs; awaited unless delayed. `stale`: sent after it when outOfOrder. */
  function emit(evt: PaypalEvent, stale: PaypalEvent[] = []): Promise<unknown> {
    if (delivery.drop.includes(evt.event_type)) return Promise.resolve()
    const { delayMs, twice, outOfOrder } = delivery
    const run = async () => {
      await Promise.all((twice ? [evt, evt] : [evt]).map((one) => transmit(one)))
      if (outOfOrder) for (const older of stale) await transmit(older)
    }
    if (delayMs <= 0) return background.track(run())
    background.later(delayMs, run)
    return Promise.resolve()
  }

  const app = new Hono()
  app.use('*', async (c, next) => {
    const text = await c.req.raw.clone().text()
    const body = recordedBody(text, c.req.header('content-type') ?? '')
    const record: RecordedRequest = {
      method: c.req.method,
      path: c.req.path,
      query: c.req.query(),
      headers: Object.fromEntries(c.req.raw.headers),
      body,
    }
    requests.push(record)
    await next()
    record.status = c.res.status
  })

  app.post('/v1/oauth2/token', async (c) => {
    const expected = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')
    if (c.req.header('authorization') !== `Basic ${expected}`) {
      return c.json({ error: 'invalid_client', error_description: 'Client Authentication failed' }, 401)
    }
    const form = new URLSearchParams(await c.req.text())
    if (form.get('grant_type') !== 'client_credentials') {
      return c.json({ error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' }, 400)
    }
    const ttl = options.tokenTtlSeconds ?? 3600
    const token = `A21AA${randomBytes(24).toString('base64url')}`
    tokens.set(token, now().getTime() + ttl * 1000)
    tokensIssued += 1
    return c.json({
      scope: 'https://uri.paypal.com/services/payments/payment',
      access_token: token,
      token_type: 'Bearer',
      app_id: 'APP-80W284485P519543T',
      expires_in: ttl,
      nonce: `${now().toISOString()}${paypalId(8)}`,
    })
  })

  // Every REST call needs a live token; its POSTs a JSON body.
  for (const path of ['/v1/notifications/*', '/v2/*']) {
    app.use(path, async (c, next) => {
      const token = /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '')?.[1] ?? ''
      const expiresAt = tokens.get(token)
      if (expiresAt === undefined || expiresAt <= now().getTime()) {
        return c.json(
          { error: 'invalid_token', error_description: 'Token signature verification failed' },
          401,
        )
      }
      if (c.req.method === 'POST' && !(c.req.header('content-type') ?? '').includes('application/json')) {
        return error(c, 415, 'UNSUPPORTED_MEDIA_TYPE', 'UNSUPPORTED_MEDIA_TYPE')
      }
      // PayPal-Request-Id: the same id on the same call answers the first (successful) answer again.
      const requestId = c.req.header('paypal-request-id')
      const replay = requestId ? replays.get(`${c.req.path}\n${requestId}`) : undefined
      if (replay) return c.json(replay.body, 200)
      await next()
      if (requestId && (c.res.status === 200 || c.res.status === 201)) {
        replays.set(`${c.req.path}\n${requestId}`, { status: c.res.status, body: await c.res.clone().json() })
      }
    })
  }

  app.post('/v2/checkout/orders', async (c) => {
    const parsed = v.safeParse(createOrderSchema, await c.req.json().catch(() => null))
    if (!parsed.success) return error(c, 400, 'INVALID_REQUEST', 'INVALID_PARAMETER_SYNTAX')
    const [unit] = parsed.output.purchase_units
    if (!unit) return error(c, 400, 'INVALID_REQUEST', 'MISSING_REQUIRED_PARAMETER')
    const yen = yenOf(unit.amount.value)
    if (typeof yen === 'string') return error(c, 422, 'UNPROCESSABLE_ENTITY', yen)
    if (yen === 0) return error(c, 422, 'UNPROCESSABLE_ENTITY', 'CANNOT_BE_ZERO_OR_NEGATIVE')
    const context = parsed.output.payment_source.paypal.experience_context
    const order: EmulatedOrder = {
      id: paypalId(),
      status: 'PAYER_ACTION_REQUIRED',
      unit,
      returnUrl: context.return_url,
      cancelUrl: context.cancel_url,
      declineCapture: false,
      captures: [],
      createTime: now().toISOString(),
    }
    orders.set(order.id, order)
    return c.json(orderJson(baseUrl, order), 201)
  })

  app.get('/v2/checkout/orders/:id', (c) => {
    const order = orders.get(c.req.param('id'))
    return order
      ? c.json(orderJson(baseUrl, order))
      : error(c, 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID')
  })

  app.get('/checkoutnow', (c) => {
    const order = orders.get(c.req.query('token') ?? '')
    return c.html(checkoutPage(order), order ? 200 : 404)
  })

  app.post('/checkoutnow/:id/:action', async (c) => {
    const order = orders.get(c.req.param('id'))
    const action = c.req.param('action')
    if (!order || !['approve', 'decline', 'cancel'].includes(action)) return c.text('Not found', 404)
    if (order.status !== 'PAYER_ACTION_REQUIRED') {
      return c.html(checkoutPage(order), 409)
    }
    if (action === 'cancel') return c.redirect(withQuery(order.cancelUrl, { token: order.id }), 303)
    order.status = 'APPROVED'
    order.payerId = paypalId(13)
    // Decline: the payer approves with a funding source that will fail at capture.
    order.declineCapture = action === 'decline'
    await emit(event('CHECKOUT.ORDER.APPROVED', 'checkout-order', orderJson(baseUrl, order)))
    return c.redirect(withQuery(order.returnUrl, { token: order.id, PayerID: order.payerId }), 303)
  })

  app.post('/v2/checkout/orders/:id/capture', async (c) => {
    const order = orders.get(c.req.param('id'))
    if (!order) return error(c, 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID')
    if (order.status === 'COMPLETED') return error(c, 422, 'UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_CAPTURED')
    if (order.status !== 'APPROVED') return error(c, 422, 'UNPROCESSABLE_ENTITY', 'ORDER_NOT_APPROVED')
    const capture: EmulatedCapture = {
      id: paypalId(),
      status: order.declineCapture ? 'DECLINED' : 'COMPLETED',
      amount: order.unit.amount,
      refunded: 0,
      createTime: now().toISOString(),
    }
    order.status = 'COMPLETED'
    order.captures.push(capture)
    const final = event(
      capture.status === 'COMPLETED' ? 'PAYMENT.CAPTURE.COMPLETED' : 'PAYMENT.CAPTURE.DENIED',
      'capture',
      captureJson(baseUrl, order, capture),
    )
    const older = event('PAYMENT.CAPTURE.PENDING', 'capture', {
      ...captureJson(baseUrl, order, capture),
      status: 'PENDING',
    })
    await emit(final, [older])
    return c.json(orderJson(baseUrl, order), 201)
  })

  app.post('/v2/payments/captures/:id/refund', async (c) => {
    const order = [...orders.values()].find((o) => o.captures.some((k) => k.id === c.req.param('id')))
    const capture = order?.captures.find((k) => k.id === c.req.param('id'))
    if (!order || !capture) return error(c, 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID')
    const parsed = v.safeParse(refundSchema, await c.req.json().catch(() => null))
    if (!parsed.success) return error(c, 400, 'INVALID_REQUEST', 'INVALID_PARAMETER_SYNTAX')
    if (capture.status === 'REFUNDED') return error(c, 422, 'UNPROCESSABLE_ENTITY', 'CAPTURE_FULLY_REFUNDED')
    if (capture.status === 'DECLINED') return error(c, 422, 'UNPROCESSABLE_ENTITY', 'INVALID_RESOURCE_ID')
    const remaining = Number(capture.amount.value) - capture.refunded
    const amount = parsed.output.amount ?? { currency_code: 'JPY', value: String(remaining) }
    if (amount.currency_code !== capture.amount.currency_code) {
      return error(c, 422, 'UNPROCESSABLE_ENTITY', 'CURRENCY_MISMATCH')
    }
    const yen = yenOf(amount.value)
    if (typeof yen === 'string') return error(c, 422, 'UNPROCESSABLE_ENTITY', yen)
    if (yen === 0 || yen > remaining) return error(c, 422, 'UNPROCESSABLE_ENTITY', 'REFUND_AMOUNT_EXCEEDED')
    capture.refunded += yen
    capture.status = capture.refunded === Number(capture.amount.value) ? 'REFUNDED' : 'PARTIALLY_REFUNDED'
    const refund = {
      id: paypalId(),
      status: 'COMPLETED',
      amount,
      ...parsed.output,
      create_time: now().toISOString(),
      links: [{ href: `${baseUrl}/v2/payments/captures/${capture.id}`, rel: 'up', method: 'GET' }],
    }
    // Never awaited, whatever the knobs: the shop refunds inside a transaction holding the payment's row
    // lock, which this event's handling waits for (PayPal sends it asynchronously too).
    const refunded = event('PAYMENT.CAPTURE.REFUNDED', 'refund', refund)
    if (!delivery.drop.includes(refunded.event_type)) background.track(transmit(refunded))
    return c.json(refund, 201)
  })

  app.post('/v1/notifications/verify-webhook-signature', async (c) => {
    const parsed = v.safeParse(verifySchema, await c.req.json().catch(() => null))
    if (!parsed.success) return error(c, 400, 'VALIDATION_ERROR', 'MISSING_REQUIRED_PARAMETER')
    const request = parsed.output
    const ok =
      request.auth_algo === AUTH_ALGO &&
      request.cert_url === certUrl() &&
      request.webhook_id === options.webhookId &&
      transmissions.has(request.transmission_id) &&
      signer.verify(request.transmission_sig, {
        transmissionId: request.transmission_id,
        time: request.transmission_time,
        webhookId: request.webhook_id,
        // The event as the shop forwards it: any change to it changes its crc32.
        body: JSON.stringify(request.webhook_event),
      })
    return c.json({ verification_status: ok ? 'SUCCESS' : 'FAILURE' })
  })

  const host = await listenOn(app, options.port)
  baseUrl = host.baseUrl
  const { settled } = background
  return {
    baseUrl,
    delivery,
    requests,
    deliveries,
    /** How many tokens the token endpoint has issued. */
    get tokensIssued() {
      return tokensIssued
    },
    order: (id: string) => orders.get(id),
    /** Captures made for an order (PayPal allows one for intent CAPTURE). */
    capturesOf: (id: string) => orders.get(id)?.captures ?? [],
    /** Invalidates every issued token (PayPal's answer is then 401 invalid_token). */
    revokeTokens: () => tokens.clear(),
    /** Requests received on a path, in order. */
    requestsTo: (method: string, path: string) =>
      requests.filter((r) => r.method === method && r.path === path),
    /** The last event of a type made for a resource id (order or capture), delivered or dropped. */
    eventFor: (eventType: string, resourceId: string) =>
      [...made.values()].findLast(
        (e) => e.event_type === eventType && (e.resource as { id?: string }).id === resourceId,
      ),
    /** Re-sends a transmission under its original PAYPAL-* headers with another body (a forgery). */
    forge: (transmissionId: string, body: string) => {
      const original = transmissions.get(transmissionId)
      if (!original) throw new Error(`no transmission ${transmissionId}`)
      return transmit(original.evt, body, original.headers)
    },
    /** Signs and sends an event once more (by the signature knobs); answers the shop's status. */
    deliver: (evt: PaypalEvent) => transmit(evt),
    /** Signs and sends an event of any type with this resource; answers the shop's status. */
    send: (eventType: string, resource: object) => transmit(event(eventType, 'other', resource)),
    settled,
    async close() {
      await settled()
      await host.close()
    },
  }
}

export type PaypalEmulator = Awaited<ReturnType<typeof startPaypalEmulator>>

export type { Delivery, DeliveryKnobs, RecordedRequest } from './paypal-emulator-wire.ts'
export { noKnobs } from './paypal-emulator-wire.ts'

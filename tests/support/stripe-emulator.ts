import { Hono } from 'hono'
import { backgroundWork, listenOn } from './emulator-host.ts'
import {
  bankTransferAction,
  checked,
  type DeliveryKnobs,
  expandsPaymentIntent,
  type FormObject,
  hostedPage,
  invalid,
  newEvent,
  newId,
  newRefund,
  newSession,
  newVirtualAccount,
  noParams,
  type PageAction,
  type PaymentIntent,
  parseStripeForm,
  type RecordedRequest,
  type Session,
  StripeApiError,
  type StripeEvent,
  stripeSignature,
  type VirtualAccount,
} from './stripe-emulator-wire.ts'

/*
 * A stateful, in-memory stand-in for Stripe (payments-facts 'Stripe'), for the adapter's tests and
 * `npm run dev:payments`; stripe-emulator-wire.ts reads and writes the wire. It imports nothing of the shop's.
 *
 * Covers: POST /v1/checkout/sessions (the SDK's bracket-notation form bodies, checked as Stripe does:
 * unknown and missing parameters, JPY only, ¥50 to ¥99,999,999, `allowed_payment_method_types` card,
 * customer_balance with jp_bank_transfer and a Customer), GET /v1/checkout/sessions/:id (with
 * `expand[]=payment_intent`), GET /v1/payment_intents/:id, POST /v1/checkout/sessions/:id/expire (open
 * sessions only), POST /v1/refunds (payment_intent, amount up to what is left); `Authorization: Bearer
 * <secret key>`; `Idempotency-Key` (the same key and parameters replay the first 2xx answer with
 * `Idempotent-Replayed: true`; other parameters: 400 idempotency_error); errors in Stripe's JSON shape,
 * so the SDK throws its typed errors. The hosted page /pay/:sessionId (the session's `url`): Pay;
 * Decline (the session stays open, as in Checkout); Cancel (back to cancel_url, the session stays
 * open); for a bank transfer Transfer later (pending: the PaymentIntent `requires_action` with
 * `next_action.display_bank_transfer_instructions`, a reference and the Customer's virtual Zengin
 * account), then Funds arrived / Transfer failed; Expire now. Events shaped like Stripe's (evt_…,
 * data.object a snapshot), pretty-printed and signed `Stripe-Signature: t=…,v1=…` (HMAC-SHA256 of
 * `t.body`): checkout.session.completed / async_payment_succeeded / async_payment_failed / expired,
 * payment_intent.succeeded / payment_failed; events caused by an API call go out after its answer.
 * Knobs: `delivery = { delayMs, twice, outOfOrder, badSignature, staleSignature }`; every request recorded.
 *
 * Leaves out: every other API call and expansion, line_items in answers, Customers as API resources
 * and their funding instructions, the PaymentIntent's charges and payment methods, sessions expiring by
 * themselves at expires_at (call expireSession), under- and over-paid transfers (amount_remaining
 * stays the whole amount), konbini and other methods, refund and charge events, webhook retries and
 * their schedule, livemode, Connect, rate limits, idempotency keys expiring after 24 h.
 */

export type { DeliveryKnobs, RecordedRequest, Session, StripeEvent } from './stripe-emulator-wire.ts'

export interface StripeEmulatorOptions {
  secretKey: string
  webhookSecret: string
  /** Where events are delivered: the shop's /api/pay/webhook/stripe. */
  webhookUrl: string
  port?: number
  /** The emulator's clock (session times, event `created`, the signature's `t`); the real one by default. */
  now?: () => Date
}

export async function startStripeEmulator(options: StripeEmulatorOptions) {
  const now = options.now ?? (() => new Date())
  const seconds = () => Math.floor(now().getTime() / 1000)
  const sessions = new Map<string, Session>()
  const descriptions = new Map<string, string>()
  const intentMetadata = new Map<string, Record<string, string>>()
  const intents = new Map<string, PaymentIntent>()
  /** Each Customer's virtual account: a bank transfer goes to the Customer's own number. */
  const virtualAccounts = new Map<string, VirtualAccount>()
  const refunds: Record<string, unknown>[] = []
  const idempotent = new Map<string, { route: string; params: string; body: string }>()
  const requests: RecordedRequest[] = []
  const events: StripeEvent[] = []
  const deliveries: { eventId: string; type: string; status: number }[] = []
  const heldBack = new Map<string, StripeEvent[]>()
  const lateDeliveries = backgroundWork()
  const delivery: DeliveryKnobs = {
    delayMs: 0,
    twice: false,
    outOfOrder: false,
    badSignature: false,
    staleSignature: false,
  }
  let baseUrl = ''

  const event = (type: string, object: Record<string, unknown>): StripeEvent => {
    const made = newEvent(type, object, seconds())
    events.push(made)
    return made
  }
  /** Whether an event decides the payment (the rest is news on the way). */
  const isFinal = (e: StripeEvent) =>
    e.type === 'checkout.session.completed'
      ? e.data.object.payment_status === 'paid'
      : e.type.startsWith('checkout.session.')

  async function post(e: StripeEvent, knobs: DeliveryKnobs): Promise<void> {
    // Pretty-printed, as Stripe sends it: the shop must verify these bytes, not a re-serialisation.
    const body = JSON.stringify(e, null, 2)
    const t = seconds() - (knobs.staleSignature ? 600 : 0)
    const secret = knobs.badSignature ? `${options.webhookSecret}_forged` : options.webhookSecret
    let status = 0
    try {
      const response = await fetch(options.webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': stripeSignature(secret, t, body),
        },
        body,
      })
      await response.arrayBuffer()
      status = response.status
    } catch (error) {
      console.warn(`[stripe emulator] delivery of ${e.id} failed:`, error)
    }
    deliveries.push({ eventId: e.id, type: e.type, status })
  }

  /** Sends a session's new events with the knobs as they are now; `background`: not awaited by the caller. */
  function dispatch(sessionId: string, fresh: StripeEvent[], background: boolean): Promise<void> {
    const knobs = { ...delivery }
    let batch = fresh
    if (knobs.outOfOrder) {
      batch = [...(heldBack.get(sessionId) ?? []), ...fresh]
      if (!batch.some(isFinal)) {
        heldBack.set(sessionId, batch)
        return Promise.resolve()
      }
      heldBack.delete(sessionId)
      batch = [...batch.filter(isFinal), ...batch.filter((e) => !isFinal(e))]
    }
    const send = async () => {
      for (const e of batch) await Promise.all((knobs.twice ? [e, e] : [e]).map((copy) => post(copy, knobs)))
    }
    if (!background && knobs.delayMs === 0) return send()
    lateDeliveries.later(knobs.delayMs, send)
    return Promise.resolve()
  }

  function sessionOf(id: string): Session {
    const session = sessions.get(id)
    if (!session) throw invalid(`No such checkout.session: '${id}'`, 'resource_missing', 'session', 404)
    return session
  }

  /** Checkout makes the PaymentIntent when the shopper first confirms. */
  function intentOf(session: Session): PaymentIntent {
    const existing = session.payment_intent ? intents.get(session.payment_intent) : undefined
    if (existing) return existing
    const intent: PaymentIntent = {
      id: newId('pi', 24),
      object: 'payment_intent',
      amount: session.amount_total,
      amount_received: 0,
      amount_refunded: 0,
      currency: session.currency,
      status: 'requires_payment_method',
      metadata: { ...intentMetadata.get(session.id) },
      last_payment_error: null,
      next_action: null,
      payment_method_types: session.allowed_payment_method_types,
      created: seconds(),
    }
    intents.set(intent.id, intent)
    session.payment_intent = intent.id
    return intent
  }

  /** A button of the hosted page (or a test's shortcut): changes the state, answers the events it makes. */
  function act(session: Session, action: PageAction): StripeEvent[] {
    const bank = session.allowed_payment_method_types.includes('customer_balance')
    const open = session.status === 'open'
    const awaitingTransfer = bank && session.status === 'complete' && session.payment_status === 'unpaid'
    const allowed: Record<PageAction, boolean> = {
      pay: open && !bank,
      decline: open && !bank,
      cancel: open,
      'transfer-later': open && bank,
      'funds-arrived': awaitingTransfer,
      'transfer-failed': awaitingTransfer,
      expire: open,
    }
    if (!allowed[action]) {
      throw invalid(`This Checkout Session cannot take "${action}" now (it is ${session.status})`)
    }
    const close = (status: Session['status']) => Object.assign(session, { status, url: null })
    switch (action) {
      case 'cancel':
        return []
      case 'expire':
        close('expired')
        return [event('checkout.session.expired', session)]
      case 'decline': {
        const intent = Object.assign(intentOf(session), {
          status: 'requires_payment_method',
          last_payment_error: {
            code: 'card_declined',
            decline_code: 'generic_decline',
            message: 'Your card was declined.',
          },
        })
        return [event('payment_intent.payment_failed', intent)]
      }
      case 'pay': {
        const intent = Object.assign(intentOf(session), {
          status: 'succeeded',
          amount_received: session.amount_total,
          last_payment_error: null,
        })
        Object.assign(close('complete'), { payment_status: 'paid' })
        return [event('payment_intent.succeeded', intent), event('checkout.session.completed', session)]
      }
      case 'transfer-later': {
        if (session.customer_creation === 'always' && !session.customer) session.customer = newId('cus', 14)
        const customer = session.customer ?? newId('cus', 14)
        const account = virtualAccounts.get(customer) ?? newVirtualAccount()
        virtualAccounts.set(customer, account)
        const intent = intentOf(session)
        const reference = newId('ref', 8).slice(4).toUpperCase()
        const left = intent.amount - intent.amount_received
        Object.assign(intent, {
          status: 'requires_action',
          customer,
          next_action: bankTransferAction(left, account, reference, `${baseUrl}/pay/${session.id}`),
        })
        close('complete')
        return [event('checkout.session.completed', session)]
      }
      case 'funds-arrived': {
        const intent = Object.assign(intentOf(session), {
          status: 'succeeded',
          amount_received: session.amount_total,
          next_action: null,
        })
        session.payment_status = 'paid'
        return [
          event('payment_intent.succeeded', intent),
          event('checkout.session.async_payment_succeeded', session),
        ]
      }
      case 'transfer-failed':
        Object.assign(intentOf(session), { status: 'canceled', next_action: null })
        return [event('checkout.session.async_payment_failed', session)]
    }
  }

  const app = new Hono<{ Variables: { params: FormObject } }>()
  app.onError((error, c) => {
    if (error instanceof StripeApiError) return c.json({ error: error.body }, error.status)
    console.error('[stripe emulator]', error)
    return c.json({ error: { type: 'api_error', message: 'An unknown error occurred' } }, 500)
  })
  app.use(async (c, next) => {
    const text = c.req.method === 'GET' ? new URL(c.req.url).search.slice(1) : await c.req.text()
    const headers = Object.fromEntries(c.req.raw.headers)
    const recorded: RecordedRequest = { method: c.req.method, path: c.req.path, headers, body: null }
    requests.push(recorded)
    const params = parseStripeForm(text)
    if (text) recorded.body = params
    c.set('params', params)
    await next()
  })
  app.use('/v1/*', async (c, next) => {
    if (c.req.header('authorization') !== `Bearer ${options.secretKey}`) {
      throw new StripeApiError(401, { type: 'invalid_request_error', message: 'Invalid API Key provided' })
    }
    const key = c.req.header('idempotency-key')
    if (c.req.method !== 'POST' || !key) return next()
    const route = `${c.req.method} ${c.req.path}`
    const params = JSON.stringify(c.get('params'))
    const first = idempotent.get(key)
    if (first && (first.route !== route || first.params !== params)) {
      throw new StripeApiError(400, {
        type: 'idempotency_error',
        message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
      })
    }
    if (first) {
      return c.body(first.body, 200, { 'content-type': 'application/json', 'idempotent-replayed': 'true' })
    }
    await next()
    // Only an answer that did something is kept (Stripe keeps none for a refused request).
    if (c.res.ok) idempotent.set(key, { route, params, body: await c.res.clone().text() })
  })
  app.post('/v1/checkout/sessions', (c) => {
    const made = newSession(c.get('params'), { baseUrl, created: seconds() })
    sessions.set(made.session.id, made.session)
    descriptions.set(made.session.id, made.description)
    intentMetadata.set(made.session.id, made.intentMetadata)
    return c.json(made.session)
  })
  app.get('/v1/checkout/sessions/:id', (c) => {
    const session = sessionOf(c.req.param('id'))
    if (!expandsPaymentIntent(c.get('params'))) return c.json(session)
    const intent = session.payment_intent ? intents.get(session.payment_intent) : undefined
    return c.json({ ...session, payment_intent: intent ?? null })
  })
  app.get('/v1/payment_intents/:id', (c) => {
    checked(noParams, c.get('params'))
    const intent = intents.get(c.req.param('id'))
    if (!intent) {
      throw invalid(`No such payment_intent: '${c.req.param('id')}'`, 'resource_missing', 'id', 404)
    }
    return c.json(intent)
  })
  app.post('/v1/checkout/sessions/:id/expire', async (c) => {
    const session = sessionOf(c.req.param('id'))
    checked(noParams, c.get('params'))
    if (session.status !== 'open') {
      throw invalid(
        `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
      )
    }
    // Stripe answers first and sends the event later: never delivered while the caller waits.
    await dispatch(session.id, act(session, 'expire'), true)
    return c.json(session)
  })
  app.post('/v1/refunds', (c) => {
    const refund = newRefund(c.get('params'), (id) => intents.get(id), seconds())
    refunds.push(refund)
    return c.json(refund)
  })
  app.all('/v1/*', (c) => {
    throw invalid(`Unrecognized request URL (${c.req.method}: ${c.req.path}).`, undefined, undefined, 404)
  })
  app.get('/pay/:id', (c) => {
    const session = sessions.get(c.req.param('id'))
    const notice = c.req.query('declined') ? 'Your card was declined.' : ''
    const intent = session?.payment_intent ? intents.get(session.payment_intent) : undefined
    const page = hostedPage(session, descriptions.get(session?.id ?? '') ?? '', notice, intent)
    return c.html(page, session ? 200 : 404)
  })
  app.post('/pay/:id/:action', async (c) => {
    const session = sessions.get(c.req.param('id'))
    if (!session) return c.html(hostedPage(undefined, ''), 404)
    const action = c.req.param('action') as PageAction
    let made: StripeEvent[]
    try {
      made = act(session, action)
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error
      return c.html(hostedPage(session, descriptions.get(session.id) ?? '', error.message), 409)
    }
    await dispatch(session.id, made, false)
    const page = `/pay/${session.id}`
    const success = session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id)
    const next: Record<PageAction, string> = {
      pay: success,
      'transfer-later': success,
      cancel: session.cancel_url ?? page,
      decline: `${page}?declined=1`,
      'funds-arrived': page,
      'transfer-failed': page,
      expire: page,
    }
    return c.redirect(next[action], 303)
  })

  const host = await listenOn(app, options.port)
  baseUrl = host.baseUrl

  /** Runs a page action as Stripe would on its own (tests, scripts), delivering its events. */
  async function run(sessionId: string, action: PageAction): Promise<void> {
    const session = sessionOf(sessionId)
    await dispatch(session.id, act(session, action), false)
  }

  return {
    baseUrl,
    /** The delivery knobs: change them between presses. */
    delivery,
    requests,
    events,
    deliveries,
    refunds,
    session: (id: string) => sessions.get(id),
    paymentIntent: (id: string) => intents.get(id),
    /** Stripe expires an open session (its 24 h ran out): checkout.session.expired goes out. */
    expireSession: (id: string) => run(id, 'expire'),
    /** The awaited bank transfer of a completed, unpaid session arrives, or fails. */
    settleTransfer: (id: string, outcome: 'arrived' | 'failed') =>
      run(id, outcome === 'arrived' ? 'funds-arrived' : 'transfer-failed'),
    /** Resolves when every background delivery has finished. */
    settled: lateDeliveries.settled,
    close: host.close,
  }
}

export type StripeEmulator = Awaited<ReturnType<typeof startStripeEmulator>>

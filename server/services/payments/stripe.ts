import Stripe from 'stripe'
import { PAYMENT_UNAVAILABLE_MESSAGE } from '../../../src/domain/payments.ts'
import { ResultCode } from '../../../src/domain/result-code.ts'
import { ApiError } from '../../http/envelope.ts'
import { log } from '../../observability/log.ts'
import type { GatewayDeps, GatewayPayment, PaymentAttempt, PaymentGateway } from './gateway.ts'
import { PROVIDER_TIMEOUT_MS, type StripeSettings } from './provider-settings.ts'
import { bankTransferOf, PAYMENT_ID_METADATA, readStripeWebhook } from './stripe-events.ts'

/*
 * Stripe, the card route (flows §3): a Checkout Session per attempt through the official SDK, pointed at
 * STRIPE_API_BASE (an emulator in tests). The webhook is the truth: checkout.session.completed (paid),
 * async_payment_succeeded / _failed and expired (stripe-events.ts); the return URL only expires a
 * session the shopper cancelled.
 *
 * Bank transfer ({type} 2) is Stripe's `customer_balance` method with `jp_bank_transfer` (furikomi to a
 * virtual account Stripe gives the shopper), with `customer_creation: 'always'`. Why not `konbini`, which
 * needs no Customer: konbini is cash at a convenience store, not a bank transfer, and the SB Payment
 * Service route already offers it as its own type; this route's type 2 promises a bank transfer. Why
 * the Customer: customer_balance pays from a Customer's cash balance, so the session must have one;
 * Checkout creates it itself when the shopper completes the page (no call or object of ours, nothing
 * stored). The cost: a Customer and a virtual account number per attempt (Stripe's guide says some
 * countries limit how many are free: check Japan's terms); reusing one Customer per shopper would need
 * a column for its id. The session completes with payment_status 'unpaid' and the money arrives as
 * async_payment_succeeded (or _failed). Where to send the money is on the session's PaymentIntent
 * (`next_action.display_bank_transfer_instructions`): read once, when checkout.session.completed says
 * 'unpaid', and kept on the payment, so the result page's polls never call Stripe. An underpayment
 * leaves it unpaid (Stripe funds the PaymentIntent partially) and an overpayment stays on the
 * Customer's balance, both for the operator to settle at Stripe. Either method must be switched on in the Stripe Dashboard: API version 2026-10-28 (stripe 23)
 * replaced `payment_method_types` with `allowed_payment_method_types`, a filter over the account's
 * enabled methods.
 */

export const STRIPE_GATEWAY = 'stripe'
/** Stripe's smallest JPY charge; a smaller amount is refused before calling Stripe. */
export const STRIPE_MINIMUM_YEN = 50
/** Stripe's largest JPY charge. */
export const STRIPE_MAXIMUM_YEN = 99_999_999

/** The `{type}` of the card route and what Checkout offers for it. */
const METHOD_PARAMS: Record<number, Partial<Stripe.Checkout.SessionCreateParams>> = {
  1: { allowed_payment_method_types: ['card'] },
  2: {
    allowed_payment_method_types: ['customer_balance'],
    payment_method_options: {
      customer_balance: { funding_type: 'bank_transfer', bank_transfer: { type: 'jp_bank_transfer' } },
    },
    customer_creation: 'always',
  },
}

/** THE conversion of yen into Stripe's unit: JPY is zero-decimal, so whole yen go as they are (never ×100). */
const toStripeAmount = (yen: number) => yen

const clients = new Map<string, Stripe>()

/** One SDK client per key and base URL, made on first use (the SDK keeps its connections). */
function stripeClient(settings: StripeSettings): Stripe {
  const cacheKey = `${settings.secretKey}\n${settings.apiBase}`
  let client = clients.get(cacheKey)
  if (!client) {
    const base = new URL(settings.apiBase)
    const protocol = base.protocol === 'http:' ? 'http' : 'https'
    client = new Stripe(settings.secretKey, {
      host: base.hostname,
      port: base.port || (protocol === 'http' ? 80 : 443),
      protocol,
      // begin runs while the order's row is locked: one bounded try (the idempotency key makes a
      // retry by the shopper safe).
      timeout: PROVIDER_TIMEOUT_MS,
      maxNetworkRetries: 0,
      telemetry: false,
    })
    clients.set(cacheKey, client)
  }
  return client
}

/** `?` or `&`, whichever the URL needs; the placeholder stays literal for Stripe to fill in. */
function withSessionId(url: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}session_id={CHECKOUT_SESSION_ID}`
}

/**
 * How long a session stays payable. Stripe's default is 24 h while the shop's payment window is 30
 * minutes; Stripe's shortest is 30 minutes after creation, with a margin for the clocks' difference.
 */
const SESSION_LIFETIME_SECONDS = 35 * 60

function sessionParams(attempt: PaymentAttempt, now: Date): Stripe.Checkout.SessionCreateParams {
  const method = METHOD_PARAMS[attempt.method]
  if (!method)
    throw new ApiError(ResultCode.invalidInput, `type: Stripe takes no payment type ${attempt.method}`)
  if (attempt.currency !== 'JPY') throw new Error(`Stripe adapter takes JPY only, not ${attempt.currency}`)
  if (attempt.amount < STRIPE_MINIMUM_YEN) {
    throw new ApiError(
      ResultCode.invalidInput,
      `amount: Stripe takes at least ¥${STRIPE_MINIMUM_YEN} (this payment is ¥${attempt.amount}); please choose another payment method`,
    )
  }
  if (attempt.amount > STRIPE_MAXIMUM_YEN) {
    throw new ApiError(ResultCode.invalidInput, `amount: Stripe takes at most ¥${STRIPE_MAXIMUM_YEN}`)
  }
  const metadata = { [PAYMENT_ID_METADATA]: attempt.paymentId }
  return {
    mode: 'payment',
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: 'jpy',
          unit_amount: toStripeAmount(attempt.amount),
          product_data: { name: attempt.description },
        },
      },
    ],
    success_url: withSessionId(attempt.returnUrls.success),
    cancel_url: attempt.returnUrls.cancel,
    expires_at: Math.floor(now.getTime() / 1000) + SESSION_LIFETIME_SECONDS,
    client_reference_id: attempt.paymentId,
    metadata,
    // The PaymentIntent's events (a declined card) name the payment too.
    payment_intent_data: { metadata },
    ...method,
  }
}

/** One log line for a Stripe failure (the SDK's error objects are long). */
const described = (error: unknown) =>
  error instanceof Stripe.errors.StripeError
    ? `${error.type} (${error.statusCode ?? 'no answer'}${error.code ? `, ${error.code}` : ''}): ${error.message}`
    : error

/** A Stripe failure while the shopper waits: logged, answered as "unavailable" (409). */
function unavailable(what: string, error: unknown): ApiError {
  log.error({ err: described(error) }, `[payments] stripe: ${what} failed`)
  return new ApiError(ResultCode.conflict, PAYMENT_UNAVAILABLE_MESSAGE, { message: null })
}

/** Stripe Checkout as a PaymentGateway (flows §3). */
export function stripeGateway(deps: Pick<GatewayDeps, 'now'>, settings: StripeSettings): PaymentGateway {
  const stripe = stripeClient(settings)

  /** Expires an open session; answers its status after (expired), or Stripe's when it could not (complete). */
  async function expire(sessionId: string): Promise<Stripe.Checkout.Session.Status | null> {
    try {
      return (await stripe.checkout.sessions.expire(sessionId)).status
    } catch (error) {
      // Only an open session can be expired: a complete (paid, or awaiting a transfer) or expired one
      // answers 400. Ask what it is instead.
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error
      return (await stripe.checkout.sessions.retrieve(sessionId)).status
    }
  }

  /**
   * Where the shopper sends the bank transfer a completed session waits for. A failure is thrown: the
   * webhook is answered with an error and Stripe delivers it again later (it changes nothing else).
   */
  async function transferInstructions(paymentIntentId: string, amount: number) {
    try {
      return bankTransferOf(await stripe.paymentIntents.retrieve(paymentIntentId), amount)
    } catch (error) {
      log.error({ err: described(error) }, `[payments] stripe: reading ${paymentIntentId} failed`)
      throw new Error(`stripe: the transfer instructions of ${paymentIntentId} could not be read`)
    }
  }

  return {
    name: STRIPE_GATEWAY,

    async begin(attempt) {
      const params = sessionParams(attempt, deps.now())
      let session: Stripe.Checkout.Session
      try {
        session = await stripe.checkout.sessions.create(params, { idempotencyKey: attempt.paymentId })
      } catch (error) {
        throw unavailable(`session for ${attempt.paymentId}`, error)
      }
      if (!session.url) throw unavailable(`session for ${attempt.paymentId} (no url)`, session.id)
      return { redirectUrl: session.url, providerRef: session.id }
    },

    async verifyWebhook(rawBody, headers) {
      const read = readStripeWebhook(
        rawBody,
        headers.get('stripe-signature'),
        settings.webhookSecret,
        deps.now(),
      )
      if ('refused' in read) {
        log.warn(`[webhook] ${STRIPE_GATEWAY}: refused (${read.refused})`)
        return null
      }
      if ('ignored' in read) return { ignored: read.ignored }
      if (!read.transferIntent) return read.event
      return { ...read.event, transfer: await transferInstructions(read.transferIntent, read.event.amount) }
    },

    async refund(payment) {
      const refusal = (why: string) =>
        new ApiError(ResultCode.conflict, `Stripe cannot refund payment ${payment.paymentId}: ${why}`)
      if (!payment.providerRef) throw refusal('it has no Checkout Session')
      try {
        const session = await stripe.checkout.sessions.retrieve(payment.providerRef)
        const paymentIntent =
          typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id
        if (!paymentIntent) throw refusal('its Checkout Session was never paid')
        // Only what identifies the refund goes in: the same key with other parameters is an error at
        // Stripe, so the operator's free-text reason (which a retry may change) stays in the shop's audit.
        const refund = await stripe.refunds.create(
          {
            payment_intent: paymentIntent,
            amount: toStripeAmount(payment.amount),
            metadata: { [PAYMENT_ID_METADATA]: payment.paymentId },
          },
          { idempotencyKey: `refund-${payment.paymentId}` },
        )
        return { refundRef: refund.id }
      } catch (error) {
        if (error instanceof ApiError) throw error
        log.error({ err: described(error) }, `[payments] stripe: refund of ${payment.paymentId} failed`)
        throw refusal(
          error instanceof Stripe.errors.StripeError ? error.message : 'an unexpected error (see the log)',
        )
      }
    },

    async returned(payment: GatewayPayment, outcome) {
      // Success waits for the webhook; Checkout has no error return.
      if (outcome !== 'cancel' || !payment.providerRef) return { end: null }
      // The shopper left the page: close it so it cannot be paid later. A session that completed
      // meanwhile (paid, or a transfer awaited) is left to its webhooks.
      const status = await expire(payment.providerRef)
      return { end: status === 'expired' ? 'cancelled' : null }
    },

    async cancel(payment) {
      if (!payment.providerRef) return
      const sessionId = payment.providerRef
      await expire(sessionId).catch((error: unknown) =>
        log.warn(
          { err: described(error) },
          `[payments] stripe: could not expire ${sessionId} of ${payment.paymentId}`,
        ),
      )
    },
  }
}

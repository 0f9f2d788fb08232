import * as v from 'valibot'
import { log } from '../../observability/log.ts'
import type { GatewayDeps, GatewayEvent, GatewayPayment, IgnoredEvent, PaymentGateway } from './gateway.ts'
import { PAYMENT_ID_PATTERN } from './payment-ids.ts'
import { PaypalApiError, type PaypalClient, paypalClient } from './paypal-client.ts'
import type { PaypalSettings } from './provider-settings.ts'

/*
 * PayPal Orders v2 (flows §3, payments-facts 'PayPal Orders v2'). begin creates an order and sends the
 * shopper to its payer-action link; the money is taken by a capture, which the shop asks for when the
 * shopper comes back (returned) or when CHECKOUT.ORDER.APPROVED arrives, whichever is first (the
 * capture is idempotent at PayPal). Only the PAYMENT.CAPTURE.COMPLETED webhook marks the payment paid.
 * The payment's providerRef is the PayPal order id throughout.
 */

export const PAYPAL_GATEWAY = 'paypal'
/** How far a webhook's PAYPAL-TRANSMISSION-TIME may be from the shop's clock. */
export const PAYPAL_TOLERANCE_SECONDS = 300

const WEBHOOK_HEADERS = {
  auth_algo: 'paypal-auth-algo',
  cert_url: 'paypal-cert-url',
  transmission_id: 'paypal-transmission-id',
  transmission_sig: 'paypal-transmission-sig',
  transmission_time: 'paypal-transmission-time',
} as const

/** JPY is zero-decimal: PayPal wants whole yen as an integer string ('1500'); a decimal is an error. */
export function toPaypalAmount(yen: number): string {
  if (!Number.isSafeInteger(yen) || yen < 0) throw new Error(`not a yen amount: ${yen}`)
  return String(yen)
}

const linkSchema = v.looseObject({ href: v.pipe(v.string(), v.url()), rel: v.string() })
const moneySchema = v.looseObject({
  currency_code: v.pipe(v.string(), v.length(3)),
  // Whole yen only: anything else is not an amount the shop asked for.
  value: v.pipe(v.string(), v.regex(/^\d{1,12}$/), v.transform(Number)),
})
const captureSchema = v.looseObject({ id: v.string(), status: v.string() })
const orderSchema = v.looseObject({
  id: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  status: v.string(),
  links: v.optional(v.array(linkSchema), []),
  purchase_units: v.optional(
    v.array(
      v.looseObject({
        payments: v.optional(v.looseObject({ captures: v.optional(v.array(captureSchema), []) })),
      }),
    ),
    [],
  ),
})
type PaypalOrder = v.InferOutput<typeof orderSchema>
const refundSchema = v.looseObject({ id: v.pipe(v.string(), v.minLength(1)), status: v.string() })

/** The orders a shopper never approved: a cancel return means it can no longer be paid by them. */
const UNAPPROVED = new Set(['CREATED', 'PAYER_ACTION_REQUIRED'])
/** Captures whose money PayPal holds (a retried refund finds it REFUNDED and is replayed by its id). */
const REFUNDABLE = new Set(['COMPLETED', 'PARTIALLY_REFUNDED', 'REFUNDED'])

const paymentIdSchema = v.pipe(v.string(), v.regex(PAYMENT_ID_PATTERN))
const eventIdSchema = v.pipe(v.string(), v.minLength(1), v.maxLength(200))

/** CHECKOUT.ORDER.APPROVED: the resource is the order. */
const approvedSchema = v.object({
  id: eventIdSchema,
  event_type: v.literal('CHECKOUT.ORDER.APPROVED'),
  resource: v.looseObject({
    id: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
    purchase_units: v.pipe(
      v.array(
        v.looseObject({
          custom_id: v.optional(paymentIdSchema),
          reference_id: v.optional(paymentIdSchema),
          amount: moneySchema,
        }),
      ),
      v.minLength(1),
    ),
  }),
})

/** PAYMENT.CAPTURE.*: the resource is the capture; its order id is the payment's providerRef. */
const captureEventSchema = v.object({
  id: eventIdSchema,
  event_type: v.picklist(['PAYMENT.CAPTURE.COMPLETED', 'PAYMENT.CAPTURE.DENIED', 'PAYMENT.CAPTURE.PENDING']),
  resource: v.looseObject({
    id: v.string(),
    amount: moneySchema,
    custom_id: paymentIdSchema,
    supplementary_data: v.looseObject({
      related_ids: v.looseObject({ order_id: v.pipe(v.string(), v.minLength(1), v.maxLength(100)) }),
    }),
  }),
})

/**
 * Any other event the webhook is subscribed to (refunds, reversals, order completed …): when it names
 * one of our payments (custom_id) it is recorded and changes nothing.
 */
const otherEventSchema = v.object({
  id: eventIdSchema,
  event_type: v.pipe(v.string(), v.maxLength(100)),
  resource: v.looseObject({
    custom_id: v.optional(paymentIdSchema),
    purchase_units: v.optional(v.array(v.looseObject({ custom_id: v.optional(paymentIdSchema) }))),
  }),
})

const CAPTURE_KINDS = {
  'PAYMENT.CAPTURE.COMPLETED': { kind: 'succeeded', failure: null },
  'PAYMENT.CAPTURE.DENIED': { kind: 'failed', failure: 'capture_denied' },
  'PAYMENT.CAPTURE.PENDING': { kind: 'pending', failure: null },
} as const satisfies Record<
  v.InferOutput<typeof captureEventSchema>['event_type'],
  Pick<GatewayEvent, 'kind' | 'failure'>
>

/**
 * Reads a verified PayPal event; a string says why it cannot be used. An event of a type the shop does
 * not act on that names none of its payments (a dispute, a billing plan …) is ignored: PayPal would
 * retry a refusal for days.
 */
export function paypalEventOf(body: unknown): GatewayEvent | IgnoredEvent | string {
  const approved = v.safeParse(approvedSchema, body)
  if (approved.success) {
    const order = approved.output.resource
    const [unit] = order.purchase_units
    const paymentId = unit?.custom_id ?? unit?.reference_id
    if (!unit || !paymentId) return 'approved order without our payment id'
    return {
      eventId: approved.output.id,
      paymentId,
      kind: 'approved',
      amount: unit.amount.value,
      currency: unit.amount.currency_code,
      providerRef: order.id,
      failure: null,
    }
  }
  const capture = v.safeParse(captureEventSchema, body)
  if (capture.success) {
    const { id, event_type, resource } = capture.output
    return {
      eventId: id,
      paymentId: resource.custom_id,
      ...CAPTURE_KINDS[event_type],
      amount: resource.amount.value,
      currency: resource.amount.currency_code,
      providerRef: resource.supplementary_data.related_ids.order_id,
    }
  }
  const other = v.safeParse(otherEventSchema, body)
  if (!other.success) return 'malformed body'
  const { id, event_type, resource } = other.output
  // One of the events that move money, but not in the shape we rely on: never guess.
  if (event_type === 'CHECKOUT.ORDER.APPROVED' || Object.hasOwn(CAPTURE_KINDS, event_type)) {
    return 'malformed body'
  }
  const paymentId = resource.custom_id ?? resource.purchase_units?.[0]?.custom_id
  if (!paymentId) return { ignored: `${event_type} names no payment` }
  if (event_type === 'PAYMENT.CAPTURE.REVERSED') {
    log.warn(`[webhook] ${PAYPAL_GATEWAY}: ${event_type} for ${paymentId}: money taken back by PayPal`)
  }
  return {
    eventId: id,
    paymentId,
    kind: 'pending',
    amount: 0,
    currency: 'JPY',
    providerRef: null,
    failure: null,
  }
}

export function paypalGateway(deps: GatewayDeps, settings: PaypalSettings): PaymentGateway {
  const client = paypalClient(settings, deps.now)
  const refused = (why: string) => {
    log.warn(`[webhook] ${PAYPAL_GATEWAY}: refused (${why})`)
    return null
  }

  return {
    name: PAYPAL_GATEWAY,

    async begin(attempt) {
      const order = v.parse(
        orderSchema,
        await client.call({
          method: 'POST',
          path: '/v2/checkout/orders',
          requestId: attempt.paymentId,
          body: {
            intent: 'CAPTURE',
            purchase_units: [
              {
                reference_id: attempt.paymentId,
                custom_id: attempt.paymentId,
                description: attempt.description.slice(0, 127),
                amount: { currency_code: attempt.currency, value: toPaypalAmount(attempt.amount) },
              },
            ],
            payment_source: {
              paypal: {
                experience_context: {
                  return_url: attempt.returnUrls.success,
                  cancel_url: attempt.returnUrls.cancel,
                  user_action: 'PAY_NOW',
                  shipping_preference: 'NO_SHIPPING',
                },
              },
            },
          },
        }),
      )
      const link =
        order.links.find((l) => l.rel === 'payer-action') ?? order.links.find((l) => l.rel === 'approve')
      if (!link) throw new Error(`PayPal order ${order.id} has no payer-action link`)
      return { redirectUrl: link.href, providerRef: order.id }
    },

    async capture(payment) {
      await captureOrder(client, payment)
    },

    async returned(payment, outcome) {
      if (!payment.providerRef || outcome === 'error') return { end: null }
      try {
        const order = await getOrder(client, payment.providerRef)
        if (outcome === 'cancel') return { end: UNAPPROVED.has(order.status) ? 'cancelled' : null }
        // Approved and back: take the money now (the webhook may come later, or be lost). Never paid here.
        if (order.status === 'APPROVED') await captureOrder(client, payment)
      } catch (error) {
        // The browser still goes on to the return page, which waits for the webhook's word.
        log.warn({ err: error }, `[payments] ${PAYPAL_GATEWAY}: return of ${payment.paymentId} (${outcome})`)
      }
      return { end: null }
    },

    async verifyWebhook(rawBody, headers) {
      const transmission = Object.fromEntries(
        Object.entries(WEBHOOK_HEADERS).map(([field, header]) => [field, headers.get(header) ?? '']),
      ) as Record<keyof typeof WEBHOOK_HEADERS, string>
      if (Object.values(transmission).some((value) => value === '')) return refused('no signature')
      const sentAt = Date.parse(transmission.transmission_time)
      if (Number.isNaN(sentAt)) return refused('malformed signature')
      if (Math.abs(deps.now().getTime() - sentAt) > PAYPAL_TOLERANCE_SECONDS * 1000) {
        return refused('stale timestamp')
      }
      let webhookEvent: unknown
      try {
        // Parsed only to be forwarded: nothing is read from it before PayPal vouches for it.
        webhookEvent = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(rawBody))
      } catch {
        return refused('malformed body')
      }
      let verdict: unknown
      try {
        verdict = await client.call({
          method: 'POST',
          path: '/v1/notifications/verify-webhook-signature',
          body: { ...transmission, webhook_id: settings.webhookId, webhook_event: webhookEvent },
        })
      } catch (error) {
        // PayPal retries a refused delivery for days: a 400 now loses nothing.
        return refused(`verification call failed: ${error instanceof Error ? error.message : error}`)
      }
      const status = v.safeParse(v.looseObject({ verification_status: v.string() }), verdict)
      if (!status.success || status.output.verification_status !== 'SUCCESS') return refused('bad signature')
      const event = paypalEventOf(webhookEvent)
      return typeof event === 'string' ? refused(event) : event
    },

    async refund(payment) {
      if (!payment.providerRef) throw new Error(`PayPal payment ${payment.paymentId} has no order id`)
      const order = await getOrder(client, payment.providerRef)
      const capture = order.purchase_units
        .flatMap((unit) => unit.payments?.captures ?? [])
        .find((c) => REFUNDABLE.has(c.status))
      if (!capture) throw new Error(`PayPal order ${order.id} has no capture to refund`)
      const refund = v.parse(
        refundSchema,
        await client.call({
          method: 'POST',
          path: `/v2/payments/captures/${encodeURIComponent(capture.id)}/refund`,
          requestId: `refund-${payment.paymentId}`,
          body: {
            amount: { currency_code: 'JPY', value: toPaypalAmount(payment.amount) },
            // Names the payment on the refund (and on its PAYMENT.CAPTURE.REFUNDED webhook).
            custom_id: payment.paymentId,
            ...(payment.reason ? { note_to_payer: payment.reason.slice(0, 255) } : {}),
          },
        }),
      )
      return { refundRef: refund.id }
    },
  }
}

async function getOrder(client: PaypalClient, orderId: string): Promise<PaypalOrder> {
  return v.parse(
    orderSchema,
    await client.call({ method: 'GET', path: `/v2/checkout/orders/${encodeURIComponent(orderId)}` }),
  )
}

/**
 * Captures the approved order, once: the request id makes a repeat replay the first answer, and an
 * order captured under another id answers ORDER_ALREADY_CAPTURED. The answer is not read for money:
 * the PAYMENT.CAPTURE.COMPLETED webhook settles.
 */
async function captureOrder(client: PaypalClient, payment: GatewayPayment): Promise<void> {
  if (!payment.providerRef) throw new Error(`PayPal payment ${payment.paymentId} has no order id`)
  try {
    await client.call({
      method: 'POST',
      path: `/v2/checkout/orders/${encodeURIComponent(payment.providerRef)}/capture`,
      requestId: `capture-${payment.paymentId}`,
      body: {},
    })
  } catch (error) {
    if (error instanceof PaypalApiError && error.hasIssue('ORDER_ALREADY_CAPTURED')) return
    throw error
  }
}

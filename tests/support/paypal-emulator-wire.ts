import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { crc32 } from 'node:zlib'
import type { Context } from 'hono'
import * as v from 'valibot'
import { escapeHtml } from './emulator-host.ts'

/* The PayPal emulator's wire shapes: what its requests must look like and how its answers read. */

export interface DeliveryKnobs {
  /** Deliver this late, in the background (await `settled()`). */
  delayMs: number
  /** Each event twice at once (new transmission, same event id: PayPal's retry racing the first). */
  twice: boolean
  /** After a capture's final event, an older PAYMENT.CAPTURE.PENDING of the same capture. */
  outOfOrder: boolean
  /** A signature the verify endpoint will not accept. */
  badSignature: boolean
  /** A correctly signed transmission 10 minutes old. */
  staleSignature: boolean
  /** Event types never delivered (a lost webhook). */
  drop: string[]
}

export const noKnobs = (): DeliveryKnobs => ({
  delayMs: 0,
  twice: false,
  outOfOrder: false,
  badSignature: false,
  staleSignature: false,
  drop: [],
})

export interface RecordedRequest {
  method: string
  path: string
  query: Record<string, string>
  headers: Record<string, string>
  /** JSON or form bodies parsed, others as text; null when empty. */
  body: unknown
  /** The emulator's answer. */
  status?: number
}

export interface Delivery {
  eventId: string
  eventType: string
  /** The event's resource: the order (APPROVED), the capture, the refund. */
  resourceId: string
  transmissionId: string
  /** The shop's answer (0: unreachable). */
  status: number
}

type Money = { currency_code: string; value: string }

export interface EmulatedCapture {
  id: string
  status: 'COMPLETED' | 'DECLINED' | 'PARTIALLY_REFUNDED' | 'REFUNDED'
  amount: Money
  refunded: number
  createTime: string
}

export interface EmulatedOrder {
  id: string
  status: 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED'
  unit: { reference_id?: string; custom_id?: string; description?: string; amount: Money }
  returnUrl: string
  cancelUrl: string
  payerId?: string
  /** Pressed Decline: approved, but the capture will be DECLINED. */
  declineCapture: boolean
  captures: EmulatedCapture[]
  createTime: string
}

export type PaypalEvent = {
  id: string
  event_type: string
  resource_type: string
  resource: object
} & Record<string, unknown>

export const AUTH_ALGO = 'SHA256withRSA'

/** The subset of an order create the emulator takes: one purchase unit in JPY, a payer redirect. */
export const createOrderSchema = v.object({
  intent: v.literal('CAPTURE'),
  purchase_units: v.pipe(
    v.array(
      v.object({
        reference_id: v.optional(v.pipe(v.string(), v.maxLength(256))),
        custom_id: v.optional(v.pipe(v.string(), v.maxLength(127))),
        description: v.optional(v.pipe(v.string(), v.maxLength(127))),
        amount: v.object({ currency_code: v.literal('JPY'), value: v.string() }),
      }),
    ),
    v.length(1),
  ),
  payment_source: v.object({
    paypal: v.object({
      experience_context: v.object({
        return_url: v.pipe(v.string(), v.url()),
        cancel_url: v.pipe(v.string(), v.url()),
        user_action: v.optional(v.picklist(['CONTINUE', 'PAY_NOW'])),
        shipping_preference: v.optional(v.picklist(['GET_FROM_FILE', 'NO_SHIPPING', 'SET_PROVIDED_ADDRESS'])),
      }),
    }),
  }),
})

export const refundSchema = v.object({
  amount: v.optional(v.object({ currency_code: v.string(), value: v.string() })),
  custom_id: v.optional(v.pipe(v.string(), v.maxLength(127))),
  note_to_payer: v.optional(v.pipe(v.string(), v.maxLength(255))),
})

export const verifySchema = v.object({
  auth_algo: v.string(),
  cert_url: v.string(),
  transmission_id: v.string(),
  transmission_sig: v.string(),
  transmission_time: v.string(),
  webhook_id: v.string(),
  webhook_event: v.record(v.string(), v.unknown()),
})

interface Transmission {
  transmissionId: string
  time: string
  webhookId: string
  body: string
}

/**
 * PayPal's signed message, `transmissionId|time|webhookId|crc32(body)`, signed with HMAC-SHA256 under
 * a key of the emulator's own where PayPal signs it with RSA (SHA256withRSA) and a published certificate.
 */
export function webhookSigner() {
  const key = randomBytes(32)
  const sign = (t: Transmission) =>
    createHmac('sha256', key)
      .update(`${t.transmissionId}|${t.time}|${t.webhookId}|${crc32(t.body)}`)
      .digest()
  return {
    sign: (t: Transmission) => sign(t).toString('base64'),
    verify(signature: string, t: Transmission): boolean {
      const given = Buffer.from(signature, 'base64')
      const expected = sign(t)
      return given.length === expected.length && timingSafeEqual(given, expected)
    },
  }
}

const ALNUM = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'
/** PayPal-looking ids: 17 upper-case letters and digits for orders and captures. */
export const paypalId = (length = 17) => [...randomBytes(length)].map((byte) => ALNUM[byte % 36]).join('')

/** PayPal's error answer: name, message, debug_id, details[].issue. */
export const paypalError = (c: Context, status: 400 | 404 | 415 | 422, name: string, issue: string) =>
  c.json(
    { name, message: issue, debug_id: paypalId(13).toLowerCase(), details: [{ issue, description: issue }] },
    status,
  )

/** A JPY amount as PayPal reads it: an integer string, or the issue it answers. */
export const yenOf = (value: string): number | 'DECIMAL_PRECISION' | 'INVALID_PARAMETER_VALUE' =>
  /^\d{1,12}$/.test(value)
    ? Number(value)
    : /^\d+\.\d*$/.test(value)
      ? 'DECIMAL_PRECISION'
      : 'INVALID_PARAMETER_VALUE'

export const captureJson = (baseUrl: string, order: EmulatedOrder, capture: EmulatedCapture) => ({
  id: capture.id,
  status: capture.status,
  amount: capture.amount,
  final_capture: true,
  custom_id: order.unit.custom_id,
  supplementary_data: { related_ids: { order_id: order.id } },
  create_time: capture.createTime,
  links: [{ href: `${baseUrl}/v2/payments/captures/${capture.id}`, rel: 'self', method: 'GET' }],
})

export const orderJson = (baseUrl: string, order: EmulatedOrder) => ({
  id: order.id,
  intent: 'CAPTURE',
  status: order.status,
  purchase_units: [
    {
      ...order.unit,
      ...(order.captures.length
        ? { payments: { captures: order.captures.map((capture) => captureJson(baseUrl, order, capture)) } }
        : {}),
    },
  ],
  ...(order.payerId ? { payer: { payer_id: order.payerId } } : {}),
  create_time: order.createTime,
  links: [
    { href: `${baseUrl}/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' },
    ...(order.status === 'PAYER_ACTION_REQUIRED'
      ? [{ href: `${baseUrl}/checkoutnow?token=${order.id}`, rel: 'payer-action', method: 'GET' }]
      : []),
  ],
})

/** A request's body for the log: JSON and forms parsed, anything else as text. */
export function recordedBody(text: string, contentType: string): unknown {
  if (!text) return null
  try {
    if (contentType.includes('application/json')) return JSON.parse(text)
  } catch {
    return text
  }
  if (contentType.includes('application/x-www-form-urlencoded'))
    return Object.fromEntries(new URLSearchParams(text))
  return text
}

export function withQuery(url: string, params: Record<string, string>): string {
  const target = new URL(url)
  for (const [name, value] of Object.entries(params)) target.searchParams.set(name, value)
  return target.toString()
}

/** The payer's page: plain forms, no script, one button per outcome. */
export function checkoutPage(order: EmulatedOrder | undefined): string {
  if (!order) return page('Unknown order', '<p>This PayPal order does not exist.</p>')
  if (order.status !== 'PAYER_ACTION_REQUIRED') {
    return page('PayPal checkout', `<p>This order is ${order.status}.</p>`)
  }
  const amount = `¥${Number(order.unit.amount.value).toLocaleString('en')} JPY`
  const button = (action: string, label: string) =>
    `<form method="post" action="/checkoutnow/${order.id}/${action}"><button type="submit">${label}</button></form>`
  return page(
    'PayPal checkout',
    `<p>Pay <strong>${amount}</strong> for ${escapeHtml(order.unit.description ?? '')}</p>
${button('approve', 'Approve')}${button('decline', 'Decline')}${button('cancel', 'Cancel')}`,
  )
}

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title} (PayPal emulator)</title></head>
<body><main><h1>${title}</h1><p>PayPal emulator: test mode, no money moves.</p>${body}</main></body></html>`

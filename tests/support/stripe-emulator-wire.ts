import { createHmac, randomBytes } from 'node:crypto'
import * as v from 'valibot'
import { escapeHtml } from './emulator-host.ts'

/*
 * The Stripe emulator's reading of the wire (stripe-emulator.ts runs it): form bodies in bracket
 * notation, the parameters of the calls it takes checked the way Stripe words its refusals, the objects
 * it answers, and the hosted page. Independent of the shop's code on purpose.
 */

export type FormValue = string | FormValue[] | { [key: string]: FormValue }
export type FormObject = { [key: string]: FormValue }

export type Session = {
  id: string
  object: 'checkout.session'
  status: 'open' | 'complete' | 'expired'
  payment_status: 'unpaid' | 'paid'
  amount_total: number
  currency: string
  url: string | null
  success_url: string
  cancel_url: string | null
  client_reference_id: string | null
  metadata: Record<string, string>
  payment_intent: string | null
  allowed_payment_method_types: string[]
  customer: string | null
  customer_creation: string
} & Record<string, unknown>

export type PaymentIntent = {
  id: string
  status: string
  amount: number
  amount_received: number
  amount_refunded: number
  metadata: Record<string, string>
} & Record<string, unknown>

export interface StripeEvent {
  id: string
  type: string
  created: number
  data: { object: Record<string, unknown> }
  [key: string]: unknown
}

/** A button of the hosted page. */
export type PageAction =
  | 'pay'
  | 'decline'
  | 'cancel'
  | 'transfer-later'
  | 'funds-arrived'
  | 'transfer-failed'
  | 'expire'

export interface DeliveryKnobs {
  /** Deliver this late, in the background (`settled()` awaits it); 0: before the page redirects. */
  delayMs: number
  /** Every event twice at once, same id (a retry racing the first delivery). */
  twice: boolean
  /** A session's final events first, then its earlier ones (held back until a final one goes out). */
  outOfOrder: boolean
  /** Signed with another secret. */
  badSignature: boolean
  /** Signed with a `t` 10 minutes old. */
  staleSignature: boolean
}

export interface RecordedRequest {
  method: string
  path: string
  headers: Record<string, string>
  /** The form body (or query) as Stripe reads it, nested by brackets; null when empty. */
  body: FormObject | null
}

type ErrorBody = { type: string; message: string; code?: string; param?: string }

/** A refusal in Stripe's `{ error: { type, code, param, message } }` shape, which the SDK turns into its typed errors. */
export class StripeApiError extends Error {
  readonly status: 400 | 401 | 404
  readonly body: ErrorBody
  constructor(status: 400 | 401 | 404, body: ErrorBody) {
    super(body.message)
    this.status = status
    this.body = body
  }
}

export const invalid = (message: string, code?: string, param?: string, status: 400 | 404 = 400) =>
  new StripeApiError(status, { type: 'invalid_request_error', message, code, param })

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
export const newId = (prefix: string, length = 24) =>
  `${prefix}_${[...randomBytes(length)].map((byte) => BASE62[byte % 62]).join('')}`

const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype'])

/** A form body in bracket notation (`a[b][0][c]=v`, as the SDK sends it) as nested objects and arrays. */
export function parseStripeForm(text: string): FormObject {
  const root: FormObject = {}
  const decode = (part: string) => {
    try {
      return decodeURIComponent(part.replace(/\+/g, ' '))
    } catch {
      throw invalid('Invalid form encoding')
    }
  }
  for (const pair of text.split('&').filter(Boolean)) {
    const at = pair.indexOf('=')
    const key = decode(at < 0 ? pair : pair.slice(0, at))
    const value = at < 0 ? '' : decode(pair.slice(at + 1))
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key)
    if (!match?.[1]) throw invalid(`Invalid parameter name: ${key}`)
    const path = [match[1], ...[...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] ?? '')]
    if (path.some((segment) => UNSAFE_KEYS.has(segment))) throw invalid(`Invalid parameter name: ${key}`)
    let node: FormObject = root
    path.forEach((segment, index) => {
      const name = segment === '' ? String(Object.keys(node).length) : segment
      if (index === path.length - 1) {
        node[name] = value
        return
      }
      const next = node[name] ?? {}
      if (typeof next !== 'object' || Array.isArray(next)) throw invalid(`Invalid parameter: ${key}`)
      node[name] = next
      node = next
    })
  }
  // `a[0]`, `a[1]` … are an array.
  const arrays = (value: FormValue): FormValue => {
    if (typeof value === 'string' || Array.isArray(value)) return value
    const entries = Object.entries(value).map(([key, inner]) => [key, arrays(inner)] as const)
    if (entries.length > 0 && entries.every(([key], index) => key === String(index))) {
      return entries.map(([, inner]) => inner)
    }
    return Object.fromEntries(entries)
  }
  return arrays(root) as FormObject
}

const integer = v.pipe(v.string(), v.regex(/^\d{1,12}$/, 'must be an integer'), v.transform(Number))
const stringMap = v.record(v.string(), v.pipe(v.string(), v.maxLength(500)))

/** POST /v1/checkout/sessions: the parameters the emulator knows; any other is "unknown", as at Stripe. */
const createSessionSchema = v.strictObject({
  mode: v.literal('payment'),
  currency: v.optional(v.string()),
  line_items: v.pipe(
    v.array(
      v.strictObject({
        quantity: integer,
        price_data: v.strictObject({
          currency: v.string(),
          unit_amount: integer,
          product_data: v.strictObject({ name: v.pipe(v.string(), v.minLength(1)) }),
        }),
      }),
    ),
    v.minLength(1),
  ),
  // Optional at Stripe (it shows its own page); the emulator sends the shopper back, so it needs one.
  success_url: v.pipe(v.string(), v.url()),
  cancel_url: v.optional(v.pipe(v.string(), v.url())),
  client_reference_id: v.optional(v.pipe(v.string(), v.maxLength(200))),
  metadata: v.optional(stringMap),
  payment_intent_data: v.optional(v.strictObject({ metadata: v.optional(stringMap) })),
  allowed_payment_method_types: v.optional(v.array(v.picklist(['card', 'customer_balance']))),
  payment_method_options: v.optional(
    v.strictObject({
      customer_balance: v.optional(
        v.strictObject({
          funding_type: v.literal('bank_transfer'),
          bank_transfer: v.strictObject({ type: v.string() }),
        }),
      ),
    }),
  ),
  customer_creation: v.optional(v.picklist(['always', 'if_required'])),
  expires_at: v.optional(integer),
  locale: v.optional(v.string()),
})

const refundSchema = v.strictObject({
  payment_intent: v.string(),
  amount: v.optional(integer),
  metadata: v.optional(stringMap),
  reason: v.optional(v.picklist(['duplicate', 'fraudulent', 'requested_by_customer'])),
})

export const noParams = v.strictObject({})

/** The parameters, or valibot's first issue as Stripe words a bad parameter. */
export function checked<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input)
  if (result.success) return result.output
  const [issue] = result.issues
  const param = (issue.path ?? [])
    .map((item, index) => (index === 0 ? String(item.key) : `[${String(item.key)}]`))
    .join('')
  if (issue.expected === 'never')
    throw invalid(`Received unknown parameter: ${param}`, 'parameter_unknown', param)
  if (issue.received === 'undefined')
    throw invalid(`Missing required param: ${param}.`, 'parameter_missing', param)
  throw invalid(`Invalid ${param}: ${issue.message}`, 'parameter_invalid', param)
}

export const yen = (amount: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'JPY' }).format(amount)

/** A new open session from checked parameters, with what its page shows as the description. */
export function newSession(
  params: FormObject,
  at: { baseUrl: string; created: number },
): { session: Session; description: string; intentMetadata: Record<string, string> } {
  const p = checked(createSessionSchema, params)
  const currencies = new Set([p.currency ?? 'jpy', ...p.line_items.map((item) => item.price_data.currency)])
  if (currencies.size !== 1 || !currencies.has('jpy')) {
    throw invalid('The emulator takes jpy only, the same on every line item', 'parameter_invalid', 'currency')
  }
  const total = p.line_items.reduce((sum, item) => sum + item.quantity * item.price_data.unit_amount, 0)
  if (total < 50) {
    throw invalid('The Checkout Session’s total amount due must add up to at least ¥50', 'amount_too_small')
  }
  if (total > 99_999_999) throw invalid('The amount due must be at most ¥99,999,999', 'amount_too_large')
  const methods = p.allowed_payment_method_types ?? ['card']
  if (methods.includes('customer_balance')) {
    const param = 'payment_method_options[customer_balance][bank_transfer][type]'
    if (p.payment_method_options?.customer_balance?.bank_transfer.type !== 'jp_bank_transfer') {
      throw invalid('customer_balance in jpy takes jp_bank_transfer', 'parameter_missing', param)
    }
    // A cash balance belongs to a Customer: the emulator's reading of Stripe's bank-transfer guide.
    if (p.customer_creation !== 'always') {
      throw invalid(
        'customer_balance needs a Customer (customer_creation=always)',
        'parameter_missing',
        'customer',
      )
    }
  }
  const id = newId('cs_test', 58)
  const session: Session = {
    id,
    object: 'checkout.session',
    mode: 'payment',
    created: at.created,
    expires_at: p.expires_at ?? at.created + 24 * 3600,
    livemode: false,
    status: 'open',
    payment_status: 'unpaid',
    amount_subtotal: total,
    amount_total: total,
    currency: 'jpy',
    url: `${at.baseUrl}/pay/${id}`,
    success_url: p.success_url,
    cancel_url: p.cancel_url ?? null,
    client_reference_id: p.client_reference_id ?? null,
    metadata: p.metadata ?? {},
    payment_intent: null,
    allowed_payment_method_types: methods,
    payment_method_types: methods,
    payment_method_options: p.payment_method_options ?? {},
    customer: null,
    customer_creation: p.customer_creation ?? 'if_required',
  }
  const description = p.line_items.map((item) => item.price_data.product_data.name).join(', ')
  return { session, description, intentMetadata: p.payment_intent_data?.metadata ?? {} }
}

/** GET of a Checkout Session: `expand[]=payment_intent` is the one expansion the emulator answers. */
const retrieveSessionSchema = v.strictObject({
  expand: v.optional(v.array(v.picklist(['payment_intent'], 'This property cannot be expanded'))),
})

/** Whether a GET of a Checkout Session asks for its PaymentIntent in full. */
export function expandsPaymentIntent(params: FormObject): boolean {
  return (checked(retrieveSessionSchema, params).expand ?? []).includes('payment_intent')
}

/** A Zengin account number Stripe gives a Customer to fund its cash balance with. */
export interface VirtualAccount {
  accountNumber: string
}

/** Seven digits, as Japanese account numbers are. */
export const newVirtualAccount = (): VirtualAccount => ({
  accountNumber: [...randomBytes(7)].map((byte) => String(byte % 10)).join(''),
})

/** An address Stripe leaves mostly empty on a virtual account. */
const japaneseAddress = () => ({
  city: null,
  country: 'JP',
  line1: null,
  line2: null,
  postal_code: null,
  state: null,
})

/**
 * A PaymentIntent's `next_action` while a customer_balance jp_bank_transfer waits for the money: what
 * is left to pay, the reference to quote, and the Customer's virtual account as a Zengin address.
 */
export function bankTransferAction(
  amountRemaining: number,
  account: VirtualAccount,
  reference: string,
  hostedUrl: string,
): Record<string, unknown> {
  return {
    type: 'display_bank_transfer_instructions',
    display_bank_transfer_instructions: {
      amount_remaining: amountRemaining,
      currency: 'jpy',
      financial_addresses: [
        {
          type: 'zengin',
          supported_networks: ['zengin'],
          zengin: {
            account_holder_address: japaneseAddress(),
            account_holder_name: 'ｴﾐﾕﾚｰﾀ ｼﾖﾂﾌﾟ',
            account_number: account.accountNumber,
            account_type: 'futsu',
            bank_address: japaneseAddress(),
            bank_code: '0999',
            bank_name: 'エミュレータ銀行',
            branch_code: '101',
            branch_name: 'テスト支店',
          },
        },
      ],
      hosted_instructions_url: hostedUrl,
      reference,
      type: 'jp_bank_transfer',
    },
  }
}

/** POST /v1/refunds against one of the emulator's PaymentIntents. */
export function newRefund(
  params: FormObject,
  intentOf: (id: string) => PaymentIntent | undefined,
  created: number,
): Record<string, unknown> {
  const p = checked(refundSchema, params)
  const intent = intentOf(p.payment_intent)
  if (!intent) {
    throw invalid(`No such payment_intent: '${p.payment_intent}'`, 'resource_missing', 'payment_intent', 404)
  }
  if (intent.status !== 'succeeded') {
    throw invalid('This PaymentIntent does not have a successful charge to refund.', 'charge_not_refundable')
  }
  const left = intent.amount - intent.amount_refunded
  if (left === 0) throw invalid('This charge has already been refunded.', 'charge_already_refunded')
  const amount = p.amount ?? left
  if (amount > left) {
    const message = `Refund amount (${yen(amount)}) is greater than unrefunded amount on charge (${yen(left)})`
    throw invalid(message, 'amount_too_large', 'amount')
  }
  intent.amount_refunded += amount
  return {
    id: newId('re', 24),
    object: 'refund',
    amount,
    currency: 'jpy',
    payment_intent: intent.id,
    status: 'succeeded',
    reason: p.reason ?? null,
    metadata: p.metadata ?? {},
    created,
  }
}

/** An event as Stripe shapes it, its object a snapshot taken now. */
export const newEvent = (type: string, object: Record<string, unknown>, created: number): StripeEvent => ({
  id: newId('evt', 24),
  object: 'event',
  api_version: '2026-10-28.endive',
  created,
  livemode: false,
  pending_webhooks: 1,
  request: { id: null, idempotency_key: null },
  type,
  data: { object: structuredClone(object) },
})

/** `Stripe-Signature`: `t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<body>" keyed by the endpoint secret>`. */
export const stripeSignature = (secret: string, t: number, body: string) =>
  `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`

/** The hosted page: plain forms, one per button, no script. */
export function hostedPage(
  session: Session | undefined,
  description: string,
  notice = '',
  intent?: PaymentIntent,
): string {
  const shell = (title: string, body: string) =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><main><p><strong>Stripe emulator · test mode</strong></p>${body}</main></body></html>`
  if (!session) return shell('Stripe emulator', '<p>No such Checkout Session.</p>')
  const button = (action: PageAction, label: string) =>
    `<form method="post" action="/pay/${session.id}/${action}"><button type="submit">${label}</button></form>`
  const bank = session.allowed_payment_method_types.includes('customer_balance')
  const awaitingTransfer = bank && session.status === 'complete' && session.payment_status === 'unpaid'
  const controls =
    session.status === 'open'
      ? [
          ...(bank
            ? [button('transfer-later', 'Transfer later (pending)')]
            : [button('pay', 'Pay'), button('decline', 'Decline')]),
          button('cancel', 'Cancel'),
          button('expire', 'Expire now'),
        ]
      : awaitingTransfer
        ? [
            `<p>Awaiting the bank transfer of ${yen(session.amount_total)}.</p>`,
            transferText(intent),
            button('funds-arrived', 'Funds arrived'),
            button('transfer-failed', 'Transfer failed'),
          ]
        : [`<p>This Checkout Session is ${session.status} (${session.payment_status}).</p>`]
  const alert = notice ? `<p role="alert">${escapeHtml(notice)}</p>` : ''
  return shell(
    `Stripe emulator: pay ${yen(session.amount_total)}`,
    `<h1>${yen(session.amount_total)}</h1><p>${escapeHtml(description)}</p>${alert}${controls.join('')}`,
  )
}

/** The hosted instructions of a bank transfer the PaymentIntent waits for (its `hosted_instructions_url`). */
function transferText(intent: PaymentIntent | undefined): string {
  const action = intent?.next_action as
    | {
        display_bank_transfer_instructions?: {
          reference: string
          financial_addresses: { zengin: Record<string, string> }[]
        }
      }
    | null
    | undefined
  const instructions = action?.display_bank_transfer_instructions
  const zengin = instructions?.financial_addresses[0]?.zengin
  if (!instructions || !zengin) return ''
  const account = `${zengin.bank_name} (${zengin.bank_code}) ${zengin.branch_name} (${zengin.branch_code}) ${zengin.account_type} ${zengin.account_number} ${zengin.account_holder_name}`
  return `<p>To: ${escapeHtml(account)}; reference ${escapeHtml(instructions.reference)}</p>`
}

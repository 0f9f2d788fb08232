import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { PaymentStatus } from '../../../src/domain/payment-status.ts'
import type { PaymentPurpose } from '../../../src/domain/payments.ts'
import { payments } from '../../db/schema.ts'
import type { GatewayDeps } from './gateway.ts'
import { providerReturnUrls, webhookPath } from './payment-urls.ts'
import type { SbpsSettings } from './provider-settings.ts'

/*
 * SB Payment Service, link type (payments-facts 'SB Payment Service, link type'): the purchase form's
 * fields in the spec's order, its sps_hashcode, and the shop's own page holding the form. The shopper's
 * browser posts it in Shift_JIS to SBPS; this module never calls SBPS itself. Imports nothing from the
 * gateway registry: gateways.ts → sbps.ts → this file must not loop back at load time.
 */

export const SBPS_GATEWAY = 'sbps'
export const SBPS_PURCHASE_PATH = '/f01/FepBuyInfoReceive.do'
export const SBPS_SUBMIT_SCRIPT_PATH = '/api/pay/sbps/submit.js'

/** The purchase request's fields in the spec's order (no dtl_* rows: one item per payment). */
export const SBPS_REQUEST_FIELDS = [
  'pay_method',
  'merchant_id',
  'service_id',
  'cust_code',
  'sps_cust_no',
  'sps_payment_no',
  'order_id',
  'item_id',
  'pay_item_id',
  'item_name',
  'tax',
  'amount',
  'pay_type',
  'auto_charge_type',
  'service_type',
  'div_settele',
  'last_charge_month',
  'camp_type',
  'tracking_id',
  'terminal_type',
  'success_url',
  'cancel_url',
  'error_url',
  'pagecon_url',
  'free1',
  'free2',
  'free3',
  'free_csv',
  'request_date',
  'limit_second',
] as const
export type SbpsRequestField = (typeof SBPS_REQUEST_FIELDS)[number]

/** `{type}` of the sbps route → SBPS's pay_method. */
export const SBPS_PAY_METHODS: Readonly<Record<number, string>> = { 1: 'credit', 2: 'webcvs', 3: 'paypay' }

/** Seconds SBPS accepts the request after its request_date: a form left open cannot be posted hours later. */
export const SBPS_LIMIT_SECONDS = 600
/** How long the form page's ticket in the pay call's redirectUrl is good for. */
export const SBPS_TICKET_MINUTES = 30

/** sps_hashcode: SHA-1 hex of the values joined in order (empty ones too) and the hash key, as UTF-8. */
export function sbpsHash(values: readonly string[], hashKey: string): string {
  return createHash('sha1').update(values.join(''), 'utf8').update(hashKey, 'utf8').digest('hex')
}

/** YYYYMMDDHHMMSS in Japan time (UTC+9, no daylight saving), SBPS's request_date / res_date. */
export function jstTimestamp(at: Date): string {
  return new Date(at.getTime() + 9 * 3600_000).toISOString().slice(0, 19).replace(/\D/g, '')
}

/** The inverse of jstTimestamp; null when it is not a real date. */
export function parseJstTimestamp(text: string): Date | null {
  const match = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(text)
  if (!match) return null
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ]
  const at = new Date(Date.UTC(year, month - 1, day, hour - 9, minute, second))
  return jstTimestamp(at) === text ? at : null
}

/** Yen → SBPS's amount: JPY has no minor unit, so whole yen as digits. The adapter's one conversion. */
export function toSbpsAmount(yen: number): string {
  if (!Number.isSafeInteger(yen) || yen < 1) throw new Error(`SBPS amount must be whole yen ≥ 1 (got ${yen})`)
  return String(yen)
}

/** What SBPS shows the shopper; the same text the pay service gives every attempt (Shift_JIS-safe: kana and kanji of JIS X 0208 only). */
export function sbpsItemName(purpose: PaymentPurpose, target: readonly number[]): string {
  const label = { deposit: 'ご注文', balance: 'ご注文残金', shipping: '送料', extra: '追加料金' }[purpose]
  return `Yoyaku ${label} ${target.join(',')}`
}

/** The shop's URLs SBPS is given: its return endpoint (browser) and its webhook (result notification). */
export function sbpsShopUrls(publicUrl: string, paymentId: string) {
  return { ...providerReturnUrls(publicUrl, paymentId), pagecon: `${publicUrl}${webhookPath(SBPS_GATEWAY)}` }
}

/** The payment row the form is built from. */
export interface SbpsFormPayment {
  id: string
  userId: number
  purpose: PaymentPurpose
  target: number[]
  method: number
  amount: number
}

/** Every field in order, sps_hashcode last; rebuilt on each showing so request_date is fresh. */
export function sbpsFormFields(
  settings: SbpsSettings,
  publicUrl: string,
  payment: SbpsFormPayment,
  now: Date,
): [string, string][] {
  const payMethod = SBPS_PAY_METHODS[payment.method]
  if (!payMethod) throw new Error(`payment ${payment.id}: no SBPS pay_method for {type} ${payment.method}`)
  if (payment.id.length > 38) throw new Error(`payment ${payment.id}: SBPS order_id is at most 38 characters`)
  const urls = sbpsShopUrls(publicUrl, payment.id)
  const values: Record<SbpsRequestField, string> = {
    pay_method: payMethod,
    merchant_id: settings.merchantId,
    service_id: settings.serviceId,
    cust_code: String(payment.userId),
    sps_cust_no: '',
    sps_payment_no: '',
    // One payment row per attempt: its id is unique at SBPS and names the payment in its console.
    order_id: payment.id,
    item_id: payment.purpose,
    pay_item_id: '',
    item_name: sbpsItemName(payment.purpose, payment.target),
    tax: '',
    amount: toSbpsAmount(payment.amount),
    pay_type: '0',
    auto_charge_type: '',
    service_type: '0',
    div_settele: '',
    last_charge_month: '',
    camp_type: '',
    tracking_id: '',
    terminal_type: '0',
    success_url: urls.success,
    cancel_url: urls.cancel,
    error_url: urls.error,
    pagecon_url: urls.pagecon,
    free1: payment.id,
    free2: '',
    free3: '',
    free_csv: '',
    request_date: jstTimestamp(now),
    limit_second: String(SBPS_LIMIT_SECONDS),
  }
  const fields = SBPS_REQUEST_FIELDS.map((name): [string, string] => [name, values[name]])
  fields.push([
    'sps_hashcode',
    sbpsHash(
      fields.map(([, value]) => value),
      settings.hashKey,
    ),
  ])
  return fields
}

/*
 * The form page's ticket: `<expiresAtUnix>.<HMAC-SHA256 of "<paymentId>.<expiresAtUnix>">`. Its key is
 * derived from the SBPS hash key, not read from server_secrets: `begin` runs inside the pay call's
 * transaction, and on PGlite a query outside that transaction waits for it to end (a deadlock). The
 * hash key is as secret as a server secret, and whoever holds it can already sign any form.
 */
const ticketKey = (settings: SbpsSettings) =>
  createHmac('sha256', settings.hashKey).update('yoyaku sbps form ticket v1').digest()

const ticketMac = (settings: SbpsSettings, paymentId: string, expires: number) =>
  createHmac('sha256', ticketKey(settings)).update(`${paymentId}.${expires}`).digest()

export function mintSbpsTicket(settings: SbpsSettings, paymentId: string, now: Date): string {
  const expires = Math.floor(now.getTime() / 1000) + SBPS_TICKET_MINUTES * 60
  return `${expires}.${ticketMac(settings, paymentId, expires).toString('base64url')}`
}

/** True for a ticket minted for this payment that has not expired on the shop's clock. */
export function sbpsTicketValid(
  settings: SbpsSettings,
  paymentId: string,
  ticket: string | undefined,
  now: Date,
): boolean {
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(ticket ?? '')
  if (!match?.[1] || !match[2]) return false
  const expires = Number(match[1])
  const nowSeconds = Math.floor(now.getTime() / 1000)
  if (expires < nowSeconds || expires > nowSeconds + SBPS_TICKET_MINUTES * 60) return false
  return timingSafeEqual(Buffer.from(match[2], 'base64url'), ticketMac(settings, paymentId, expires))
}

export const sbpsFormUrl = (publicUrl: string, paymentId: string, ticket: string) =>
  `${publicUrl}/api/pay/sbps/form/${paymentId}?ticket=${encodeURIComponent(ticket)}`

/** Submits the form as soon as it is parsed; its button stays for browsers without script. */
export const SBPS_SUBMIT_SCRIPT = `'use strict'
var form = document.getElementById('sbps-form')
if (form) form.submit()
`

/** Text safe inside HTML or XML, in an element or a quoted attribute. */
export const escapeMarkup = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  )

interface Lines {
  en: string
  ja: string
  'zh-CN': string
}

function htmlPage(status: number, title: string, body: string): Response {
  const html = `<!doctype html>
<html lang="ja">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeMarkup(title)}</title>
</head>
<body>
${body}
</body>
</html>
`
  return new Response(html, {
    status,
    // The form carries a fresh request_date and hash: never replay a stored copy.
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
  })
}

const linesHtml = (lines: Lines) =>
  (Object.entries(lines) as [keyof Lines, string][])
    .map(([lang, text]) => `<p lang="${lang}">${escapeMarkup(text)}</p>`)
    .join('\n')

const refusals = {
  ticket: {
    status: 403,
    lines: {
      'zh-CN': '此付款链接无效或已过期，请回到订单重新付款。',
      ja: 'このお支払いリンクは無効か期限切れです。ご注文からもう一度お支払いください。',
      en: 'This payment link is not valid or has expired. Please pay again from your order.',
    },
  },
  unknown: {
    status: 404,
    lines: {
      'zh-CN': '找不到此付款。',
      ja: 'このお支払いは見つかりません。',
      en: 'This payment was not found.',
    },
  },
  closed: {
    status: 409,
    lines: {
      'zh-CN': '此付款已完成或已结束，无需再次付款。',
      ja: 'このお支払いはすでに完了したか終了しています。',
      en: 'This payment is no longer awaiting payment.',
    },
  },
  unavailable: {
    status: 409,
    lines: {
      'zh-CN': '暂时无法付款。',
      ja: '現在お支払いはご利用いただけません。',
      en: 'Payment is currently unavailable.',
    },
  },
} satisfies Record<string, { status: number; lines: Lines }>

const refusalPage = (why: keyof typeof refusals) =>
  htmlPage(refusals[why].status, 'Yoyaku', linesHtml(refusals[why].lines))

/**
 * GET /api/pay/sbps/form/{paymentId}?ticket=: the page the pay call's redirectUrl points at. The ticket
 * is checked first (a stranger learns nothing about payment ids), then the payment must be an SBPS
 * payment still awaiting payment. The form is rebuilt from the payment row each time.
 */
export async function sbpsFormResponse(
  deps: GatewayDeps,
  paymentId: string,
  ticket: string | undefined,
): Promise<Response> {
  const settings = deps.payments.providers.sbps
  if (!settings) return refusalPage('unavailable')
  const now = deps.now()
  if (!sbpsTicketValid(settings, paymentId, ticket, now)) return refusalPage('ticket')
  const [payment] = await deps.db
    .select({
      id: payments.id,
      userId: payments.userId,
      purpose: payments.purpose,
      target: payments.target,
      method: payments.method,
      amount: payments.amount,
      status: payments.status,
      gateway: payments.gateway,
    })
    .from(payments)
    .where(eq(payments.id, paymentId))
  if (!payment || payment.gateway !== SBPS_GATEWAY) return refusalPage('unknown')
  if (payment.status !== PaymentStatus.waitPay) return refusalPage('closed')

  const fields = sbpsFormFields(settings, deps.publicUrl, payment, now)
  const inputs = fields
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeMarkup(value)}">`)
    .join('\n')
  const action = `${settings.apiBase.replace(/\/+$/, '')}${SBPS_PURCHASE_PATH}`
  const body = `<form id="sbps-form" method="post" accept-charset="Shift_JIS" action="${escapeMarkup(action)}">
${inputs}
${linesHtml({
  'zh-CN': '正在前往 SB Payment Service 付款页面……',
  ja: 'SBペイメントサービスのお支払い画面へ移動します…',
  en: 'Taking you to the SB Payment Service payment page…',
})}
<button type="submit">Continue to payment / お支払いへ進む / 前往付款</button>
</form>
<script src="${SBPS_SUBMIT_SCRIPT_PATH}" defer></script>`
  return htmlPage(200, 'お支払い / Payment — Yoyaku', body)
}

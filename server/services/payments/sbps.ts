import { timingSafeEqual } from 'node:crypto'
import * as v from 'valibot'
import { ResultCode } from '../../../src/domain/result-code.ts'
import { ApiError } from '../../http/envelope.ts'
import { log } from '../../observability/log.ts'
import type { GatewayDeps, GatewayEvent, PaymentGateway } from './gateway.ts'
import { PAYMENT_ID_PATTERN } from './payment-ids.ts'
import type { SbpsSettings } from './provider-settings.ts'
import { refundSbpsCard } from './sbps-api.ts'
import {
  mintSbpsTicket,
  parseJstTimestamp,
  SBPS_GATEWAY,
  SBPS_PAY_METHODS,
  SBPS_REQUEST_FIELDS,
  sbpsFormUrl,
  sbpsHash,
} from './sbps-form.ts'

/*
 * SB Payment Service, link type (flows §3, payments-facts). `begin` makes no call: the shopper is sent
 * to the shop's own form page (sbps-form.ts), whose browser posts the signed form to SBPS in Shift_JIS.
 * SBPS reports the result by form-posting its result notification (pagecon_url) to
 * /api/pay/webhook/sbps, in Shift_JIS, signed with the same SHA-1 sps_hashcode; the shop answers `OK,`.
 * The payment id is SBPS's order_id and begin's providerRef, which declines keep carrying (an older
 * attempt's is told apart by it); a payment's OK notification carries its res_tracking_id instead,
 * which settle() keeps on the row: the card refund (sbps-api.ts, the API type) names the payment by it.
 */

export { SBPS_GATEWAY }

/** The result fields SBPS adds to the request's, in the order they are hashed. */
export const SBPS_RESULT_FIELDS = [
  'res_pay_method',
  'res_result',
  'res_tracking_id',
  'res_sps_cust_no',
  'res_sps_payment_no',
  'res_payinfo_key',
  'res_payment_date',
  'res_err_code',
  'res_date',
] as const

/**
 * How far res_date may be from the shop's clock. SBPS retries a notification the shop did not answer
 * `OK,` for a while, each retry carrying the original res_date, so a 300 s window would refuse its
 * genuine retries after an outage of the shop; a day still refuses one captured and replayed later.
 */
export const SBPS_NOTIFICATION_TOLERANCE_MS = 24 * 3600_000

const HASH_FIELDS = [...SBPS_REQUEST_FIELDS, ...SBPS_RESULT_FIELDS] as const

const text = (max: number) => v.pipe(v.string(), v.maxLength(max))
/** What the shop reads from a notification once its hash is verified (every field is present and hashed). */
const notificationSchema = v.object({
  merchant_id: text(10),
  service_id: text(10),
  order_id: v.pipe(v.string(), v.regex(PAYMENT_ID_PATTERN)),
  pay_method: v.picklist(Object.values(SBPS_PAY_METHODS)),
  amount: v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number)),
  res_result: v.picklist(['OK', 'NG']),
  res_tracking_id: v.pipe(v.string(), v.regex(/^[0-9A-Za-z]{1,40}$/)),
  res_err_code: v.pipe(v.string(), v.regex(/^[0-9A-Za-z]{0,20}$/)),
  res_date: v.pipe(v.string(), v.regex(/^\d{14}$/)),
})

export type SbpsRefusal =
  | 'malformed body'
  | 'no hash'
  | 'bad hash'
  | 'not our merchant'
  | 'stale res_date'
  | 'missing fields'

/**
 * An application/x-www-form-urlencoded body whose bytes are Shift_JIS: split on `&`, percent-decode to
 * bytes, then decode. Names may come in any order; a name given twice is refused (which one was hashed?).
 */
export function parseShiftJisForm(rawBody: Uint8Array): Map<string, string> | null {
  const decoder = new TextDecoder('shift_jis', { fatal: true })
  const fields = new Map<string, string>()
  for (const pair of splitBytes(rawBody, 0x26)) {
    if (pair.length === 0) continue
    const at = pair.indexOf(0x3d)
    const name = percentDecode(at < 0 ? pair : pair.subarray(0, at), decoder)
    const value = percentDecode(at < 0 ? new Uint8Array() : pair.subarray(at + 1), decoder)
    if (name === null || value === null || fields.has(name)) return null
    fields.set(name, value)
  }
  return fields
}

function splitBytes(bytes: Uint8Array, separator: number): Uint8Array[] {
  const parts: Uint8Array[] = []
  let start = 0
  for (let i = 0; i <= bytes.length; i++) {
    if (i === bytes.length || bytes[i] === separator) {
      parts.push(bytes.subarray(start, i))
      start = i + 1
    }
  }
  return parts
}

const hexValue = (byte: number | undefined) => {
  if (byte === undefined) return -1
  const char = String.fromCharCode(byte)
  return /[0-9A-Fa-f]/.test(char) ? Number.parseInt(char, 16) : -1
}

/** `+` is a space, `%XX` a byte, anything else itself; null when malformed or not Shift_JIS. */
function percentDecode(encoded: Uint8Array, decoder: TextDecoder): string | null {
  const bytes: number[] = []
  for (let i = 0; i < encoded.length; i++) {
    const byte = encoded[i] as number
    if (byte === 0x25) {
      const high = hexValue(encoded[i + 1])
      const low = hexValue(encoded[i + 2])
      if (high < 0 || low < 0) return null
      bytes.push(high * 16 + low)
      i += 2
    } else bytes.push(byte === 0x2b ? 0x20 : byte)
  }
  try {
    return decoder.decode(new Uint8Array(bytes))
  } catch {
    return null
  }
}

/** Verifies a result notification on its bytes (hash, merchant, res_date) and reads it. */
export function verifySbpsNotification(
  settings: SbpsSettings,
  rawBody: Uint8Array,
  now: Date,
): { event: GatewayEvent } | { refused: SbpsRefusal } {
  const fields = parseShiftJisForm(rawBody)
  if (!fields) return { refused: 'malformed body' }
  const received = fields.get('sps_hashcode')
  if (!received || !/^[0-9a-fA-F]{40}$/.test(received)) return { refused: 'no hash' }
  const values = HASH_FIELDS.map((name) => fields.get(name))
  if (values.some((value) => value === undefined)) return { refused: 'missing fields' }
  const expected = Buffer.from(sbpsHash(values as string[], settings.hashKey), 'hex')
  if (!timingSafeEqual(Buffer.from(received.toLowerCase(), 'hex'), expected)) return { refused: 'bad hash' }

  const parsed = v.safeParse(notificationSchema, Object.fromEntries(fields))
  if (!parsed.success) return { refused: 'malformed body' }
  const note = parsed.output
  if (note.merchant_id !== settings.merchantId || note.service_id !== settings.serviceId) {
    return { refused: 'not our merchant' }
  }
  const resDate = parseJstTimestamp(note.res_date)
  if (!resDate || Math.abs(now.getTime() - resDate.getTime()) > SBPS_NOTIFICATION_TOLERANCE_MS) {
    return { refused: 'stale res_date' }
  }
  const paid = note.res_result === 'OK'
  return {
    event: {
      // SBPS's own dedupe key: a retry repeats the tracking id, a new try at its page makes a new one.
      eventId: `${note.order_id}:${note.res_tracking_id}`,
      paymentId: note.order_id,
      kind: paid ? 'succeeded' : 'failed',
      amount: note.amount,
      currency: 'JPY',
      // A decline keeps begin's ref (the older-attempt check of webhooks.ts compares it with the row's).
      // A paid payment keeps the tracking id: a card's refund names it.
      providerRef: paid ? note.res_tracking_id : note.order_id,
      failure: paid ? null : `sbps_${note.res_err_code || 'declined'}`,
    },
  }
}

/** SBPS reads the notification's answer as text: `OK,` accepted, `NG,<reason>` refused (it retries). */
function notificationAnswer(accepted: boolean): Response {
  return new Response(accepted ? 'OK,' : 'NG,refused', {
    status: accepted ? 200 : 400,
    headers: { 'content-type': 'text/plain; charset=Shift_JIS' },
  })
}

/** Why a payment cannot be given back through SBPS: the operator does it by hand. */
function notRefundable(paymentId: string, payMethod: string | null): ApiError {
  const context = { paymentId, gateway: SBPS_GATEWAY, payMethod }
  const message =
    payMethod === 'webcvs'
      ? `Payment ${paymentId} was paid in cash at a convenience store, which SB Payment Service cannot give back: give the money back to the shopper by bank transfer. The order stays as it is.`
      : payMethod === 'paypay'
        ? `Payment ${paymentId} was paid with PayPay, which the shop does not refund through SB Payment Service: give the money back to the shopper by bank transfer (or refund it in the SBPS merchant console). The order stays as it is.`
        : `Payment ${paymentId} has no SBPS tracking id on record: refund it in the SBPS merchant console (its order_id is ${paymentId}). The order stays as it is.`
  return new ApiError(ResultCode.conflict, message, context)
}

/** SB Payment Service as a PaymentGateway. */
export function sbpsGateway(
  deps: Pick<GatewayDeps, 'now' | 'publicUrl'>,
  settings: SbpsSettings,
): PaymentGateway {
  return {
    name: SBPS_GATEWAY,
    async begin(attempt) {
      if (attempt.currency !== 'JPY') throw new Error(`SBPS takes JPY only (got ${attempt.currency})`)
      if (!SBPS_PAY_METHODS[attempt.method])
        throw new Error(`SBPS has no pay_method for {type} ${attempt.method}`)
      // The form page builds its URLs from the payment id as the pay call does (payment-urls.ts).
      const ticket = mintSbpsTicket(settings, attempt.paymentId, deps.now())
      return {
        redirectUrl: sbpsFormUrl(deps.publicUrl, attempt.paymentId, ticket),
        providerRef: attempt.paymentId,
      }
    },
    async verifyWebhook(rawBody) {
      const checked = verifySbpsNotification(settings, rawBody, deps.now())
      if ('refused' in checked) {
        log.warn(`[webhook] ${SBPS_GATEWAY}: refused (${checked.refused})`)
        return null
      }
      return checked.event
    },
    webhookAnswer: notificationAnswer,
    async returned(_payment, outcome) {
      // The link type has no status query. A cancel means the shopper left SBPS's page with its cancel
      // button: that purchase is over at SBPS. Success and error wait for the notification.
      return { end: outcome === 'cancel' ? 'cancelled' : null }
    },
    async refund(payment) {
      const payMethod = SBPS_PAY_METHODS[payment.method] ?? null
      // begin's ref is the payment id (`pay_…`); a paid payment's is SBPS's tracking id
      const trackingId = payment.providerRef?.startsWith('pay_') ? null : payment.providerRef
      if (payMethod !== 'credit' || !trackingId) throw notRefundable(payment.paymentId, payMethod)
      return refundSbpsCard(
        settings,
        { paymentId: payment.paymentId, trackingId, amount: payment.amount },
        deps.now(),
      )
    },
  }
}

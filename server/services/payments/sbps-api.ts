import { ResultCode } from '../../../src/domain/result-code.ts'
import { ApiError } from '../../http/envelope.ts'
import { log } from '../../observability/log.ts'
import { DEFAULT_API_BASES, PROVIDER_TIMEOUT_MS, type SbpsSettings } from './provider-settings.ts'
import {
  escapeMarkup,
  jstTimestamp,
  SBPS_GATEWAY,
  SBPS_LIMIT_SECONDS,
  sbpsHash,
  toSbpsAmount,
} from './sbps-form.ts'

/*
 * SB Payment Service, API type (XML over HTTPS): the one call the shop makes, the card's 取消返金要求
 * (the whole payment given back). Written from the public client wozaki/sbpayment.rb:
 * - const.rb: path /api/xmlapi.do; sandbox host stbfep.sps-system.com (the link type's too), production
 *   api.sps-system.com (not fep.sps-system.com, the link type's purchase host).
 * - client.rb, request.rb: POST, content-type text/xml, HTTP Basic auth merchant_id + service_id : hash key.
 * - api/credit/refund.rb: `<sps-api-request id="ST02-00303-101">` with merchant_id, service_id,
 *   sps_transaction_id, tracking_id, processing_datetime, request_date, limit_second, sps_hashcode.
 * - sbps_xml.rb: `<?xml version="1.0" encoding="Shift_JIS"?>`, no whitespace, empty elements left out.
 * - sbps_hashcode.rb, parameter_definition.rb: SHA-1 hex of every value in that order (empty ones too),
 *   then the hash key, as Shift_JIS bytes (the values here are ASCII: the same bytes as UTF-8).
 * - spec/vcr_cassettes/refund.yml: the sandbox's answer, `<sps-api-response id=…>` with res_result,
 *   res_sps_transaction_id, res_process_date, res_err_code (empty: `<res_err_code/>`), res_date.
 * - api_error/definitions.rb: res_err_code = method (3) + type (2) + item (3); card (101) types 45
 *   (authorisation already cancelled) and 46 (already refunded) stop a refund of money already back.
 */

export const SBPS_API_PATH = '/api/xmlapi.do'
export const SBPS_CARD_REFUND_REQUEST = 'ST02-00303-101'
const SBPS_PRODUCTION_API_BASE = 'https://api.sps-system.com'

/** A card refund's res_err_code when the money is already back: a retry after the shop failed to commit. */
const ALREADY_RETURNED = /^101(45|46)[0-9A-Za-z]{3}$/

/** Where the API type is served: production has a host of its own; the sandbox and emulators serve both types. */
export function sbpsApiUrl(settings: SbpsSettings): string {
  const base = settings.apiBase.replace(/\/+$/, '')
  return `${base === DEFAULT_API_BASES.sbps ? SBPS_PRODUCTION_API_BASE : base}${SBPS_API_PATH}`
}

/**
 * The request as the gem writes it: the hash covers every field in order, empty ones too; the XML leaves
 * empty ones out. Values are printable ASCII (ids, digits), so the bytes sent as UTF-8 are the declared
 * Shift_JIS ones.
 */
export function sbpsApiRequestXml(
  requestId: string,
  fields: readonly (readonly [string, string])[],
  hashKey: string,
): string {
  for (const [name, value] of fields) {
    if (!/^[\x20-\x7e]*$/.test(value)) throw new Error(`SBPS API field ${name} must be printable ASCII`)
  }
  const hash = sbpsHash(
    fields.map(([, value]) => value),
    hashKey,
  )
  const elements = [...fields, ['sps_hashcode', hash] as const]
    .filter(([, value]) => value !== '')
    .map(([name, value]) => `<${name}>${escapeMarkup(value)}</${name}>`)
    .join('')
  return `<?xml version="1.0" encoding="Shift_JIS"?><sps-api-request id="${requestId}">${elements}</sps-api-request>`
}

export interface SbpsApiAnswer {
  /** The root's id attribute (the request id it answers), null when absent. */
  requestId: string | null
  result: 'OK' | 'NG'
  errCode: string
  /** The root's leaf elements by name (elements holding others, like res_pay_method_info, are skipped). */
  fields: Map<string, string>
}

const NAMED_ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" }

/** Element text with its five named and numeric references resolved; null on any other `&`. */
function xmlText(raw: string): string | null {
  let malformed = false
  const text = raw.replace(
    /&(?:#x([0-9A-Fa-f]{1,6})|#(\d{1,7})|([a-z]+));|&/g,
    (_, hex?: string, dec?: string, name?: string) => {
      const code = hex ? Number.parseInt(hex, 16) : dec ? Number(dec) : -1
      if (code >= 0) {
        if (code > 0 && code <= 0x10ffff) return String.fromCodePoint(code)
      } else if (name && Object.hasOwn(NAMED_ENTITIES, name)) return NAMED_ENTITIES[name] ?? ''
      malformed = true
      return ''
    },
  )
  return malformed ? null : text
}

/** A close tag, an open or empty tag with quoted attributes, text, or a `<` that starts none of them. */
const XML_TOKEN =
  /<\/([A-Za-z_][\w.-]*)\s*>|<([A-Za-z_][\w.-]*)((?:\s+[A-Za-z_][\w:.-]*\s*=\s*(?:"[^"<]*"|'[^'<]*'))*)\s*(\/?)>|([^<]+)|</g

/**
 * Reads SBPS's answer: Shift_JIS, one `sps-api-response` root, its leaf children by name. Anything else
 * (a DTD, comment, CDATA, processing instruction after the declaration, an unknown entity, mismatched
 * or duplicate elements, text beside the elements) makes it unreadable: null. No entity is ever expanded.
 */
export function parseSbpsApiAnswer(bytes: Uint8Array): SbpsApiAnswer | null {
  let xml: string
  try {
    xml = new TextDecoder('shift_jis', { fatal: true }).decode(bytes)
  } catch {
    return null
  }
  const body = xml.replace(/^\s*<\?xml\s[^<>]*\?>/, '')
  if (/<[!?]/.test(body)) return null
  const open: string[] = []
  const fields = new Map<string, string>()
  let requestId: string | null | undefined
  let leafText = ''
  let leafHasChildren = false
  for (const [token, closing, opening, attributes = '', empty, chars] of body.matchAll(XML_TOKEN)) {
    const depth = open.length
    if (chars !== undefined) {
      if (depth === 2) leafText += chars
      else if (depth < 2 && chars.trim() !== '') return null
    } else if (opening) {
      if (depth === 0) {
        if (requestId !== undefined || opening !== 'sps-api-response' || empty) return null
        const id = /\sid\s*=\s*(?:"([^"]*)"|'([^']*)')/.exec(attributes)
        requestId = id ? (id[1] ?? id[2] ?? '') : null
      } else if (depth === 1) {
        leafText = ''
        leafHasChildren = false
      } else if (depth === 2) leafHasChildren = true
      if (empty && depth === 1) {
        if (fields.has(opening)) return null
        fields.set(opening, '')
      } else if (!empty) open.push(opening)
    } else if (closing) {
      if (open.pop() !== closing) return null
      if (depth === 2 && !leafHasChildren) {
        const text = xmlText(leafText)
        if (text === null || fields.has(closing)) return null
        fields.set(closing, text.trim())
      }
    } else if (token === '<') return null
  }
  if (requestId === undefined || open.length > 0) return null
  const result = fields.get('res_result')
  if (result !== 'OK' && result !== 'NG') return null
  return { requestId, result, errCode: fields.get('res_err_code') ?? '', fields }
}

/** One API call, bounded by PROVIDER_TIMEOUT_MS; throws on a network failure, an HTTP error or an unreadable answer. */
export async function postSbpsApi(
  settings: SbpsSettings,
  requestId: string,
  fields: readonly (readonly [string, string])[],
): Promise<SbpsApiAnswer> {
  const credentials = Buffer.from(`${settings.merchantId}${settings.serviceId}:${settings.hashKey}`).toString(
    'base64',
  )
  const response = await fetch(sbpsApiUrl(settings), {
    method: 'POST',
    headers: { 'content-type': 'text/xml; charset=Shift_JIS', authorization: `Basic ${credentials}` },
    body: sbpsApiRequestXml(requestId, fields, settings.hashKey),
    redirect: 'manual',
    signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
  })
  if (response.status !== 200) throw new Error(`HTTP ${response.status}`)
  const answer = parseSbpsApiAnswer(new Uint8Array(await response.arrayBuffer()))
  if (!answer) throw new Error('unreadable answer')
  if (answer.requestId !== null && answer.requestId !== requestId) {
    throw new Error(`an answer to ${answer.requestId}`)
  }
  return answer
}

const failureOf = (error: unknown): string => {
  if (!(error instanceof Error)) return String(error)
  if (error.name === 'TimeoutError') return 'timeout'
  // fetch's own error says only "fetch failed": the network's reason is its cause.
  const cause: unknown = error.cause
  if (!(cause instanceof Error)) return error.message
  const { code } = cause as Error & { code?: unknown }
  return typeof code === 'string' ? code : cause.message
}

/**
 * Gives a card payment back in full (ST02-00303-101 cancels an authorisation or refunds a sale, so it
 * takes no amount). SBPS has no idempotency key: the tracking id is the key, and its refusal of a
 * second refund of the same payment (types 45/46) means a retry after the shop's commit failed, so it
 * counts as done. Any other refusal or failure is a 409: the operator's transaction rolls back.
 */
export async function refundSbpsCard(
  settings: SbpsSettings,
  refund: { paymentId: string; trackingId: string; amount: number },
  now: Date,
): Promise<{ refundRef: string }> {
  toSbpsAmount(refund.amount)
  const at = jstTimestamp(now)
  const fields: [string, string][] = [
    ['merchant_id', settings.merchantId],
    ['service_id', settings.serviceId],
    // The link type's result notification gives no sps_transaction_id: the tracking id names the payment.
    ['sps_transaction_id', ''],
    ['tracking_id', refund.trackingId],
    // 処理日時. The gem's recorded refund sends the authorisation's res_process_date, which the link type
    // never reports; clients of the link type send the time of the request.
    ['processing_datetime', at],
    ['request_date', at],
    ['limit_second', String(SBPS_LIMIT_SECONDS)],
  ]
  const context = { paymentId: refund.paymentId, gateway: SBPS_GATEWAY }
  let answer: SbpsApiAnswer
  try {
    answer = await postSbpsApi(settings, SBPS_CARD_REFUND_REQUEST, fields)
  } catch (error) {
    const why = failureOf(error)
    log.error(`[payments] sbps: refund of ${refund.paymentId} got no answer from SBPS (${why})`)
    throw new ApiError(
      ResultCode.conflict,
      `SBPS gave no answer to the refund of payment ${refund.paymentId} (${why}): nothing was changed, please try again`,
      context,
    )
  }
  if (answer.result === 'OK') {
    return { refundRef: answer.fields.get('res_sps_transaction_id') || refund.trackingId }
  }
  if (ALREADY_RETURNED.test(answer.errCode)) {
    log.warn(
      `[payments] sbps: payment ${refund.paymentId} (tracking id ${refund.trackingId}) was already given back at SBPS (${answer.errCode}): recorded as refunded`,
    )
    return { refundRef: refund.trackingId }
  }
  log.error(`[payments] sbps: refund of ${refund.paymentId} refused by SBPS (${answer.errCode})`)
  throw new ApiError(
    ResultCode.conflict,
    `SBPS refused the refund of payment ${refund.paymentId} (code ${answer.errCode || 'none'}): nothing was changed`,
    { ...context, code: answer.errCode },
  )
}

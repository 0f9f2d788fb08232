import { createHash, randomInt } from 'node:crypto'
import type { Context, Hono } from 'hono'
import iconv from 'iconv-lite'

/*
 * The SBPS emulator's API type endpoint: POST /api/xmlapi.do, XML in Shift_JIS, HTTP Basic auth. It
 * speaks only the card's 取消返金要求 (ST02-00303-101), written from the public client wozaki/sbpayment.rb
 * (lib/sbpayment/api/credit/refund.rb, const.rb, client.rb, sbps_xml.rb, sbps_hashcode.rb,
 * api_error/definitions.rb and the sandbox exchange recorded in spec/vcr_cassettes/refund.yml), and
 * independent of the adapter. Mounted by sbps-emulator.ts, which registers the charges its OK result
 * notifications report.
 */

/** SHA-1 hex of the values joined, then the hash key (ASCII here, so UTF-8 and Shift_JIS agree). */
export const sha1 = (values: string[], hashKey: string) =>
  createHash('sha1')
    .update(values.join('') + hashKey, 'utf8')
    .digest('hex')

/** YYYYMMDDHHMMSS in Japan time (UTC+9). */
export const jst = (at: Date) =>
  new Date(at.getTime() + 9 * 3600_000).toISOString().slice(0, 19).replace(/\D/g, '')

export const fromJst = (text: string): Date | null => {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(text)
  return m ? new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}+09:00`) : null
}

export const REFUND_REQUEST_ID = 'ST02-00303-101'
/** The refund request's elements in the gem's key order, which is also the hash order (sps_hashcode last). */
const REFUND_FIELDS = [
  'merchant_id',
  'service_id',
  'sps_transaction_id',
  'tracking_id',
  'processing_datetime',
  'request_date',
  'limit_second',
]

/**
 * res_err_code: payment method (3) + type (2) + item (3), from the gem's api_error/definitions.rb. The
 * real item of each case is not published there; 999 is its "no such item".
 */
export const SBPS_API_CODES = {
  xml: '10100999',
  unknownRequest: '99902000',
  required: '10103027',
  hash: '10109025',
  expired: '10110023',
  trackingId: '10112027',
  merchant: '10114001',
  /** 返金処理済みのため、返金処理を中止しました (type 46): the answer to a second refund. */
  alreadyRefunded: '10146999',
} as const

/** A payment SBPS took, by the res_tracking_id its OK notification carried. */
export interface SbpsCharge {
  trackingId: string
  orderId: string
  payMethod: string
  amount: number
  refunded: boolean
}

export interface RecordedApiRequest {
  method: string
  path: string
  headers: Record<string, string>
  /** The body as received, decoded from Shift_JIS. */
  body: string
  /** The root's id attribute and the elements in order (null when the XML was unreadable). */
  requestId: string | null
  fields: [name: string, value: string][] | null
  /** What the emulator answered: HTTP status, then res_result and res_err_code when it was XML. */
  status: number
  result: 'OK' | 'NG' | null
  errCode: string
}

export interface SbpsApiOptions {
  merchantId: string
  serviceId: string
  hashKey: string
  now: () => Date
}

/** A flat `sps-api-request`: its id and its leaf elements in order; null when it is anything else. */
function readRequestXml(body: string): { id: string; fields: [string, string][] } | null {
  const root =
    /^<\?xml version="1\.0" encoding="Shift_JIS"\?>\s*<sps-api-request id="([0-9A-Z-]+)">([\s\S]*)<\/sps-api-request>\s*$/.exec(
      body,
    )
  if (!root?.[1]) return null
  const fields: [string, string][] = []
  const rest = (root[2] ?? '').replace(/<([a-z_]+)>([^<>&]*)<\/\1>\s*/g, (_, name: string, value: string) => {
    fields.push([name, value])
    return ''
  })
  return rest.trim() === '' ? { id: root[1], fields } : null
}

/** The answer as SBPS formats it (see the recorded exchange): Shift_JIS, indented, empty elements self-closed. */
function answerXml(requestId: string, elements: [string, string][]): Uint8Array {
  const lines = elements.map(([name, value]) => (value ? `<${name}>${value}</${name}>` : `<${name}/>`))
  const xml = `<?xml version='1.0' encoding='Shift_JIS' ?>\n  <sps-api-response id="${requestId}">\n    ${lines.join('\n    ')}\n  </sps-api-response>\n`
  return iconv.encode(xml, 'Shift_JIS')
}

export function sbpsXmlApi(options: SbpsApiOptions) {
  const charges = new Map<string, SbpsCharge>()
  const requests: RecordedApiRequest[] = []
  /** refuseWith: answer every refund NG with this res_err_code (a refusal the shop must roll back on). */
  const knobs: { refuseWith: string | null } = { refuseWith: null }
  const expectedAuth = `Basic ${Buffer.from(`${options.merchantId}${options.serviceId}:${options.hashKey}`).toString('base64')}`

  /** The refund's outcome: null when it is done, else the NG res_err_code. */
  function refund(id: string, fields: [string, string][]): string | null {
    if (id !== REFUND_REQUEST_ID) return SBPS_API_CODES.unknownRequest
    // Empty elements are left out (as the gem does); the others come in the documented order, hash last.
    const names = fields.map(([name]) => name)
    const expected = [...REFUND_FIELDS.filter((name) => names.includes(name)), 'sps_hashcode']
    if (names.length !== expected.length || names.some((name, i) => name !== expected[i]))
      return SBPS_API_CODES.xml
    const get = (name: string) => fields.find(([n]) => n === name)?.[1] ?? ''
    if (get('merchant_id') !== options.merchantId || get('service_id') !== options.serviceId) {
      return SBPS_API_CODES.merchant
    }
    if (get('sps_hashcode') !== sha1(REFUND_FIELDS.map(get), options.hashKey)) return SBPS_API_CODES.hash
    if (!get('tracking_id') || !get('processing_datetime') || !get('request_date'))
      return SBPS_API_CODES.required
    const requestDate = fromJst(get('request_date'))
    const limitMs = Number(get('limit_second') || '600') * 1000
    if (!requestDate || Math.abs(options.now().getTime() - requestDate.getTime()) > limitMs) {
      return SBPS_API_CODES.expired
    }
    // The link type's notification carries no sps_transaction_id: the tracking id alone names the charge.
    const charge = charges.get(get('tracking_id'))
    if (charge?.payMethod !== 'credit') return SBPS_API_CODES.trackingId
    if (charge.refunded) return SBPS_API_CODES.alreadyRefunded
    if (knobs.refuseWith) return knobs.refuseWith
    charge.refunded = true
    return null
  }

  async function handle(c: Context): Promise<Response> {
    const body = iconv.decode(Buffer.from(await c.req.arrayBuffer()), 'Shift_JIS')
    const record: RecordedApiRequest = {
      method: c.req.method,
      path: c.req.path,
      headers: Object.fromEntries(c.req.raw.headers.entries()),
      body,
      requestId: null,
      fields: null,
      status: 200,
      result: null,
      errCode: '',
    }
    requests.push(record)
    if (c.req.header('authorization') !== expectedAuth) {
      record.status = 401
      return c.text('Unauthorized', 401, { 'www-authenticate': 'Basic realm="sps-api"' })
    }
    if (!(c.req.header('content-type') ?? '').startsWith('text/xml')) {
      record.status = 415
      return c.text('Unsupported Media Type', 415)
    }
    const parsed = readRequestXml(body)
    record.requestId = parsed?.id ?? null
    record.fields = parsed?.fields ?? null
    const refused = parsed ? refund(parsed.id, parsed.fields) : SBPS_API_CODES.xml
    const at = jst(options.now())
    record.result = refused ? 'NG' : 'OK'
    record.errCode = refused ?? ''
    const transactionId = `B${options.merchantId}${options.serviceId}${(parsed?.id ?? '').replace(/-/g, '')}${randomInt(10 ** 10, 10 ** 11)}`
    const answer = answerXml(parsed?.id ?? '', [
      ['res_result', record.result],
      ['res_sps_transaction_id', refused ? '' : transactionId],
      ['res_process_date', at],
      ['res_err_code', record.errCode],
      ['res_date', at],
    ])
    return c.body(new Uint8Array(answer), 200, { 'content-type': 'text/xml;charset=Shift_JIS' })
  }

  return {
    charges,
    requests,
    knobs,
    /** SBPS took this payment (an OK result notification); a repeat of the same tracking id changes nothing. */
    register(charge: Omit<SbpsCharge, 'refunded'>) {
      if (!charges.has(charge.trackingId)) charges.set(charge.trackingId, { ...charge, refunded: false })
    },
    mount(app: Hono) {
      app.post('/api/xmlapi.do', handle)
    },
  }
}

export type SbpsXmlApi = ReturnType<typeof sbpsXmlApi>

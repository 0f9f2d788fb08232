import { randomBytes, randomInt } from 'node:crypto'
import { Hono } from 'hono'
import iconv from 'iconv-lite'
import { backgroundWork, escapeHtml, listenOn } from './emulator-host.ts'
import { decodeShiftJisForm, encodeShiftJisForm, type Fields } from './sbps-browser.ts'
import { fromJst, jst, sbpsXmlApi, sha1 } from './sbps-emulator-api.ts'
import type {
  NotifyOptions,
  Purchase,
  RecordedNotification,
  RecordedRequest,
  SbpsDeliveryKnobs,
  SbpsEmulatorOptions,
} from './sbps-emulator-types.ts'

export type * from './sbps-emulator-types.ts'

/*
 * A stateful, in-memory emulator of SB Payment Service's link type (the subset the shop uses), written
 * from payments-facts 'SB Payment Service, link type' and independent of the adapter (its own field
 * list, hash, Shift_JIS codec: iconv-lite), plus the one API type call the shop makes (the card's
 * refund, sbps-emulator-api.ts). What a browser does lives in sbps-browser.ts.
 *
 * Covers: POST /f01/FepBuyInfoReceive.do as a browser posts it (application/x-www-form-urlencoded,
 * Shift_JIS bytes): every field present in the documented order, merchant_id/service_id, sps_hashcode
 * (SHA-1 of the values in order + hash key, UTF-8), pay_method credit|webcvs|paypay, whole-yen amount,
 * order_id ≤ 38 and not already paid, request_date within limit_second of the emulator's clock; a
 * refusal is an error page (400), recorded. The hosted page shows the item name and amount with Pay,
 * Decline, Cancel (konbini: Pay at the store later, then a Complete store payment control). Pay/Decline
 * send the result notification (the request's fields + res_*, new res_tracking_id, res_result OK/NG,
 * hashed as documented, sent with its fields in another order than hashed) in Shift_JIS to the
 * request's pagecon_url, record the shop's answer (expected exactly `OK,`), then 303 the browser to
 * success_url / error_url; Cancel sends nothing and goes to cancel_url. Knobs: delayMs, twice (same
 * tracking id twice at once), outOfOrder (after an OK, an NG of an older tracking id: an earlier
 * declined card at the page, reported late), badSignature; `notify()` sends one notification on demand
 * (a chosen tracking id, res_date, overridden fields).
 * API type: POST /api/xmlapi.do with 取消返金要求 ST02-00303-101 (XML, Shift_JIS): Basic auth
 * (merchant_id + service_id : hash key), the elements in the gem's order (empty ones left out), the
 * sps_hashcode over all of them, request_date within limit_second, a tracking_id of a card payment an
 * OK notification reported; answers `sps-api-response` OK once, then NG 10146999 (already refunded) for
 * the same tracking id; `apiKnobs.refuseWith` makes it refuse with a chosen code. Every request recorded.
 *
 * Leaves out: the real card/konbini/PayPay screens and their validation; SBPS's retries of a
 * notification not answered `OK,` (tests re-send with `notify()`); konbini's real two-step reporting
 * (payment slip issued, then a deposit notification in another format) — here nothing is sent until
 * the store payment completes, then one OK; dtl_* item rows, recurring/subscription fields, 3-D Secure;
 * of the API type every other call (status query, commit, sales, partial refund, PayPay's and the other
 * methods' cancels), sps_transaction_id (not checked), processing_datetime's meaning (only required),
 * 3DES-encrypted fields, the IP allow-list SBPS applies to API callers, the refund period limits (a
 * card refund is refused months after the sale); the real error codes' item part (declines carry
 * `declineCode`, a placeholder; API refusals use the gem's method + type codes with an item of our
 * choosing); SBPS returns browsers with a form POST, the emulator with a 303.
 */

/** The purchase request's fields in the order the spec lists them (sps_hashcode follows them). */
const REQUEST_FIELDS = (
  'pay_method merchant_id service_id cust_code sps_cust_no sps_payment_no order_id item_id pay_item_id ' +
  'item_name tax amount pay_type auto_charge_type service_type div_settele last_charge_month camp_type ' +
  'tracking_id terminal_type success_url cancel_url error_url pagecon_url free1 free2 free3 free_csv ' +
  'request_date limit_second'
).split(' ')
/** The result notification's fields, hashed after the request's in this order. */
const RESULT_FIELDS = (
  'res_pay_method res_result res_tracking_id res_sps_cust_no res_sps_payment_no res_payinfo_key ' +
  'res_payment_date res_err_code res_date'
).split(' ')
const PAY_METHODS = ['credit', 'webcvs', 'paypay']

const page = (title: string, body: string) =>
  `<!doctype html>\n<html lang="en">\n<head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>\n<body>\n<h1>${escapeHtml(title)}</h1>\n${body}\n</body>\n</html>\n`

const button = (action: string, label: string) =>
  `<form method="post" action="${escapeHtml(action)}"><button type="submit">${escapeHtml(label)}</button></form>`

export async function startSbpsEmulator(options: SbpsEmulatorOptions) {
  const now = options.now ?? (() => new Date())
  const delivery: SbpsDeliveryKnobs = { delayMs: 0, twice: false, outOfOrder: false, badSignature: false }
  const requests: RecordedRequest[] = []
  const notifications: RecordedNotification[] = []
  const purchases = new Map<string, Purchase>()
  const latestByOrder = new Map<string, Purchase>()
  const background = backgroundWork()
  const xmlApi = sbpsXmlApi({ ...options, now })
  const newTrackingId = () => `${randomInt(10 ** 6, 10 ** 7)}${randomInt(10 ** 6, 10 ** 7)}`

  /** Why a purchase request is refused, or null. */
  function refusal(fields: Fields | null, contentType: string): string | null {
    if (!contentType.startsWith('application/x-www-form-urlencoded')) return 'content type'
    if (!fields) return 'malformed form'
    const names = fields.map(([name]) => name)
    const expected = [...REQUEST_FIELDS, 'sps_hashcode']
    const misplaced = expected.findIndex((name, i) => names[i] !== name)
    if (misplaced >= 0 || names.length !== expected.length) {
      return `field order: expected ${expected[misplaced] ?? '(end)'} at ${misplaced}, got ${names[misplaced] ?? '(end)'}`
    }
    const get = (name: string) => fields.find(([n]) => n === name)?.[1] ?? ''
    if (get('merchant_id') !== options.merchantId || get('service_id') !== options.serviceId) {
      return 'unknown merchant'
    }
    const hash = sha1(
      fields.slice(0, -1).map(([, value]) => value),
      options.hashKey,
    )
    if (get('sps_hashcode').toLowerCase() !== hash) return 'sps_hashcode mismatch'
    if (!PAY_METHODS.includes(get('pay_method'))) return 'pay_method'
    if (!/^[1-9]\d{0,8}$/.test(get('amount'))) return 'amount'
    if (!/^.{1,38}$/.test(get('order_id'))) return 'order_id'
    const requestDate = fromJst(get('request_date'))
    const limitMs = Number(get('limit_second') || '0') * 1000
    if (!requestDate || now().getTime() - requestDate.getTime() > limitMs) return 'expired (limit_second)'
    if (latestByOrder.get(get('order_id'))?.status === 'paid') return 'order_id already used'
    return null
  }

  function buildNotification(
    purchase: Purchase,
    result: 'OK' | 'NG',
    trackingId: string,
    notify: NotifyOptions,
  ) {
    const at = notify.resDate ?? now()
    const request = REQUEST_FIELDS.map((name): [string, string] => [
      name,
      notify.override?.[name] ?? purchase.fields[name] ?? '',
    ])
    const generated: Record<string, string> = {
      res_pay_method: purchase.fields.pay_method ?? '',
      res_result: result,
      res_tracking_id: trackingId,
      res_sps_cust_no: '',
      res_sps_payment_no: '',
      res_payinfo_key: randomBytes(8).toString('hex'),
      res_payment_date: result === 'OK' ? jst(at) : '',
      res_err_code: result === 'NG' ? (options.declineCode ?? 'EMU01') : '',
      res_date: jst(at),
    }
    const results = RESULT_FIELDS.map((name): [string, string] => [
      name,
      notify.override?.[name] ?? generated[name] ?? '',
    ])
    let hash = sha1(
      [...request, ...results].map(([, value]) => value),
      options.hashKey,
    )
    if (notify.badSignature) hash = sha1([hash], 'forged')
    // On the wire the order differs from the hashed one: the shop must read fields by name.
    return [...results, ['sps_hashcode', hash], ...request] as Fields
  }

  async function send(purchase: Purchase, fields: Fields): Promise<RecordedNotification> {
    const get = (name: string) => fields.find(([n]) => n === name)?.[1] ?? ''
    const record: RecordedNotification = {
      orderId: get('order_id'),
      trackingId: get('res_tracking_id'),
      result: get('res_result'),
      fields,
      status: null,
      answer: null,
      contentType: null,
      accepted: false,
    }
    notifications.push(record)
    // An OK notification means SBPS took the money: its tracking id is what a refund names.
    if (record.result === 'OK') {
      const { pay_method = '', amount = '0' } = purchase.fields
      xmlApi.register({
        trackingId: record.trackingId,
        orderId: purchase.orderId,
        payMethod: pay_method,
        amount: Number(amount),
      })
    }
    try {
      const response = await fetch(purchase.fields.pagecon_url ?? '', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: encodeShiftJisForm(fields),
        signal: AbortSignal.timeout(10_000),
      })
      record.status = response.status
      record.contentType = response.headers.get('content-type')
      record.answer = iconv.decode(Buffer.from(await response.arrayBuffer()), 'Shift_JIS')
      record.accepted = record.answer === 'OK,'
    } catch (error) {
      console.warn(`[sbps-emulator] notification of ${record.orderId} not delivered:`, error)
    }
    return record
  }

  /** A button's result: the notification(s) by the knobs, awaited unless delayed. */
  async function deliverResult(purchase: Purchase, result: 'OK' | 'NG'): Promise<void> {
    const knobs = { ...delivery }
    const trackingId = newTrackingId()
    purchase.trackingIds.push(trackingId)
    const run = async () => {
      const main = buildNotification(purchase, result, trackingId, { badSignature: knobs.badSignature })
      await Promise.all((knobs.twice ? [main, main] : [main]).map((fields) => send(purchase, fields)))
      if (knobs.outOfOrder && result === 'OK') {
        await send(purchase, buildNotification(purchase, 'NG', newTrackingId(), {}))
      }
    }
    if (knobs.delayMs > 0) background.later(knobs.delayMs, run)
    else await run()
  }

  const app = new Hono()
  xmlApi.mount(app)

  app.post('/f01/FepBuyInfoReceive.do', async (c) => {
    const fields = decodeShiftJisForm(new Uint8Array(await c.req.arrayBuffer()))
    const headers = Object.fromEntries(c.req.raw.headers.entries())
    const refused = refusal(fields, c.req.header('content-type') ?? '')
    requests.push({ method: 'POST', path: c.req.path, headers, fields: fields ?? [], refused })
    if (refused || !fields) {
      return c.html(page('SB Payment Service — error', `<p id="error">${escapeHtml(refused ?? '')}</p>`), 400)
    }
    const byName = Object.fromEntries(fields)
    const purchase: Purchase = {
      key: randomBytes(12).toString('hex'),
      orderId: byName.order_id ?? '',
      fields: byName,
      status: 'open',
      trackingIds: [],
    }
    purchases.set(purchase.key, purchase)
    latestByOrder.set(purchase.orderId, purchase)
    return c.html(hostedPage(purchase))
  })

  function hostedPage(purchase: Purchase): string {
    const at = `/f01/purchase/${purchase.key}`
    const { item_name = '', amount = '0', pay_method = '' } = purchase.fields
    const buttons =
      purchase.status === 'open'
        ? [
            button(`${at}/pay`, 'Pay'),
            button(`${at}/decline`, 'Decline'),
            button(`${at}/cancel`, 'Cancel'),
            ...(pay_method === 'webcvs' ? [button(`${at}/pay-later`, 'Pay at the store later')] : []),
          ]
        : purchase.status === 'awaiting-store'
          ? [button(`${at}/store-paid`, 'Complete store payment')]
          : []
    return page(
      'SB Payment Service (test emulator)',
      `<p>Item: <span id="item-name">${escapeHtml(item_name)}</span></p>
<p>Amount: <span id="amount">¥${Number(amount).toLocaleString('en')}</span></p>
<p>Method: ${escapeHtml(pay_method)} · Status: <span id="status">${purchase.status}</span></p>
${buttons.join('\n')}`,
    )
  }

  app.get('/f01/purchase/:key', (c) => {
    const purchase = purchases.get(c.req.param('key'))
    return purchase ? c.html(hostedPage(purchase)) : c.notFound()
  })

  app.post('/f01/purchase/:key/:action', async (c) => {
    const purchase = purchases.get(c.req.param('key'))
    if (!purchase) return c.notFound()
    const action = c.req.param('action')
    const { success_url = '', error_url = '', cancel_url = '' } = purchase.fields
    if (action === 'store-paid' && purchase.status === 'awaiting-store') {
      purchase.status = 'paid'
      await deliverResult(purchase, 'OK')
      return c.html(hostedPage(purchase))
    }
    if (purchase.status !== 'open' || (action === 'pay-later' && purchase.fields.pay_method !== 'webcvs')) {
      return c.html(
        page('SB Payment Service — error', `<p id="error">not open (${purchase.status})</p>`),
        409,
      )
    }
    switch (action) {
      case 'pay':
        purchase.status = 'paid'
        await deliverResult(purchase, 'OK')
        return c.redirect(success_url, 303)
      case 'decline':
        purchase.status = 'declined'
        await deliverResult(purchase, 'NG')
        return c.redirect(error_url, 303)
      case 'cancel':
        purchase.status = 'cancelled'
        return c.redirect(cancel_url, 303)
      case 'pay-later':
        // The shopper takes the slip to the store; nothing is paid yet.
        purchase.status = 'awaiting-store'
        return c.redirect(success_url, 303)
      default:
        return c.notFound()
    }
  })

  const host = await listenOn(app, options.port)
  const { baseUrl } = host
  const { settled } = background
  const purchaseOf = (orderId: string) => {
    const purchase = latestByOrder.get(orderId)
    if (!purchase) throw new Error(`no purchase for order_id ${orderId}`)
    return purchase
  }

  return {
    baseUrl,
    delivery,
    requests,
    notifications,
    /** The latest purchase of an order_id (undefined if none was accepted). */
    purchase: (orderId: string) => latestByOrder.get(orderId),
    /** Builds, signs and sends one notification for an accepted purchase now (ignores the knobs). */
    notify: (orderId: string, notify: NotifyOptions = {}) => {
      const purchase = purchaseOf(orderId)
      const trackingId = notify.trackingId ?? newTrackingId()
      return send(purchase, buildNotification(purchase, notify.result ?? 'OK', trackingId, notify))
    },
    /** The konbini payment is made at the store: SBPS reports it (by the knobs). */
    completeStorePayment: async (orderId: string) => {
      const purchase = purchaseOf(orderId)
      if (purchase.status !== 'awaiting-store') throw new Error(`${orderId} is ${purchase.status}`)
      purchase.status = 'paid'
      await deliverResult(purchase, 'OK')
    },
    /** The API type's requests (refunds), as received and answered. */
    apiRequests: xmlApi.requests,
    /** What SBPS took, by res_tracking_id (`refunded` once a refund went through). */
    charges: xmlApi.charges,
    /** `refuseWith`: answer every refund NG with this res_err_code. */
    apiKnobs: xmlApi.knobs,
    settled,
    async close() {
      await settled()
      await host.close()
    },
  }
}

export type SbpsEmulator = Awaited<ReturnType<typeof startSbpsEmulator>>

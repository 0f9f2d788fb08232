import { encodeShiftJisForm, postSbpsForm } from '../support/sbps-browser.ts'
import type { NotifyOptions, RecordedNotification, SbpsEmulator } from '../support/sbps-emulator.ts'
import { copies, type Delivery, genuineIds, type PaymentPlan } from './webhook-storm-harness.ts'
import { emptyPlan, type PlanContext, startPayment, withPlanned } from './webhook-storm-payments.ts'

/*
 * SB Payment Service's storm: each payment's form is posted to the SBPS emulator as a browser does, then
 * the emulator sends its result notifications (Shift_JIS, sps_hashcode over the fields) to the shop's
 * pagecon_url: OK for the paid try, NG for a declined one. SBPS's event is the order_id and
 * res_tracking_id: its retries repeat the tracking id (with a fresh res_date), and a recorded
 * notification is replayed byte for byte. Forged (hash not matching), tampered (a field changed after
 * hashing) and stale (res_date a day away) notifications are refused `NG,refused` with 400.
 */

export const SBPS_CREDENTIALS = {
  merchantId: '30132',
  serviceId: '002',
  hashKey: 'a3f1c2e4b5d6978812ab34cd56ef7890a1b2c3d4',
}

const unescapeHtml = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#39|#(\d+));/g, (_, name: string, code?: string) =>
    code
      ? String.fromCharCode(Number(code))
      : ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" }[name] ?? ''),
  )

/** The shop's form page as a browser reads it: where it posts and its hidden fields, in order. */
async function readFormPage(url: string): Promise<{ action: string; fields: [string, string][] }> {
  const html = await (await fetch(url)).text()
  const action = /<form id="sbps-form"[^>]*\baction="([^"]+)"/.exec(html)?.[1]
  if (!action) throw new Error(`no SBPS form at ${url}`)
  const fields = [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map(
    (m): [string, string] => [m[1] ?? '', unescapeHtml(m[2] ?? '')],
  )
  return { action: unescapeHtml(action), fields }
}

export function sbpsPlanner(context: PlanContext, sbps: SbpsEmulator) {
  const { t, random } = context
  const hour = 3600_000
  const trackingId = () => `${random.int(1_000_000, 9_999_999)}${random.int(1_000_000, 9_999_999)}`
  const answer = (note: RecordedNotification) => ({ status: note.status ?? 0, text: note.answer ?? '' })

  /** The emulator builds, signs and sends one notification. */
  const notify = (
    kind: Delivery['kind'],
    paymentId: string,
    options: NotifyOptions & { trackingId: string },
    recorded?: RecordedNotification[],
  ): Delivery => ({
    kind,
    eventId: `${paymentId}:${options.trackingId}`,
    async send() {
      const note = await sbps.notify(paymentId, options)
      recorded?.push(note)
      return answer(note)
    },
  })
  /** A notification the emulator sent, sent again byte for byte (or with one field changed after hashing). */
  const replay = (
    kind: Delivery['kind'],
    paymentId: string,
    of: () => RecordedNotification | undefined,
    change?: [string, string],
  ): Delivery => {
    const first = of()
    if (!first) throw new Error(`nothing recorded to replay for ${paymentId}`)
    const fields = first.fields.map(([name, value]): [string, string] =>
      change && name === change[0] ? [name, change[1]] : [name, value],
    )
    return {
      kind,
      eventId: `${paymentId}:${first.trackingId}`,
      async send() {
        const response = await fetch(`${t.baseUrl}/api/pay/webhook/sbps`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: encodeShiftJisForm(fields),
        })
        const bytes = new Uint8Array(await response.arrayBuffer())
        return { status: response.status, text: new TextDecoder('shift_jis').decode(bytes) }
      },
    }
  }

  /** Variant `index % 3`: credit paid, PayPay paid with a declined try after it, declined. */
  return async function plan(index: number): Promise<PaymentPlan> {
    const variant = index % 3
    const started = await startPayment(context, 'sbps', variant === 1 ? 3 : 1)
    const { paymentId } = started
    const form = await readFormPage(started.redirectUrl)
    const posted = await postSbpsForm(form.action, form.fields)
    await posted.arrayBuffer()
    if (posted.status !== 200) throw new Error(`the SBPS emulator refused the form of ${paymentId}`)
    const plan = emptyPlan(started, variant < 2 ? 'paid' : 'ended')
    const ok = trackingId()
    const recorded: RecordedNotification[] = []
    const latest = () => recorded.at(-1)
    const genuineOk = notify('genuine', paymentId, { trackingId: ok }, recorded)
    const forgedOk = notify('forged', paymentId, { trackingId: ok, badSignature: true })
    const staleOk = notify('stale', paymentId, {
      trackingId: ok,
      resDate: new Date(t.clock.now.getTime() + random.int(25, 72) * hour * (random.next() < 0.8 ? -1 : 1)),
    })
    switch (variant) {
      case 0: {
        genuineIds(plan, `${paymentId}:${ok}`)
        plan.steps = [
          () => [forgedOk],
          () => [staleOk],
          // SBPS's retry racing its first delivery
          () => [genuineOk, genuineOk, genuineOk],
          // the same bytes three times at once
          () => copies(3, replay('genuine', paymentId, latest)),
          // the paid notification with its amount lowered after hashing
          () => [replay('forged', paymentId, latest, ['amount', String(started.amount - 100)])],
        ]
        plan.later = [() => [genuineOk], () => [replay('genuine', paymentId, latest)]]
        return withPlanned(plan, 11)
      }
      case 1: {
        // an earlier declined try at the page (its own tracking id), reported after the paid one
        const ng = trackingId()
        const declined = notify('genuine', paymentId, { trackingId: ng, result: 'NG' })
        genuineIds(plan, `${paymentId}:${ok}`, `${paymentId}:${ng}`)
        plan.steps = [
          () => [staleOk],
          () => [genuineOk, genuineOk],
          () => [declined, declined],
          () => [replay('forged', paymentId, latest, ['res_result', 'NG'])],
        ]
        plan.later = [() => [declined], () => copies(2, replay('genuine', paymentId, latest))]
        return withPlanned(plan, 9)
      }
      default: {
        const ng = trackingId()
        const declined: RecordedNotification[] = []
        const genuineNg = notify('genuine', paymentId, { trackingId: ng, result: 'NG' }, declined)
        genuineIds(plan, `${paymentId}:${ng}`)
        plan.steps = [
          () => [forgedOk],
          () => [genuineNg, genuineNg, genuineNg],
          // the declined notification turned into a paid one after hashing
          () => [replay('forged', paymentId, () => declined.at(-1), ['res_result', 'OK'])],
          () => [staleOk],
        ]
        plan.later = [() => [genuineNg], () => [replay('genuine', paymentId, () => declined.at(-1))]]
        return withPlanned(plan, 8)
      }
    }
  }
}

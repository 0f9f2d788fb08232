import type { StripeEmulator, StripeEvent } from '../support/stripe-emulator.ts'
import { stripeSignature } from '../support/stripe-emulator-wire.ts'
import {
  copies,
  type Delivery,
  genuineIds,
  type PaymentPlan,
  postTo,
  type Sent,
} from './webhook-storm-harness.ts'
import { emptyPlan, type PlanContext, startPayment, withPlanned } from './webhook-storm-payments.ts'

/*
 * Stripe's storm: the events come from the Stripe emulator's hosted page and its own API (Checkout
 * Session completed / async_payment_succeeded / _failed / expired, payment_intent.*). The emulator
 * delivers each with a forged or stale `Stripe-Signature` (its knobs), all refused; the test then
 * delivers the same events, pretty-printed as Stripe sends them and signed with the emulator's signer
 * (`t=…,v1=…`), out of order, repeated, at once, between more forged, tampered and stale copies.
 */

export const STRIPE_SECRET_KEY = 'sk_test_storm'
export const STRIPE_WEBHOOK_SECRET = 'whsec_storm'

export function stripePlanner(context: PlanContext, stripe: StripeEmulator) {
  const { t, random } = context
  const url = () => `${t.baseUrl}/api/pay/webhook/stripe`
  const seconds = () => Math.floor(t.clock.now.getTime() / 1000)

  const delivery = (
    kind: Delivery['kind'],
    event: StripeEvent,
    how: { at?: () => number; secret?: string; sent?: StripeEvent } = {},
  ): Delivery => ({
    kind,
    eventId: event.id,
    send() {
      const body = JSON.stringify(event, null, 2)
      const signature = stripeSignature(how.secret ?? STRIPE_WEBHOOK_SECRET, how.at?.() ?? seconds(), body)
      const sent = how.sent ? JSON.stringify(how.sent, null, 2) : body
      return postTo(
        url(),
        { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
        sent,
      )
    },
  })
  const genuine = (event: StripeEvent) => delivery('genuine', event)
  const forged = (event: StripeEvent) => delivery('forged', event, { secret: `${STRIPE_WEBHOOK_SECRET}_x` })
  /** The amount 100× (the JPY-as-cents mistake) under the signature of the real body. */
  const tampered = (event: StripeEvent) => {
    const changed = structuredClone(event)
    changed.data.object.amount_total = Number(event.data.object.amount_total) * 100
    return delivery('forged', event, { sent: changed })
  }
  /** Signed beyond the 300 s tolerance. */
  const stale = (event: StripeEvent) => {
    const age = random.int(301, 3600)
    return delivery('stale', event, { at: () => seconds() - age })
  }

  /** Runs `act` on the emulator with its deliveries forged or stale; answers the events it made. */
  async function onEmulator(
    plan: PaymentPlan,
    knob: 'badSignature' | 'staleSignature',
    act: () => Promise<unknown>,
  ): Promise<StripeEvent[]> {
    const events = stripe.events.length
    const deliveries = stripe.deliveries.length
    Object.assign(stripe.delivery, {
      badSignature: knob === 'badSignature',
      staleSignature: knob !== 'badSignature',
    })
    try {
      await act()
    } finally {
      Object.assign(stripe.delivery, { badSignature: false, staleSignature: false })
    }
    for (const made of stripe.deliveries.slice(deliveries)) {
      const sent: Sent = {
        provider: 'stripe',
        paymentId: plan.paymentId,
        kind: knob === 'badSignature' ? 'forged' : 'stale',
        eventId: made.eventId,
        phase: 'prep',
        concurrent: false,
        status: made.status,
        text: '',
      }
      plan.prep.push(sent)
    }
    return stripe.events.slice(events)
  }
  /** A button of the hosted page, pressed as a browser does (no redirect followed). */
  const press = async (sessionId: string, action: string) => {
    const response = await fetch(`${stripe.baseUrl}/pay/${sessionId}/${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      redirect: 'manual',
    })
    await response.arrayBuffer()
    if (response.status !== 303)
      throw new Error(`the Stripe emulator answered ${response.status} to ${action}`)
  }
  const eventOf = (events: StripeEvent[], type: string, paymentStatus?: string) => {
    const found = events.find(
      (e) =>
        e.type === type && (paymentStatus === undefined || e.data.object.payment_status === paymentStatus),
    )
    if (!found) throw new Error(`the Stripe emulator made no ${type}`)
    return found
  }

  /** Variant `index % 5`: card paid, declined then paid, transfer arrived, declined then expired, transfer failed. */
  return async function plan(index: number): Promise<PaymentPlan> {
    const variant = index % 5
    const bank = variant === 2 || variant === 4
    const started = await startPayment(context, 'card', bank ? 2 : 1)
    const sessionId = started.providerRef ?? ''
    const plan = emptyPlan(started, variant <= 2 ? 'paid' : 'ended')
    const knob = random.next() < 0.5 ? 'badSignature' : 'staleSignature'
    const on = (act: () => Promise<unknown>) => onEmulator(plan, knob, act)
    switch (variant) {
      case 0: {
        const made = await on(() => press(sessionId, 'pay'))
        const intent = eventOf(made, 'payment_intent.succeeded')
        const completed = eventOf(made, 'checkout.session.completed')
        genuineIds(plan, intent.id, completed.id)
        // the session's completion three times at once, racing the intent's success it followed
        plan.steps = [() => [stale(completed)], () => [...copies(3, genuine(completed)), genuine(intent)]]
        plan.later = [() => [genuine(completed)], () => [genuine(intent)]]
        return withPlanned(plan, 7)
      }
      case 1: {
        const declined = eventOf(await on(() => press(sessionId, 'decline')), 'payment_intent.payment_failed')
        const made = await on(() => press(sessionId, 'pay'))
        const intent = eventOf(made, 'payment_intent.succeeded')
        const completed = eventOf(made, 'checkout.session.completed')
        genuineIds(plan, declined.id, intent.id, completed.id)
        // the declined card's failure after the success
        plan.steps = [
          () => [tampered(completed)],
          () => copies(random.int(2, 4), genuine(completed)),
          () => [genuine(declined), forged(declined)],
          () => [genuine(intent)],
        ]
        plan.later = [() => [genuine(declined)], () => copies(2, genuine(completed))]
        return withPlanned(plan, 9)
      }
      case 2: {
        const unpaid = eventOf(
          await on(() => press(sessionId, 'transfer-later')),
          'checkout.session.completed',
          'unpaid',
        )
        const made = await on(() => stripe.settleTransfer(sessionId, 'arrived'))
        const intent = eventOf(made, 'payment_intent.succeeded')
        const arrived = eventOf(made, 'checkout.session.async_payment_succeeded')
        genuineIds(plan, unpaid.id, intent.id, arrived.id)
        // the money's arrival before the (unpaid) completion it followed
        plan.steps = [
          () => [stale(arrived)],
          () => copies(3, genuine(arrived)),
          () => [genuine(unpaid)],
          () => [genuine(intent), tampered(arrived)],
        ]
        plan.later = [() => [genuine(unpaid)], () => [genuine(arrived)]]
        return withPlanned(plan, 9)
      }
      case 3: {
        const declined = eventOf(await on(() => press(sessionId, 'decline')), 'payment_intent.payment_failed')
        const expired = eventOf(await on(() => stripe.expireSession(sessionId)), 'checkout.session.expired')
        genuineIds(plan, declined.id, expired.id)
        // a completion that never happened, as a forger would write it
        const invented = structuredClone(expired)
        invented.id = `evt_${context.uniqueId()}`
        invented.type = 'checkout.session.completed'
        Object.assign(invented.data.object, { status: 'complete', payment_status: 'paid' })
        plan.steps = [
          () => [forged(invented)],
          () => copies(3, genuine(expired)),
          () => [genuine(declined)],
          () => [stale(invented)],
        ]
        plan.later = [() => [genuine(expired)]]
        return withPlanned(plan, 7)
      }
      default: {
        const unpaid = eventOf(
          await on(() => press(sessionId, 'transfer-later')),
          'checkout.session.completed',
          'unpaid',
        )
        const failed = eventOf(
          await on(() => stripe.settleTransfer(sessionId, 'failed')),
          'checkout.session.async_payment_failed',
        )
        genuineIds(plan, unpaid.id, failed.id)
        plan.steps = [() => copies(2, genuine(failed)), () => [genuine(unpaid)], () => [stale(failed)]]
        plan.later = [() => [genuine(failed)], () => [genuine(unpaid)]]
        return withPlanned(plan, 6)
      }
    }
  }
}

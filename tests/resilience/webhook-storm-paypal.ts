import type { PaypalEmulator } from '../support/paypal-emulator.ts'
import type { PaypalEvent } from '../support/paypal-emulator-wire.ts'
import { type Delivery, genuineIds, type PaymentPlan } from './webhook-storm-harness.ts'
import { emptyPlan, type PlanContext, startPayment, withPlanned } from './webhook-storm-payments.ts'

/*
 * PayPal's storm: the payer approves (or approves a card that will be declined) on the PayPal
 * emulator's page; its events (CHECKOUT.ORDER.APPROVED, PAYMENT.CAPTURE.COMPLETED | DENIED | PENDING)
 * are made but held back (the `drop` knob), and the test delivers them through the emulator, which
 * signs each transmission and answers the shop's verify-webhook-signature call. The APPROVED makes the
 * shop capture (once, whatever the copies); the capture's event settles. Forged (signed for another
 * webhook), tampered (a transmission's headers with another body) and stale (10 minutes old)
 * deliveries are refused with 400.
 */

export const PAYPAL_CREDENTIALS = {
  clientId: 'client-storm',
  clientSecret: 'secret-storm',
  webhookId: 'WH-STORM',
}
export const PAYPAL_EVENT_TYPES = [
  'CHECKOUT.ORDER.APPROVED',
  'PAYMENT.CAPTURE.COMPLETED',
  'PAYMENT.CAPTURE.DENIED',
  'PAYMENT.CAPTURE.PENDING',
]

export function paypalPlanner(context: PlanContext, paypal: PaypalEmulator) {
  const delivery = (kind: Delivery['kind'], event: PaypalEvent): Delivery => ({
    kind,
    eventId: event.id,
    async send() {
      // the knobs are read as the transmission is signed, before the first await: set around the call only
      paypal.delivery.badSignature = kind === 'forged'
      paypal.delivery.staleSignature = kind === 'stale'
      const sending = paypal.deliver(event)
      paypal.delivery.badSignature = false
      paypal.delivery.staleSignature = false
      return { status: await sending, text: '' }
    },
  })
  const genuine = (event: PaypalEvent) => delivery('genuine', event)
  /** A genuine transmission of `event` sent again: its headers, and its body or `body`. */
  const replay = (kind: Delivery['kind'], event: PaypalEvent, body?: string): Delivery => {
    const transmission = paypal.deliveries.findLast((d) => d.eventId === event.id && d.status === 200)
    if (!transmission) throw new Error(`no genuine transmission of ${event.id}`)
    return {
      kind,
      eventId: event.id,
      async send() {
        return {
          status: await paypal.forge(transmission.transmissionId, body ?? JSON.stringify(event)),
          text: '',
        }
      },
    }
  }
  const press = async (paypalOrderId: string, action: 'approve' | 'decline') => {
    const response = await fetch(`${paypal.baseUrl}/checkoutnow/${paypalOrderId}/${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      redirect: 'manual',
    })
    await response.arrayBuffer()
    if (response.status !== 303)
      throw new Error(`the PayPal emulator answered ${response.status} to ${action}`)
    return response.headers.get('location') ?? ''
  }
  const eventFor = (type: string, resourceId: string) => {
    const found = paypal.eventFor(type, resourceId)
    if (!found) throw new Error(`the PayPal emulator made no ${type} for ${resourceId}`)
    return found
  }
  /** The capture's event of `type` (the capture is made by the shop, so looked up when needed). */
  const captureEvent = (paypalOrderId: string, type: string) => {
    const [capture] = paypal.capturesOf(paypalOrderId)
    if (!capture) throw new Error(`PayPal order ${paypalOrderId} was never captured`)
    return eventFor(type, capture.id)
  }

  /** Variant `index % 3`: captured on the webhook, captured on the return, declined at capture. */
  return async function plan(index: number): Promise<PaymentPlan> {
    const variant = index % 3
    const started = await startPayment(context, 'paypal')
    const paypalOrderId = started.providerRef ?? ''
    const plan = emptyPlan(started, variant < 2 ? 'paid' : 'ended')
    const back = await press(paypalOrderId, variant === 2 ? 'decline' : 'approve')
    const approved = eventFor('CHECKOUT.ORDER.APPROVED', paypalOrderId)
    genuineIds(plan, approved.id)
    /** The capture's events, once it exists; counted genuine when first delivered. */
    const capture = (type: string) => {
      const event = captureEvent(paypalOrderId, type)
      genuineIds(plan, event.id)
      return event
    }
    switch (variant) {
      case 0: {
        plan.steps = [
          () => [delivery('forged', approved)],
          // PayPal's retries racing the first: one capture
          () => [genuine(approved), genuine(approved), genuine(approved)],
          () => [delivery('stale', captureEvent(paypalOrderId, 'PAYMENT.CAPTURE.COMPLETED'))],
          () => {
            const completed = capture('PAYMENT.CAPTURE.COMPLETED')
            return [genuine(completed), genuine(completed), genuine(completed)]
          },
          // the capture's pending, older than its completion, after it
          () => [genuine(capture('PAYMENT.CAPTURE.PENDING'))],
        ]
        plan.later = [
          () => [genuine(approved)],
          () => {
            const completed = capture('PAYMENT.CAPTURE.COMPLETED')
            return [replay('genuine', completed), replay('genuine', completed)]
          },
        ]
        return withPlanned(plan, 12)
      }
      case 1: {
        // the shopper is back first: the shop captures on the return, the APPROVED arrives after the money
        const returned = await fetch(back, { redirect: 'manual' })
        await returned.arrayBuffer()
        const completed = capture('PAYMENT.CAPTURE.COMPLETED')
        const pending = capture('PAYMENT.CAPTURE.PENDING')
        const lowered = structuredClone(completed) as PaypalEvent & {
          resource: { amount: { value: string } }
        }
        lowered.resource.amount.value = '1'
        plan.steps = [
          // the capture's completion twice, racing the APPROVED it followed (whose capture finds it done)
          () => [genuine(completed), genuine(completed), genuine(approved)],
          () => [replay('forged', completed, JSON.stringify(lowered))],
          () => [delivery('stale', pending)],
          () => [genuine(pending)],
        ]
        plan.later = [() => [genuine(approved)], () => [replay('genuine', completed)]]
        return withPlanned(plan, 8)
      }
      default: {
        plan.steps = [
          () => [delivery('stale', approved)],
          () => [genuine(approved), genuine(approved)],
          () => [delivery('forged', captureEvent(paypalOrderId, 'PAYMENT.CAPTURE.DENIED'))],
          () => {
            const denied = capture('PAYMENT.CAPTURE.DENIED')
            return [genuine(denied), genuine(denied), genuine(denied)]
          },
          () => [genuine(capture('PAYMENT.CAPTURE.PENDING'))],
        ]
        plan.later = [() => [genuine(approved)], () => [genuine(capture('PAYMENT.CAPTURE.DENIED'))]]
        return withPlanned(plan, 10)
      }
    }
  }
}

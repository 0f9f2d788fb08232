import { sandboxKey, signSandboxPayload } from '../../server/services/payments/sandbox.ts'
import type { TestApp } from '../server/support/test-app.ts'
import { copies, type Delivery, genuineIds, type PaymentPlan, postTo } from './webhook-storm-harness.ts'
import { emptyPlan, type PlanContext, startPayment, withPlanned } from './webhook-storm-payments.ts'

/*
 * The sandbox gateway's storm: its events (payment.succeeded | failed | cancelled | pending) signed
 * with the sandbox's own signer (signSandboxPayload, `Yoyaku-Signature: t=…,v1=…`, 300 s either way)
 * and delivered to /api/pay/webhook/sandbox over HTTP, as the sandbox's hosted page sends them.
 */

type Kind = 'succeeded' | 'failed' | 'cancelled' | 'pending'

interface SandboxEvent {
  id: string
  kind: Kind
  amount: number
  providerRef: string | null
  failure: string | null
}

/**
 * A payment of another gateway claimed paid at the sandbox's endpoint, signed with the sandbox's real
 * key (the sandbox left on beside real providers): refused with 400, as an unknown payment. Played
 * first in the plan.
 */
export function claimAtSandbox(t: TestApp, plan: PaymentPlan, eventId: string): void {
  const delivery: Delivery = {
    kind: 'forged',
    eventId,
    expected: { status: 400, text: '' },
    async send() {
      const created = Math.floor(t.clock.now.getTime() / 1000)
      const body = JSON.stringify({
        id: eventId,
        type: 'payment.succeeded',
        created,
        data: {
          paymentId: plan.paymentId,
          amount: plan.amount,
          currency: 'JPY',
          providerRef: null,
          failure: null,
        },
      })
      const signature = signSandboxPayload(await sandboxKey(t.db), created, new TextEncoder().encode(body))
      return postTo(
        `${t.baseUrl}/api/pay/webhook/sandbox`,
        { 'content-type': 'application/json', 'Yoyaku-Signature': signature },
        body,
      )
    },
  }
  plan.steps.unshift(() => [delivery])
  plan.planned += 1
}

export function sandboxPlanner(context: PlanContext) {
  const { t, random } = context
  const url = () => `${t.baseUrl}/api/pay/webhook/sandbox`
  const seconds = () => Math.floor(t.clock.now.getTime() / 1000)

  const bodyOf = (paymentId: string, event: SandboxEvent, created: number) =>
    JSON.stringify({
      id: event.id,
      type: `payment.${event.kind}`,
      created,
      data: {
        paymentId,
        amount: event.amount,
        currency: 'JPY',
        providerRef: event.providerRef,
        failure: event.failure,
      },
    })

  /** Signed now (or at `at`), with the shop's key or another; the body as signed unless `tampered`. */
  const delivery = (
    kind: Delivery['kind'],
    paymentId: string,
    event: SandboxEvent,
    how: { at?: () => number; key?: Uint8Array; tampered?: (body: string) => string } = {},
  ): Delivery => ({
    kind,
    eventId: event.id,
    async send() {
      const created = how.at?.() ?? seconds()
      const body = bodyOf(paymentId, event, created)
      const key = how.key ?? (await sandboxKey(t.db))
      const signature = signSandboxPayload(key, created, new TextEncoder().encode(body))
      return postTo(
        url(),
        { 'content-type': 'application/json', 'Yoyaku-Signature': signature },
        how.tampered?.(body) ?? body,
      )
    },
  })
  const genuine = (paymentId: string, event: SandboxEvent) => delivery('genuine', paymentId, event)
  /** Signed with a key that is not the shop's. */
  const forged = (paymentId: string, event: SandboxEvent) =>
    delivery('forged', paymentId, event, { key: new Uint8Array(32).fill(random.int(1, 255)) })
  /** The genuine signature over the body, then the amount changed on the way. */
  const tampered = (paymentId: string, event: SandboxEvent) =>
    delivery('forged', paymentId, event, {
      tampered: (body) => body.replace(`"amount":${event.amount}`, `"amount":${event.amount - 1}`),
    })
  /** Signed more than 300 s before (or after) the shop's clock. */
  const stale = (paymentId: string, event: SandboxEvent) => {
    const offset = random.int(301, 900) * (random.next() < 0.7 ? -1 : 1)
    return delivery('stale', paymentId, event, { at: () => seconds() + offset })
  }

  /** Variant `index % 4`: paid in order, paid out of order, declined, cancelled. */
  return async function plan(index: number): Promise<PaymentPlan> {
    const started = await startPayment(context, 'card')
    const { paymentId, amount } = started
    const ref = started.providerRef
    const event = (kind: Kind, extra: Partial<SandboxEvent> = {}): SandboxEvent => ({
      id: `evt_${context.uniqueId()}`,
      kind,
      amount,
      providerRef: ref,
      failure: kind === 'failed' ? 'card_declined' : kind === 'cancelled' ? 'cancelled' : null,
      ...extra,
    })
    const pending = event('pending')
    const succeeded = event('succeeded')
    // an earlier card of this payment, declined at the provider, reported late
    const olderFailure = event('failed', { providerRef: `sbx_older${context.uniqueId()}` })
    const variant = index % 4
    const plan = emptyPlan(started, variant < 2 ? 'paid' : 'ended')
    const g = (e: SandboxEvent) => genuine(paymentId, e)
    switch (variant) {
      case 0: {
        // in order, a failure and a cancel of the paid attempt after it; forged and stale copies first
        const cancelledAfter = event('cancelled')
        genuineIds(plan, pending.id, succeeded.id, olderFailure.id, cancelledAfter.id)
        plan.steps = [
          () => [forged(paymentId, succeeded)],
          () => [stale(paymentId, succeeded)],
          () => [g(pending)],
          // the success three times at once, racing the older card's late failure
          () => [...copies(3, g(succeeded)), g(olderFailure)],
          () => [g(cancelledAfter), forged(paymentId, event('succeeded'))],
        ]
        plan.later = [() => [g(succeeded)], () => [g(pending)], () => [g(olderFailure)]]
        return withPlanned(plan, 12)
      }
      case 1: {
        // the success before the pending it followed, the late failure of the older card last
        genuineIds(plan, pending.id, succeeded.id, olderFailure.id)
        plan.steps = [
          () => [tampered(paymentId, succeeded)],
          () => copies(random.int(2, 4), g(succeeded)),
          () => [g(pending), stale(paymentId, pending)],
          () => [g(olderFailure)],
        ]
        plan.later = [() => copies(2, g(succeeded)), () => [g(olderFailure)]]
        return withPlanned(plan, 9)
      }
      case 2: {
        // declined: a forged success first must not pay it
        const failed = event('failed', { failure: 'insufficient_funds' })
        genuineIds(plan, pending.id, failed.id)
        plan.steps = [
          () => [forged(paymentId, succeeded)],
          () => [g(pending)],
          () => copies(3, g(failed)),
          () => [stale(paymentId, succeeded)],
        ]
        plan.later = [() => [g(failed)], () => [g(pending)]]
        return withPlanned(plan, 8)
      }
      default: {
        // cancelled at the page, the pending arriving after it
        const cancelled = event('cancelled')
        genuineIds(plan, pending.id, cancelled.id)
        plan.steps = [
          () => [stale(paymentId, cancelled)],
          () => copies(2, g(cancelled)),
          () => [tampered(paymentId, succeeded)],
          () => [g(pending)],
        ]
        plan.later = [() => [g(cancelled)]]
        return withPlanned(plan, 6)
      }
    }
  }
}

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { type AnyActorRef, waitFor } from 'xstate'
import { payFlowView } from '../../machines/payment/pay-flow.ts'
import { type FakePayment, returnedFlow } from './pay-flow-fakes.ts'

/*
 * What every paying flow promises alike (the deposit, the balance, the shipping fee and the extra
 * fees): where a result page's verdict leads, and how it comes back after a reload in the middle of an
 * attempt. One suite each, which each flow's file runs with its own harness.
 */

/** What the suite reads of a flow's fake server (pay-flow-fakes.ts FakePayments). */
interface FakeServer {
  offline: boolean
  loseAnswers: boolean
  refuseNext: unknown
  payCalls: { key: string }[]
  statusReads: string[]
  payments: Map<string, FakePayment>
}

/** What the suite reads of a flow's snapshot: its state, its attempt and its steps by name. */
interface FlowSnapshot {
  value: unknown
  context: { payKey: string | null; payStatus: unknown; error: unknown; payment: unknown }
  matches(state: never): boolean
}

/** A flow's test harness: its fake server, a flow ready to pay, and its reload. */
export interface PayFlowHarness<S extends FakeServer, A extends AnyActorRef> {
  shop(): S
  /** A flow whose route (and the rest) is chosen: PAY begins an attempt. */
  readyToPay(shop: S): Promise<A>
  /** Where the flow waits for the shopper again once it has read the server (`choosing` …). */
  readyState: string
  reload(shop: S, actor: A): A
  /**
   * Makes what is paid paid on the server (the webhook came while the tab was closed), for a flow
   * whose read then finds it paid (the extra fees' list simply loses them).
   */
  paidMeanwhile?(shop: S): void
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
const view = (actor: AnyActorRef) => payFlowView(actor.getSnapshot() as FlowSnapshot)
const snapshotOf = (actor: AnyActorRef) => actor.getSnapshot() as FlowSnapshot
const matches = (actor: AnyActorRef, state: Parameters<ReturnType<typeof view>['matches']>[0]) =>
  waitFor(actor, () => view(actor).matches(state))
const reaches = (actor: AnyActorRef, state: string) =>
  waitFor(actor, () =>
    (snapshotOf(actor).matches as (state: string) => boolean).call(snapshotOf(actor), state),
  )

/** The flow's pay calls as the suite reads them: the route each attempt chose and its key. */
type PayCall = { key: string; route?: unknown }

/**
 * What every paying flow does around its attempt: the shopper's retry is the only resend (same key), a
 * closed latch keeps the flow where the shopper chooses, and leaving the gateway to choose another
 * route is a new attempt with a new key.
 */
export function describeAttempts<S extends FakeServer, A extends AnyActorRef>(
  name: string,
  flow: PayFlowHarness<S, A>,
): void {
  describe(`${name}: its attempts`, () => {
    it('never sends a payment again by itself: without an answer it waits, and the retry reuses the key', async () => {
      const shop = flow.shop()
      const actor = await flow.readyToPay(shop)
      shop.loseAnswers = true
      actor.send({ type: 'PAY' })
      await matches(actor, { payOffline: 'waiting' })
      shop.loseAnswers = false
      actor.send({ type: 'ONLINE' })
      // another route is held while the attempt's fate is unknown
      actor.send({ type: 'CHOOSE', route: 'paypal', method: 0 })
      actor.send({ type: 'PAY' })
      await settle()
      expect(view(actor).matches({ payOffline: 'ready' })).toBe(true)
      expect(shop.payCalls).toHaveLength(1)

      actor.send({ type: 'RETRY' })
      await matches(actor, 'redirecting')
      expect(shop.payCalls).toHaveLength(2)
      expect(shop.payCalls[1]).toEqual(shop.payCalls[0])
      // the server answered with the first payment: one payment exists
      expect(shop.payments.size).toBe(1)
    })

    it('keeps a closed latch for its page and waits for the shopper; the next attempt gets a new key', async () => {
      const shop = flow.shop()
      const actor = await flow.readyToPay(shop)
      shop.refuseNext = { kind: 'latchClosed', message: 'Payment is currently unavailable' }
      actor.send({ type: 'PAY' })
      await waitFor(actor, () => snapshotOf(actor).context.error !== null)
      await reaches(actor, flow.readyState)
      expect(snapshotOf(actor).context.error).toMatchObject({ kind: 'latchClosed' })
      expect(snapshotOf(actor).context.payKey).toBeNull()
      actor.send({ type: 'PAY' })
      await matches(actor, 'redirecting')
      expect(shop.payCalls[0]?.key).not.toBe(shop.payCalls[1]?.key)
    })

    it('leaving the gateway for another route is a new attempt with a new key', async () => {
      const shop = flow.shop()
      const actor = await flow.readyToPay(shop)
      actor.send({ type: 'PAY' })
      await matches(actor, 'redirecting')
      actor.send({ type: 'PAY_AGAIN' })
      await reaches(actor, flow.readyState)
      expect(snapshotOf(actor).context).toMatchObject({ payment: null, payKey: null })
      actor.send({ type: 'CHOOSE', route: 'paypal', method: 0 })
      actor.send({ type: 'PAY' })
      await matches(actor, 'redirecting')
      const calls = shop.payCalls as PayCall[]
      expect(calls.map((call) => call.route)).toEqual([expect.anything(), 'paypal'])
      expect(calls[0]?.key).not.toBe(calls[1]?.key)
    })
  })
}

export function describeRestoredAttempts<S extends FakeServer, A extends AnyActorRef>(
  name: string,
  flow: PayFlowHarness<S, A>,
): void {
  async function onTheWayToTheGateway() {
    const shop = flow.shop()
    const first = await flow.readyToPay(shop)
    first.send({ type: 'PAY' })
    await matches(first, 'redirecting')
    return { shop, first }
  }

  describe(`${name}: restored in the middle of an attempt`, () => {
    it('mid-payment: sends nothing, reads the server, and retries only when asked, with the same key', async () => {
      const shop = flow.shop()
      const first = await flow.readyToPay(shop)
      // the tab closes while the pay call is in flight (it reached the server; the answer is lost)
      shop.loseAnswers = true
      first.send({ type: 'PAY' })
      expect(view(first).matches('paying')).toBe(true)
      const key = snapshotOf(first).context.payKey
      const restored = flow.reload(shop, first)
      shop.loseAnswers = false
      await settle()
      expect(snapshotOf(restored).value).toBe('suspended')
      expect(shop.payCalls).toHaveLength(1)

      restored.send({ type: 'RESUME' })
      await matches(restored, { payOffline: 'ready' })
      await settle()
      expect(shop.payCalls).toHaveLength(1)

      restored.send({ type: 'RETRY' })
      await matches(restored, 'redirecting')
      expect(shop.payCalls.map((call) => call.key)).toEqual([key, key])
      expect(shop.payments.size).toBe(1)
    })

    it('after the payment page (Back): reads the payment and offers it again, no new pay call', async () => {
      const { shop, first } = await onTheWayToTheGateway()
      const restored = flow.reload(shop, first)
      restored.send({ type: 'RESUME' })
      await waitFor(
        restored,
        () => view(restored).matches('redirecting') && snapshotOf(restored).context.payStatus !== null,
      )
      expect(shop.statusReads).toEqual(['pay_1'])
      expect(shop.payCalls).toHaveLength(1)

      // the result page: the webhook has paid it
      shop.payments.set('pay_1', { ...(shop.payments.get('pay_1') ?? { failure: null }), status: 2 })
      restored.send({ type: 'RETURNED', paymentId: 'pay_1' })
      await reaches(restored, 'paid')
      expect(shop.payCalls).toHaveLength(1)
    })

    it('after the payment page when the payment was cancelled there: cancelled', async () => {
      const { shop, first } = await onTheWayToTheGateway()
      const restored = flow.reload(shop, first)
      shop.payments.set('pay_1', {
        ...(shop.payments.get('pay_1') ?? { status: 4 }),
        status: 4,
        failure: 'cancelled',
      })
      restored.send({ type: 'RESUME' })
      await reaches(restored, 'cancelled')
    })

    it('on a result page: reads the payment again', async () => {
      const { shop, first } = await onTheWayToTheGateway()
      first.send({ type: 'RETURNED', paymentId: 'pay_1' })
      await matches(first, { returned: 'waiting' })
      const restored = flow.reload(shop, first)
      expect(snapshotOf(restored).value).toBe('suspended')
      shop.payments.set('pay_1', { ...(shop.payments.get('pay_1') ?? { failure: null }), status: 2 })
      restored.send({ type: 'RESUME' })
      await reaches(restored, 'paid')
    })

    const { paidMeanwhile } = flow
    if (paidMeanwhile)
      it('after the webhook paid it meanwhile: paid, without a pay call', async () => {
        const shop = flow.shop()
        const restored = flow.reload(shop, await flow.readyToPay(shop))
        paidMeanwhile(shop)
        restored.send({ type: 'RESUME' })
        await reaches(restored, 'paid')
        expect(shop.payCalls).toEqual([])
      })

    it('without a connection: waits, and reads the server once it is back', async () => {
      const shop = flow.shop()
      const restored = flow.reload(shop, await flow.readyToPay(shop))
      shop.offline = true
      restored.send({ type: 'RESUME' })
      await reaches(restored, 'resumeOffline')
      shop.offline = false
      restored.send({ type: 'ONLINE' })
      await reaches(restored, flow.readyState)
      expect(shop.payCalls).toEqual([])
    })
  })
}

/** A flow's result page: its fake server, a flow opened with `pay_1`, and what it learns from a paid one. */
export interface ReturnHarness<S extends FakeServer, A extends AnyActorRef> {
  shop(): S
  returnedWith(shop: S): Promise<A>
  /** Checks what the flow learned of what it paid (its order, package or fees) from the pay status. */
  learned(context: unknown): void
}

export function describeVerdicts<S extends FakeServer, A extends AnyActorRef>(
  name: string,
  flow: ReturnHarness<S, A>,
): void {
  describe(`${name}: the verdict on a result page`, () => {
    beforeEach(() => vi.useFakeTimers())
    afterEach(() => vi.useRealTimers())

    // the wait itself (back-off, late answers, no connection) is the payment machine's: payment.test.ts
    it('ends where the verdict says, learning what it paid from the payment', async () => {
      const verdict = async (payment: FakePayment | undefined) => {
        const shop = flow.shop()
        if (payment) shop.payments.set('pay_1', { ...shop.payments.get('pay_1'), ...payment })
        return snapshotOf(await flow.returnedWith(shop))
      }
      const paid = await verdict({ status: 2, failure: null })
      expect(paid.value).toBe('paid')
      flow.learned(paid.context)
      expect((await verdict({ status: 4, failure: 'declined' })).value).toBe('failed')
      expect((await verdict({ status: 4, failure: 'cancelled' })).value).toBe('cancelled')
      expect((await verdict(undefined)).value).toBe('payError')
    })
  })
}

/** A paying flow as all the shared suites drive it. */
export interface PayingFlow<S extends FakeServer, A extends AnyActorRef> {
  shop(): S
  /** The flow waiting for the shopper's choice (read from the server) … */
  ready(shop: S): Promise<A>
  /** … and its route and the rest chosen, so that PAY begins an attempt. */
  choose(actor: A): void
  readyState: string
  start(shop: S, input: { paymentId: string }): A
  reload(shop: S, actor: A): A
  paidMeanwhile?(shop: S): void
  learned(context: unknown): void
}

/** Runs every shared suite for a paying flow: its attempts, its restores and its verdicts. */
export function describePayingFlow<S extends FakeServer, A extends AnyActorRef>(
  name: string,
  flow: PayingFlow<S, A>,
): void {
  const harness: PayFlowHarness<S, A> = {
    ...flow,
    readyToPay: async (shop) => {
      const actor = await flow.ready(shop)
      flow.choose(actor)
      return actor
    },
  }
  describeAttempts(name, harness)
  describeRestoredAttempts(name, harness)
  describeVerdicts(name, {
    ...flow,
    returnedWith: (shop) => returnedFlow((input) => flow.start(shop, input)),
  })
}

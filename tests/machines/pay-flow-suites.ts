import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { type AnyActorRef, waitFor } from 'xstate'
import { type FakePayment, settle } from './pay-flow-fakes.ts'
import {
  atStep,
  type FakeServer,
  type FlowHarness,
  isIn,
  reaches,
  snapshotOf,
  view,
} from './pay-flow-harness.ts'

/*
 * What every paying flow promises alike (the deposit, the balance, the shipping fee and the extra
 * fees): how it pays and leaves the gateway, where a result page's verdict leads, and how it comes back
 * after a reload. One suite each, which each flow's file runs with its own harness.
 */

/** A change of a saved flow's snapshot: its state, its status, some fields of its context. */
export interface SnapshotChange {
  value?: unknown
  status?: string
  context?: Record<string, unknown>
}

/** What the shared suites check of a paying flow (pay-flow-harness.ts drives it): its calls and context. */
export interface PayingFlowFacts<S extends FakeServer, A extends AnyActorRef> {
  /** The pay call's body besides its key, for what `choose` chose. */
  payCall: Record<string, unknown>
  /** What the flow holds once chosen (the choice, and what it read to offer it): a reload keeps it. */
  kept(shop: S): Record<string, unknown>
  /** What the flow pays for as its context holds it: a result page's flow learns it from the payment. */
  target: Record<string, unknown>
  /** What the flow keeps of a paid payment's pay status. */
  paidStatus: Record<string, unknown>
  /** How often the flow has read each thing it reads to offer the choice (its order, package, quote …). */
  reads(shop: S): number[]
  /** What the flow sends the server besides its pay calls (checkout's orders), each with its key. */
  otherWrites?(shop: S): { key: string }[]
  /** Changes what the server holds while the tab is closed; says what the flow reads of it once back. */
  changedOvernight?(shop: S): Record<string, unknown>
  /** Where a restored flow ends when what it pays for moved on while the tab was closed. */
  movedOn?: MovedOn<S>[]
  /** Choices other than the route that a shopper back from the gateway may change: a new attempt each. */
  otherChoices?: OtherChoice<A>[]
  /** Damage its parser refuses in a saved flow of its own kind, and the states saved mid-call. */
  saved: { damaged: SnapshotChange[]; inFlight: string[] }
}

interface MovedOn<S> {
  /** What happened meanwhile, as the test's name tells it … */
  meanwhile: string
  /** … and what the server holds since. */
  server: Partial<S>
  endsIn: string
  /** What the flow then shows of it. */
  context?: Record<string, unknown>
}

interface OtherChoice<A> {
  what: string
  choose(actor: A): void
  /** What the pay call then sends otherwise. */
  payCall: Record<string, unknown>
}

/** Each of `counts` (a flow's `reads`) once more. */
const onceMore = (counts: number[]) => counts.map((count) => count + 1)

/**
 * What every paying flow does around its attempt: it pays with what was chosen under a key of its own,
 * the shopper's retry is the only resend (same key), a closed latch keeps the flow where the shopper
 * chooses, and leaving the gateway to choose otherwise is a new attempt with a new key.
 */
export function describeAttempts<S extends FakeServer, A extends AnyActorRef>(
  name: string,
  flow: FlowHarness<S, A>,
  facts: PayingFlowFacts<S, A>,
): void {
  const anotherRoute: OtherChoice<A> = {
    what: 'route',
    choose: (actor) => actor.send({ type: 'CHOOSE', route: 'paypal', method: 0 }),
    payCall: { route: 'paypal', method: 0 },
  }

  describe(`${name}: its attempts`, () => {
    it(`pays with what was chosen (${Object.keys(facts.payCall).join(', ')}) and a key of its own, then goes to the gateway`, async () => {
      const { shop, actor } = await flow.readyToPay()
      actor.send({ type: 'PAY' })
      expect(view(actor).matches('paying')).toBe(true)
      await atStep(actor, 'redirecting')
      const [payCall] = shop.payCalls
      expect(shop.payCalls).toEqual([{ ...facts.payCall, key: payCall?.key }])
      expect(payCall?.key).toMatch(/^[0-9a-f-]{36}$/)
      expect(facts.otherWrites?.(shop).map((write) => write.key) ?? []).not.toContain(payCall?.key)
      expect(snapshotOf(actor).context.payKey).toBe(payCall?.key)
      expect(snapshotOf(actor).context.payment).toEqual({
        paymentId: 'pay_1',
        redirectUrl: '/sandbox-pay/pay_1',
      })
    })

    it('says so when offline before the call reaches anyone, and waits', async () => {
      const { shop, actor } = await flow.readyToPay()
      shop.offline = true
      actor.send({ type: 'PAY' })
      await atStep(actor, { payOffline: 'waiting' })
      await settle()
      expect(view(actor).matches({ payOffline: 'waiting' })).toBe(true)
      expect(shop.payCalls).toEqual([])
    })

    it('never sends a payment again by itself: without an answer it waits, and the retry reuses the key', async () => {
      const { shop, actor } = await flow.readyToPay()
      shop.loseAnswers = true
      actor.send({ type: 'PAY' })
      await atStep(actor, { payOffline: 'waiting' })
      shop.loseAnswers = false
      actor.send({ type: 'ONLINE' })
      // another route is held while the attempt's fate is unknown
      actor.send({ type: 'CHOOSE', route: 'paypal', method: 0 })
      actor.send({ type: 'PAY' })
      await settle()
      expect(view(actor).matches({ payOffline: 'ready' })).toBe(true)
      expect(shop.payCalls).toHaveLength(1)

      actor.send({ type: 'RETRY' })
      await atStep(actor, 'redirecting')
      expect(shop.payCalls).toHaveLength(2)
      expect(shop.payCalls[1]).toEqual(shop.payCalls[0])
      // the server answered with the first payment: one payment exists
      expect(shop.payments.size).toBe(1)
    })

    it('keeps a closed latch for its page and waits for the shopper; the next attempt gets a new key', async () => {
      const { shop, actor } = await flow.refusedInto(
        { kind: 'latchClosed', message: 'Payment is currently unavailable' },
        flow.readyState,
      )
      expect(snapshotOf(actor).context.error).toMatchObject({ kind: 'latchClosed' })
      expect(snapshotOf(actor).context.payKey).toBeNull()
      actor.send({ type: 'PAY' })
      await atStep(actor, 'redirecting')
      expect(shop.payCalls[0]?.key).not.toBe(shop.payCalls[1]?.key)
    })

    it.each([anotherRoute, ...(facts.otherChoices ?? [])])(
      'leaving the gateway for another $what is a new attempt with a new key',
      async (another) => {
        const { shop, actor } = await flow.readyToPay()
        actor.send({ type: 'PAY' })
        await atStep(actor, 'redirecting')
        actor.send({ type: 'PAY_AGAIN' })
        await reaches(actor, flow.readyState)
        expect(snapshotOf(actor).context).toMatchObject({ payment: null, payKey: null })
        // what was chosen stays chosen
        expect(snapshotOf(actor).context).toEqual(expect.objectContaining(facts.kept(shop)))
        another.choose(actor)
        actor.send({ type: 'PAY' })
        await atStep(actor, 'redirecting')
        const [first, second] = shop.payCalls
        expect(shop.payCalls).toHaveLength(2)
        expect(second).toEqual({ ...first, ...another.payCall, key: second?.key })
        expect(first?.key).not.toBe(second?.key)
      },
    )
  })
}

/**
 * How every paying flow comes back after a reload: with its choice, reading the server before it pays,
 * only for its shopper, and in the middle of an attempt without paying twice.
 */
export function describeRestoredAttempts<S extends FakeServer, A extends AnyActorRef>(
  name: string,
  flow: FlowHarness<S, A>,
  facts: PayingFlowFacts<S, A>,
): void {
  async function onTheWayToTheGateway() {
    const { shop, actor: first } = await flow.readyToPay()
    first.send({ type: 'PAY' })
    await atStep(first, 'redirecting')
    return { shop, first }
  }

  describe(`${name}: restored`, () => {
    it('keeps the choice across a reload, reads the server again, then pays once', async () => {
      const { shop, actor: first } = await flow.readyToPay()
      const restored = flow.reload(shop, first)
      expect(snapshotOf(restored).value).toBe(flow.readyState)
      expect(snapshotOf(restored).context).toEqual(expect.objectContaining(facts.kept(shop)))
      const readAgain = onceMore(facts.reads(shop))
      const written = facts.otherWrites?.(shop).length
      const changed = facts.changedOvernight?.(shop) ?? {}
      restored.send({ type: 'RESUME' })
      await waitFor(
        restored,
        () =>
          isIn(restored, flow.readyState) && facts.reads(shop).every((count, at) => count === readAgain[at]),
      )
      expect(snapshotOf(restored).context).toMatchObject(changed)
      restored.send({ type: 'PAY' })
      await atStep(restored, 'redirecting')
      expect(shop.payCalls).toHaveLength(1)
      expect(facts.reads(shop)).toEqual(readAgain)
      expect(facts.otherWrites?.(shop).length).toBe(written)
    })

    it.each(facts.movedOn ?? [])(
      'after $meanwhile meanwhile: $endsIn, without a pay call',
      async ({ server, endsIn, context }) => {
        const { shop, actor } = await flow.readyToPay()
        const restored = flow.reload(shop, actor)
        Object.assign(shop, server)
        restored.send({ type: 'RESUME' })
        await reaches(restored, endsIn)
        expect(snapshotOf(restored).context).toMatchObject(context ?? {})
        expect(shop.payCalls).toEqual([])
      },
    )

    it('without a connection: waits, and reads the server once it is back', async () => {
      const { shop, actor } = await flow.readyToPay()
      const restored = flow.reload(shop, actor)
      shop.offline = true
      restored.send({ type: 'RESUME' })
      await reaches(restored, 'resumeOffline')
      shop.offline = false
      restored.send({ type: 'ONLINE' })
      await reaches(restored, flow.readyState)
      expect(shop.payCalls).toEqual([])
    })

    it('is restored only for its shopper and only when whole; one saved mid-call comes back suspended', async () => {
      const { shop, actor } = await flow.readyToPay()
      const persisted = JSON.parse(JSON.stringify(actor.getPersistedSnapshot()))
      const parse = (saved: unknown) => flow.parse(saved, flow.owner)
      const changed = (change: SnapshotChange) => ({
        ...persisted,
        ...change,
        context: { ...persisted.context, ...change.context },
      })
      const parsed = parse(persisted)
      expect(parsed?.value).toBe(flow.readyState)
      expect(parsed?.context).toEqual(persisted.context)
      expect(parsed?.context).toEqual(expect.objectContaining(facts.kept(shop)))

      expect(flow.parse(persisted, 'customer:someone-else')).toBeUndefined()
      expect(parse(null)).toBeUndefined()
      expect(parse(flow.readyState)).toBeUndefined()
      for (const damage of [...DAMAGED, ...facts.saved.damaged]) {
        expect(parse(changed(damage)), JSON.stringify(damage)).toBeUndefined()
      }
      for (const midCall of [...IN_FLIGHT, ...facts.saved.inFlight.map((value) => ({ value }))]) {
        expect(parse(changed(midCall))?.value, JSON.stringify(midCall)).toBe('suspended')
      }
    })
  })

  describe(`${name}: restored in the middle of an attempt`, () => {
    it('mid-payment: sends nothing, reads the server, and retries only when asked, with the same key', async () => {
      const { shop, key, restored } = await flow.reloadedMidPayment()
      restored.send({ type: 'RESUME' })
      await atStep(restored, { payOffline: 'ready' })
      await settle()
      expect(shop.payCalls).toHaveLength(1)

      restored.send({ type: 'RETRY' })
      await atStep(restored, 'redirecting')
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
      await atStep(first, { returned: 'waiting' })
      const restored = flow.reload(shop, first)
      expect(snapshotOf(restored).value).toBe('suspended')
      shop.payments.set('pay_1', { ...(shop.payments.get('pay_1') ?? { failure: null }), status: 2 })
      restored.send({ type: 'RESUME' })
      await reaches(restored, 'paid')
    })
  })
}

/** Damage no paying flow's parser lets through: a state it does not have, an ended flow, a foreign route. */
const DAMAGED: SnapshotChange[] = [
  { value: 'teleporting' },
  { value: { returned: 'nowhere' } },
  // an attempt's step is no state of the flow's own
  { value: { returned: 'waiting' } },
  { status: 'done' },
  { context: { choice: { route: 'cash', method: 1 } } },
]

/** Every paying flow's states whose call was running when saved: they come back suspended. */
const IN_FLIGHT: SnapshotChange[] = [
  { value: 'resuming' },
  { value: 'attempt', context: { step: 'returned.waiting' } },
]

/**
 * Where a result page's verdict leads every paying flow, and how a payment that did not go through is
 * paid again.
 */
export function describeVerdicts<S extends FakeServer, A extends AnyActorRef>(
  name: string,
  flow: FlowHarness<S, A>,
  facts: PayingFlowFacts<S, A>,
): void {
  describe(`${name}: the verdict on a result page`, () => {
    beforeEach(() => vi.useFakeTimers())
    afterEach(() => vi.useRealTimers())

    // the wait itself (back-off, late answers, no connection) is the payment machine's: payment.test.ts
    it('ends where the verdict says, learning what it paid from the payment', async () => {
      const verdict = async (payment: FakePayment | undefined) => {
        const shop = flow.shop()
        if (payment) shop.payments.set('pay_1', { ...shop.payments.get('pay_1'), ...payment })
        return snapshotOf(await flow.returned(shop))
      }
      const paid = await verdict({ status: 2, failure: null })
      expect(paid.value).toBe('paid')
      expect(paid.context).toMatchObject({ ...facts.target, payStatus: facts.paidStatus })
      expect((await verdict({ status: 4, failure: 'declined' })).value).toBe('failed')
      expect((await verdict({ status: 4, failure: 'cancelled' })).value).toBe('cancelled')
      expect((await verdict(undefined)).value).toBe('payError')
    })

    it.each([
      { payment: 'a payment ended without a reason', failure: null, verdict: 'cancelled' },
      { payment: 'a declined payment', failure: 'declined', verdict: 'failed' },
      { payment: 'a cancelled payment', failure: 'cancelled', verdict: 'cancelled' },
    ])(
      '$payment can be paid again: what it pays for is read first, with a new attempt',
      async ({ failure, verdict }) => {
        const shop = flow.shop()
        shop.payments.set('pay_1', { status: 4, failure })
        const actor = await flow.returned(shop)
        expect(snapshotOf(actor).value).toBe(verdict)
        const readFirst = onceMore(facts.reads(shop))
        actor.send({ type: 'PAY_AGAIN' })
        await vi.advanceTimersByTimeAsync(0)
        expect(snapshotOf(actor).value).toBe(flow.readyState)
        expect(snapshotOf(actor).context).toMatchObject({ ...facts.target, payment: null, payKey: null })
        expect(facts.reads(shop)).toEqual(readFirst)
      },
    )
  })
}

/** Runs every shared suite for a paying flow: its attempts, its restores and its verdicts. */
export function describePayingFlow<S extends FakeServer, A extends AnyActorRef>(
  name: string,
  flow: FlowHarness<S, A>,
  facts: PayingFlowFacts<S, A>,
): void {
  describeAttempts(name, flow, facts)
  describeRestoredAttempts(name, flow, facts)
  describeVerdicts(name, flow, facts)
}

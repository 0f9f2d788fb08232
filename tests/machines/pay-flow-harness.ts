import { expect, vi } from 'vitest'
import {
  type Actor,
  type AnyActorLogic,
  type AnyActorRef,
  type AnyStateMachine,
  createActor,
  fromPromise,
  type InputFrom,
  type Snapshot,
  type SnapshotFrom,
  waitFor,
} from 'xstate'
import { payFlowView } from '../../machines/payment/pay-flow.ts'
import { type FakePayment, settle } from './pay-flow-fakes.ts'

/*
 * How the paying flows' machine tests drive a flow, in the shared suites (pay-flow-suites.ts) and in
 * each flow's own file alike: start, open, choose, pay, be refused and reload it as its feature does,
 * on a fake server (pay-flow-fakes.ts).
 */

/** The shopper whose flows these are. */
export const SHOPPER = 'customer:7'

/** What the harness reads of a flow's fake server (pay-flow-fakes.ts FakePayments). */
export interface FakeServer {
  offline: boolean
  loseAnswers: boolean
  refuseNext: unknown
  payCalls: { key: string }[]
  statusReads: string[]
  payments: Map<string, FakePayment>
  paymentMachine(): AnyActorLogic
}

/** What the harness reads of a flow's snapshot: its state, its attempt and its steps by name. */
interface FlowSnapshot {
  value: unknown
  context: { payKey: string | null; payStatus: unknown; error: unknown; payment: unknown }
  matches(state: never): boolean
}

export const snapshotOf = (actor: AnyActorRef) => actor.getSnapshot() as FlowSnapshot
export const view = (actor: AnyActorRef) => payFlowView(snapshotOf(actor))

/** Waits until the flow's attempt is at `step` (its pages' view: `redirecting`, `{ payOffline: … }` …). */
export const atStep = (actor: AnyActorRef, step: Parameters<ReturnType<typeof view>['matches']>[0]) =>
  waitFor(actor, () => view(actor).matches(step))

/** Whether the flow is in its own state `state` (`choosing`, `paid` …). */
export const isIn = (actor: AnyActorRef, state: string) =>
  (snapshotOf(actor).matches as (state: string) => boolean).call(snapshotOf(actor), state)

/** Waits until the flow is in its own state `state`. */
export const reaches = (actor: AnyActorRef, state: string) => waitFor(actor, () => isIn(actor, state))

/** Sends the flow an event every paying flow takes (PAY, RETRY, ONLINE …). */
const send = (actor: AnyActorRef, type: string) => actor.send({ type })

/** A flow refused into a state it can no longer pay from (`forfeited` …): PAY does nothing there. */
export function expectNoPayIn(actor: AnyActorRef, state: string): void {
  expect(isIn(actor, state)).toBe(true)
  actor.send({ type: 'PAY' })
  expect(snapshotOf(actor).value).toBe(state)
}

/** What a flow's harness is made of: its machine and parser, its fake server, and the shopper's steps. */
export interface FlowSpec<S extends FakeServer, M extends AnyStateMachine> {
  machine: M
  /** The flow's own parser of a saved snapshot, which its feature runs at every reload. */
  parse(saved: unknown, owner: string): { value: unknown; context: unknown } | undefined
  shop(): S
  /** The fake server's calls the flow makes besides its payment, by the machine's actor names. */
  calls: (keyof S & string)[]
  /** The flow's input besides its owner (its order, package …). */
  input?: Partial<InputFrom<M>>
  /** What the shopper does before the flow asks the server anything (checkout's confirmation). */
  opened?(actor: Actor<M>): void
  /** Where the flow waits for the shopper's choice once it has read the server (`choosing` …). */
  readyState: string
  /** Chooses the route and the rest (address, points, method, fees) so that PAY begins an attempt. */
  choose(actor: Actor<M>): void
}

/** A flow's test harness: a flow of `SHOPPER`'s on a fresh fake server at each step the tests start from. */
export interface FlowHarness<S extends FakeServer, A extends AnyActorRef> {
  owner: string
  readyState: string
  parse(saved: unknown, owner: string): { value: unknown; context: unknown } | undefined
  shop(): S
  choose(actor: A): void
  /** The flow as the shopper opens it, before it has read anything. */
  open(shop: S): A
  /** The flow saved, parsed and restored, as its feature does at a reload. */
  reload(shop: S, actor: A): A
  /** The flow opened by a result page with the payment `pay_1`, its first read done (under fake timers). */
  returned(shop: S): Promise<A>
  /** The flow waiting for the shopper's choice … */
  readyToChoose(): Promise<{ shop: S; actor: A }>
  /** … and with its route and the rest chosen: PAY begins an attempt. */
  readyToPay(): Promise<{ shop: S; actor: A }>
  /**
   * A chosen flow whose pay call the server refuses with `refusal` (after `meanwhile` changed what the
   * server holds), once it has come to `state`.
   */
  refusedInto(
    refusal: unknown,
    state: string,
    meanwhile?: (shop: S) => void,
  ): Promise<{ shop: S; actor: A; snapshot: SnapshotFrom<A> }>
  /**
   * A chosen flow reloaded while its pay call is in flight (it reached the server; the answer is lost
   * with the tab): it comes back suspended, having sent nothing more. `key` is the attempt's key.
   */
  reloadedMidPayment(): Promise<{ shop: S; key: string | null; restored: A }>
  /** The flow opened, from `opening` (its first read) to the shopper's choice, having paid nothing. */
  openedToChoice(opening: string): Promise<{ shop: S; ready: SnapshotFrom<A> }>
  /** Opened without a connection, the flow waits, and reads the server once the connection is back. */
  expectOpensOffline(): Promise<void>
  /**
   * Opened while one of its reads fails (`failing(shop, true)`), the flow waits in `failedState`, and
   * reads again when the shopper asks (RETRY) once it no longer fails: the server then.
   */
  readAgainWhenAsked(failedState: string, failing: (shop: S, fails: boolean) => void): Promise<S>
}

/**
 * A flow's harness from its spec: its machine runs with the fake server's payment and `calls`, and is
 * `SHOPPER`'s; a reload saves (JSON), parses with the flow's parser and restores, as the feature does.
 */
export function payingFlow<S extends FakeServer, M extends AnyStateMachine>(spec: FlowSpec<S, M>) {
  type A = Actor<M>
  const owner = SHOPPER
  const machineFor = (shop: S) =>
    (spec.machine as AnyStateMachine).provide({
      actors: {
        payment: shop.paymentMachine(),
        ...Object.fromEntries(
          spec.calls.map((name) => [name, fromPromise(shop[name] as Parameters<typeof fromPromise>[0])]),
        ),
      },
    })
  const started = (actor: AnyActorRef) => {
    actor.start()
    return actor as A
  }
  const start = (shop: S, input: Partial<InputFrom<M>> = spec.input ?? {}): A =>
    started(createActor(machineFor(shop), { input: { owner, ...input } }))
  const open = (shop: S): A => {
    const actor = start(shop)
    spec.opened?.(actor)
    return actor
  }

  const flow: FlowHarness<S, A> & { start: typeof start } = {
    owner,
    readyState: spec.readyState,
    parse: spec.parse,
    shop: spec.shop,
    choose: spec.choose,
    start,
    open,
    reload(shop, actor) {
      const saved = spec.parse(JSON.parse(JSON.stringify(actor.getPersistedSnapshot())), owner)
      actor.stop()
      if (!saved) throw new Error('the saved flow did not parse')
      const snapshot = saved as unknown as Snapshot<unknown>
      return started(createActor(machineFor(shop), { snapshot, input: { owner } }))
    },
    async returned(shop) {
      const actor = start(shop, { paymentId: 'pay_1' } as unknown as Partial<InputFrom<M>>)
      expect(view(actor).matches('returned')).toBe(true)
      await vi.advanceTimersByTimeAsync(0)
      return actor
    },
    async readyToChoose() {
      const shop = spec.shop()
      const actor = open(shop)
      await reaches(actor, spec.readyState)
      return { shop, actor }
    },
    async readyToPay() {
      const ready = await flow.readyToChoose()
      spec.choose(ready.actor)
      return ready
    },
    async refusedInto(refusal, state, meanwhile) {
      const { shop, actor } = await flow.readyToPay()
      shop.refuseNext = refusal
      meanwhile?.(shop)
      send(actor, 'PAY')
      return { shop, actor, snapshot: await waitFor(actor, () => isIn(actor, state)) }
    },
    async reloadedMidPayment() {
      const { shop, actor: first } = await flow.readyToPay()
      shop.loseAnswers = true
      send(first, 'PAY')
      expect(view(first).matches('paying')).toBe(true)
      const key = snapshotOf(first).context.payKey
      const restored = flow.reload(shop, first)
      shop.loseAnswers = false
      await settle()
      expect(snapshotOf(restored).value).toBe('suspended')
      expect(shop.payCalls).toHaveLength(1)
      return { shop, key, restored }
    },
    async openedToChoice(opening) {
      const shop = spec.shop()
      const actor = open(shop)
      expect(snapshotOf(actor).value).toBe(opening)
      const ready = await waitFor(actor, () => isIn(actor, spec.readyState))
      await settle()
      expect(shop.payCalls).toEqual([])
      return { shop, ready }
    },
    async expectOpensOffline() {
      const shop = spec.shop()
      shop.offline = true
      const actor = open(shop)
      await reaches(actor, 'resumeOffline')
      shop.offline = false
      send(actor, 'ONLINE')
      await reaches(actor, spec.readyState)
    },
    async readAgainWhenAsked(failedState, failing) {
      const shop = spec.shop()
      failing(shop, true)
      const actor = open(shop)
      await reaches(actor, failedState)
      failing(shop, false)
      send(actor, 'RETRY')
      await reaches(actor, spec.readyState)
      return shop
    },
  }
  return flow
}

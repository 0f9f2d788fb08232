import { assign, type EventObject, forwardTo } from 'xstate'
import { PAY_ROUTES, type PayAnswer, type PayRoute, type PayStatusDto } from '../../src/domain/payments.ts'
import { errorToKeep } from './flow-failure.ts'
import {
  type AttemptFields,
  attemptFrom,
  isPayChoice,
  NO_ATTEMPT,
  newAttemptKey,
  PAYMENT_STEPS,
  type PayChoice,
  type PayFlowContext,
  type PayFlowInput,
  type PaymentEnd,
  type PaymentInput,
  type PaymentProgress,
  type PaymentStep,
} from './payment-types.ts'

export * from './flow-failure.ts'

/*
 * What a paying flow (checkout, final payment, shipping fee, extra payment) writes to run its attempts
 * through the payment machine: the child's input, its reports, how its end leads back into the flow,
 * and how the flow's pages see the attempt's step.
 */

/** The payment machine's input for the flow's attempt: its key, its saved payment, and `request`. */
export function attemptInput(context: AttemptFields, request: unknown): PaymentInput {
  return {
    key: context.payKey ?? '',
    request,
    payment: context.payment,
    returned: context.returned,
    awaitRetry: context.step === 'payOffline.ready' && context.payment === null,
  }
}

/** A flow that learns what it pays for (its order or package) from a result page's payment. */
interface LearnsTarget<C> {
  purpose: PayStatusDto['purpose']
  field: keyof C & string
}

/**
 * The actions every paying flow's transitions name (ATTEMPT_EVENTS, CHOOSE_ROUTE, PAY_WHEN_READY,
 * keepRefusal …): spread into its `setup({ actions })` with its context and events. A flow given
 * `learns` sets that field from the payment's pay status (a result page's flow starts without it).
 */
export function flowActions<C extends PayFlowContext<unknown>, E extends EventObject>(
  learns?: LearnsTarget<C>,
) {
  type Assigned = Partial<C>
  return {
    returnedTo: assign<C, E, undefined, E, never>(
      ({ context, event }) => returnedTo(context, event) as Assigned,
    ),
    adoptProgress: assign<C, E, undefined, E, never>(({ event }) => {
      const progress = adoptProgress(event) as Assigned
      const target = learns && targetOf(event, learns.purpose)
      return learns && target !== undefined ? { ...progress, [learns.field]: target } : progress
    }),
    keepError: assign<C, E, { failure: { kind: string } }, E, never>(
      (_, params) => ({ error: errorToKeep(params.failure) }) as Assigned,
    ),
    chooseRoute: assign<C, E, undefined, E, never>(({ event }) => chosenRoute(event) as Assigned),
    beginAttempt: assign<C, E, undefined, E, never>(({ context }) => beginAttempt(context) as Assigned),
    awaitRetry: assign<C, E, undefined, E, never>(() => AWAIT_RETRY as Assigned),
    forgetKey: assign<C, E, undefined, E, never>(() => ({ payKey: null }) as Assigned),
    // a new attempt: another route, type or subject is another request, so it gets another key
    newAttempt: assign<C, E, undefined, E, never>(() => ({ ...NO_ATTEMPT, error: null }) as Assigned),
    toAttempt: forwardTo<C, E, undefined, E>('payment'),
  }
}

/** The guards every paying flow's transitions name (CHOOSE_ROUTE, resumeFrom). */
export const FLOW_GUARDS = {
  isPayChoice: ({ event }: { event: FlowEvent }) => choosesRoute(event),
  hasPayment: ({ context }: { context: AttemptFields }) => context.payment !== null,
}

/** A paying flow's `setup({ types })`: its context, events and input. */
export function flowTypes<
  C extends PayFlowContext<unknown>,
  E extends EventObject,
  I extends PayFlowInput,
>() {
  return { context: {} as C, events: {} as E, input: {} as I }
}

/** The events every paying flow takes; a flow's own are added to them. */
export type PayFlowEvent =
  /** Try again a call that got no answer (same idempotency key), or a failed read. */
  | { type: 'RETRY' }
  /** The browser is back online. */
  | { type: 'ONLINE' }
  /** The flow was restored from storage: read the server and move to where it says. */
  | { type: 'RESUME' }
  /** The payment route and its type. */
  | { type: 'CHOOSE'; route: PayRoute; method: number }
  | { type: 'PAY' }
  /** A result page opened with this payment. */
  | { type: 'RETURNED'; paymentId: string }
  /** Leave a payment that did not go through (or one left open at the gateway) and pay anew. */
  | { type: 'PAY_AGAIN' }
  | PaymentProgress

/** Any event of a flow: the helpers below act on theirs and leave the others alone. */
type FlowEvent = { type: string; paymentId?: unknown; route?: unknown; method?: unknown }

const isProgress = (event: FlowEvent): event is PaymentProgress & FlowEvent =>
  event.type === 'payment.progress'

/** The attempt fields after one of the payment machine's reports (the flow's `adoptProgress`). */
export function adoptProgress(event: FlowEvent): Partial<AttemptFields> {
  if (!isProgress(event)) return {}
  const { step, payment, payStatus, polls } = event
  return { step, payment, payStatus, polls }
}

/** What a payment of `purpose` pays for (its order or package), as its pay status names it. */
export function targetOf(event: FlowEvent, purpose: PayStatusDto['purpose']): number | undefined {
  if (!isProgress(event)) return undefined
  return event.payStatus?.purpose === purpose ? event.payStatus.target[0] : undefined
}

/** A result page opened with this payment: the attempt is waited for from there (the flow's `returnedTo`). */
export function returnedTo(context: AttemptFields, event: FlowEvent): Partial<AttemptFields> {
  if (event.type !== 'RETURNED' || typeof event.paymentId !== 'string') return {}
  const payment: PayAnswer =
    context.payment?.paymentId === event.paymentId
      ? context.payment
      : { paymentId: event.paymentId, redirectUrl: '' }
  return { returned: true, polls: 0, step: 'returned.reading', payment }
}

/** A new attempt, with its key made now (a retry of the same attempt keeps its key): the flow's `beginAttempt`. */
export function beginAttempt(context: AttemptFields): Partial<AttemptFields> & { error: null } {
  return { payKey: context.payKey ?? newAttemptKey(), step: 'paying', error: null }
}

/** Whether the event chooses a route and a type the route offers (the flow's `isPayChoice` guard). */
export function choosesRoute(event: FlowEvent): boolean {
  return (
    event.type === 'CHOOSE' &&
    typeof event.route === 'string' &&
    typeof event.method === 'number' &&
    (PAY_ROUTES as readonly string[]).includes(event.route) &&
    isPayChoice(event.route as PayRoute, event.method)
  )
}

/** The route and type an event chose (the flow's `chooseRoute`). */
export function chosenRoute(event: FlowEvent): { choice: PayChoice } | Record<string, never> {
  return choosesRoute(event)
    ? { choice: { route: event.route as PayRoute, method: event.method as number } }
    : {}
}

/**
 * What every paying flow does with its own events: a result page's return re-enters the attempt, the
 * attempt's reports are kept (the flow's `returnedTo` and `adoptProgress` actions).
 */
export const ATTEMPT_EVENTS = {
  RETURNED: { target: '.attempt', reenter: true, actions: 'returnedTo' },
  'payment.progress': { actions: 'adoptProgress' },
} as const

/** Every paying flow starts by choosing its step; its own events are the attempt's (ATTEMPT_EVENTS). */
export const FLOW_ROOT = { initial: 'resuming', on: ATTEMPT_EVENTS } as const

/** A flow's first step, new or restored: a payment it holds is read first, then the flow's `own` choices. */
export const resumeFrom = <const T extends readonly object[]>(...own: T) =>
  ({ always: [{ guard: 'hasPayment', target: 'attempt' }, ...own] }) as const

/** What every paying flow starts with: its owner, no route chosen, no refusal, a result page's payment if any. */
export function flowStart(input: PayFlowInput) {
  return { owner: input.owner, choice: null, error: null, ...attemptFrom(input.paymentId) }
}

/** A refusal the flow keeps for its page; the attempt's key goes (the next attempt is a new request). */
export const keepRefusal = <P>(params: P) => [{ type: 'keepError', params }, 'forgetKey'] as const

/** A route and type chosen: another request, so another attempt. */
export const CHOOSE_ROUTE = { guard: 'isPayChoice', actions: ['newAttempt', 'chooseRoute'] } as const

/** Pay when the flow's `canPay` says so: the attempt begins. */
export const PAY_WHEN_READY = { guard: 'canPay', target: 'attempt', actions: 'beginAttempt' } as const

/**
 * The states every paying flow ends in (paid, failed, cancelled, payError) or waits in for a connection
 * (resumeOffline); a failed or cancelled payment is paid anew from the flow's `payAgain` state.
 */
export function endStates<T extends string>(payAgain: T) {
  const again = { on: { PAY_AGAIN: { target: payAgain, actions: 'newAttempt' } } } as const
  return {
    paid: {},
    failed: again,
    cancelled: again,
    /** The payment is unknown to the server (or refunded at once): nothing to wait for. */
    payError: {},
    /** The server could not be read after a restore: it is read again when the connection returns. */
    resumeOffline: { on: { ONLINE: 'resuming', RETRY: 'resuming' } },
  } as const
}

/**
 * A call was in flight when the flow was saved: nothing is sent again until the feature says the
 * flow is restored (RESUME), and then the server is read first (saved-flow.ts).
 */
export const SUSPENDED = { on: { RESUME: 'resuming' } } as const

/**
 * The attempt's pay call got no answer (a key, no payment): when what is paid is still payable, only
 * the shopper's retry sends it again, with the same key (the flow's read then enters the attempt with
 * AWAIT_RETRY).
 */
export function unanswered(context: AttemptFields): boolean {
  return context.payKey !== null && context.payment === null
}

/**
 * Where a flow's read of what is paid (its order or package) leads: while it is still `payable`, back
 * into an unanswered attempt to wait for the shopper's retry, or to `ready` for the shopper's choice;
 * once `paid`, to `paid`; else to `closed`. `adopt` keeps what was read every way. A flow puts its own
 * outcomes (forfeited, locked) before these.
 */
export function readOutcomes<O, const T extends string, const X extends string, const D>(
  payable: (output: O) => boolean,
  ready: T,
  paid: (output: O) => boolean,
  closed: X,
  adopt: D,
) {
  type Read = { context: AttemptFields; event: { output: O } }
  return [
    {
      guard: ({ context, event }: Read) => payable(event.output) && unanswered(context),
      target: 'attempt',
      actions: [adopt, 'awaitRetry'],
    },
    { guard: ({ event }: Read) => payable(event.output), target: ready, actions: adopt },
    { guard: ({ event }: Read) => paid(event.output), target: 'paid', actions: adopt },
    { target: closed, actions: adopt },
  ] as const
}

/** The pay call got no answer and what is being paid is still payable: wait for the shopper's retry. */
export const AWAIT_RETRY: Partial<AttemptFields> = { step: 'payOffline.ready' }

export { NO_ATTEMPT }

/**
 * The flow events its running attempt takes, handed on to the payment machine by the flow's own
 * `toAttempt` action (`forwardTo('payment')`).
 */
export const toAttempt = {
  RETRY: { actions: 'toAttempt' },
  ONLINE: { actions: 'toAttempt' },
  RESUME: { actions: 'toAttempt' },
  PAY_AGAIN: { actions: 'toAttempt' },
} as const

type EndedEvent = { event: { output: PaymentEnd } }

/** Whether the attempt ended so (a guard of the flow's `onDone`). */
export const endedWith =
  (end: PaymentEnd['end'], outcome?: string) =>
  ({ event }: EndedEvent): boolean =>
    event.output.end === end &&
    (outcome === undefined || ('outcome' in event.output && event.output.outcome === outcome))

/** A flow's actor that its feature did not provide. */
export const notProvided = (machine: string) => (name: string) =>
  Promise.reject(new Error(`${machine} machine: actor '${name}' not provided`))

/**
 * The `onDone` transitions every flow shares: the verdict's states (`paid` …), `resumeOffline` when a
 * read got no answer, `recheck` to read what is being paid again, `payAgain` to choose anew. The flow
 * adds its own for a refusal.
 */
export function attemptEnds(targets: {
  recheck: string
  payAgain: string
}): { guard: (args: EndedEvent) => boolean; target: string; actions?: 'newAttempt' }[] {
  return [
    { guard: endedWith('settled', 'paid'), target: 'paid' },
    { guard: endedWith('settled', 'failed'), target: 'failed' },
    { guard: endedWith('settled', 'cancelled'), target: 'cancelled' },
    { guard: endedWith('settled', 'payError'), target: 'payError' },
    { guard: endedWith('unreachable'), target: 'resumeOffline' },
    { guard: endedWith('recheck'), target: targets.recheck },
    { guard: endedWith('payAgain'), target: targets.payAgain, actions: 'newAttempt' },
  ]
}

/** The route and type of the flow's choice, as every pay call sends them. */
export function chosenTerms(context: { choice: PayChoice | null }): PayChoice {
  return { route: context.choice?.route ?? 'card', method: context.choice?.method ?? 0 }
}

/**
 * A flow's `attempt` state: the payment machine invoked as `payment` with the flow's pay request (its
 * `terms` and the chosen route and type), its ends leading back into the flow (attemptEnds), then the
 * flow's own `refusals`, routed by its failure kinds. The flow's events for the attempt are handed on
 * to it (toAttempt).
 */
export function attemptState<C extends PayFlowContext<unknown>, const R extends readonly object[]>(
  targets: { recheck: string; payAgain: string; terms: (context: C) => object },
  ...refusals: R
) {
  return {
    invoke: {
      id: 'payment',
      src: 'payment',
      input: ({ context }: { context: C }) =>
        attemptInput(context, { ...targets.terms(context), ...chosenTerms(context) }),
      onDone: [...attemptEnds(targets), ...refusals],
    },
    on: toAttempt,
  } as const
}

/** A state as a flow's pages name it: the flow's own, or its attempt's step (`paying`, `{ returned: 'timedOut' }` …). */
export type StepName =
  | 'paying'
  | 'payOffline'
  | 'redirecting'
  | 'checkingPayment'
  | 'returned'
  | { payOffline: 'waiting' | 'ready' }
  | { returned: 'reading' | 'waiting' | 'offline' | 'timedOut' | 'awaitingTransfer' }

const stepPath = (state: unknown): string | undefined => {
  if (typeof state === 'string') return state
  if (typeof state !== 'object' || state === null) return undefined
  const [entry] = Object.entries(state)
  return entry ? `${entry[0]}.${String(entry[1])}` : undefined
}

const isStepName = (path: string): boolean =>
  PAYMENT_STEPS.some((step) => step === path || step.startsWith(`${path}.`))

/** A flow's snapshot as its pages see it: `matches` takes its own states and its attempt's steps. */
export type PayFlowView<S extends { matches(state: never): boolean }> = Omit<S, 'matches'> & {
  matches(state: Parameters<S['matches']>[0] | StepName): boolean
  /** The snapshot itself. */
  snapshot: S
}

/**
 * The flow's snapshot with its attempt's step readable by name: while the flow is in `attempt`, the
 * step its payment machine last reported (`paying`, `returned.timedOut` …) is matched as if it were the
 * flow's own state, as the pages have always named them.
 */
export function payFlowView<S extends { matches(state: never): boolean; context: object }>(
  snapshot: S,
): PayFlowView<S> {
  const matchesOwn = (state: unknown): boolean =>
    (snapshot.matches as (state: unknown) => boolean).call(snapshot, state)
  const step = matchesOwn('attempt')
    ? ((snapshot.context as { step?: PaymentStep | null }).step ?? null)
    : null
  return {
    ...snapshot,
    snapshot,
    matches(state) {
      const path = stepPath(state)
      if (step !== null && path !== undefined && isStepName(path)) {
        return step === path || step.startsWith(`${path}.`)
      }
      return matchesOwn(state)
    },
  }
}

import type { PayAnswer, PayStatusDto } from '../../src/domain/payments.ts'
import {
  type AttemptFields,
  NO_ATTEMPT,
  newAttemptKey,
  PAYMENT_STEPS,
  type PaymentEnd,
  type PaymentInput,
  type PaymentProgress,
  type PaymentStep,
} from './payment-types.ts'

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

/** The attempt fields after one of the payment machine's reports. */
export function adoptProgress(event: PaymentProgress): Partial<AttemptFields> {
  const { step, payment, payStatus, polls } = event
  return { step, payment, payStatus, polls }
}

/** What a payment of `purpose` pays for (its order or package), as its pay status names it. */
export function targetOf(event: PaymentProgress, purpose: PayStatusDto['purpose']): number | undefined {
  return event.payStatus?.purpose === purpose ? event.payStatus.target[0] : undefined
}

/** A result page opened with this payment: the attempt is waited for from there. */
export function returnedTo(context: AttemptFields, event: { paymentId: string }): Partial<AttemptFields> {
  const payment: PayAnswer =
    context.payment?.paymentId === event.paymentId
      ? context.payment
      : { paymentId: event.paymentId, redirectUrl: '' }
  return { returned: true, polls: 0, step: 'returned.reading', payment }
}

/** A new attempt, with its key made now (a retry of the same attempt keeps its key). */
export function beginAttempt(context: AttemptFields): Partial<AttemptFields> {
  return { payKey: context.payKey ?? newAttemptKey(), step: 'paying' }
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

/** The refusal of a refused attempt (else undefined), for the flow's own reading. */
export function refusalOf({ event }: EndedEvent): unknown {
  return event.output.end === 'refused' ? event.output.error : undefined
}

/** A flow's actor that its feature did not provide. */
export const notProvided = (machine: string) => (name: string) =>
  Promise.reject(new Error(`${machine} machine: actor '${name}' not provided`))

/**
 * How a flow reads a failed call, given its own failure kinds (`F`, always with `offline` and
 * `notFound`): anything else is no answer. The params makers feed its guards and its `keepError`.
 */
export function failureReading<F extends { kind: string }>(isFailure: (value: unknown) => value is F) {
  const failureOf = (error: unknown): F => (isFailure(error) ? error : ({ kind: 'offline' } as F))
  return {
    failureOf,
    failureIs:
      (kind: F['kind']) =>
      (_: unknown, params: { failure: F }): boolean =>
        params.failure.kind === kind,
    /** A call's failure (`onError`). */
    failureParams: ({ event }: { event: { error: unknown } }) => ({ failure: failureOf(event.error) }),
    /** An attempt's refusal (`onDone` of the payment machine). */
    refusalParams: ({ event }: EndedEvent) => ({ failure: failureOf(refusalOf({ event })) }),
  }
}

/** What a flow keeps for its page of a failure: a refusal, not a missing answer or a missing thing. */
export function errorToKeep<F extends { kind: string }>(
  failure: F,
): Exclude<F, { kind: 'offline' } | { kind: 'notFound' }> | null {
  return failure.kind === 'offline' || failure.kind === 'notFound'
    ? null
    : (failure as Exclude<F, { kind: 'offline' } | { kind: 'notFound' }>)
}

/**
 * The `onDone` transitions every flow shares: the verdict's states (`#flow.paid` …), `resumeOffline`
 * when a read got no answer, `recheck` to read what is being paid again, `payAgain` to choose anew. The
 * flow adds its own for a refusal.
 */
export function attemptEnds(
  id: string,
  targets: { recheck: string; payAgain: string },
): { guard: (args: EndedEvent) => boolean; target: string; actions?: 'newAttempt' }[] {
  return [
    { guard: endedWith('settled', 'paid'), target: `#${id}.paid` },
    { guard: endedWith('settled', 'failed'), target: `#${id}.failed` },
    { guard: endedWith('settled', 'cancelled'), target: `#${id}.cancelled` },
    { guard: endedWith('settled', 'payError'), target: `#${id}.payError` },
    { guard: endedWith('unreachable'), target: `#${id}.resumeOffline` },
    { guard: endedWith('recheck'), target: `#${id}.${targets.recheck}` },
    { guard: endedWith('payAgain'), target: `#${id}.${targets.payAgain}`, actions: 'newAttempt' },
  ]
}

/** A state as a flow's pages name it: the flow's own, or its attempt's step (`paying`, `{ returned: 'timedOut' }` …). */
export type StepName =
  | 'paying'
  | 'payOffline'
  | 'redirecting'
  | 'checkingPayment'
  | 'returned'
  | { payOffline: 'waiting' | 'ready' }
  | { returned: 'reading' | 'waiting' | 'offline' | 'timedOut' }

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

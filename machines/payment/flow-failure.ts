import type { PaymentEnd } from './payment-types.ts'

/*
 * How a paying flow's calls fail, as its feature reports them, and how the flow reads a failure: the
 * kinds every flow has, plus each flow's own refusals.
 */

/**
 * Why a call of a paying flow failed:
 * - `offline`: no answer (no network, timeout, a server fault): nobody knows whether the server acted;
 * - `latchClosed`: payments are closed (409 "Payment is currently unavailable"): nothing was created;
 * - `refused`: any other refusal (409: no longer payable …), with the server's message, which names
 *   the product in the shopper's language;
 * - `notFound`: what is paid, or the payment, does not exist for this shopper (404);
 * - `Own`: the flow's own refusals (a missing address, forfeited goods, a method that cannot carry
 *   the box, fees taken meanwhile).
 */
export type FlowFailure<Own extends { kind: string } = never> =
  | { kind: 'offline' }
  | { kind: 'latchClosed'; message: string }
  | { kind: 'refused'; message: string }
  | { kind: 'notFound' }
  | Own

/** A refusal the flow keeps for its page until the shopper acts again: not a missing answer or thing. */
export type KeptError<F extends { kind: string }> = Exclude<F, { kind: 'offline' } | { kind: 'notFound' }>

type Reported = { kind?: unknown } & Record<string, unknown>

/** The failure kinds every paying flow has (each adds its own refusals). */
export function isCommonFailureKind(kind: unknown): boolean {
  return kind === 'offline' || kind === 'latchClosed' || kind === 'refused' || kind === 'notFound'
}

/** The guard of a flow's failures: the common kinds, or one its `isOwn` accepts. */
export function flowFailureGuard<F extends { kind: string }>(isOwn: (failure: Reported) => boolean) {
  return (value: unknown): value is F => {
    if (typeof value !== 'object' || value === null) return false
    const failure = value as Reported
    return isCommonFailureKind(failure.kind) || isOwn(failure)
  }
}

/** What a flow keeps for its page of a failure: a refusal, not a missing answer or a missing thing. */
export function errorToKeep<F extends { kind: string }>(failure: F): KeptError<F> | null {
  return failure.kind === 'offline' || failure.kind === 'notFound' ? null : (failure as KeptError<F>)
}

type EndedEvent = { event: { output: PaymentEnd } }

/** The refusal of a refused attempt (else undefined), for the flow's own reading. */
export function refusalOf({ event }: EndedEvent): unknown {
  return event.output.end === 'refused' ? event.output.error : undefined
}

/**
 * How a flow reads a failed call, given its own failure kinds (`F`, always with `offline` and
 * `notFound`): anything else is no answer. `failedAs` routes a call that failed with one kind,
 * `refusedAs` an attempt refused with one kind; the params makers feed the flow's `keepError`.
 */
export function failureReading<F extends { kind: string }>(isFailure: (value: unknown) => value is F) {
  const failureOf = (error: unknown): F => (isFailure(error) ? error : ({ kind: 'offline' } as F))
  const failureParams = ({ event }: { event: { error: unknown } }) => ({ failure: failureOf(event.error) })
  const refusalParams = ({ event }: EndedEvent) => ({ failure: failureOf(refusalOf({ event })) })
  const failedAs = <const T extends string, const A = undefined>(
    kind: F['kind'],
    target: T,
    actions?: A,
  ) => ({
    guard: (args: { event: { error: unknown } }) => failureParams(args).failure.kind === kind,
    target,
    actions,
  })
  return {
    failureOf,
    /** A call's failure (`onError`). */
    failureParams,
    /** An attempt's refusal (`onDone` of the payment machine). */
    refusalParams,
    /** A call that failed with `kind` leads to `target`, with the flow's `actions` if any. */
    failedAs,
    /**
     * A failed read of what is being paid: without an answer the flow waits for the connection
     * (resumeOffline); any other failure ends it at `closed`, with the flow's `forget` action.
     */
    unreadSubject: <const T extends string, const G extends string>(closed: T, forget: G) =>
      [failedAs('offline', 'resumeOffline'), { target: closed, actions: forget }] as const,
    /** An attempt refused with `kind` leads to `target`, with the flow's `actions`. */
    refusedAs: <const T extends string, const A>(kind: F['kind'], target: T, actions: A) => ({
      guard: (args: EndedEvent) => refusalParams(args).failure.kind === kind,
      target,
      actions,
    }),
  }
}

import { type ActorRefFrom, assign, fromPromise, type SnapshotFrom, setup } from 'xstate'
import { type ExtraFeeDto, MAX_FEES_PER_PAYMENT } from '../../src/domain/extras.ts'
import { type PayAnswer, type PayOutcome, type PayStatusDto, payOutcome } from '../../src/domain/payments.ts'
import type { PayFlowView } from '../payment/pay-flow.ts'
import { isPayChoice, newAttemptKey, POLL_INTERVAL_MS, POLL_LIMIT } from '../shared/pay-flow.ts'
import {
  type ExtraPayInput,
  type ExtraPaymentContext,
  type ExtraPaymentEvent,
  type ExtraPaymentFailure,
  type ExtraPaymentInput,
  isExtraPaymentFailure,
  isSelectable,
  selectAllIds,
  selectedTotal,
} from './extra-payment-types.ts'

function failureOf(error: unknown): ExtraPaymentFailure {
  return isExtraPaymentFailure(error) ? error : { kind: 'offline' }
}

function notProvided(name: string): Promise<never> {
  return Promise.reject(new Error(`extra payment machine: actor '${name}' not provided`))
}

const failureIs =
  (kind: ExtraPaymentFailure['kind']) =>
  (_: unknown, params: { failure: ExtraPaymentFailure }): boolean =>
    params.failure.kind === kind

const failureParams = ({ event }: { event: { error: unknown } }) => ({ failure: failureOf(event.error) })

const outcomeIs =
  (outcome: PayOutcome) =>
  (_: unknown, params: { status: PayStatusDto }): boolean =>
    payOutcome(params.status) === outcome

const statusParams = ({ event }: { event: { output: PayStatusDto } }) => ({ status: event.output })

const feesParams = ({ event }: { event: { output: ExtraFeeDto[] } }) => ({ fees: event.output })

/** A selection as the flow keeps it: each id once, ascending (the `{ids}` of the pay call). */
const ascending = (ids: Iterable<number>): number[] => [...new Set(ids)].sort((a, b) => a - b)

/** The selection and points after the selection became `selected` (points never above the total). */
function selectionOf(context: ExtraPaymentContext, selected: number[]) {
  return { selected, points: Math.min(context.points, selectedTotal(context.fees, selected)) }
}

const isChosenFee = (fees: readonly ExtraFeeDto[] | null, feeId: number): boolean =>
  (fees ?? []).some((fee) => fee.id === feeId && isSelectable(fee))

/** Whether every chosen fee is still one the shopper may pay, as the list last read says. */
const allStillSelectable = (fees: readonly ExtraFeeDto[] | null, selected: readonly number[]): boolean =>
  selected.every((id) => isChosenFee(fees, id))

/** Where a payment read as settled leads (the same on a result page and after a restore). */
const settledPaymentTransitions = [
  {
    guard: { type: 'isPaid', params: statusParams },
    target: '#extraPayment.paid',
    actions: { type: 'adoptPayStatus', params: statusParams },
  },
  {
    guard: { type: 'isFailed', params: statusParams },
    target: '#extraPayment.failed',
    actions: { type: 'adoptPayStatus', params: statusParams },
  },
  {
    guard: { type: 'isCancelled', params: statusParams },
    target: '#extraPayment.cancelled',
    actions: { type: 'adoptPayStatus', params: statusParams },
  },
  { target: '#extraPayment.payError', actions: { type: 'adoptPayStatus', params: statusParams } },
] as const

/**
 * Paying extra fees (flows §2, §8): read the shopper's unpaid fees → choose some (or all), the points,
 * the route and the type → pay them in one payment → off to the gateway → back on the result page,
 * waiting for the webhook's verdict → paid, failed or cancelled. The fees and their amounts are the
 * server's. Restored from storage, the flow reads the fees or the payment again and moves to where the
 * server says. A call without an answer never repeats by itself: the shopper retries, with the same
 * idempotency key, so the server answers the first payment instead of making another.
 */
export const extraPaymentMachine = setup({
  types: {
    context: {} as ExtraPaymentContext,
    events: {} as ExtraPaymentEvent,
    input: {} as ExtraPaymentInput,
  },
  actors: {
    /** The route's extra-pay call with the key as `Idempotency-Key`, the fee ids and the points. */
    pay: fromPromise<PayAnswer, ExtraPayInput>(() => notProvided('pay')),
    /** GET /mall/extra_pay/list?status=1: the shopper's unpaid fees. */
    readFees: fromPromise<ExtraFeeDto[], void>(() => notProvided('readFees')),
    /** GET /mall/pay/status/{paymentId}. */
    readPayStatus: fromPromise<PayStatusDto, { paymentId: string }>(() => notProvided('readPayStatus')),
  },
  actions: {
    ensurePayKey: assign({ payKey: ({ context }) => context.payKey ?? newAttemptKey() }),
    keepError: assign((_, params: { failure: ExtraPaymentFailure }) => {
      const { failure } = params
      return { error: failure.kind === 'offline' || failure.kind === 'notFound' ? null : failure }
    }),
    adoptPayStatus: assign((_, params: { status: PayStatusDto }) => ({ payStatus: params.status })),
    /** The fees as the server lists them now: a chosen fee no longer payable is no longer chosen. */
    adoptFees: assign(({ context }, params: { fees: ExtraFeeDto[] }) => {
      const selected = context.selected.filter((id) => isChosenFee(params.fees, id))
      return { fees: params.fees, ...selectionOf({ ...context, fees: params.fees }, selected) }
    }),
    /** Fees the server refused to take are left out of the choice (they stay listed). */
    dropRefused: assign(({ context }, params: { failure: ExtraPaymentFailure }) => {
      const refused = new Set(params.failure.kind === 'feesRefused' ? params.failure.feeIds : [])
      return selectionOf(
        context,
        context.selected.filter((id) => !refused.has(id)),
      )
    }),
    // a new attempt: other fees, points, route or type are another request, so it gets another key
    newAttempt: assign({ payKey: null, payment: null, payStatus: null, returned: false, error: null }),
  },
  guards: {
    returnedToPayment: ({ context }) => context.payment !== null && context.returned,
    hasPayment: ({ context }) => context.payment !== null,
    canPay: ({ context }) =>
      context.choice !== null &&
      context.selected.length > 0 &&
      context.selected.length <= MAX_FEES_PER_PAYMENT &&
      allStillSelectable(context.fees, context.selected),
    isOffline: failureIs('offline'),
    isNotFound: failureIs('notFound'),
    isLatchClosed: failureIs('latchClosed'),
    isFeesRefused: failureIs('feesRefused'),
    isPaid: outcomeIs('paid'),
    isFailed: outcomeIs('failed'),
    isCancelled: outcomeIs('cancelled'),
    isPending: outcomeIs('pending'),
  },
  delays: { pollInterval: POLL_INTERVAL_MS },
}).createMachine({
  id: 'extraPayment',
  context: ({ input }) => ({
    owner: input.owner,
    fees: null,
    selected: [],
    points: 0,
    choice: null,
    payKey: null,
    payment: input.paymentId ? { paymentId: input.paymentId, redirectUrl: '' } : null,
    payStatus: null,
    returned: input.paymentId !== undefined,
    polls: 0,
    error: null,
  }),
  initial: 'resuming',
  on: {
    RETURNED: {
      target: '.returned',
      actions: assign(({ context, event }) => ({
        returned: true,
        polls: 0,
        payment:
          context.payment?.paymentId === event.paymentId
            ? context.payment
            : { paymentId: event.paymentId, redirectUrl: '' },
      })),
    },
  },
  states: {
    /** Chooses the step from what the context knows (a new flow, or one restored). */
    resuming: {
      always: [
        { guard: 'returnedToPayment', target: 'returned' },
        { guard: 'hasPayment', target: 'checkingPayment' },
        { target: 'loading' },
      ],
    },
    /**
     * A call was in flight when the flow was saved: nothing is sent again until the feature says the
     * flow is restored, and then the server is read first (see extra-payment-saved-state.ts).
     */
    suspended: {
      on: { RESUME: 'resuming' },
    },
    /** Reads the shopper's unpaid fees. */
    loading: {
      invoke: {
        src: 'readFees',
        onDone: [
          {
            // a pay call whose answer never came: only the shopper's retry (same key) sends it again,
            // and only while the same request can be made (every chosen fee unpaid, the points covered)
            guard: ({ context, event }) =>
              context.payKey !== null &&
              context.payment === null &&
              context.selected.length > 0 &&
              allStillSelectable(event.output, context.selected) &&
              context.points <= selectedTotal(event.output, context.selected),
            target: 'payOffline.ready',
            actions: { type: 'adoptFees', params: feesParams },
          },
          {
            target: 'choosing',
            actions: [{ type: 'adoptFees', params: feesParams }, assign({ payKey: null })],
          },
        ],
        onError: [
          { guard: { type: 'isOffline', params: failureParams }, target: 'resumeOffline' },
          { target: 'loadFailed' },
        ],
      },
    },
    /** The list could not be read: the page says so and offers to try again. */
    loadFailed: {
      on: { RETRY: 'loading', RELOAD: 'loading', RESUME: 'loading' },
    },
    /** The fees are listed: the shopper chooses fees, points, route and type, then pays. */
    choosing: {
      on: {
        TOGGLE: {
          guard: ({ context, event }) =>
            isChosenFee(context.fees, event.feeId) &&
            (context.selected.includes(event.feeId) || context.selected.length < MAX_FEES_PER_PAYMENT),
          actions: [
            'newAttempt',
            assign(({ context, event }) =>
              selectionOf(
                context,
                context.selected.includes(event.feeId)
                  ? context.selected.filter((id) => id !== event.feeId)
                  : ascending([...context.selected, event.feeId]),
              ),
            ),
          ],
        },
        SELECT_ALL: {
          actions: [
            'newAttempt',
            assign(({ context }) => selectionOf(context, ascending(selectAllIds(context.fees)))),
          ],
        },
        SELECT_NONE: {
          actions: ['newAttempt', assign({ selected: [], points: 0 })],
        },
        SET_POINTS: {
          guard: ({ context, event }) =>
            Number.isSafeInteger(event.points) &&
            event.points >= 0 &&
            Math.min(event.points, selectedTotal(context.fees, context.selected)) !== context.points,
          actions: [
            'newAttempt',
            assign(({ context, event }) => ({
              points: Math.min(event.points, selectedTotal(context.fees, context.selected)),
            })),
          ],
        },
        CHOOSE: {
          guard: ({ event }) => isPayChoice(event.route, event.method),
          actions: [
            'newAttempt',
            assign(({ event }) => ({ choice: { route: event.route, method: event.method } })),
          ],
        },
        PAY: { guard: 'canPay', target: 'paying', actions: assign({ error: null }) },
        RELOAD: 'loading',
        RESUME: 'loading',
      },
    },
    paying: {
      entry: 'ensurePayKey',
      invoke: {
        src: 'pay',
        input: ({ context }) => ({
          key: context.payKey ?? '',
          feeIds: context.selected,
          points: context.points,
          route: context.choice?.route ?? 'card',
          method: context.choice?.method ?? 0,
        }),
        onDone: {
          target: 'redirecting',
          actions: assign(({ event }) => ({ payment: event.output, error: null })),
        },
        onError: [
          { guard: { type: 'isOffline', params: failureParams }, target: 'payOffline' },
          {
            // nothing was created; the next attempt is a new request with a new key
            guard: { type: 'isLatchClosed', params: failureParams },
            target: 'choosing',
            actions: [{ type: 'keepError', params: failureParams }, assign({ payKey: null })],
          },
          {
            // some fees were paid, voided or taken by another payment meanwhile: the list is read again
            guard: { type: 'isFeesRefused', params: failureParams },
            target: 'loading',
            actions: [
              { type: 'keepError', params: failureParams },
              { type: 'dropRefused', params: failureParams },
              assign({ payKey: null }),
            ],
          },
          {
            // a fee unknown to the server (404) means the list is stale: read it again
            guard: { type: 'isNotFound', params: failureParams },
            target: 'loading',
            actions: assign({
              payKey: null,
              error: { kind: 'feesRefused', reason: 'notPayable', feeIds: [], message: '' },
            }),
          },
          {
            target: 'loading',
            actions: [{ type: 'keepError', params: failureParams }, assign({ payKey: null })],
          },
        ],
      },
    },
    /**
     * No answer to the pay call: a payment may exist at the gateway. Only the shopper's retry sends it
     * again, with the same key, so the server answers with the first payment.
     */
    payOffline: {
      initial: 'waiting',
      states: {
        waiting: { on: { ONLINE: 'ready' } },
        ready: {},
      },
      on: { RETRY: 'paying', RESUME: 'loading' },
    },
    /** The gateway's page is next: the feature sends the shopper to `payment.redirectUrl`. */
    redirecting: {
      on: {
        RESUME: 'checkingPayment',
        PAY_AGAIN: { target: 'loading', actions: 'newAttempt' },
      },
    },
    /** Reads a payment sent to the gateway earlier (back from it by other means than a result page). */
    checkingPayment: {
      invoke: {
        src: 'readPayStatus',
        input: ({ context }) => ({ paymentId: context.payment?.paymentId ?? '' }),
        onDone: [
          {
            guard: { type: 'isPending', params: statusParams },
            target: 'redirecting',
            actions: { type: 'adoptPayStatus', params: statusParams },
          },
          ...settledPaymentTransitions,
        ],
        onError: [
          { guard: { type: 'isOffline', params: failureParams }, target: 'resumeOffline' },
          { target: 'payError' },
        ],
      },
    },
    /** Back on a result page: the webhook decides; the pay status is read until it has. */
    returned: {
      initial: 'reading',
      states: {
        reading: {
          entry: assign({ polls: ({ context }) => context.polls + 1 }),
          invoke: {
            src: 'readPayStatus',
            input: ({ context }) => ({ paymentId: context.payment?.paymentId ?? '' }),
            onDone: [
              {
                guard: { type: 'isPending', params: statusParams },
                target: 'waiting',
                actions: { type: 'adoptPayStatus', params: statusParams },
              },
              ...settledPaymentTransitions,
            ],
            onError: [
              { guard: { type: 'isOffline', params: failureParams }, target: 'offline' },
              { guard: { type: 'isNotFound', params: failureParams }, target: '#extraPayment.payError' },
              // a refusal or fault of the read itself says nothing about the payment: read again later
              { target: 'waiting' },
            ],
          },
        },
        waiting: {
          always: { guard: ({ context }) => context.polls >= POLL_LIMIT, target: 'timedOut' },
          after: { pollInterval: 'reading' },
        },
        /** Polling pauses without a connection and goes on when it returns. */
        offline: { on: { ONLINE: 'reading', RETRY: 'reading' } },
        /** Still pending after about a minute: the shopper may ask again. */
        timedOut: { on: { RETRY: { target: 'reading', actions: assign({ polls: 0 }) } } },
      },
      on: { RESUME: '.reading' },
    },
    /** Paid: the fees are settled; the list may be read afresh for what is left. */
    paid: {
      on: { RELOAD: { target: 'loading', actions: 'newAttempt' } },
    },
    failed: {
      on: { PAY_AGAIN: { target: 'loading', actions: 'newAttempt' } },
    },
    cancelled: {
      on: { PAY_AGAIN: { target: 'loading', actions: 'newAttempt' } },
    },
    /** The payment is unknown to the server (or refunded at once): nothing to wait for. */
    payError: {
      on: { RELOAD: { target: 'loading', actions: 'newAttempt' } },
    },
    /** The server could not be read: it is read again when the connection returns. */
    resumeOffline: {
      on: { ONLINE: 'resuming', RETRY: 'resuming', RESUME: 'resuming' },
    },
  },
})

export type ExtraPaymentMachine = typeof extraPaymentMachine
export type ExtraPaymentActor = ActorRefFrom<ExtraPaymentMachine>
export type ExtraPaymentSnapshot = SnapshotFrom<ExtraPaymentMachine>
/** The flow as its pages see it (its attempt's steps by name, see pay-flow.ts). */
export type ExtraPaymentView = PayFlowView<ExtraPaymentSnapshot>

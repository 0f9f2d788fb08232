import { type ActorRefFrom, assign, fromPromise, type SnapshotFrom, setup } from 'xstate'
import { type ExtraFeeDto, MAX_FEES_PER_PAYMENT } from '../../src/domain/extras.ts'
import * as payFlow from '../payment/pay-flow.ts'
import { paymentMachine } from '../payment/payment.machine.ts'
import {
  type ExtraPaymentContext,
  type ExtraPaymentEvent,
  type ExtraPaymentFailure,
  type ExtraPaymentInput,
  isExtraPaymentFailure,
  isSelectable,
  selectAllIds,
  selectedTotal,
} from './extra-payment-types.ts'

const { failedAs, refusalParams, refusedAs } = payFlow.failureReading(isExtraPaymentFailure)
/** A refusal kept for the page, the attempt's key dropped. */
const keep = payFlow.keepRefusal(refusalParams)
const notProvided = payFlow.notProvided('extra payment')

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

/**
 * Paying extra fees (flows §2, §8): read the shopper's unpaid fees → choose some (or all), the points,
 * the route and the type → pay them in one payment → off to the gateway → back on the result page,
 * waiting for the webhook's verdict → paid, failed or cancelled. The fees and their amounts are the
 * server's. Restored from storage, the flow reads the fees or the payment again and moves to where the
 * server says. Each attempt runs in the payment machine (its child `payment`): a call without an answer
 * never repeats by itself, the shopper retries with the same idempotency key. The fees, the choice
 * and the refusals stay here.
 */
export const extraPaymentMachine = setup({
  types: payFlow.flowTypes<ExtraPaymentContext, ExtraPaymentEvent, ExtraPaymentInput>(),
  actors: {
    /** One attempt; the feature provides its pay call (the route's extra-pay call: fee ids, points). */
    payment: paymentMachine,
    /** GET /mall/extra_pay/list?status=1: the shopper's unpaid fees. */
    readFees: fromPromise<ExtraFeeDto[], void>(() => notProvided('readFees')),
  },
  actions: {
    ...payFlow.flowActions<ExtraPaymentContext, ExtraPaymentEvent>(),
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
    /** A fee unknown to the server: the list is stale, and says so as a fee no longer payable. */
    staleList: assign({
      payKey: null,
      error: { kind: 'feesRefused', reason: 'notPayable', feeIds: [], message: '' },
    }),
  },
  guards: {
    ...payFlow.FLOW_GUARDS,
    canPay: ({ context }) =>
      context.choice !== null &&
      context.selected.length > 0 &&
      context.selected.length <= MAX_FEES_PER_PAYMENT &&
      allStillSelectable(context.fees, context.selected),
  },
}).createMachine({
  id: 'extraPayment',
  context: ({ input }) => ({
    ...payFlow.flowStart(input),
    fees: null,
    selected: [],
    points: 0,
  }),
  ...payFlow.FLOW_ROOT,
  states: {
    resuming: payFlow.resumeFrom({ target: 'loading' }),
    suspended: payFlow.SUSPENDED,
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
            target: 'attempt',
            actions: [{ type: 'adoptFees', params: feesParams }, 'awaitRetry'],
          },
          {
            target: 'choosing',
            actions: [{ type: 'adoptFees', params: feesParams }, assign({ payKey: null })],
          },
        ],
        onError: [failedAs('offline', 'resumeOffline'), { target: 'loadFailed' }],
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
        CHOOSE: payFlow.CHOOSE_ROUTE,
        PAY: payFlow.PAY_WHEN_READY,
        RELOAD: 'loading',
        RESUME: 'loading',
      },
    },
    attempt: payFlow.attemptState(
      {
        recheck: 'loading',
        payAgain: 'loading',
        terms: (context: ExtraPaymentContext) => ({ feeIds: context.selected, points: context.points }),
      },
      // nothing was created; the next attempt is a new request with a new key
      refusedAs('latchClosed', 'choosing', keep),
      // some fees were paid, voided or taken by another payment meanwhile: the list is read again
      refusedAs('feesRefused', 'loading', [...keep, { type: 'dropRefused', params: refusalParams }]),
      // a fee unknown to the server (404) means the list is stale: read it again
      refusedAs('notFound', 'loading', 'staleList'),
      { target: 'loading', actions: keep },
    ),
    // paid, payError and resumeOffline take more here: the list may be read afresh
    ...payFlow.endStates('loading'),
    /** Paid: the fees are settled; the list may be read afresh for what is left. */
    paid: {
      on: { RELOAD: { target: 'loading', actions: 'newAttempt' } },
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

export type ExtraPaymentActor = ActorRefFrom<typeof extraPaymentMachine>
/** The flow as its pages see it (its attempt's steps by name). */
export type ExtraPaymentView = payFlow.PayFlowView<SnapshotFrom<typeof extraPaymentMachine>>

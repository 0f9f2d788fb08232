import { type ActorRefFrom, assign, fromPromise, type SnapshotFrom, setup } from 'xstate'
import { OrderStatus } from '../../src/domain/order-status.ts'
import { type PayAnswer, type PayOutcome, type PayStatusDto, payOutcome } from '../../src/domain/payments.ts'
import { isPayChoice, newAttemptKey, POLL_INTERVAL_MS, POLL_LIMIT } from '../shared/pay-flow.ts'
import {
  type BalanceOrder,
  type FinalPayInput,
  type FinalPaymentContext,
  type FinalPaymentEvent,
  type FinalPaymentFailure,
  type FinalPaymentInput,
  isFinalPaymentFailure,
} from './final-payment-types.ts'

function failureOf(error: unknown): FinalPaymentFailure {
  return isFinalPaymentFailure(error) ? error : { kind: 'offline' }
}

function notProvided(name: string): Promise<never> {
  return Promise.reject(new Error(`final payment machine: actor '${name}' not provided`))
}

const failureIs =
  (kind: FinalPaymentFailure['kind']) =>
  (_: unknown, params: { failure: FinalPaymentFailure }): boolean =>
    params.failure.kind === kind

const failureParams = ({ event }: { event: { error: unknown } }) => ({ failure: failureOf(event.error) })

const outcomeIs =
  (outcome: PayOutcome) =>
  (_: unknown, params: { status: PayStatusDto }): boolean =>
    payOutcome(params.status) === outcome

const orderParams = ({ event }: { event: { output: BalanceOrder } }) => ({ order: event.output })

const statusParams = ({ event }: { event: { output: PayStatusDto } }) => ({ status: event.output })

/** The goods are forfeited: cancelled by the sweep (15), or past the last day before it has run. */
const isForfeitedOrder = (order: BalanceOrder): boolean =>
  order.status === OrderStatus.cancel2 ||
  (order.status === OrderStatus.arrival && order.deadlineState === 'forfeited')

/** Statuses after the balance was paid (6 finalPay and every step of packing and shipping). */
const PAID_STATUSES: ReadonlySet<OrderStatus> = new Set([
  OrderStatus.finalPay,
  OrderStatus.waitOut,
  OrderStatus.waitPackage,
  OrderStatus.waitExpressPay,
  OrderStatus.waitSend,
  OrderStatus.send,
  OrderStatus.shipping,
])

/** Where a payment read as settled leads (the same on a result page and after a restore). */
const settledPaymentTransitions = [
  {
    guard: { type: 'isPaid', params: statusParams },
    target: '#finalPayment.paid',
    actions: { type: 'adoptPayStatus', params: statusParams },
  },
  {
    guard: { type: 'isFailed', params: statusParams },
    target: '#finalPayment.failed',
    actions: { type: 'adoptPayStatus', params: statusParams },
  },
  {
    guard: { type: 'isCancelled', params: statusParams },
    target: '#finalPayment.cancelled',
    actions: { type: 'adoptPayStatus', params: statusParams },
  },
  { target: '#finalPayment.payError', actions: { type: 'adoptPayStatus', params: statusParams } },
] as const

/**
 * The balance of an order in 5 arrival (flows §1, §8): choose route, type and points → pay → off to
 * the gateway → back on a result page, waiting for the webhook's verdict → paid, failed or cancelled.
 * The amount is the server's (the balance owed plus the late fee so far). The server is the authority:
 * restored from storage, the flow re-reads the order or the payment and moves to where the server
 * says. A call without an answer never repeats by itself: the shopper retries, with the same
 * idempotency key, so the server answers the first payment instead of making another.
 */
export const finalPaymentMachine = setup({
  types: {
    context: {} as FinalPaymentContext,
    events: {} as FinalPaymentEvent,
    input: {} as FinalPaymentInput,
  },
  actors: {
    /** The route's finallyPay / finalPay call with the key as `Idempotency-Key` and `?score=`. */
    pay: fromPromise<PayAnswer, FinalPayInput>(() => notProvided('pay')),
    /** The order as the server has it now. */
    readOrder: fromPromise<BalanceOrder, { orderId: number }>(() => notProvided('readOrder')),
    /** GET /mall/pay/status/{paymentId}. */
    readPayStatus: fromPromise<PayStatusDto, { paymentId: string }>(() => notProvided('readPayStatus')),
  },
  actions: {
    ensurePayKey: assign({ payKey: ({ context }) => context.payKey ?? newAttemptKey() }),
    keepError: assign((_, params: { failure: FinalPaymentFailure }) => {
      const { failure } = params
      return { error: failure.kind === 'offline' || failure.kind === 'notFound' ? null : failure }
    }),
    adoptPayStatus: assign((_, params: { status: PayStatusDto }) => ({
      payStatus: params.status,
      ...(params.status.purpose === 'balance' && params.status.target[0] !== undefined
        ? { orderId: params.status.target[0] }
        : {}),
    })),
    adoptOrder: assign(({ context }, params: { order: BalanceOrder }) => ({
      orderStatus: params.order.status,
      amountDue: params.order.amountDue,
      // the amount may have grown (a late day) or shrunk (a late fee settled): never ask for more
      points: Math.min(context.points, params.order.amountDue),
    })),
    // a new attempt: another route, type or amount of points is another request, so it gets another key
    newAttempt: assign({ payKey: null, payment: null, payStatus: null, returned: false, error: null }),
  },
  guards: {
    returnedToPayment: ({ context }) => context.payment !== null && context.returned,
    hasPayment: ({ context }) => context.payment !== null,
    hasOrder: ({ context }) => context.orderId !== null,
    canPay: ({ context }) => context.choice !== null && context.orderId !== null,
    isOffline: failureIs('offline'),
    isNotFound: failureIs('notFound'),
    isForfeited: failureIs('forfeited'),
    isLatchClosed: failureIs('latchClosed'),
    isPaid: outcomeIs('paid'),
    isFailed: outcomeIs('failed'),
    isCancelled: outcomeIs('cancelled'),
    isPending: outcomeIs('pending'),
  },
  delays: { pollInterval: POLL_INTERVAL_MS },
}).createMachine({
  id: 'finalPayment',
  context: ({ input }) => ({
    owner: input.owner,
    orderId: input.orderId ?? null,
    orderStatus: null,
    amountDue: null,
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
        { guard: 'hasOrder', target: 'checkingOrder' },
        // neither an order nor a payment: nothing to pay
        { target: 'orderClosed' },
      ],
    },
    /**
     * A call was in flight when the flow was saved: nothing is sent again until the feature says the
     * flow is restored, and then the server is read first (see final-payment-saved-state.ts).
     */
    suspended: {
      on: { RESUME: 'resuming' },
    },
    /** The order awaits its balance: the shopper chooses route, type and points, then pays. */
    choosing: {
      on: {
        CHOOSE: {
          guard: ({ event }) => isPayChoice(event.route, event.method),
          actions: [
            'newAttempt',
            assign(({ event }) => ({ choice: { route: event.route, method: event.method } })),
          ],
        },
        SET_POINTS: {
          guard: ({ context, event }) =>
            Number.isSafeInteger(event.points) &&
            event.points >= 0 &&
            Math.min(event.points, context.amountDue ?? event.points) !== context.points,
          actions: [
            'newAttempt',
            assign(({ context, event }) => ({
              points: Math.min(event.points, context.amountDue ?? event.points),
            })),
          ],
        },
        PAY: { guard: 'canPay', target: 'paying', actions: assign({ error: null }) },
        RESUME: 'checkingOrder',
      },
    },
    paying: {
      entry: 'ensurePayKey',
      invoke: {
        src: 'pay',
        input: ({ context }) => ({
          key: context.payKey ?? '',
          orderId: context.orderId ?? 0,
          route: context.choice?.route ?? 'card',
          method: context.choice?.method ?? 0,
          points: context.points,
        }),
        onDone: {
          target: 'redirecting',
          actions: assign(({ event }) => ({ payment: event.output, error: null })),
        },
        onError: [
          { guard: { type: 'isOffline', params: failureParams }, target: 'payOffline' },
          {
            guard: { type: 'isNotFound', params: failureParams },
            target: 'orderClosed',
            actions: assign({ orderStatus: null, payKey: null }),
          },
          {
            guard: { type: 'isForfeited', params: failureParams },
            target: 'forfeited',
            actions: [{ type: 'keepError', params: failureParams }, assign({ payKey: null })],
          },
          {
            // nothing was created; the next attempt is a new request with a new key
            guard: { type: 'isLatchClosed', params: failureParams },
            target: 'choosing',
            actions: [{ type: 'keepError', params: failureParams }, assign({ payKey: null })],
          },
          {
            // refused: no payment was made, and the order may have moved on (paid meanwhile …): read it
            target: 'checkingOrder',
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
      on: { RETRY: 'paying', RESUME: 'checkingOrder' },
    },
    /** The gateway's page is next: the feature sends the shopper to `payment.redirectUrl`. */
    redirecting: {
      on: {
        RESUME: 'checkingPayment',
        PAY_AGAIN: { target: 'checkingOrder', actions: 'newAttempt' },
      },
    },
    /** Reads the order: still awaiting its balance, paid meanwhile (the webhook came), forfeited or closed. */
    checkingOrder: {
      invoke: {
        src: 'readOrder',
        input: ({ context }) => ({ orderId: context.orderId ?? 0 }),
        onDone: [
          {
            guard: ({ event }) => isForfeitedOrder(event.output),
            target: 'forfeited',
            actions: { type: 'adoptOrder', params: orderParams },
          },
          {
            // a pay call whose answer never came: only the shopper's retry (same key) sends it again
            guard: ({ context, event }) =>
              event.output.status === OrderStatus.arrival &&
              context.payKey !== null &&
              context.payment === null,
            target: 'payOffline.ready',
            actions: { type: 'adoptOrder', params: orderParams },
          },
          {
            guard: ({ event }) => event.output.status === OrderStatus.arrival,
            target: 'choosing',
            actions: { type: 'adoptOrder', params: orderParams },
          },
          {
            guard: ({ event }) => PAID_STATUSES.has(event.output.status),
            target: 'paid',
            actions: { type: 'adoptOrder', params: orderParams },
          },
          // not (or no longer) awaiting a balance: cancelled, refunded, split, not yet arrived
          { target: 'orderClosed', actions: { type: 'adoptOrder', params: orderParams } },
        ],
        onError: [
          { guard: { type: 'isOffline', params: failureParams }, target: 'resumeOffline' },
          { target: 'orderClosed', actions: assign({ orderStatus: null }) },
        ],
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
              { guard: { type: 'isNotFound', params: failureParams }, target: '#finalPayment.payError' },
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
    paid: {},
    failed: {
      on: { PAY_AGAIN: { target: 'checkingOrder', actions: 'newAttempt' } },
    },
    cancelled: {
      on: { PAY_AGAIN: { target: 'checkingOrder', actions: 'newAttempt' } },
    },
    /** The payment is unknown to the server (or refunded at once): nothing to wait for. */
    payError: {},
    /** The order does not await a balance (cancelled, refunded, not the shopper's): nothing to pay. */
    orderClosed: {},
    /** The balance was not paid in time and the goods were forfeited: it can no longer be paid. */
    forfeited: {},
    /** The server could not be read after a restore: it is read again when the connection returns. */
    resumeOffline: {
      on: { ONLINE: 'resuming', RETRY: 'resuming' },
    },
  },
})

export type FinalPaymentMachine = typeof finalPaymentMachine
export type FinalPaymentActor = ActorRefFrom<FinalPaymentMachine>
export type FinalPaymentSnapshot = SnapshotFrom<FinalPaymentMachine>

import { type ActorRefFrom, assign, fromPromise, type SnapshotFrom, setup } from 'xstate'
import { OrderStatus } from '../../src/domain/order-status.ts'
import type { OrderDto } from '../../src/domain/orders.ts'
import {
  type PayAnswer,
  type PayOutcome,
  type PayStatusDto,
  payOutcome,
  SELECT_ADDRESS_MESSAGE,
} from '../../src/domain/payments.ts'
import type { PayFlowView } from '../payment/pay-flow.ts'
import { newAttemptKey } from '../shared/pay-flow.ts'
import {
  type CheckoutContext,
  type CheckoutEvent,
  type CheckoutFailure,
  type CheckoutInput,
  type CreateOrderInput,
  isCheckoutFailure,
  isPayChoice,
  type PayInput,
  POLL_INTERVAL_MS,
  POLL_LIMIT,
} from './checkout-types.ts'

function failureOf(error: unknown): CheckoutFailure {
  return isCheckoutFailure(error) ? error : { kind: 'offline' }
}

function notProvided(name: string): Promise<never> {
  return Promise.reject(new Error(`checkout machine: actor '${name}' not provided`))
}

const failureIs =
  (kind: CheckoutFailure['kind']) =>
  (_: unknown, params: { failure: CheckoutFailure }): boolean =>
    params.failure.kind === kind

const failureParams = ({ event }: { event: { error: unknown } }) => ({ failure: failureOf(event.error) })

const outcomeIs =
  (outcome: PayOutcome) =>
  (_: unknown, params: { status: PayStatusDto }): boolean =>
    payOutcome(params.status) === outcome

const orderParams = ({ event }: { event: { output: Pick<OrderDto, 'status'> } }) => ({
  status: event.output.status,
})

const statusParams = ({ event }: { event: { output: PayStatusDto } }) => ({ status: event.output })

/** Where a payment read as settled leads (the same on a result page and after a restore). */
const settledPaymentTransitions = [
  {
    guard: { type: 'isPaid', params: statusParams },
    target: '#checkout.paid',
    actions: { type: 'adoptPayStatus', params: statusParams },
  },
  {
    guard: { type: 'isFailed', params: statusParams },
    target: '#checkout.failed',
    actions: { type: 'adoptPayStatus', params: statusParams },
  },
  {
    guard: { type: 'isCancelled', params: statusParams },
    target: '#checkout.cancelled',
    actions: { type: 'adoptPayStatus', params: statusParams },
  },
  { target: '#checkout.payError', actions: { type: 'adoptPayStatus', params: statusParams } },
] as const

/**
 * One checkout: confirm the selected cart lines → create the order → choose route, type and address →
 * pay → off to the gateway → back on a result page, waiting for the webhook's verdict. The server is
 * the authority: restored from storage, the checkout re-reads the order or the payment and moves to
 * where the server says. A call without an answer never repeats by itself: the shopper retries, with
 * the same idempotency key, so the server answers the first order or payment instead of making another.
 */
export const checkoutMachine = setup({
  types: {
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    input: {} as CheckoutInput,
  },
  actors: {
    /** POST /mall/order/createOrder?score= { cartLineIds } with the key as `Idempotency-Key`. */
    createOrder: fromPromise<OrderDto, CreateOrderInput>(() => notProvided('createOrder')),
    /** The route's orderPay call with the key as `Idempotency-Key`. */
    pay: fromPromise<PayAnswer, PayInput>(() => notProvided('pay')),
    /** The order as the server has it now. */
    readOrder: fromPromise<Pick<OrderDto, 'id' | 'status'>, { orderId: number }>(() =>
      notProvided('readOrder'),
    ),
    /** GET /mall/pay/status/{paymentId}. */
    readPayStatus: fromPromise<PayStatusDto, { paymentId: string }>(() => notProvided('readPayStatus')),
  },
  actions: {
    ensureCreateKey: assign({ createKey: ({ context }) => context.createKey ?? newAttemptKey() }),
    ensurePayKey: assign({ payKey: ({ context }) => context.payKey ?? newAttemptKey() }),
    keepError: assign((_, params: { failure: CheckoutFailure }) => {
      const { failure } = params
      return { error: failure.kind === 'offline' || failure.kind === 'notFound' ? null : failure }
    }),
    adoptPayStatus: assign((_, params: { status: PayStatusDto }) => ({
      payStatus: params.status,
      ...(params.status.purpose === 'deposit' && params.status.target[0] !== undefined
        ? { orderId: params.status.target[0] }
        : {}),
    })),
    adoptOrderStatus: assign((_, params: { status: OrderStatus }) => ({ orderStatus: params.status })),
    // a new attempt: another route, type or address is another request, so it gets another key
    newAttempt: assign({ payKey: null, payment: null, payStatus: null, returned: false, error: null }),
  },
  guards: {
    returnedToPayment: ({ context }) => context.payment !== null && context.returned,
    hasPayment: ({ context }) => context.payment !== null,
    hasOrder: ({ context }) => context.orderId !== null,
    hasCreateKey: ({ context }) => context.createKey !== null,
    noAddress: ({ context }) => context.addressId === null,
    canPay: ({ context }) => context.choice !== null && context.orderId !== null,
    isOffline: failureIs('offline'),
    isNotFound: failureIs('notFound'),
    isPaid: outcomeIs('paid'),
    isFailed: outcomeIs('failed'),
    isCancelled: outcomeIs('cancelled'),
    isPending: outcomeIs('pending'),
  },
  delays: { pollInterval: POLL_INTERVAL_MS },
}).createMachine({
  id: 'checkout',
  context: ({ input }) => ({
    owner: input.owner,
    cartLineIds: input.cartLineIds ?? [],
    points: input.points ?? 0,
    createKey: null,
    orderId: input.orderId ?? null,
    orderStatus: null,
    choice: null,
    addressId: null,
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
    /** Chooses the step from what the context knows (a new checkout, or one restored). */
    resuming: {
      always: [
        { guard: 'returnedToPayment', target: 'returned' },
        { guard: 'hasPayment', target: 'checkingPayment' },
        { guard: 'hasOrder', target: 'checkingOrder' },
        { guard: 'hasCreateKey', target: 'creating' },
        { target: 'confirm' },
      ],
    },
    /**
     * A call was in flight when the checkout was saved: nothing is sent again until the feature says
     * the checkout is restored, and then the server is read first (see checkout-saved-state.ts).
     */
    suspended: {
      on: { RESUME: 'resuming' },
    },
    confirm: {
      on: {
        CONFIRM: { target: 'creating', actions: assign({ error: null }) },
      },
    },
    creating: {
      entry: 'ensureCreateKey',
      invoke: {
        src: 'createOrder',
        input: ({ context }) => ({
          key: context.createKey ?? '',
          cartLineIds: context.cartLineIds,
          points: context.points,
        }),
        onDone: {
          target: 'awaitingPayment',
          actions: assign(({ event }) => ({ orderId: event.output.id, orderStatus: event.output.status })),
        },
        onError: [
          { guard: { type: 'isOffline', params: failureParams }, target: 'createOffline' },
          {
            // the server answered: nothing was ordered; a new confirmation is a new request
            target: 'confirm',
            actions: [{ type: 'keepError', params: failureParams }, assign({ createKey: null })],
          },
        ],
      },
    },
    /** No answer to createOrder: the order may or may not exist. The shopper retries with the same key. */
    createOffline: {
      initial: 'waiting',
      states: {
        waiting: { on: { ONLINE: 'ready' } },
        ready: {},
      },
      on: { RETRY: 'creating' },
    },
    awaitingPayment: {
      on: {
        CHOOSE: {
          guard: ({ event }) => isPayChoice(event.route, event.method),
          actions: [
            'newAttempt',
            assign(({ event }) => ({ choice: { route: event.route, method: event.method } })),
          ],
        },
        SELECT_ADDRESS: {
          actions: ['newAttempt', assign(({ event }) => ({ addressId: event.addressId }))],
        },
        PAY: [
          {
            guard: 'noAddress',
            actions: assign({ error: { kind: 'address', message: SELECT_ADDRESS_MESSAGE } }),
          },
          { guard: 'canPay', target: 'paying', actions: assign({ error: null }) },
        ],
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
          addressId: context.addressId ?? 0,
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
            guard: { type: 'isNotFound', params: failureParams },
            target: 'orderClosed',
            actions: assign({ orderStatus: null, payKey: null }),
          },
          {
            // refused: no payment was made; the next attempt is a new request with a new key
            target: 'awaitingPayment',
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
        PAY_AGAIN: { target: 'awaitingPayment', actions: 'newAttempt' },
      },
    },
    /** Reads the order: still waiting for payment, paid meanwhile (the webhook came), or closed. */
    checkingOrder: {
      invoke: {
        src: 'readOrder',
        input: ({ context }) => ({ orderId: context.orderId ?? 0 }),
        onDone: [
          {
            // a pay call whose answer never came: only the shopper's retry (same key) sends it again
            guard: ({ context, event }) =>
              event.output.status === OrderStatus.waitPay &&
              context.payKey !== null &&
              context.payment === null,
            target: 'payOffline.ready',
            actions: { type: 'adoptOrderStatus', params: orderParams },
          },
          {
            guard: ({ event }) => event.output.status === OrderStatus.waitPay,
            target: 'awaitingPayment',
            actions: { type: 'adoptOrderStatus', params: orderParams },
          },
          {
            guard: ({ event }) =>
              event.output.status === OrderStatus.cancel1 || event.output.status === OrderStatus.cancel2,
            target: 'orderClosed',
            actions: { type: 'adoptOrderStatus', params: orderParams },
          },
          // any later status: the first payment went through
          { target: 'paid', actions: { type: 'adoptOrderStatus', params: orderParams } },
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
              { guard: { type: 'isNotFound', params: failureParams }, target: '#checkout.payError' },
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
    /** The order is cancelled (orderStatus 1 or 15) or not found (null): nothing to pay. */
    orderClosed: {},
    /** The server could not be read after a restore: it is read again when the connection returns. */
    resumeOffline: {
      on: { ONLINE: 'resuming', RETRY: 'resuming' },
    },
  },
})

export type CheckoutMachine = typeof checkoutMachine
export type CheckoutActor = ActorRefFrom<CheckoutMachine>
export type CheckoutSnapshot = SnapshotFrom<CheckoutMachine>
/** The flow as its pages see it (its attempt's steps by name, see pay-flow.ts). */
export type CheckoutView = PayFlowView<CheckoutSnapshot>

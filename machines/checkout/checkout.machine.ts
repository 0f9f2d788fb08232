import { type ActorRefFrom, assign, fromPromise, type SnapshotFrom, setup } from 'xstate'
import { OrderStatus } from '../../src/domain/order-status.ts'
import type { OrderDto } from '../../src/domain/orders.ts'
import { PaymentStatus } from '../../src/domain/payment-status.ts'
import {
  NOT_REFUSED_FAILURES,
  PAY_METHODS,
  type PayAnswer,
  type PayRoute,
  type PayStatusDto,
  SELECT_ADDRESS_MESSAGE,
} from '../../src/domain/payments.ts'

/**
 * Why a call of the checkout failed, as the feature that makes the calls reports it:
 * - `offline`: no answer (no network, timeout, a server fault): nobody knows whether the server acted;
 * - `latchClosed`: payments are closed (409 "Payment is currently unavailable"): nothing was created;
 * - `address`: the delivery address is missing or not the shopper's (400): nothing was created;
 * - `refused`: any other refusal (409 naming a product, an order no longer payable …), with the
 *   server's message, which names the product in the shopper's language;
 * - `notFound`: the order or the payment does not exist for this shopper (404).
 */
export type CheckoutFailure =
  | { kind: 'offline' }
  | { kind: 'latchClosed'; message: string }
  | { kind: 'address'; message: string }
  | { kind: 'refused'; message: string }
  | { kind: 'notFound' }

/** A refusal kept for the interface until the shopper acts again. */
export type CheckoutError = Exclude<CheckoutFailure, { kind: 'offline' } | { kind: 'notFound' }>

export function isCheckoutFailure(value: unknown): value is CheckoutFailure {
  const kind = (value as { kind?: unknown } | null)?.kind
  return (
    kind === 'offline' ||
    kind === 'latchClosed' ||
    kind === 'address' ||
    kind === 'refused' ||
    kind === 'notFound'
  )
}

function failureOf(error: unknown): CheckoutFailure {
  return isCheckoutFailure(error) ? error : { kind: 'offline' }
}

/** A route and its `{type}` (PayPal has none: 0). */
export interface PayChoice {
  route: PayRoute
  method: number
}

export function isPayChoice(route: PayRoute, method: number): boolean {
  return PAY_METHODS[route].includes(method)
}

export interface CreateOrderInput {
  key: string
  cartLineIds: number[]
  points: number
}

export interface PayInput extends PayChoice {
  key: string
  orderId: number
  addressId: number
}

export interface CheckoutContext {
  /** Whose checkout (`customer:{id}`); a saved checkout of anyone else is never restored. */
  owner: string
  /** The cart lines ordered and the points asked for (createOrder's body and `?score=`). */
  cartLineIds: number[]
  points: number
  /** createOrder's idempotency key: made once on the first try, kept for every retry of that order. */
  createKey: string | null
  orderId: number | null
  /** The order's status as last read from the server. */
  orderStatus: OrderStatus | null
  choice: PayChoice | null
  addressId: number | null
  /** The pay call's idempotency key: one per attempt, kept for every retry of that attempt. */
  payKey: string | null
  payment: PayAnswer | null
  payStatus: PayStatusDto | null
  /** The shopper came back from the gateway to a result page (the status is then polled). */
  returned: boolean
  /** Reads of the pay status made in this wait. */
  polls: number
  error: CheckoutError | null
}

export interface CheckoutInput {
  owner: string
  /** A new checkout from the cart: the selected lines and the points to use. */
  cartLineIds?: number[]
  points?: number
  /** An order already placed (opened from the order page). */
  orderId?: number
  /** A payment the shopper came back from (a result page). */
  paymentId?: string
}

export type CheckoutEvent =
  /** The shopper confirmed the order. */
  | { type: 'CONFIRM' }
  /** The shopper asked to try a call again that got no answer (same idempotency key). */
  | { type: 'RETRY' }
  /** The browser is back online. */
  | { type: 'ONLINE' }
  /** The checkout was restored from storage: read the server and move to where it says. */
  | { type: 'RESUME' }
  | { type: 'CHOOSE'; route: PayRoute; method: number }
  | { type: 'SELECT_ADDRESS'; addressId: number | null }
  | { type: 'PAY' }
  /** A result page opened with this payment. */
  | { type: 'RETURNED'; paymentId: string }
  /** Leave a payment that did not go through (or one left open at the gateway) and pay anew. */
  | { type: 'PAY_AGAIN' }

/** The result pages read the pay status this often while it is pending … */
export const POLL_INTERVAL_MS = 1500
/** … and this many times (about a minute) before saying the answer is late. */
export const POLL_LIMIT = 40

function notProvided(name: string): Promise<never> {
  return Promise.reject(new Error(`checkout machine: actor '${name}' not provided`))
}

function newKey(): string {
  return globalThis.crypto.randomUUID()
}

const failureIs =
  (kind: CheckoutFailure['kind']) =>
  (_: unknown, params: { failure: CheckoutFailure }): boolean =>
    params.failure.kind === kind

const failureParams = ({ event }: { event: { error: unknown } }) => ({ failure: failureOf(event.error) })

type PayOutcome = 'pending' | 'paid' | 'failed' | 'cancelled' | 'error'

/** Where a payment stands: 2 paid; 4 ended (failed when the gateway refused it, else cancelled). */
export function payOutcome(status: PayStatusDto): PayOutcome {
  if (status.status === PaymentStatus.waitPay) return 'pending'
  if (status.status === PaymentStatus.pay) return 'paid'
  if (status.status === PaymentStatus.cancel) {
    return status.failure === null || NOT_REFUSED_FAILURES.includes(status.failure) ? 'cancelled' : 'failed'
  }
  // refunded already: not something a return page can explain
  return 'error'
}

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
    ensureCreateKey: assign({ createKey: ({ context }) => context.createKey ?? newKey() }),
    ensurePayKey: assign({ payKey: ({ context }) => context.payKey ?? newKey() }),
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

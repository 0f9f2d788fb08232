import { type ActorRefFrom, assign, fromPromise, type SnapshotFrom, setup } from 'xstate'
import { OrderStatus } from '../../src/domain/order-status.ts'
import type { OrderDto } from '../../src/domain/orders.ts'
import { SELECT_ADDRESS_MESSAGE } from '../../src/domain/payments.ts'
import * as payFlow from '../payment/pay-flow.ts'
import { paymentMachine } from '../payment/payment.machine.ts'
import { newAttemptKey } from '../payment/payment-types.ts'
import {
  type CheckoutContext,
  type CheckoutEvent,
  type CheckoutFailure,
  type CheckoutInput,
  type CreateOrderInput,
  isCheckoutFailure,
  type PayRequest,
} from './checkout-types.ts'

const { failureIs, failureParams, refusalParams } = payFlow.failureReading(isCheckoutFailure)
/** A refusal kept for the page, the attempt's key dropped. */
const keep = payFlow.keepRefusal(refusalParams)
const notProvided = payFlow.notProvided('checkout')

const orderParams = ({ event }: { event: { output: Pick<OrderDto, 'status'> } }) => ({
  status: event.output.status,
})

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
    /** One attempt; the feature provides its pay call (the route's orderPay). */
    payment: paymentMachine,
    /** The order as the server has it now. */
    readOrder: fromPromise<Pick<OrderDto, 'id' | 'status'>, { orderId: number }>(() =>
      notProvided('readOrder'),
    ),
  },
  actions: {
    ...payFlow.flowActions<CheckoutContext, CheckoutEvent>(),
    // a result page's flow learns what it pays for from the payment
    adoptProgress: assign(({ context, event }) => ({
      ...payFlow.adoptProgress(event),
      orderId: payFlow.targetOf(event, 'deposit') ?? context.orderId,
    })),
    ensureCreateKey: assign({ createKey: ({ context }) => context.createKey ?? newAttemptKey() }),
    keepError: assign((_, params: { failure: CheckoutFailure }) => ({
      error: payFlow.errorToKeep(params.failure),
    })),
    adoptOrderStatus: assign((_, params: { status: OrderStatus }) => ({ orderStatus: params.status })),
    closeOrder: assign({ orderStatus: null }),
    forgetOrder: assign({ orderStatus: null, payKey: null }),
  },
  guards: {
    isPayChoice: ({ event }) => payFlow.choosesRoute(event),
    hasPayment: ({ context }) => context.payment !== null,
    hasOrder: ({ context }) => context.orderId !== null,
    hasCreateKey: ({ context }) => context.createKey !== null,
    noAddress: ({ context }) => context.addressId === null,
    canPay: ({ context }) => context.choice !== null && context.orderId !== null,
    isOffline: failureIs('offline'),
    isNotFound: failureIs('notFound'),
  },
}).createMachine({
  id: 'checkout',
  context: ({ input }) => ({
    owner: input.owner,
    cartLineIds: input.cartLineIds ?? [],
    points: input.points ?? 0,
    createKey: null,
    orderId: input.orderId ?? null,
    orderStatus: null,
    addressId: null,
    ...payFlow.flowStart(input.paymentId),
  }),
  ...payFlow.FLOW_ROOT,
  states: {
    /** Chooses the step from what the context knows (a new checkout, or one restored). */
    resuming: payFlow.resumeFrom(
      { guard: 'hasOrder', target: 'checkingOrder' },
      { guard: 'hasCreateKey', target: 'creating' },
      { target: 'confirm' },
    ),
    suspended: payFlow.SUSPENDED,
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
        CHOOSE: payFlow.CHOOSE_ROUTE,
        SELECT_ADDRESS: {
          actions: ['newAttempt', assign(({ event }) => ({ addressId: event.addressId }))],
        },
        PAY: [
          {
            guard: 'noAddress',
            actions: assign({ error: { kind: 'address', message: SELECT_ADDRESS_MESSAGE } }),
          },
          payFlow.PAY_WHEN_READY,
        ],
        RESUME: 'checkingOrder',
      },
    },
    /** The payment machine runs the attempt: pay, the gateway, the verdict. */
    attempt: payFlow.attemptState(
      'checkout',
      { recheck: 'checkingOrder', payAgain: 'awaitingPayment' },
      (context: CheckoutContext) =>
        ({
          orderId: context.orderId ?? 0,
          addressId: context.addressId ?? 0,
          route: context.choice?.route ?? 'card',
          method: context.choice?.method ?? 0,
        }) satisfies PayRequest,
      { guard: { type: 'isNotFound', params: refusalParams }, target: 'orderClosed', actions: 'forgetOrder' },
      // refused: no payment was made; the next attempt is a new request with a new key
      { target: 'awaitingPayment', actions: keep },
    ),
    /** Reads the order: still waiting for payment, paid meanwhile (the webhook came), or closed. */
    checkingOrder: {
      invoke: {
        src: 'readOrder',
        input: ({ context }) => ({ orderId: context.orderId ?? 0 }),
        onDone: [
          ...payFlow.whilePayable(
            (read: Pick<OrderDto, 'status'>) => read.status === OrderStatus.waitPay,
            'awaitingPayment',
            { type: 'adoptOrderStatus', params: orderParams },
          ),
          {
            guard: ({ event }) =>
              event.output.status === OrderStatus.cancel1 || event.output.status === OrderStatus.cancel2,
            target: 'orderClosed',
            actions: { type: 'adoptOrderStatus', params: orderParams },
          },
          // any later status: the first payment went through
          { target: 'paid', actions: { type: 'adoptOrderStatus', params: orderParams } },
        ],
        onError: payFlow.unreadSubject(failureParams, 'orderClosed', 'closeOrder'),
      },
    },
    /** The order is cancelled (orderStatus 1 or 15) or not found (null): nothing to pay. */
    orderClosed: {},
    ...payFlow.endStates('checkingOrder'),
  },
})

export type CheckoutActor = ActorRefFrom<typeof checkoutMachine>
export type CheckoutSnapshot = SnapshotFrom<typeof checkoutMachine>
/** The flow as its pages see it (its attempt's steps by name). */
export type CheckoutView = payFlow.PayFlowView<CheckoutSnapshot>

import { type ActorRefFrom, assign, fromPromise, type SnapshotFrom, setup } from 'xstate'
import { awaitsDeposit, isDepositPaid, type OrderStatus } from '../../src/domain/order-status.ts'
import type { OrderDto } from '../../src/domain/orders.ts'
import { SELECT_ADDRESS_MESSAGE } from '../../src/domain/payments.ts'
import * as payFlow from '../payment/pay-flow.ts'
import { paymentMachine } from '../payment/payment.machine.ts'
import { newAttemptKey } from '../payment/payment-types.ts'
import {
  type CheckoutContext,
  type CheckoutEvent,
  type CheckoutInput,
  type CreateOrderInput,
  isCheckoutFailure,
  type PayRequest,
} from './checkout-types.ts'

const { failedAs, failureParams, refusalParams, refusedAs, unreadSubject } =
  payFlow.failureReading(isCheckoutFailure)
/** A refusal kept for the page, the attempt's key dropped. */
const keep = payFlow.keepRefusal(refusalParams)
const notProvided = payFlow.notProvided('checkout')

const orderParams = ({ event }: { event: { output: Pick<OrderDto, 'status'> } }) => ({
  status: event.output.status,
})

const adoptStatus = { type: 'adoptOrderStatus', params: orderParams } as const

/**
 * One checkout: confirm the selected cart lines → create the order → choose route, type and address →
 * pay → off to the gateway → back on a result page, waiting for the webhook's verdict. The server is
 * the authority: restored from storage, the checkout re-reads the order or the payment and moves to
 * where the server says. A call without an answer never repeats by itself: the shopper retries, with
 * the same idempotency key, so the server answers the first order or payment instead of making another.
 */
export const checkoutMachine = setup({
  types: payFlow.flowTypes<CheckoutContext, CheckoutEvent, CheckoutInput>(),
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
    ...payFlow.flowActions<CheckoutContext, CheckoutEvent>({ purpose: 'deposit', field: 'orderId' }),
    ensureCreateKey: assign({ createKey: ({ context }) => context.createKey ?? newAttemptKey() }),
    adoptOrderStatus: assign((_, params: { status: OrderStatus }) => ({ orderStatus: params.status })),
    closeOrder: assign({ orderStatus: null }),
    forgetOrder: assign({ orderStatus: null, payKey: null }),
  },
  guards: {
    ...payFlow.FLOW_GUARDS,
    hasOrder: ({ context }) => context.orderId !== null,
    hasCreateKey: ({ context }) => context.createKey !== null,
    noAddress: ({ context }) => context.addressId === null,
    canPay: ({ context }) => context.choice !== null && context.orderId !== null,
  },
}).createMachine({
  id: 'checkout',
  context: ({ input }) => ({
    ...payFlow.flowStart(input),
    cartLineIds: input.cartLineIds ?? [],
    points: input.points ?? 0,
    createKey: null,
    orderId: input.orderId ?? null,
    orderStatus: null,
    addressId: null,
  }),
  ...payFlow.FLOW_ROOT,
  states: {
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
          failedAs('offline', 'createOffline'),
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
    attempt: payFlow.attemptState(
      {
        recheck: 'checkingOrder',
        payAgain: 'awaitingPayment',
        terms: (context: CheckoutContext): Omit<PayRequest, 'route' | 'method'> => ({
          orderId: context.orderId ?? 0,
          addressId: context.addressId ?? 0,
        }),
      },
      refusedAs('notFound', 'orderClosed', 'forgetOrder'),
      // refused: no payment was made; the next attempt is a new request with a new key
      { target: 'awaitingPayment', actions: keep },
    ),
    /** Reads the order: still waiting for payment, paid meanwhile (the webhook came), or closed. */
    checkingOrder: {
      invoke: {
        src: 'readOrder',
        input: ({ context }) => ({ orderId: context.orderId ?? 0 }),
        onDone: [
          ...payFlow.readOutcomes(
            awaitsDeposit,
            'awaitingPayment',
            isDepositPaid,
            'orderClosed',
            adoptStatus,
          ),
        ],
        onError: unreadSubject('orderClosed', 'closeOrder'),
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

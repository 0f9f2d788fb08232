import { type ActorRefFrom, assign, fromPromise, type SnapshotFrom, setup } from 'xstate'
import { awaitsBalance, isBalancePaid, OrderStatus } from '../../src/domain/order-status.ts'
import * as payFlow from '../payment/pay-flow.ts'
import { paymentMachine } from '../payment/payment.machine.ts'
import {
  type BalanceOrder,
  type FinalPaymentContext,
  type FinalPaymentEvent,
  type FinalPaymentInput,
  isFinalPaymentFailure,
} from './final-payment-types.ts'

const { refusalParams, refusedAs, unreadSubject } = payFlow.failureReading(isFinalPaymentFailure)
/** A refusal kept for the page, the attempt's key dropped. */
const keep = payFlow.keepRefusal(refusalParams)
const notProvided = payFlow.notProvided('final payment')

const orderParams = ({ event }: { event: { output: BalanceOrder } }) => ({ order: event.output })

/** The goods are forfeited: cancelled by the sweep (15), or past the last day before it has run. */
const isForfeitedOrder = (order: BalanceOrder): boolean =>
  order.status === OrderStatus.cancel2 ||
  (order.status === OrderStatus.arrival && order.deadlineState === 'forfeited')

const adoptOrder = { type: 'adoptOrder', params: orderParams } as const

/**
 * The balance of an order in 5 arrival (flows §1, §8): choose route, type and points → pay → off to
 * the gateway → back on a result page, waiting for the webhook's verdict → paid, failed or cancelled.
 * The amount is the server's (the balance owed plus the late fee so far). The server is the authority:
 * restored from storage, the flow re-reads the order or the payment and moves to where the server
 * says. A call without an answer never repeats by itself: the shopper retries, with the same
 * idempotency key, so the server answers the first payment instead of making another.
 */
export const finalPaymentMachine = setup({
  types: payFlow.flowTypes<FinalPaymentContext, FinalPaymentEvent, FinalPaymentInput>(),
  actors: {
    /** One attempt; the feature provides its pay call (finallyPay / finalPay with `?score=`). */
    payment: paymentMachine,
    /** The order as the server has it now. */
    readOrder: fromPromise<BalanceOrder, { orderId: number }>(() => notProvided('readOrder')),
  },
  actions: {
    ...payFlow.flowActions<FinalPaymentContext, FinalPaymentEvent>({ purpose: 'balance', field: 'orderId' }),
    adoptOrder: assign(({ context }, params: { order: BalanceOrder }) => ({
      orderStatus: params.order.status,
      amountDue: params.order.amountDue,
      // the amount may have grown (a late day) or shrunk (a late fee settled): never ask for more
      points: Math.min(context.points, params.order.amountDue),
    })),
    closeOrder: assign({ orderStatus: null }),
    forgetOrder: assign({ orderStatus: null, payKey: null }),
  },
  guards: {
    ...payFlow.FLOW_GUARDS,
    hasOrder: ({ context }) => context.orderId !== null,
    canPay: ({ context }) => context.choice !== null && context.orderId !== null,
  },
}).createMachine({
  id: 'finalPayment',
  context: ({ input }) => ({
    ...payFlow.flowStart(input),
    orderId: input.orderId ?? null,
    orderStatus: null,
    amountDue: null,
    points: 0,
  }),
  ...payFlow.FLOW_ROOT,
  states: {
    resuming: payFlow.resumeFrom(
      { guard: 'hasOrder', target: 'checkingOrder' },
      // neither an order nor a payment: nothing to pay
      { target: 'orderClosed' },
    ),
    suspended: payFlow.SUSPENDED,
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
          // closed: not (or no longer) awaiting a balance: cancelled, refunded, split, not yet arrived
          ...payFlow.readOutcomes(awaitsBalance, 'choosing', isBalancePaid, 'orderClosed', adoptOrder),
        ],
        onError: unreadSubject('orderClosed', 'closeOrder'),
      },
    },
    /** The order awaits its balance: the shopper chooses route, type and points, then pays. */
    choosing: {
      on: {
        CHOOSE: payFlow.CHOOSE_ROUTE,
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
        PAY: payFlow.PAY_WHEN_READY,
        RESUME: 'checkingOrder',
      },
    },
    attempt: payFlow.attemptState(
      {
        recheck: 'checkingOrder',
        payAgain: 'checkingOrder',
        terms: (context: FinalPaymentContext) => ({ orderId: context.orderId ?? 0, points: context.points }),
      },
      refusedAs('notFound', 'orderClosed', 'forgetOrder'),
      refusedAs('forfeited', 'forfeited', keep),
      // nothing was created; the next attempt is a new request with a new key
      refusedAs('latchClosed', 'choosing', keep),
      // refused: no payment was made, and the order may have moved on (paid meanwhile …): read it
      { target: 'checkingOrder', actions: keep },
    ),
    /** The order does not await a balance (cancelled, refunded, not the shopper's): nothing to pay. */
    orderClosed: {},
    /** The balance was not paid in time and the goods were forfeited: it can no longer be paid. */
    forfeited: {},
    ...payFlow.endStates('checkingOrder'),
  },
})

export type FinalPaymentActor = ActorRefFrom<typeof finalPaymentMachine>
/** The flow as its pages see it (its attempt's steps by name). */
export type FinalPaymentView = payFlow.PayFlowView<SnapshotFrom<typeof finalPaymentMachine>>

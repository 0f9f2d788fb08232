import { type ActorRefFrom, assign, fromPromise, type SnapshotFrom, sendParent, setup } from 'xstate'
import {
  awaitsTransfer,
  type PayAnswer,
  type PayOutcome,
  type PayStatusDto,
  payOutcome,
} from '../../src/domain/payments.ts'
import {
  isNoAnswer,
  isNotFound,
  type PaymentEnd,
  type PaymentEvent,
  type PaymentInput,
  type PaymentProgress,
  type PaymentStep,
  POLL_LIMIT,
  pollDelay,
  TRANSFER_POLL_MS,
} from './payment-types.ts'

interface PaymentContext {
  key: string
  request: unknown
  payment: PayAnswer | null
  payStatus: PayStatusDto | null
  returned: boolean
  awaitRetry: boolean
  polls: number
  end: PaymentEnd | null
}

function notProvided(name: string): Promise<never> {
  return Promise.reject(new Error(`payment machine: actor '${name}' not provided`))
}

const outcomeIs =
  (outcome: PayOutcome) =>
  (_: unknown, params: { status: PayStatusDto }): boolean =>
    payOutcome(params.status) === outcome

const statusParams = ({ event }: { event: { output: PayStatusDto } }) => ({ status: event.output })

const ended = (end: PaymentEnd) => ({ type: 'end', params: end }) as const

/** Where a payment read as settled leads (the same on a result page and after a restore). */
const settledTransitions = [
  {
    guard: { type: 'isPaid', params: statusParams },
    target: '#payment.done',
    actions: [{ type: 'adoptPayStatus', params: statusParams }, ended({ end: 'settled', outcome: 'paid' })],
  },
  {
    guard: { type: 'isFailed', params: statusParams },
    target: '#payment.done',
    actions: [{ type: 'adoptPayStatus', params: statusParams }, ended({ end: 'settled', outcome: 'failed' })],
  },
  {
    guard: { type: 'isCancelled', params: statusParams },
    target: '#payment.done',
    actions: [
      { type: 'adoptPayStatus', params: statusParams },
      ended({ end: 'settled', outcome: 'cancelled' }),
    ],
  },
  {
    target: '#payment.done',
    actions: [
      { type: 'adoptPayStatus', params: statusParams },
      ended({ end: 'settled', outcome: 'payError' }),
    ],
  },
] as const

/** What a read of the pay status leads to: still pending → `pending`; else the verdict ends the attempt. */
const verdictOr = (pending: string) =>
  [
    {
      guard: { type: 'isPending', params: statusParams },
      target: pending,
      actions: { type: 'adoptPayStatus', params: statusParams },
    },
    ...settledTransitions,
  ] as const

/** A result page's read: like verdictOr, but a payment waiting for the shopper's bank transfer rests. */
const returnedVerdict = [
  {
    guard: { type: 'awaitsTransfer', params: statusParams },
    target: '#payment.returned.awaitingTransfer',
    actions: { type: 'adoptPayStatus', params: statusParams },
  },
  ...verdictOr('#payment.returned.waiting'),
] as const

const paymentOf = ({ context }: { context: PaymentContext }) => ({
  paymentId: context.payment?.paymentId ?? '',
})

/** Each step tells the flow where the attempt stands (its pages show it, and it is saved with the flow). */
const report = (step: PaymentStep | null) => ({ type: 'report', params: { step } }) as const

/**
 * One payment attempt, whatever is paid: begin it with the pay call (one idempotency key per attempt) →
 * off to the gateway → back on a result page, reading the pay status with back-off until the
 * webhook's verdict → paid, failed or cancelled (a bank transfer the shopper is still to make is read
 * seldom, without a time limit). A call without an answer never repeats by itself: the
 * shopper retries, with the same key, so the server answers with the first payment instead of making
 * another. Each paying flow invokes it as its child `payment` and provides its pay call; what is paid,
 * its choices and its refusals stay with the flow.
 */
export const paymentMachine = setup({
  types: {
    context: {} as PaymentContext,
    events: {} as PaymentEvent,
    input: {} as PaymentInput,
    output: {} as PaymentEnd,
  },
  actors: {
    /** The purpose's pay call, with `key` as `Idempotency-Key`. */
    pay: fromPromise<PayAnswer, { key: string; request: unknown }>(() => notProvided('pay')),
    /** GET /mall/pay/status/{paymentId}. */
    readPayStatus: fromPromise<PayStatusDto, { paymentId: string }>(() => notProvided('readPayStatus')),
  },
  actions: {
    report: sendParent(
      ({ context }, params: { step: PaymentStep | null }): PaymentProgress => ({
        type: 'payment.progress',
        step: params.step,
        payment: context.payment,
        payStatus: context.payStatus,
        polls: context.polls,
      }),
    ),
    adoptPayStatus: assign((_, params: { status: PayStatusDto }) => ({ payStatus: params.status })),
    end: assign((_, params: PaymentEnd) => ({ end: params })),
  },
  guards: {
    returnedToPayment: ({ context }) => context.payment !== null && context.returned,
    hasPayment: ({ context }) => context.payment !== null,
    awaitsRetry: ({ context }) => context.awaitRetry,
    noAnswer: ({ event }) => isNoAnswer((event as { error?: unknown }).error),
    notFound: ({ event }) => isNotFound((event as { error?: unknown }).error),
    pollsRanOut: ({ context }) => context.polls >= POLL_LIMIT,
    isPaid: outcomeIs('paid'),
    isFailed: outcomeIs('failed'),
    isCancelled: outcomeIs('cancelled'),
    isPending: outcomeIs('pending'),
    awaitsTransfer: (_, params: { status: PayStatusDto }) => awaitsTransfer(params.status),
  },
  delays: { pollDelay: ({ context }) => pollDelay(context.polls), transferPollDelay: TRANSFER_POLL_MS },
}).createMachine({
  id: 'payment',
  context: ({ input }) => ({
    key: input.key,
    request: input.request,
    payment: input.payment,
    payStatus: null,
    returned: input.returned,
    awaitRetry: input.awaitRetry,
    polls: 0,
    end: null,
  }),
  initial: 'starting',
  output: ({ context }) => context.end ?? { end: 'settled', outcome: 'payError' },
  states: {
    /** A result page's payment is waited for; one begun earlier is read; else the attempt begins. */
    starting: {
      always: [
        { guard: 'returnedToPayment', target: 'returned' },
        { guard: 'hasPayment', target: 'checkingPayment' },
        { guard: 'awaitsRetry', target: 'payOffline.ready' },
        { target: 'paying' },
      ],
    },
    paying: {
      entry: report('paying'),
      invoke: {
        src: 'pay',
        input: ({ context }) => ({ key: context.key, request: context.request }),
        onDone: {
          target: 'redirecting',
          actions: assign(({ event }) => ({ payment: event.output })),
        },
        onError: [
          { guard: 'noAnswer', target: 'payOffline' },
          // refused: nothing was begun; the flow reads the refusal
          {
            target: 'done',
            actions: { type: 'end', params: ({ event }) => ({ end: 'refused', error: event.error }) },
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
        waiting: { entry: report('payOffline.waiting'), on: { ONLINE: 'ready' } },
        ready: { entry: report('payOffline.ready') },
      },
      on: {
        RETRY: 'paying',
        // shown again after a restore: what is being paid may have moved on; the flow reads it first
        RESUME: { target: 'done', actions: ended({ end: 'recheck' }) },
      },
    },
    /** The gateway's page is next: the flow's page sends the shopper to `payment.redirectUrl`. */
    redirecting: {
      entry: report('redirecting'),
      on: {
        RESUME: 'checkingPayment',
        PAY_AGAIN: { target: 'done', actions: ended({ end: 'payAgain' }) },
      },
    },
    /** Reads a payment sent to the gateway earlier (back from it by other means than a result page). */
    checkingPayment: {
      entry: report('checkingPayment'),
      invoke: {
        src: 'readPayStatus',
        input: paymentOf,
        onDone: verdictOr('#payment.redirecting'),
        onError: [
          { guard: 'noAnswer', target: 'done', actions: ended({ end: 'unreachable' }) },
          { target: 'done', actions: ended({ end: 'settled', outcome: 'payError' }) },
        ],
      },
    },
    /** Back on a result page: the webhook decides; the pay status is read until it has. */
    returned: {
      initial: 'reading',
      states: {
        reading: {
          entry: [assign({ polls: ({ context }) => context.polls + 1 }), report('returned.reading')],
          invoke: {
            src: 'readPayStatus',
            input: paymentOf,
            onDone: returnedVerdict,
            onError: [
              { guard: 'noAnswer', target: 'offline' },
              {
                guard: 'notFound',
                target: '#payment.done',
                actions: ended({ end: 'settled', outcome: 'payError' }),
              },
              // a refusal or fault of the read itself says nothing about the payment: read again later
              { target: 'waiting' },
            ],
          },
        },
        waiting: {
          entry: report('returned.waiting'),
          always: { guard: 'pollsRanOut', target: 'timedOut' },
          after: { pollDelay: 'reading' },
        },
        /** Polling pauses without a connection and goes on when it returns. */
        offline: { entry: report('returned.offline'), on: { ONLINE: 'reading', RETRY: 'reading' } },
        /**
         * Waiting for the shopper's bank transfer (the page shows where to send it), which takes hours or
         * days: never "late", read again only seldom or when asked.
         */
        awaitingTransfer: {
          entry: report('returned.awaitingTransfer'),
          after: { transferPollDelay: { target: 'reading', actions: assign({ polls: 0 }) } },
          on: {
            RETRY: { target: 'reading', actions: assign({ polls: 0 }) },
            ONLINE: { target: 'reading', actions: assign({ polls: 0 }) },
          },
        },
        /** Still pending after about a minute: the shopper may ask again. */
        timedOut: {
          entry: report('returned.timedOut'),
          on: { RETRY: { target: 'reading', actions: assign({ polls: 0 }) } },
        },
      },
      on: { RESUME: '.reading' },
    },
    /** The attempt is over; its end (the output) tells the flow where to go. */
    done: { type: 'final', entry: report(null) },
  },
})

export type PaymentMachine = typeof paymentMachine
export type PaymentActor = ActorRefFrom<PaymentMachine>
export type PaymentSnapshot = SnapshotFrom<PaymentMachine>

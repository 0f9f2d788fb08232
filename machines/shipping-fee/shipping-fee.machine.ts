import { type ActorRefFrom, assign, fromPromise, type SnapshotFrom, setup } from 'xstate'
import { PackageStatus } from '../../src/domain/package-status.ts'
import type { ShippingOptionDto } from '../../src/domain/packaging.ts'
import { type PayAnswer, type PayOutcome, type PayStatusDto, payOutcome } from '../../src/domain/payments.ts'
import type { PayFlowView } from '../payment/pay-flow.ts'
import { isPayChoice, newAttemptKey, POLL_INTERVAL_MS, POLL_LIMIT } from '../shared/pay-flow.ts'
import {
  isShippingFeeFailure,
  type ShippingFeeContext,
  type ShippingFeeEvent,
  type ShippingFeeFailure,
  type ShippingFeeInput,
  type ShippingPackage,
  type ShippingPayInput,
} from './shipping-fee-types.ts'

function failureOf(error: unknown): ShippingFeeFailure {
  return isShippingFeeFailure(error) ? error : { kind: 'offline' }
}

function notProvided(name: string): Promise<never> {
  return Promise.reject(new Error(`shipping fee machine: actor '${name}' not provided`))
}

const failureIs =
  (kind: ShippingFeeFailure['kind']) =>
  (_: unknown, params: { failure: ShippingFeeFailure }): boolean =>
    params.failure.kind === kind

const failureParams = ({ event }: { event: { error: unknown } }) => ({ failure: failureOf(event.error) })

const outcomeIs =
  (outcome: PayOutcome) =>
  (_: unknown, params: { status: PayStatusDto }): boolean =>
    payOutcome(params.status) === outcome

const packageParams = ({ event }: { event: { output: ShippingPackage } }) => ({ pkg: event.output })

const statusParams = ({ event }: { event: { output: PayStatusDto } }) => ({ status: event.output })

/** Statuses after the fee was paid: ready to ship, shipped, with the carrier. */
const PAID_STATUSES: ReadonlySet<PackageStatus> = new Set([
  PackageStatus.waitSend,
  PackageStatus.send,
  PackageStatus.shipping,
])

/** A method of the last quote that can carry the box (so it may be chosen). */
const isAvailable = (options: readonly ShippingOptionDto[] | null, methodId: number | null): boolean =>
  methodId !== null && (options ?? []).some((option) => option.methodId === methodId && option.available)

/** Where a payment read as settled leads (the same on a result page and after a restore). */
const settledPaymentTransitions = [
  {
    guard: { type: 'isPaid', params: statusParams },
    target: '#shippingFee.paid',
    actions: { type: 'adoptPayStatus', params: statusParams },
  },
  {
    guard: { type: 'isFailed', params: statusParams },
    target: '#shippingFee.failed',
    actions: { type: 'adoptPayStatus', params: statusParams },
  },
  {
    guard: { type: 'isCancelled', params: statusParams },
    target: '#shippingFee.cancelled',
    actions: { type: 'adoptPayStatus', params: statusParams },
  },
  { target: '#shippingFee.payError', actions: { type: 'adoptPayStatus', params: statusParams } },
] as const

/**
 * The shipping fee of a packed package in 3 (flows §5, §8): read the package and the methods quoted
 * for its box and address → choose the method, route and type → pay → off to the gateway → back on
 * the result page, waiting for the webhook's verdict → paid, failed or cancelled. The fee is the
 * server's quote. The server is the authority: restored from storage, the flow re-reads the package or
 * the payment and moves to where the server says (a package already in 4 is paid). A call without an
 * answer never repeats by itself: the shopper retries, with the same idempotency key, so the server
 * answers the first payment instead of making another.
 */
export const shippingFeeMachine = setup({
  types: {
    context: {} as ShippingFeeContext,
    events: {} as ShippingFeeEvent,
    input: {} as ShippingFeeInput,
  },
  actors: {
    /** The route's expressPay call with the key as `Idempotency-Key` and `?shippingMethodId=`. */
    pay: fromPromise<PayAnswer, ShippingPayInput>(() => notProvided('pay')),
    /** The package as the server has it now. */
    readPackage: fromPromise<ShippingPackage, { packageId: number; applyId: number | null }>(() =>
      notProvided('readPackage'),
    ),
    /** GET /mall/package/shippingCost/{packageId}: the methods quoted for the box and its address. */
    readOptions: fromPromise<ShippingOptionDto[], { packageId: number }>(() => notProvided('readOptions')),
    /** GET /mall/pay/status/{paymentId}. */
    readPayStatus: fromPromise<PayStatusDto, { paymentId: string }>(() => notProvided('readPayStatus')),
  },
  actions: {
    ensurePayKey: assign({ payKey: ({ context }) => context.payKey ?? newAttemptKey() }),
    keepError: assign((_, params: { failure: ShippingFeeFailure }) => {
      const { failure } = params
      return { error: failure.kind === 'offline' || failure.kind === 'notFound' ? null : failure }
    }),
    adoptPayStatus: assign((_, params: { status: PayStatusDto }) => ({
      payStatus: params.status,
      ...(params.status.purpose === 'shipping' && params.status.target[0] !== undefined
        ? { packageId: params.status.target[0] }
        : {}),
    })),
    adoptPackage: assign((_, params: { pkg: ShippingPackage }) => ({
      pkg: params.pkg,
      packageId: params.pkg.id,
      applyId: params.pkg.applyId,
    })),
    adoptOptions: assign(({ context }, params: { options: ShippingOptionDto[] }) => ({
      options: params.options,
      // a method the new quote no longer offers is no longer chosen
      methodId: isAvailable(params.options, context.methodId) ? context.methodId : null,
    })),
    // a new attempt: another method, route or type is another request, so it gets another key
    newAttempt: assign({ payKey: null, payment: null, payStatus: null, returned: false, error: null }),
  },
  guards: {
    returnedToPayment: ({ context }) => context.payment !== null && context.returned,
    hasPayment: ({ context }) => context.payment !== null,
    hasPackage: ({ context }) => context.packageId !== null,
    canPay: ({ context }) =>
      context.choice !== null && context.packageId !== null && isAvailable(context.options, context.methodId),
    isOffline: failureIs('offline'),
    isNotFound: failureIs('notFound'),
    isLatchClosed: failureIs('latchClosed'),
    isShippingRefused: failureIs('shippingRefused'),
    isPaid: outcomeIs('paid'),
    isFailed: outcomeIs('failed'),
    isCancelled: outcomeIs('cancelled'),
    isPending: outcomeIs('pending'),
  },
  delays: { pollInterval: POLL_INTERVAL_MS },
}).createMachine({
  id: 'shippingFee',
  context: ({ input }) => ({
    owner: input.owner,
    packageId: input.packageId ?? null,
    applyId: input.applyId ?? null,
    pkg: null,
    options: null,
    methodId: null,
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
        { guard: 'hasPackage', target: 'checkingPackage' },
        // neither a package nor a payment: nothing to pay
        { target: 'closed' },
      ],
    },
    /**
     * A call was in flight when the flow was saved: nothing is sent again until the feature says the
     * flow is restored, and then the server is read first (see shipping-fee-saved-state.ts).
     */
    suspended: {
      on: { RESUME: 'resuming' },
    },
    /** Reads the package: awaiting its fee, paid meanwhile (the webhook came), locked or not the shopper's. */
    checkingPackage: {
      invoke: {
        src: 'readPackage',
        input: ({ context }) => ({ packageId: context.packageId ?? 0, applyId: context.applyId }),
        onDone: [
          {
            // a pay call whose answer never came: only the shopper's retry (same key) sends it again
            guard: ({ context, event }) =>
              event.output.status === PackageStatus.package &&
              context.payKey !== null &&
              context.payment === null,
            target: 'payOffline.ready',
            actions: { type: 'adoptPackage', params: packageParams },
          },
          {
            guard: ({ event }) => event.output.status === PackageStatus.package,
            target: 'loadingOptions',
            actions: { type: 'adoptPackage', params: packageParams },
          },
          {
            guard: ({ event }) => event.output.status === PackageStatus.packageLock,
            target: 'locked',
            actions: [{ type: 'adoptPackage', params: packageParams }, assign({ payKey: null })],
          },
          {
            guard: ({ event }) => PAID_STATUSES.has(event.output.status),
            target: 'paid',
            actions: { type: 'adoptPackage', params: packageParams },
          },
          // not (or no longer) awaiting a fee: refunded, not yet packed
          { target: 'closed', actions: { type: 'adoptPackage', params: packageParams } },
        ],
        onError: [
          { guard: { type: 'isOffline', params: failureParams }, target: 'resumeOffline' },
          { target: 'closed', actions: assign({ pkg: null, payKey: null }) },
        ],
      },
    },
    /** Reads the methods quoted for the box and its address. */
    loadingOptions: {
      invoke: {
        src: 'readOptions',
        input: ({ context }) => ({ packageId: context.packageId ?? 0 }),
        onDone: {
          target: 'choosing',
          actions: { type: 'adoptOptions', params: ({ event }) => ({ options: event.output }) },
        },
        onError: [
          { guard: { type: 'isOffline', params: failureParams }, target: 'resumeOffline' },
          { guard: { type: 'isNotFound', params: failureParams }, target: 'closed' },
          // spec §8: "failed to load shipping cost, contact support"
          { target: 'optionsFailed' },
        ],
      },
    },
    /** The quote could not be read: the page says so and offers to try again. */
    optionsFailed: {
      on: { RETRY: 'loadingOptions', RESUME: 'checkingPackage' },
    },
    /** The package awaits its fee: the shopper chooses the method, the route and the type, then pays. */
    choosing: {
      on: {
        CHOOSE_METHOD: {
          guard: ({ context, event }) =>
            event.methodId !== context.methodId && isAvailable(context.options, event.methodId),
          actions: ['newAttempt', assign(({ event }) => ({ methodId: event.methodId }))],
        },
        CHOOSE: {
          guard: ({ event }) => isPayChoice(event.route, event.method),
          actions: [
            'newAttempt',
            assign(({ event }) => ({ choice: { route: event.route, method: event.method } })),
          ],
        },
        PAY: { guard: 'canPay', target: 'paying', actions: assign({ error: null }) },
        RESUME: 'checkingPackage',
      },
    },
    paying: {
      entry: 'ensurePayKey',
      invoke: {
        src: 'pay',
        input: ({ context }) => ({
          key: context.payKey ?? '',
          packageId: context.packageId ?? 0,
          methodId: context.methodId ?? 0,
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
            target: 'closed',
            actions: assign({ pkg: null, payKey: null }),
          },
          {
            // nothing was created; the next attempt is a new request with a new key
            guard: { type: 'isLatchClosed', params: failureParams },
            target: 'choosing',
            actions: [{ type: 'keepError', params: failureParams }, assign({ payKey: null })],
          },
          {
            // the method cannot carry the box there: back to the choice, with the quote read again
            guard: { type: 'isShippingRefused', params: failureParams },
            target: 'loadingOptions',
            actions: [{ type: 'keepError', params: failureParams }, assign({ payKey: null })],
          },
          {
            // refused (locked, paid meanwhile …): no payment was made; read where the package stands
            target: 'checkingPackage',
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
      on: { RETRY: 'paying', RESUME: 'checkingPackage' },
    },
    /** The gateway's page is next: the feature sends the shopper to `payment.redirectUrl`. */
    redirecting: {
      on: {
        RESUME: 'checkingPayment',
        PAY_AGAIN: { target: 'checkingPackage', actions: 'newAttempt' },
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
              { guard: { type: 'isNotFound', params: failureParams }, target: '#shippingFee.payError' },
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
      on: { PAY_AGAIN: { target: 'checkingPackage', actions: 'newAttempt' } },
    },
    cancelled: {
      on: { PAY_AGAIN: { target: 'checkingPackage', actions: 'newAttempt' } },
    },
    /** The payment is unknown to the server (or refunded at once): nothing to wait for. */
    payError: {},
    /** The package does not await its fee (refunded, not the shopper's, gone): nothing to pay. */
    closed: {},
    /** The fee was not paid in time and the package is locked until its storage fees are paid. */
    locked: {
      on: { RESUME: 'checkingPackage' },
    },
    /** The server could not be read after a restore: it is read again when the connection returns. */
    resumeOffline: {
      on: { ONLINE: 'resuming', RETRY: 'resuming' },
    },
  },
})

export type ShippingFeeMachine = typeof shippingFeeMachine
export type ShippingFeeActor = ActorRefFrom<ShippingFeeMachine>
export type ShippingFeeSnapshot = SnapshotFrom<ShippingFeeMachine>
/** The flow as its pages see it (its attempt's steps by name, see pay-flow.ts). */
export type ShippingFeeView = PayFlowView<ShippingFeeSnapshot>

import { type ActorRefFrom, assign, fromPromise, type SnapshotFrom, setup } from 'xstate'
import { awaitsFee, isFeePaid, PackageStatus } from '../../src/domain/package-status.ts'
import type { ShippingOptionDto } from '../../src/domain/packaging.ts'
import * as payFlow from '../payment/pay-flow.ts'
import { paymentMachine } from '../payment/payment.machine.ts'
import {
  isShippingFeeFailure,
  type ShippingFeeContext,
  type ShippingFeeEvent,
  type ShippingFeeInput,
  type ShippingPackage,
} from './shipping-fee-types.ts'

const { failedAs, refusalParams, refusedAs, unreadSubject } = payFlow.failureReading(isShippingFeeFailure)
/** A refusal kept for the page, the attempt's key dropped. */
const keep = payFlow.keepRefusal(refusalParams)
const notProvided = payFlow.notProvided('shipping fee')

const packageParams = ({ event }: { event: { output: ShippingPackage } }) => ({ pkg: event.output })

const adoptPackage = { type: 'adoptPackage', params: packageParams } as const

/** A method of the last quote that can carry the box (so it may be chosen). */
const isAvailable = (options: readonly ShippingOptionDto[] | null, methodId: number | null): boolean =>
  methodId !== null && (options ?? []).some((option) => option.methodId === methodId && option.available)

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
  types: payFlow.flowTypes<ShippingFeeContext, ShippingFeeEvent, ShippingFeeInput>(),
  actors: {
    /** One attempt; the feature provides its pay call (expressPay with `?shippingMethodId=`). */
    payment: paymentMachine,
    /** The package as the server has it now. */
    readPackage: fromPromise<ShippingPackage, { packageId: number; applyId: number | null }>(() =>
      notProvided('readPackage'),
    ),
    /** GET /mall/package/shippingCost/{packageId}: the methods quoted for the box and its address. */
    readOptions: fromPromise<ShippingOptionDto[], { packageId: number }>(() => notProvided('readOptions')),
  },
  actions: {
    ...payFlow.flowActions<ShippingFeeContext, ShippingFeeEvent>({ purpose: 'shipping', field: 'packageId' }),
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
    forgetPackage: assign({ pkg: null, payKey: null }),
  },
  guards: {
    ...payFlow.FLOW_GUARDS,
    hasPackage: ({ context }) => context.packageId !== null,
    canPay: ({ context }) =>
      context.choice !== null && context.packageId !== null && isAvailable(context.options, context.methodId),
  },
}).createMachine({
  id: 'shippingFee',
  context: ({ input }) => ({
    ...payFlow.flowStart(input),
    packageId: input.packageId ?? null,
    applyId: input.applyId ?? null,
    pkg: null,
    options: null,
    methodId: null,
  }),
  ...payFlow.FLOW_ROOT,
  states: {
    resuming: payFlow.resumeFrom(
      { guard: 'hasPackage', target: 'checkingPackage' },
      // neither a package nor a payment: nothing to pay
      { target: 'closed' },
    ),
    suspended: payFlow.SUSPENDED,
    /** Reads the package: awaiting its fee, paid meanwhile (the webhook came), locked or not the shopper's. */
    checkingPackage: {
      invoke: {
        src: 'readPackage',
        input: ({ context }) => ({ packageId: context.packageId ?? 0, applyId: context.applyId }),
        onDone: [
          {
            guard: ({ event }) => event.output.status === PackageStatus.packageLock,
            target: 'locked',
            actions: [{ type: 'adoptPackage', params: packageParams }, assign({ payKey: null })],
          },
          // closed: not (or no longer) awaiting a fee: refunded, not yet packed
          ...payFlow.readOutcomes(awaitsFee, 'loadingOptions', isFeePaid, 'closed', adoptPackage),
        ],
        onError: unreadSubject('closed', 'forgetPackage'),
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
          failedAs('offline', 'resumeOffline'),
          failedAs('notFound', 'closed'),
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
        CHOOSE: payFlow.CHOOSE_ROUTE,
        PAY: payFlow.PAY_WHEN_READY,
        RESUME: 'checkingPackage',
      },
    },
    attempt: payFlow.attemptState(
      {
        recheck: 'checkingPackage',
        payAgain: 'checkingPackage',
        terms: (context: ShippingFeeContext) => ({
          packageId: context.packageId ?? 0,
          methodId: context.methodId ?? 0,
        }),
      },
      refusedAs('notFound', 'closed', 'forgetPackage'),
      // nothing was created; the next attempt is a new request with a new key
      refusedAs('latchClosed', 'choosing', keep),
      // the method cannot carry the box there: back to the choice, with the quote read again
      refusedAs('shippingRefused', 'loadingOptions', keep),
      // refused (locked, paid meanwhile …): no payment was made; read where the package stands
      { target: 'checkingPackage', actions: keep },
    ),
    /** The package does not await its fee (refunded, not the shopper's, gone): nothing to pay. */
    closed: {},
    /** The fee was not paid in time and the package is locked until its storage fees are paid. */
    locked: {
      on: { RESUME: 'checkingPackage' },
    },
    ...payFlow.endStates('checkingPackage'),
  },
})

export type ShippingFeeActor = ActorRefFrom<typeof shippingFeeMachine>
/** The flow as its pages see it (its attempt's steps by name). */
export type ShippingFeeView = payFlow.PayFlowView<SnapshotFrom<typeof shippingFeeMachine>>

import { createActor, fromPromise, type Snapshot } from 'xstate'
import {
  type ExtraPaymentActor,
  extraPaymentMachine,
} from '../../../machines/extra-payment/extra-payment.machine.ts'
import type { SavedExtraPayment } from '../../../machines/extra-payment/extra-payment-saved-state.ts'
import {
  type ExtraPaymentFailure,
  type ExtraPaymentInput,
  type ExtraPayRequest,
  isExtraPaymentFailure,
} from '../../../machines/extra-payment/extra-payment-types.ts'
import { payFlowView } from '../../../machines/payment/pay-flow.ts'
import { ExtraFeeStatus } from '../../domain/extra-fee.ts'
import type { ExtraPayRefusalData } from '../../domain/extras.ts'
import { MAX_PAGE_SIZE } from '../../domain/queries.ts'
import { ResultCode } from '../../domain/result-code.ts'
import { ApiFailure } from '../../lib/api-client.ts'
import { asPayCall, checkoutFailureOf, paymentWith, quietPayCall } from '../checkout/pay-call.ts'
import { payFlowStore } from '../checkout/pay-flow-store.ts'
import { extraPay } from './api/extra-pay.ts'
import { listExtraFees } from './api/list-extra-fees.ts'
import { savedExtraPaymentOf } from './saved-extra-payment.ts'

const quiet = quietPayCall

/** A 409 naming the fees the server would not take (`ExtraPayRefusalData`). */
function feesRefusalOf(error: unknown): ExtraPayRefusalData | undefined {
  if (!(error instanceof ApiFailure) || error.kind !== 'server' || error.code !== ResultCode.conflict) {
    return undefined
  }
  const data = error.data as { reason?: unknown; feeIds?: unknown } | null | undefined
  const known = data?.reason === 'notPayable' || data?.reason === 'beingConfirmed'
  return known && Array.isArray(data.feeIds) ? (data as ExtraPayRefusalData) : undefined
}

/** An ApiFailure as the extra-payment machine reads it. */
export function extraPaymentFailureOf(error: unknown): ExtraPaymentFailure {
  if (isExtraPaymentFailure(error)) return error
  const refusal = feesRefusalOf(error)
  if (refusal && error instanceof ApiFailure) {
    const feeIds = refusal.feeIds.filter((id) => Number.isSafeInteger(id))
    return { kind: 'feesRefused', reason: refusal.reason, feeIds, message: error.message }
  }
  const failure = checkoutFailureOf(error)
  // fees ask for no address: should such a refusal come, it is one like any other
  return failure.kind === 'address' ? { kind: 'refused', message: failure.message } : failure
}

/**
 * The list's failures: unlike a pay call's, a server fault there is an answer (the list cannot be
 * read now), which the page reports with a Retry; only no answer at all waits for the connection.
 */
function listFailureOf(error: unknown): ExtraPaymentFailure {
  if (error instanceof ApiFailure && error.kind === 'server')
    return { kind: 'refused', message: error.message }
  return extraPaymentFailureOf(error)
}

/** The shopper's unpaid fees: one page holds them all (one payment takes at most 50). */
const readUnpaidFees = async () =>
  (await listExtraFees({ pageNum: 1, pageSize: MAX_PAGE_SIZE, status: ExtraFeeStatus.waitPay }, quiet)).list

const machine = extraPaymentMachine.provide({
  actors: {
    payment: paymentWith(
      (request: ExtraPayRequest & { key: string }) => extraPay(request, quiet),
      extraPaymentFailureOf,
    ),
    readFees: fromPromise(() => asPayCall(readUnpaidFees, listFailureOf)),
  },
})

const store = payFlowStore<ExtraPaymentActor, SavedExtraPayment, ExtraPaymentInput>({
  savedOf: savedExtraPaymentOf,
  // the input is not used when a snapshot is given: the saved context is the flow
  restored: (saved) =>
    createActor(machine, { snapshot: saved as Snapshot<unknown>, input: { owner: saved.context.owner } }),
  fresh: (input) => createActor(machine, { input }),
})

/** States in which the /extra page goes on with the flow rather than starting anew. */
const PAYING_STATES = [
  'suspended',
  'loading',
  'loadFailed',
  'choosing',
  'paying',
  'payOffline',
  'redirecting',
  'checkingPayment',
  'resumeOffline',
] as const

/** The shopper's extra payment on the /extra page: the one under way, or a new one. */
export function extraPaymentForPage(owner: string): Promise<ExtraPaymentActor> {
  return store.flowFor(
    owner,
    (s) => {
      const view = payFlowView(s)
      return PAYING_STATES.some((state) => view.matches(state))
    },
    { owner },
  )
}

/** The extra payment the shopper came back from (/extra-success): it waits for the verdict. */
export function extraPaymentForPayment(owner: string, paymentId: string): Promise<ExtraPaymentActor> {
  return store.flowForPayment(owner, paymentId, { owner, paymentId })
}

/**
 * Whether this payment is an extra payment this browser started (this tab's, or the saved one): the
 * shared return pages (`/order-cancel`, `/order-error`) then speak of the extra fees. Reads storage
 * without starting anything.
 */
export async function isExtraPaymentOf(owner: string, paymentId: string): Promise<boolean> {
  if (store.openFor(owner)?.getSnapshot().context.payment?.paymentId === paymentId) return true
  const saved = await savedExtraPaymentOf(owner).restore()
  return saved?.context.payment?.paymentId === paymentId
}

/**
 * Stops this tab's extra payment once its shopper is no longer the one signed in (a logout, another
 * account): the session forgets the saved flow then.
 */
export const followSession = store.followSession

/** Forgets the shopper's extra payment. */
export const dropExtraPayment = store.drop

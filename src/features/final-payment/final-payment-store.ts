import { createActor, fromPromise, type Snapshot } from 'xstate'
import {
  type FinalPaymentActor,
  finalPaymentMachine,
} from '../../../machines/final-payment/final-payment.machine.ts'
import type { SavedFinalPayment } from '../../../machines/final-payment/final-payment-saved-state.ts'
import type {
  BalanceOrder,
  FinalPaymentFailure,
  FinalPaymentInput,
  FinalPayRequest,
} from '../../../machines/final-payment/final-payment-types.ts'
import { payFlowView } from '../../../machines/payment/pay-flow.ts'
import { finalAmountDue } from '../../domain/arrival.ts'
import { OrderStatus } from '../../domain/order-status.ts'
import { ResultCode } from '../../domain/result-code.ts'
import { ApiFailure } from '../../lib/api-client.ts'
import { currentLanguage } from '../../lib/i18n.ts'
import { asPayCall, checkoutFailureOf, paymentWith, quietPayCall } from '../checkout/pay-call.ts'
import { payFlowStore } from '../checkout/pay-flow-store.ts'
import { getOrderDetail } from '../orders/api/order-detail.ts'
import { finalPay } from './api/final-pay.ts'
import { savedFinalPaymentOf } from './saved-final-payment.ts'

const quiet = quietPayCall

/** The forfeiture refusal (409): the server names the order's status then, 15 cancel2. */
function isForfeitureRefusal(error: unknown): error is ApiFailure {
  if (!(error instanceof ApiFailure) || error.kind !== 'server' || error.code !== ResultCode.conflict) {
    return false
  }
  const status = (error.data as { status?: unknown } | null | undefined)?.status
  return status === OrderStatus.cancel2 || /forfeit/i.test(error.message)
}

/** An ApiFailure as the final-payment machine reads it. */
export function finalPaymentFailureOf(error: unknown): FinalPaymentFailure {
  if (isForfeitureRefusal(error)) return { kind: 'forfeited', message: error.message }
  const failure = checkoutFailureOf(error)
  // a balance asks for no address: should such a refusal come, it is one like any other
  return failure.kind === 'address' ? { kind: 'refused', message: failure.message } : failure
}

const asFinalCall = <T>(call: () => Promise<T>) => asPayCall(call, finalPaymentFailureOf)

const machine = finalPaymentMachine.provide({
  actors: {
    payment: paymentWith(
      (request: FinalPayRequest & { key: string }) => finalPay(request, quiet),
      finalPaymentFailureOf,
    ),
    readOrder: fromPromise(({ input }: { input: { orderId: number } }) =>
      asFinalCall(async (): Promise<BalanceOrder> => {
        const order = await getOrderDetail(input.orderId, currentLanguage(), quiet)
        return {
          id: order.id,
          status: order.status,
          deadlineState: order.deadlineState,
          amountDue: finalAmountDue(order),
        }
      }),
    ),
  },
})

const store = payFlowStore<FinalPaymentActor, SavedFinalPayment, FinalPaymentInput>({
  savedOf: savedFinalPaymentOf,
  // the input is not used when a snapshot is given: the saved context is the flow
  restored: (saved) =>
    createActor(machine, { snapshot: saved as Snapshot<unknown>, input: { owner: saved.context.owner } }),
  fresh: (input) => createActor(machine, { input }),
})

/** States in which the order page goes on with the flow of its order rather than starting anew. */
const PAYING_STATES = [
  'suspended',
  'choosing',
  'paying',
  'payOffline',
  'redirecting',
  'checkingOrder',
  'checkingPayment',
  'resumeOffline',
] as const

/** The final payment of an order in 5 arrival (the order page's pay-balance panel). */
export function finalPaymentForOrder(owner: string, orderId: number): Promise<FinalPaymentActor> {
  return store.flowFor(
    owner,
    (s) => {
      const view = payFlowView(s)
      return s.context.orderId === orderId && PAYING_STATES.some((state) => view.matches(state))
    },
    { owner, orderId },
  )
}

/** The final payment the shopper came back from (a result page): it waits for the verdict. */
export function finalPaymentForPayment(owner: string, paymentId: string): Promise<FinalPaymentActor> {
  return store.flowForPayment(owner, paymentId, { owner, paymentId })
}

/**
 * Whether this payment is a final payment this browser started (this tab's, or the saved one): the
 * shared return pages (`/order-cancel`, `/order-error`) then speak of the balance. Reads storage
 * without starting anything.
 */
export async function isFinalPaymentOf(owner: string, paymentId: string): Promise<boolean> {
  if (store.openFor(owner)?.getSnapshot().context.payment?.paymentId === paymentId) return true
  const saved = await savedFinalPaymentOf(owner).restore()
  return saved?.context.payment?.paymentId === paymentId
}

/**
 * Stops this tab's final payment once its shopper is no longer the one signed in (a logout, another
 * account): the session forgets the saved flow then.
 */
export const followSession = store.followSession

/** Forgets the shopper's final payment. */
export const dropFinalPayment = store.drop

import { createActor, fromPromise, type Snapshot } from 'xstate'
import {
  type FinalPaymentActor,
  type FinalPaymentSnapshot,
  finalPaymentMachine,
} from '../../../machines/final-payment/final-payment.machine.ts'
import type { SavedFinalPayment } from '../../../machines/final-payment/final-payment-saved-state.ts'
import type {
  BalanceOrder,
  FinalPayInput,
  FinalPaymentFailure,
  FinalPaymentInput,
} from '../../../machines/final-payment/final-payment-types.ts'
import { finalAmountDue } from '../../domain/arrival.ts'
import { OrderStatus } from '../../domain/order-status.ts'
import { ResultCode } from '../../domain/result-code.ts'
import { type ApiCallOptions, ApiFailure } from '../../lib/api-client.ts'
import { currentLanguage } from '../../lib/i18n.ts'
import type { CartSessionLink } from '../account/session/cart-session-link.ts'
import { payStatus } from '../checkout/api/pay-status.ts'
import { asPayCall, checkoutFailureOf } from '../checkout/pay-call.ts'
import { getOrderDetail } from '../orders/api/order-detail.ts'
import { finalPay } from './api/final-pay.ts'
import { savedFinalPaymentOf } from './saved-final-payment.ts'

/** The panel and the result page tell the shopper themselves: the flow's calls never toast. */
const quiet: ApiCallOptions = { systemNotify: false }

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
    pay: fromPromise(({ input }: { input: FinalPayInput }) => asFinalCall(() => finalPay(input, quiet))),
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
    readPayStatus: fromPromise(({ input }: { input: { paymentId: string } }) =>
      asFinalCall(() => payStatus(input.paymentId, quiet)),
    ),
  },
})

function restoredActor(saved: SavedFinalPayment): FinalPaymentActor {
  // the input is not used when a snapshot is given: the saved context is the flow
  return createActor(machine, { snapshot: saved as Snapshot<unknown>, input: { owner: saved.context.owner } })
}

interface OpenFinalPayment {
  owner: string
  actor: FinalPaymentActor
  stop(): void
}

let open: OpenFinalPayment | undefined

function close(): void {
  open?.stop()
  open = undefined
}

/** Runs a final payment as this tab's one, saving every step (and forgetting it once paid). */
function run(owner: string, actor: FinalPaymentActor): FinalPaymentActor {
  close()
  const saved = savedFinalPaymentOf(owner)
  const subscription = actor.subscribe((snapshot) => {
    // paid: nothing is left to resume, and a later visit starts from the server
    if (snapshot.matches('paid')) void saved.forget()
    else void saved.save(actor.getPersistedSnapshot() as SavedFinalPayment)
  })
  const backOnline = () => actor.send({ type: 'ONLINE' })
  window.addEventListener('online', backOnline)
  open = {
    owner,
    actor,
    stop() {
      subscription.unsubscribe()
      window.removeEventListener('online', backOnline)
      actor.stop()
    },
  }
  actor.start()
  return actor
}

/**
 * This tab's final payment when `accept` takes it, else the saved one when `accept` takes it (restored,
 * then told to RESUME: it reads the server before anything else), else a new one from `fresh`.
 */
async function finalPaymentFor(
  owner: string,
  accept: (snapshot: FinalPaymentSnapshot) => boolean,
  fresh: FinalPaymentInput,
): Promise<FinalPaymentActor> {
  if (open?.owner === owner && accept(open.actor.getSnapshot())) return open.actor
  const saved = await savedFinalPaymentOf(owner).restore()
  // another call may have opened an acceptable flow while storage was read
  if (open?.owner === owner && accept(open.actor.getSnapshot())) return open.actor
  if (saved) {
    const restored = restoredActor(saved)
    if (accept(restored.getSnapshot())) {
      run(owner, restored)
      restored.send({ type: 'RESUME' })
      return restored
    }
  }
  return run(owner, createActor(machine, { input: fresh }))
}

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
  return finalPaymentFor(
    owner,
    (s) => s.context.orderId === orderId && PAYING_STATES.some((state) => s.matches(state)),
    { owner, orderId },
  )
}

/** The final payment the shopper came back from (a result page): it waits for the verdict. */
export async function finalPaymentForPayment(owner: string, paymentId: string): Promise<FinalPaymentActor> {
  const actor = await finalPaymentFor(owner, (s) => s.context.payment?.paymentId === paymentId, {
    owner,
    paymentId,
  })
  const snapshot = actor.getSnapshot()
  const settled = snapshot.matches('paid') || snapshot.matches('failed') || snapshot.matches('cancelled')
  if (!snapshot.matches('returned') && !settled) actor.send({ type: 'RETURNED', paymentId })
  return actor
}

/**
 * Whether this payment is a final payment this browser started (this tab's, or the saved one): the
 * shared return pages (`/order-cancel`, `/order-error`) then speak of the balance. Reads storage
 * without starting anything.
 */
export async function isFinalPaymentOf(owner: string, paymentId: string): Promise<boolean> {
  if (open?.owner === owner && open.actor.getSnapshot().context.payment?.paymentId === paymentId) return true
  const saved = await savedFinalPaymentOf(owner).restore()
  return saved?.context.payment?.paymentId === paymentId
}

const followed = new WeakSet<CartSessionLink>()

/**
 * Stops this tab's final payment once its shopper is no longer the one signed in (a logout, another
 * account): the session forgets the saved flow then, and a flow left running (a result page still
 * polling) would save it again.
 */
export function followSession(link: CartSessionLink): void {
  if (followed.has(link)) return
  followed.add(link)
  link.onOwnerChange(() => {
    if (open && open.owner !== link.owner()) close()
  })
}

/** Forgets the shopper's final payment. */
export function dropFinalPayment(owner: string): Promise<void> {
  if (open?.owner === owner) close()
  return savedFinalPaymentOf(owner).forget()
}

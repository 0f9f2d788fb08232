import { createActor, fromPromise, type Snapshot } from 'xstate'
import {
  type CheckoutActor,
  type CheckoutSnapshot,
  checkoutMachine,
} from '../../../machines/checkout/checkout.machine.ts'
import type { SavedCheckout } from '../../../machines/checkout/checkout-saved-state.ts'
import type { CheckoutInput, CreateOrderInput, PayInput } from '../../../machines/checkout/checkout-types.ts'
import type { ApiCallOptions } from '../../lib/api-client.ts'
import { currentLanguage } from '../../lib/i18n.ts'
import type { CartSessionLink } from '../account/session/cart-session-link.ts'
import { getOrderDetail } from '../orders/api/order-detail.ts'
import { createOrder } from './api/create-order.ts'
import { orderPay } from './api/order-pay.ts'
import { payStatus } from './api/pay-status.ts'
import { asPayCall } from './pay-call.ts'
import { isUnfinishedOrder, savedCheckoutOf } from './saved-checkout.ts'

/** The checkout tells the shopper itself (dialog, panel, result page): its calls never toast. */
const quiet: ApiCallOptions = { systemNotify: false }

const machine = checkoutMachine.provide({
  actors: {
    createOrder: fromPromise(({ input }: { input: CreateOrderInput }) =>
      asPayCall(() =>
        createOrder({ cartLineIds: input.cartLineIds }, input.points, input.key, currentLanguage(), quiet),
      ),
    ),
    pay: fromPromise(({ input }: { input: PayInput }) => asPayCall(() => orderPay(input, quiet))),
    readOrder: fromPromise(({ input }: { input: { orderId: number } }) =>
      asPayCall(async () => {
        const order = await getOrderDetail(input.orderId, currentLanguage(), quiet)
        return { id: order.id, status: order.status }
      }),
    ),
    readPayStatus: fromPromise(({ input }: { input: { paymentId: string } }) =>
      asPayCall(() => payStatus(input.paymentId, quiet)),
    ),
  },
})

function restoredActor(saved: SavedCheckout): CheckoutActor {
  // the input is not used when a snapshot is given: the saved context is the checkout
  return createActor(machine, { snapshot: saved as Snapshot<unknown>, input: { owner: saved.context.owner } })
}

interface OpenCheckout {
  owner: string
  actor: CheckoutActor
  stop(): void
}

let open: OpenCheckout | undefined

function close(): void {
  open?.stop()
  open = undefined
}

/** Runs a checkout as this tab's one checkout, saving every step (and forgetting it once paid). */
function run(owner: string, actor: CheckoutActor): CheckoutActor {
  close()
  const saved = savedCheckoutOf(owner)
  const subscription = actor.subscribe((snapshot) => {
    // paid: nothing is left to resume, and a later visit starts from the server
    if (snapshot.matches('paid')) void saved.forget()
    else void saved.save(actor.getPersistedSnapshot() as SavedCheckout)
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
 * This tab's checkout when `accept` takes it, else the saved one when `accept` takes it (restored, then
 * told to RESUME: it reads the server before anything else), else a new one from `fresh`.
 */
async function checkoutFor(
  owner: string,
  accept: (snapshot: CheckoutSnapshot) => boolean,
  fresh: CheckoutInput,
): Promise<CheckoutActor> {
  if (open?.owner === owner && accept(open.actor.getSnapshot())) return open.actor
  const saved = await savedCheckoutOf(owner).restore()
  // another call may have opened an acceptable checkout while storage was read
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

/** A new checkout of the selected cart lines, waiting for the shopper's confirmation. */
export function startCheckout(owner: string, cartLineIds: number[], points: number): CheckoutActor {
  return run(owner, createActor(machine, { input: { owner, cartLineIds, points } }))
}

/**
 * A checkout whose order was asked for and never confirmed (the tab closed, or the connection dropped,
 * while the order was being created): the cart page offers it again, with the same key.
 */
export async function unfinishedCartCheckout(owner: string): Promise<CheckoutActor | undefined> {
  const unfinished = (s: CheckoutSnapshot) =>
    isUnfinishedOrder(s) && (s.matches('createOffline') || s.matches('suspended') || s.matches('creating'))
  if (open?.owner === owner) return unfinished(open.actor.getSnapshot()) ? open.actor : undefined
  const saved = await savedCheckoutOf(owner).restore()
  if (!saved) return undefined
  const restored = restoredActor(saved)
  if (!unfinished(restored.getSnapshot())) return undefined
  run(owner, restored)
  return restored
}

/** States in which the order page goes on with a checkout of its order rather than starting anew. */
const PAYING_STATES = [
  'suspended',
  'awaitingPayment',
  'paying',
  'payOffline',
  'redirecting',
  'checkingOrder',
  'checkingPayment',
  'resumeOffline',
] as const

/** The checkout of an order waiting for its first payment (the order page's pay panel). */
export function checkoutForOrder(owner: string, orderId: number): Promise<CheckoutActor> {
  return checkoutFor(
    owner,
    (s) => s.context.orderId === orderId && PAYING_STATES.some((state) => s.matches(state)),
    { owner, orderId },
  )
}

/** The checkout of a payment the shopper came back from (a result page): it waits for the verdict. */
export async function checkoutForPayment(owner: string, paymentId: string): Promise<CheckoutActor> {
  const actor = await checkoutFor(owner, (s) => s.context.payment?.paymentId === paymentId, {
    owner,
    paymentId,
  })
  const snapshot = actor.getSnapshot()
  const settled = snapshot.matches('paid') || snapshot.matches('failed') || snapshot.matches('cancelled')
  if (!snapshot.matches('returned') && !settled) actor.send({ type: 'RETURNED', paymentId })
  return actor
}

const followed = new WeakSet<CartSessionLink>()

/**
 * Stops this tab's checkout once its shopper is no longer the one signed in (a logout, another
 * account): the session forgets the saved checkout then, and a checkout left running (a result page
 * still polling) would save it again.
 */
export function followSession(link: CartSessionLink): void {
  if (followed.has(link)) return
  followed.add(link)
  link.onOwnerChange(() => {
    if (open && open.owner !== link.owner()) close()
  })
}

/** Forgets the shopper's checkout (the order was cancelled, or another account signs in). */
export function dropCheckout(owner: string): Promise<void> {
  if (open?.owner === owner) close()
  return savedCheckoutOf(owner).forget()
}

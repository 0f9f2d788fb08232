import { createActor, fromPromise, type Snapshot } from 'xstate'
import {
  type CheckoutActor,
  type CheckoutSnapshot,
  checkoutMachine,
} from '../../../machines/checkout/checkout.machine.ts'
import type { SavedCheckout } from '../../../machines/checkout/checkout-saved-state.ts'
import type {
  CheckoutInput,
  CreateOrderInput,
  PayRequest,
} from '../../../machines/checkout/checkout-types.ts'
import { payFlowView } from '../../../machines/payment/pay-flow.ts'
import { currentLanguage } from '../../lib/i18n.ts'
import { getOrderDetail } from '../orders/api/order-detail.ts'
import { createOrder } from './api/create-order.ts'
import { orderPay } from './api/order-pay.ts'
import { asPayCall, paymentWith, quietPayCall } from './pay-call.ts'
import { payFlowStore } from './pay-flow-store.ts'
import { isUnfinishedOrder, savedCheckoutOf } from './saved-checkout.ts'

/** The checkout tells the shopper itself (dialog, panel, result page): its calls never toast. */
const quiet = quietPayCall

const machine = checkoutMachine.provide({
  actors: {
    createOrder: fromPromise(({ input }: { input: CreateOrderInput }) =>
      asPayCall(() =>
        createOrder({ cartLineIds: input.cartLineIds }, input.points, input.key, currentLanguage(), quiet),
      ),
    ),
    payment: paymentWith((request: PayRequest & { key: string }) => orderPay(request, quiet)),
    readOrder: fromPromise(({ input }: { input: { orderId: number } }) =>
      asPayCall(async () => {
        const order = await getOrderDetail(input.orderId, currentLanguage(), quiet)
        return { id: order.id, status: order.status }
      }),
    ),
  },
})

const store = payFlowStore<CheckoutActor, SavedCheckout, CheckoutInput>({
  savedOf: savedCheckoutOf,
  // the input is not used when a snapshot is given: the saved context is the checkout
  restored: (saved) =>
    createActor(machine, { snapshot: saved as Snapshot<unknown>, input: { owner: saved.context.owner } }),
  fresh: (input) => createActor(machine, { input }),
})

/** A new checkout of the selected cart lines, waiting for the shopper's confirmation. */
export function startCheckout(owner: string, cartLineIds: number[], points: number): CheckoutActor {
  return store.run(owner, createActor(machine, { input: { owner, cartLineIds, points } }))
}

/**
 * A checkout whose order was asked for and never confirmed (the tab closed, or the connection dropped,
 * while the order was being created): the cart page offers it again, with the same key.
 */
export async function unfinishedCartCheckout(owner: string): Promise<CheckoutActor | undefined> {
  const unfinished = (s: CheckoutSnapshot) =>
    isUnfinishedOrder(s) && (s.matches('createOffline') || s.matches('suspended') || s.matches('creating'))
  const running = store.openFor(owner)
  if (running) return unfinished(running.getSnapshot()) ? running : undefined
  const restored = await store.restore(owner)
  if (!restored || !unfinished(restored.getSnapshot())) return undefined
  return store.run(owner, restored)
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
  return store.flowFor(
    owner,
    (s) => {
      const view = payFlowView(s)
      return s.context.orderId === orderId && PAYING_STATES.some((state) => view.matches(state))
    },
    { owner, orderId },
  )
}

/** The checkout of a payment the shopper came back from (a result page): it waits for the verdict. */
export function checkoutForPayment(owner: string, paymentId: string): Promise<CheckoutActor> {
  return store.flowForPayment(owner, paymentId, { owner, paymentId })
}

/**
 * Stops this tab's checkout once its shopper is no longer the one signed in (a logout, another
 * account): the session forgets the saved checkout then.
 */
export const followSession = store.followSession

/** Forgets the shopper's checkout (the order was cancelled, or another account signs in). */
export const dropCheckout = store.drop

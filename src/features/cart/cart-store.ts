import { createActor, fromPromise, waitFor } from 'xstate'
import {
  type CartActor,
  type CartSyncFailure,
  cartMachine,
  type SendChangeInput,
  type SendChangeOutput,
  savedStateOf,
} from '../../../machines/cart/cart.machine.ts'
import type { CartChange, CartProductSnapshot } from '../../../machines/cart/cart-changes.ts'
import { cartView, viewCartNumber } from '../../../machines/cart/cart-changes.ts'
import { savedStateFor } from '../../../machines/cart/cart-saved-state.ts'
import { type CartLineDto, IDEMPOTENCY_KEY_HEADER } from '../../domain/cart.ts'
import type { ProductType } from '../../domain/product-type.ts'
import { ResultCode } from '../../domain/result-code.ts'
import { type ApiCallOptions, ApiFailure } from '../../lib/api-client.ts'
import { currentLanguage } from '../../lib/i18n.ts'
import { flushSnapshotWrites } from '../../lib/persisted-snapshot.ts'
import { savedCart } from '../account/session/cart-link.ts'
import type { CartSessionLink } from '../account/session/cart-session-link.ts'
import { addToCart } from './api/add-to-cart.ts'
import { changeCartAmount } from './api/change-cart-amount.ts'
import { clearCart } from './api/clear-cart.ts'
import { isFresh, listCart, type StartupCartReading, takeStartupCart } from './api/list-cart.ts'
import { removeFromCart } from './api/remove-from-cart.ts'
import { LINE_GONE_MESSAGE } from './cart-refusals.ts'

/** The cart tells the shopper itself (notices, the offline banner): its calls never toast. */
const quiet = (key?: string): ApiCallOptions => ({
  systemNotify: false,
  ...(key ? { headers: { [IDEMPOTENCY_KEY_HEADER]: key } } : {}),
})

/** An ApiFailure as the cart machine reads it: no answer waits, a session's end halts, the rest is a refusal. */
function syncFailureOf(error: unknown): CartSyncFailure {
  if (!(error instanceof ApiFailure) || error.kind !== 'server') return { kind: 'offline' }
  const code = error.code ?? 0
  if (code === ResultCode.sessionExpired || code === ResultCode.accountDisabled || code === 401) {
    return { kind: 'sessionEnded' }
  }
  // 429 and server faults are no answer about the change itself: send it again later
  if (code === 429 || code >= 500) return { kind: 'offline' }
  return { kind: 'refused', message: error.message }
}

async function asSync<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (error) {
    throw syncFailureOf(error)
  }
}

async function sendChange({ change, cartIds }: SendChangeInput): Promise<SendChangeOutput> {
  // The browser knows it has no network: the change waits in the queue without a doomed request.
  if (typeof navigator !== 'undefined' && navigator.onLine === false) {
    throw { kind: 'offline' } satisfies CartSyncFailure
  }
  const lineOf = (productId: number): number => {
    const cartId = cartIds[productId]
    if (cartId === undefined) throw { kind: 'refused', message: LINE_GONE_MESSAGE } satisfies CartSyncFailure
    return cartId
  }
  switch (change.kind) {
    case 'add': {
      const body = {
        productId: change.productId,
        productAmount: change.amount,
        productType: change.productType,
      }
      const answer = await asSync(() => addToCart(body, quiet(change.key)))
      return { cartId: answer.cartId }
    }
    case 'setAmount': {
      const cartId = lineOf(change.productId)
      await asSync(() => changeCartAmount(cartId, change.amount, currentLanguage(), quiet(change.key)))
      return {}
    }
    case 'remove': {
      // lines the cart never had an id for were never on the server: nothing to remove there
      const ids = change.productIds.flatMap((productId) => {
        const cartId = cartIds[productId]
        return cartId === undefined ? [] : [cartId]
      })
      if (ids.length > 0) await asSync(() => removeFromCart({ cartIds: ids }, quiet(change.key)))
      return {}
    }
    case 'clear':
      await asSync(() => clearCart(quiet(change.key)))
      return {}
  }
}

const readCart = () => asSync(() => listCart(currentLanguage(), quiet()))

/**
 * Carts whose first reading was the session's startup one, made for the page the shopper landed on:
 * while that reading is fresh, the cart page's reading on arrival is that one rather than another
 * call. Opened later, the page reads the server again.
 */
const readForThisVisit = new WeakMap<CartActor, StartupCartReading>()

/** The cart machine whose first reading is `startup` (when given); every later one asks the server. */
function machineFor(startup: StartupCartReading | undefined) {
  let first: Promise<CartLineDto[]> | undefined = startup?.lines
  return cartMachine.provide({
    actors: {
      fetchCart: fromPromise(() => {
        const lines = first
        first = undefined
        return lines ? lines.catch(readCart) : readCart()
      }),
      sendChange: fromPromise(({ input }: { input: SendChangeInput }) => sendChange(input)),
    },
  })
}

interface OpenCart {
  owner: string
  actor: CartActor
  stop(): void
}

let open: OpenCart | undefined
let starting: Promise<CartActor | undefined> | undefined

function newKey(): string {
  return crypto.randomUUID()
}

async function start(link: CartSessionLink, owner: string): Promise<CartActor | undefined> {
  const saved = savedStateFor(owner, await savedCart.restore())
  // the shopper may have signed out while the saved cart was read
  if (link.owner() !== owner) return undefined
  // The session's startup reading stands in for the first one when it is seconds old and nothing
  // waits to be sent (a queued change would make it stale).
  const startup = (saved?.queue.length ?? 0) > 0 ? undefined : takeStartupCart(owner, currentLanguage())
  const actor = createActor(machineFor(startup), { input: { owner, ...(saved ? { saved } : {}) } })
  if (startup) readForThisVisit.set(actor, startup)
  let lastNumber: number | undefined
  const subscription = actor.subscribe((snapshot) => {
    void savedCart.save(savedStateOf(snapshot))
    const count = viewCartNumber(cartView(snapshot.context.lines, snapshot.context.queue))
    if (count !== lastNumber) {
      lastNumber = count
      link.cartNumberChanged(count)
    }
  })
  const backOnline = () => actor.send({ type: 'ONLINE' })
  window.addEventListener('online', backOnline)
  const stopWatching = link.onOwnerChange(() => {
    if (open?.actor === actor) close()
  })
  const stop = () => {
    subscription.unsubscribe()
    window.removeEventListener('online', backOnline)
    stopWatching()
    actor.stop()
  }
  open = { owner, actor, stop }
  actor.start()
  return actor
}

function close(): void {
  open?.stop()
  open = undefined
}

/**
 * The signed-in customer's cart, started on first use (from what IndexedDB kept, when it is theirs);
 * undefined for a visitor or an operator. Another account signing in gets a cart of its own.
 */
export function openCart(link: CartSessionLink): Promise<CartActor | undefined> {
  const owner = link.owner()
  if (owner === null) {
    close()
    return Promise.resolve(undefined)
  }
  if (open?.owner === owner) return Promise.resolve(open.actor)
  close()
  starting ??= start(link, owner).finally(() => {
    starting = undefined
  })
  return starting
}

/** The live cart, if its code has been opened for the current shopper (for components that only read). */
export function currentCart(link: CartSessionLink): CartActor | undefined {
  return open && open.owner === link.owner() ? open.actor : undefined
}

/** Drops the saved cart of whoever was signed in (logout, another account). */
export function dropCart(): Promise<void> {
  close()
  return savedCart.forget()
}

/** How an add ended for the shopper who tapped the button. */
export type AddOutcome = { kind: 'added' } | { kind: 'queued' } | { kind: 'refused'; message: string }

/**
 * Adds a product through the cart's queue, so an add made offline is kept and sent later, exactly once.
 * Resolves when the server has answered it (added or refused), or when it waits for the connection.
 */
export async function addProductToCart(
  link: CartSessionLink,
  product: CartProductSnapshot,
  productType: ProductType,
  amount: number,
): Promise<AddOutcome> {
  const actor = await openCart(link)
  if (!actor) return { kind: 'refused', message: 'not signed in' }
  const change: CartChange = {
    kind: 'add',
    key: newKey(),
    productId: product.id,
    productType,
    amount,
    product,
  }
  actor.send({ type: 'CHANGE', change })
  const settled = await waitFor(
    actor,
    (s) => !s.context.queue.some((c) => c.key === change.key) || s.matches('offline') || s.matches('halted'),
  )
  const notice = settled.context.notices.find((n) => n.key === change.key)
  if (notice) {
    actor.send({ type: 'NOTICES_SEEN', keys: [change.key] })
    return { kind: 'refused', message: notice.message }
  }
  if (!settled.context.queue.some((c) => c.key === change.key)) return { kind: 'added' }
  // "saved on this device" is said once it is: the queued add has reached IndexedDB, so a reload or a
  // closed tab right after the message keeps it
  await flushSnapshotWrites()
  return { kind: 'queued' }
}

/** Commands of the cart page; each change gets its key here, once, when the shopper acts. */
export const cartCommands = {
  setAmount: (actor: CartActor, productId: number, amount: number) =>
    actor.send({ type: 'CHANGE', change: { kind: 'setAmount', key: newKey(), productId, amount } }),
  remove: (actor: CartActor, productIds: number[]) =>
    actor.send({ type: 'CHANGE', change: { kind: 'remove', key: newKey(), productIds } }),
  clear: (actor: CartActor) => actor.send({ type: 'CHANGE', change: { kind: 'clear', key: newKey() } }),
  refresh: (actor: CartActor) => {
    const startup = readForThisVisit.get(actor)
    readForThisVisit.delete(actor)
    if (startup && isFresh(startup)) return
    actor.send({ type: 'REFRESH' })
  },
  dismissNotices: (actor: CartActor) => actor.send({ type: 'NOTICES_SEEN' }),
}

import { type ActorRefFrom, assign, fromPromise, type SnapshotFrom, setup } from 'xstate'
import type { CartLineDto } from '../../src/domain/cart.ts'
import type { ProductCardDto } from '../../src/domain/catalog.ts'
import { type CartChange, type CartNotice, cartView } from './cart-changes.ts'
import type { CartSavedState } from './cart-saved-state.ts'

/**
 * Why a call of the cart failed, as the feature that makes the calls reports it:
 * - `offline`: no answer (no network, timeout, a server error): the change stays queued and is sent
 *   again, with the same key, when the connection returns;
 * - `refused`: the server said no (sold out, off sale, limits, not in the cart): the server wins, the
 *   change is dropped and the shopper is told;
 * - `sessionEnded`: the session is over; the session's own flow takes the shopper to log in.
 */
export type CartSyncFailure =
  | { kind: 'offline' }
  | { kind: 'refused'; message: string }
  | { kind: 'sessionEnded' }

export function isCartSyncFailure(value: unknown): value is CartSyncFailure {
  const kind = (value as { kind?: unknown } | null)?.kind
  return kind === 'offline' || kind === 'refused' || kind === 'sessionEnded'
}

/** What the send actor gets: the change, and the line id of each product the cart knows. */
export interface SendChangeInput {
  change: CartChange
  cartIds: Readonly<Record<number, number>>
}

/** What the server answered: the line an add landed on. */
export interface SendChangeOutput {
  cartId?: number
}

export interface CartInput {
  owner: string
  saved?: CartSavedState
}

export interface CartContext extends CartSavedState {
  /** The last read of the cart failed for a reason other than the network. */
  loadFailed: boolean
}

export type CartEvent =
  | { type: 'CHANGE'; change: CartChange }
  /** Read the server's cart again (the cart page opened, or was opened again). */
  | { type: 'REFRESH' }
  /** The browser is back online. */
  | { type: 'ONLINE' }
  /** The shopper has seen these notices (all of them without keys). */
  | { type: 'NOTICES_SEEN'; keys?: string[] }

/** Without an `online` event (some browsers miss it), a waiting queue is tried again this often. */
export const OFFLINE_RETRY_MS = 20_000

function notProvided(name: string): Promise<never> {
  return Promise.reject(new Error(`cart machine: actor '${name}' not provided`))
}

function failureOf(error: unknown): CartSyncFailure {
  return isCartSyncFailure(error) ? error : { kind: 'offline' }
}

function productOf(context: CartContext, productId: number | null): ProductCardDto | null {
  if (productId === null) return null
  const line = cartView(context.lines, context.queue).find((l) => l.productId === productId)
  if (line) return line
  const added = context.queue.find((c) => c.kind === 'add' && c.productId === productId)
  return added?.kind === 'add' ? added.product : null
}

function productIdOf(change: CartChange): number | null {
  if (change.kind === 'add' || change.kind === 'setAmount') return change.productId
  if (change.kind === 'remove' && change.productIds.length === 1) return change.productIds[0] ?? null
  return null
}

/** The line id of each product the server has a line for (an add's answer fills in its line's id). */
export function knownLineIds(lines: readonly CartLineDto[]): Record<number, number> {
  const ids: Record<number, number> = {}
  for (const line of lines) if (line.cartId > 0) ids[line.productId] = line.cartId
  return ids
}

/**
 * A shopper's cart that keeps working offline. Every change joins a queue (persisted by the feature)
 * and is sent in order, one at a time, each with its idempotency key; it leaves the queue only when the
 * server has answered it. Without a connection the queue waits and is replayed when the connection
 * returns. A refusal drops the change and leaves a notice; once the queue is empty the server's cart is
 * read again, so what shows is what the server holds.
 */
export const cartMachine = setup({
  types: {
    context: {} as CartContext,
    events: {} as CartEvent,
    input: {} as CartInput,
  },
  actors: {
    /** GET /mall/cart/listCart */
    fetchCart: fromPromise<CartLineDto[]>(() => notProvided('fetchCart')),
    /** The call of one change, sent with its key as `Idempotency-Key`. */
    sendChange: fromPromise<SendChangeOutput, SendChangeInput>(() => notProvided('sendChange')),
  },
  actions: {
    enqueue: assign(({ context }, params: { change: CartChange }) => ({
      queue: [...context.queue, params.change],
    })),
    // The server did what the change asked: the lines show it at once, before the next read confirms it.
    confirmHead: assign(({ context }, params: SendChangeOutput) => {
      const [head, ...rest] = context.queue
      if (!head) return {}
      const lines = cartView(context.lines, [head]).map(({ pending: _, ...line }) =>
        line.cartId === 0 && params.cartId !== undefined ? { ...line, cartId: params.cartId } : line,
      )
      return { queue: rest, lines }
    }),
    refuseHead: assign(({ context }, params: { message: string }) => {
      const [head, ...rest] = context.queue
      if (!head) return {}
      const productId = productIdOf(head)
      const notice: CartNotice = {
        key: head.key,
        productId,
        product: productOf(context, productId),
        message: params.message,
      }
      return { queue: rest, notices: [...context.notices, notice] }
    }),
    adoptLines: assign((_, params: { lines: CartLineDto[] }) => ({
      lines: params.lines,
      loadFailed: false,
    })),
  },
  guards: {
    hasQueue: ({ context }) => context.queue.length > 0,
    isOffline: (_, params: { failure: CartSyncFailure }) => params.failure.kind === 'offline',
    isRefused: (_, params: { failure: CartSyncFailure }) => params.failure.kind === 'refused',
  },
  delays: { offlineRetry: OFFLINE_RETRY_MS },
}).createMachine({
  id: 'cart',
  context: ({ input }) => ({
    owner: input.owner,
    lines: input.saved?.lines ?? [],
    queue: input.saved?.queue ?? [],
    notices: input.saved?.notices ?? [],
    loadFailed: false,
  }),
  // A restored cart re-reads the server first of all (after replaying what waits): the server is the authority.
  initial: 'syncing',
  on: {
    CHANGE: { actions: { type: 'enqueue', params: ({ event }) => ({ change: event.change }) } },
    NOTICES_SEEN: {
      actions: assign(({ context, event }) => ({
        notices: event.keys ? context.notices.filter((n) => !event.keys?.includes(n.key)) : [],
      })),
    },
  },
  states: {
    syncing: {
      always: [{ guard: 'hasQueue', target: 'sending' }, { target: 'loading' }],
    },
    sending: {
      invoke: {
        src: 'sendChange',
        input: ({ context }) => {
          const head = context.queue[0]
          if (!head) throw new Error('cart machine: sending with an empty queue')
          return { change: head, cartIds: knownLineIds(context.lines) }
        },
        onDone: {
          target: 'syncing',
          actions: { type: 'confirmHead', params: ({ event }) => event.output },
        },
        onError: [
          {
            guard: { type: 'isRefused', params: ({ event }) => ({ failure: failureOf(event.error) }) },
            target: 'syncing',
            actions: {
              type: 'refuseHead',
              params: ({ event }) => {
                const failure = failureOf(event.error)
                return { message: failure.kind === 'refused' ? failure.message : '' }
              },
            },
          },
          {
            guard: { type: 'isOffline', params: ({ event }) => ({ failure: failureOf(event.error) }) },
            target: 'offline',
          },
          // the session is over: nothing is sent until a new session starts a new cart
          { target: 'halted' },
        ],
      },
    },
    loading: {
      invoke: {
        src: 'fetchCart',
        onDone: {
          target: 'idle',
          actions: { type: 'adoptLines', params: ({ event }) => ({ lines: event.output }) },
        },
        onError: [
          {
            guard: { type: 'isOffline', params: ({ event }) => ({ failure: failureOf(event.error) }) },
            target: 'offline',
          },
          { target: 'idle', actions: assign({ loadFailed: true }) },
        ],
      },
    },
    idle: {
      // a change made while the cart was being read is sent as soon as the read is in
      always: { guard: 'hasQueue', target: 'syncing' },
      on: {
        CHANGE: {
          target: 'syncing',
          actions: { type: 'enqueue', params: ({ event }) => ({ change: event.change }) },
        },
        REFRESH: 'syncing',
      },
    },
    offline: {
      after: { offlineRetry: 'syncing' },
      on: {
        ONLINE: 'syncing',
        REFRESH: 'syncing',
        // the shopper acting is a good moment to try again: without a connection it fails at once
        CHANGE: {
          target: 'syncing',
          actions: { type: 'enqueue', params: ({ event }) => ({ change: event.change }) },
        },
      },
    },
    halted: {
      on: { REFRESH: 'syncing' },
    },
  },
})

export type CartMachine = typeof cartMachine
export type CartActor = ActorRefFrom<CartMachine>
export type CartSnapshot = SnapshotFrom<CartMachine>

/** The part of the state worth keeping: what a reload or a closed tab must not lose. */
export function savedStateOf(snapshot: CartSnapshot): CartSavedState {
  const { owner, lines, queue, notices } = snapshot.context
  return { owner, lines, queue, notices }
}

export function selectView(snapshot: CartSnapshot) {
  return cartView(snapshot.context.lines, snapshot.context.queue)
}

/** Changes waiting for the server. */
export function selectPendingCount(snapshot: CartSnapshot): number {
  return snapshot.context.queue.length
}

/** The queue waits for a connection. */
export function selectIsOffline(snapshot: CartSnapshot): boolean {
  return snapshot.matches('offline')
}

/** The cart was never read and cannot be shown (a read failed with nothing saved). */
export function selectLoadFailed(snapshot: CartSnapshot): boolean {
  return snapshot.context.loadFailed
}

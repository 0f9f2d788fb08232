import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import {
  type CartActor,
  type CartSyncFailure,
  cartMachine,
  type SendChangeInput,
  type SendChangeOutput,
  savedStateOf,
  selectView,
} from '../../machines/cart/cart.machine.ts'
import { type CartChange, type CartProductSnapshot, cartView } from '../../machines/cart/cart-changes.ts'
import {
  type CartSavedState,
  hasUnsentChanges,
  parseCartSavedState,
  savedStateFor,
} from '../../machines/cart/cart-saved-state.ts'
import type { CartLineDto } from '../../src/domain/cart.ts'

const OWNER = 'customer:7'

function product(id: number, overrides: Partial<CartProductSnapshot> = {}): CartProductSnapshot {
  return {
    id,
    type: 1,
    productName: `商品${id}`,
    jpProductName: null,
    enProductName: `Product ${id}`,
    imgList: [],
    sellTimeStr: null,
    preSellEndTime: null,
    isDiscount: false,
    isFront: true,
    boxIn: 1,
    orderBase: 1,
    price: 1000 * id,
    ...overrides,
  }
}

/**
 * A stand-in for the server's cart with its idempotency keys: a key seen before answers as the first
 * time and changes nothing. `loseAnswers` makes it apply a change and then fail to answer (a dropped
 * connection after the server did the work); `offline` refuses to be reached at all.
 */
class FakeCartServer {
  lines: CartLineDto[] = []
  nextId = 100
  readonly answers = new Map<string, SendChangeOutput>()
  readonly received: { key: string; kind: CartChange['kind'] }[] = []
  offline = false
  loseAnswers = false
  outOfStock = new Set<number>()

  send = async ({ change, cartIds }: SendChangeInput): Promise<SendChangeOutput> => {
    if (this.offline) throw { kind: 'offline' } satisfies CartSyncFailure
    this.received.push({ key: change.key, kind: change.kind })
    const stored = this.answers.get(change.key)
    if (stored) return this.answer(stored)
    const output = this.apply(change, cartIds)
    this.answers.set(change.key, output)
    return this.answer(output)
  }

  fetch = async (): Promise<CartLineDto[]> => {
    if (this.offline) throw { kind: 'offline' } satisfies CartSyncFailure
    return structuredClone(this.lines)
  }

  amountOf(productId: number): number | undefined {
    return this.lines.find((line) => line.productId === productId)?.productAmount
  }

  private answer(output: SendChangeOutput): SendChangeOutput {
    if (this.loseAnswers) throw { kind: 'offline' } satisfies CartSyncFailure
    return output
  }

  private apply(change: CartChange, cartIds: SendChangeInput['cartIds']): SendChangeOutput {
    const refuse = (message: string): never => {
      throw { kind: 'refused', message } satisfies CartSyncFailure
    }
    switch (change.kind) {
      case 'add': {
        if (this.outOfStock.has(change.productId)) refuse('This item is out of stock')
        const line = this.lines.find((l) => l.productId === change.productId)
        if (line) {
          line.productAmount += change.amount
          return { cartId: line.cartId }
        }
        const cartId = this.nextId++
        const { orderBase, price, ...card } = change.product
        this.lines.unshift({
          ...card,
          cartId,
          productId: change.productId,
          productAmount: change.amount,
          productType: change.productType,
          orderBase,
          stock: null,
          ...(price === undefined ? {} : { price }),
          orderable: true,
          reason: null,
        })
        return { cartId }
      }
      case 'setAmount': {
        const line = this.lines.find((l) => l.cartId === cartIds[change.productId])
        if (!line) return refuse('cartId: not in your cart')
        if (this.outOfStock.has(change.productId)) refuse('This item is out of stock')
        line.productAmount = change.amount
        return {}
      }
      case 'remove': {
        const ids = change.productIds.map((productId) => cartIds[productId])
        this.lines = this.lines.filter((l) => !ids.includes(l.cartId))
        return {}
      }
      case 'clear':
        this.lines = []
        return {}
    }
  }
}

function startCart(server: FakeCartServer, saved?: CartSavedState): CartActor {
  const machine = cartMachine.provide({
    actors: {
      fetchCart: fromPromise(() => server.fetch()),
      sendChange: fromPromise(({ input }: { input: SendChangeInput }) => server.send(input)),
    },
  })
  return createActor(machine, { input: { owner: OWNER, ...(saved ? { saved } : {}) } }).start()
}

let keys = 0
const key = () => `key-${++keys}`
const add = (productId: number, amount = 1): CartChange => ({
  kind: 'add',
  key: key(),
  productId,
  productType: 1,
  amount,
  product: product(productId),
})
const setAmount = (productId: number, amount: number): CartChange => ({
  kind: 'setAmount',
  key: key(),
  productId,
  amount,
})

const settled = (actor: CartActor) => waitFor(actor, (s) => s.matches('idle') || s.matches('offline'))

describe('cart machine', () => {
  it('shows the server cart once read', async () => {
    const server = new FakeCartServer()
    await server.send({ change: add(1, 2), cartIds: {} })
    const cart = startCart(server)
    const snapshot = await waitFor(cart, (s) => s.matches('idle'))
    expect(selectView(snapshot).map((l) => [l.productId, l.productAmount, l.pending])).toEqual([
      [1, 2, false],
    ])
  })

  it('queues changes made offline, shows them at once, and replays them in order when back online', async () => {
    const server = new FakeCartServer()
    await server.send({ change: add(1, 1), cartIds: {} })
    const cart = startCart(server)
    await waitFor(cart, (s) => s.matches('idle'))

    server.offline = true
    const changes = [
      add(2, 3),
      setAmount(1, 5),
      setAmount(2, 6),
      { kind: 'remove', key: key(), productIds: [1] },
    ]
    for (const change of changes) cart.send({ type: 'CHANGE', change: change as CartChange })
    const waiting = await waitFor(cart, (s) => s.matches('offline'))
    expect(waiting.context.queue).toHaveLength(4)
    expect(selectView(waiting).map((l) => [l.productId, l.productAmount, l.pending])).toEqual([[2, 6, true]])

    server.offline = false
    cart.send({ type: 'ONLINE' })
    const synced = await waitFor(cart, (s) => s.matches('idle'))
    expect(server.received.slice(-4).map((r) => r.key)).toEqual(changes.map((c) => c.key))
    expect(synced.context.queue).toEqual([])
    expect(server.lines.map((l) => [l.productId, l.productAmount])).toEqual([[2, 6]])
    expect(selectView(synced).map((l) => [l.productId, l.productAmount, l.pending])).toEqual([[2, 6, false]])
  })

  it('applies each change exactly once across a reload, even when the answer was lost after the server applied it', async () => {
    const server = new FakeCartServer()
    const first = startCart(server)
    await waitFor(first, (s) => s.matches('idle'))

    // The server applies the add, but its answer never arrives: the tab sees 'offline'.
    server.loseAnswers = true
    first.send({ type: 'CHANGE', change: add(3, 2) })
    first.send({ type: 'CHANGE', change: add(4, 1) })
    const lost = await waitFor(first, (s) => s.matches('offline'))
    expect(server.amountOf(3)).toBe(2)
    // What the feature writes to IndexedDB, and reads back after the reload.
    const saved = structuredClone(savedStateOf(lost))
    first.stop()
    expect(saved.queue.map((c) => [c.kind, 'productId' in c ? c.productId : null])).toEqual([
      ['add', 3],
      ['add', 4],
    ])

    server.loseAnswers = false
    const second = startCart(server, saved)
    expect(selectView(second.getSnapshot()).map((l) => [l.productId, l.productAmount])).toEqual([
      [4, 1],
      [3, 2],
    ])
    const synced = await waitFor(second, (s) => s.matches('idle'))
    // The first add was sent twice with one key and applied once; the second applied once.
    const addKey = saved.queue[0]?.key
    expect(server.received.filter((r) => r.key === addKey)).toHaveLength(2)
    expect(server.amountOf(3)).toBe(2)
    expect(server.amountOf(4)).toBe(1)
    expect(synced.context.queue).toEqual([])
    expect(selectView(synced).map((l) => [l.productId, l.productAmount, l.pending])).toEqual([
      [4, 1, false],
      [3, 2, false],
    ])
  })

  it('lets the server win a conflict: the refused change is dropped, the shopper told, the server cart shown', async () => {
    const server = new FakeCartServer()
    await server.send({ change: add(1, 1), cartIds: {} })
    const cart = startCart(server)
    await waitFor(cart, (s) => s.matches('idle'))

    server.offline = true
    cart.send({ type: 'CHANGE', change: setAmount(1, 9) })
    cart.send({ type: 'CHANGE', change: add(2, 1) })
    await waitFor(cart, (s) => s.matches('offline'))
    server.outOfStock.add(1)
    server.offline = false
    cart.send({ type: 'ONLINE' })
    const synced = await waitFor(cart, (s) => s.matches('idle'))

    expect(synced.context.notices).toEqual([
      expect.objectContaining({ productId: 1, message: 'This item is out of stock' }),
    ])
    expect(synced.context.notices[0]?.product?.productName).toBe('商品1')
    expect(selectView(synced).map((l) => [l.productId, l.productAmount])).toEqual([
      [2, 1],
      [1, 1],
    ])
    cart.send({ type: 'NOTICES_SEEN' })
    expect(cart.getSnapshot().context.notices).toEqual([])
  })

  it('sends a change made while the cart is being read once the read is in', async () => {
    const server = new FakeCartServer()
    const cart = startCart(server)
    cart.send({ type: 'CHANGE', change: add(5, 1) })
    await settled(cart)
    const synced = await waitFor(cart, (s) => s.matches('idle') && s.context.queue.length === 0)
    expect(server.amountOf(5)).toBe(1)
    expect(selectView(synced).map((l) => l.productId)).toEqual([5])
  })

  it('stops sending when the session is over', async () => {
    const server = new FakeCartServer()
    const machine = cartMachine.provide({
      actors: {
        fetchCart: fromPromise(() => server.fetch()),
        sendChange: fromPromise(() => Promise.reject({ kind: 'sessionEnded' } satisfies CartSyncFailure)),
      },
    })
    const cart = createActor(machine, { input: { owner: OWNER } }).start()
    await waitFor(cart, (s) => s.matches('idle'))
    cart.send({ type: 'CHANGE', change: add(1) })
    const halted = await waitFor(cart, (s) => s.matches('halted'))
    expect(halted.context.queue).toHaveLength(1)
  })
})

describe('saved cart', () => {
  it('restores only the same shopper’s cart: another account’s queue is dropped', () => {
    const saved: CartSavedState = { owner: OWNER, lines: [], queue: [add(1)], notices: [] }
    expect(savedStateFor(OWNER, structuredClone(saved))).toEqual(saved)
    expect(savedStateFor('customer:8', saved)).toBeUndefined()
    expect(savedStateFor(OWNER, { owner: OWNER, lines: 'broken' })).toBeUndefined()
    expect(savedStateFor(OWNER, undefined)).toBeUndefined()
  })

  it('reads a saved cart only in the shape this version writes', () => {
    const saved: CartSavedState = { owner: OWNER, lines: [], queue: [], notices: [] }
    expect(parseCartSavedState(structuredClone(saved))).toEqual(saved)
    expect(parseCartSavedState({ ...saved, owner: 7 })).toBeUndefined()
    expect(parseCartSavedState({ ...saved, notices: undefined })).toBeUndefined()
    expect(parseCartSavedState('cart')).toBeUndefined()
  })

  it('finds unsent changes only in the same shopper’s saved queue', () => {
    const saved: CartSavedState = { owner: OWNER, lines: [], queue: [add(1)], notices: [] }
    expect(hasUnsentChanges(saved, OWNER)).toBe(true)
    expect(hasUnsentChanges(saved, 'customer:8')).toBe(false)
    expect(hasUnsentChanges({ ...saved, queue: [] }, OWNER)).toBe(false)
    expect(hasUnsentChanges(undefined, OWNER)).toBe(false)
  })
})

describe('cart view', () => {
  it('adds to an existing line, shows a new one first, and clears', () => {
    const lines = [
      {
        ...product(1),
        cartId: 10,
        productId: 1,
        productAmount: 2,
        productType: 1,
        stock: null,
        orderable: true,
        reason: null,
      },
    ]
    const view = cartView(lines, [add(1, 3), add(2, 1)])
    expect(view.map((l) => [l.productId, l.productAmount, l.pending])).toEqual([
      [2, 1, true],
      [1, 5, true],
    ])
    expect(cartView(lines, [add(2, 1), { kind: 'clear', key: key() }])).toEqual([])
  })
})

describe('confirmed changes', () => {
  it('show in the lines as soon as the server confirms them, before the cart is read again', async () => {
    const server = new FakeCartServer()
    await server.send({ change: add(1, 1), cartIds: {} })
    await server.send({ change: add(2, 1), cartIds: {} })
    let releaseRead: () => void = () => {}
    let reads = 0
    const machine = cartMachine.provide({
      actors: {
        fetchCart: fromPromise(async () => {
          reads += 1
          // every read after the first waits until the test lets it go
          if (reads > 1) await new Promise<void>((resolve) => (releaseRead = resolve))
          return server.fetch()
        }),
        sendChange: fromPromise(({ input }: { input: SendChangeInput }) => server.send(input)),
      },
    })
    const cart = createActor(machine, { input: { owner: OWNER } }).start()
    await waitFor(cart, (s) => s.matches('idle'))
    cart.send({ type: 'CHANGE', change: { kind: 'remove', key: key(), productIds: [1] } })
    cart.send({ type: 'CHANGE', change: add(3, 2) })
    const reading = await waitFor(cart, (s) => s.matches('loading') && s.context.queue.length === 0)
    expect(reading.context.lines.map((l) => [l.productId, l.productAmount, l.cartId > 0])).toEqual([
      [3, 2, true],
      [2, 1, true],
    ])
    releaseRead()
    await waitFor(cart, (s) => s.matches('idle'))
  })
})

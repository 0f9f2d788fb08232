import { cleanup, screen, waitFor } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import type { SessionEvent } from '../../machines/session/session.machine.ts'
import { savedCart } from '../../src/features/account/session/cart-link.ts'
import { flushSnapshotWrites, persistedSnapshots } from '../../src/lib/persisted-snapshot.ts'
import { readAllStored, readStored } from './support/indexed-db.ts'
import { server } from './support/msw-server.ts'
import { renderApp } from './support/render-app.tsx'
import { claimsOf, signIn, startupHandlers, tokenFor } from './support/signed-in.ts'

const ok = <T,>(data: T) => HttpResponse.json({ code: 200, msg: 'success', data })

/** A cart of `count` items in one line, as GET /mall/cart/listCart answers it. */
const cartOf = (count: number) => [{ cartId: 1, productId: 5, productAmount: count }]

const SESSION_KEY = 'snapshot:session'
const CART_KEY = 'snapshot:cart'
const OWNER = 'customer:42'
const CHECKOUT_KEY = `snapshot:checkout:${OWNER}`
/** The shopper's checkout as saved (its shape is the checkout machine's business, not this test's). */
const savedCheckout = persistedSnapshots<{ orderId: number }>({
  key: `checkout:${OWNER}`,
  version: 1,
  parse: (stored) => stored as { orderId: number },
})

/** The session signed in and settled, its snapshot written; then the page goes, as on a reload. */
async function visitAndLeave(cartCount: number) {
  server.use(
    ...startupHandlers,
    http.get('*/api/mall/cart/listCart', () => ok(cartOf(cartCount))),
  )
  const { session } = await renderApp('/')
  await waitFor(() => expect(session.getSnapshot().context.startup.cartNumber).toBe(cartCount))
  await flushSnapshotWrites()
  cleanup()
}

/** What the end of a session left of a stored entry. */
const keptOrGone = (value: unknown) => (value === undefined ? 'gone' : value === null ? 'null' : 'kept')

/** Whether any stored value, however deep, mentions `text`. */
async function storedTextIncludes(text: string): Promise<boolean> {
  return JSON.stringify(await readAllStored()).includes(text)
}

describe('the session across a reload', () => {
  it('shows the signed-in shell at once from the saved session, then reads the startup data afresh', async () => {
    signIn()
    await visitAndLeave(3)

    // the next visit's startup answers arrive late: what shows first comes from IndexedDB
    let answerCart: (() => void) | undefined
    const cartAnswered = new Promise<void>((resolve) => {
      answerCart = resolve
    })
    server.use(
      http.get('*/api/mall/cart/listCart', async () => {
        await cartAnswered
        return ok(cartOf(5))
      }),
    )
    const { session } = await renderApp('/')

    expect(session.getSnapshot().matches('signedIn')).toBe(true)
    expect(await screen.findByRole('link', { name: '购物车（3 件商品）' })).toBeTruthy()
    answerCart?.()
    expect(await screen.findByRole('link', { name: '购物车（5 件商品）' })).toBeTruthy()
    await waitFor(() => expect(session.getSnapshot().matches({ signedIn: 'ready' })).toBe(true))
  })

  it('ignores the saved session of another login: the stored token decides', async () => {
    signIn({ sid: 'session-a' })
    await visitAndLeave(3)

    // another login of the same account (signed in again elsewhere in this browser)
    signIn({ sid: 'session-b' })
    let answerCart: (() => void) | undefined
    const cartAnswered = new Promise<void>((resolve) => {
      answerCart = resolve
    })
    server.use(
      http.get('*/api/mall/cart/listCart', async () => {
        await cartAnswered
        return ok(cartOf(1))
      }),
    )
    const { session } = await renderApp('/')

    expect(session.getSnapshot().matches({ signedIn: 'loadingStartup' })).toBe(true)
    expect(session.getSnapshot().context.startup.cartNumber).toBe(0)
    expect(screen.queryByRole('link', { name: '购物车（3 件商品）' })).toBeNull()
    answerCart?.()
    await waitFor(() => expect(session.getSnapshot().context.startup.cartNumber).toBe(1))
    // the new login is saved once its startup has settled (the badge counts may answer after the cart)
    await waitFor(() => expect(session.getSnapshot().matches({ signedIn: 'ready' })).toBe(true))
    await flushSnapshotWrites()
    // the token stored by the second login (its claims carry the time it was made, so read it back)
    expect(JSON.stringify(await readStored(SESSION_KEY))).toContain(
      localStorage.getItem('token') ?? 'no token',
    )
  })
})

describe('the saved session when the session ends', () => {
  const endings: { name: string; event: SessionEvent; keepsCart: boolean }[] = [
    { name: 'a logout', event: { type: 'LOG_OUT' }, keepsCart: false },
    { name: 'a disabled account (9005)', event: { type: 'ACCOUNT_DISABLED' }, keepsCart: false },
    // the same shopper logs in again to send what waits in their cart
    { name: 'an expired session (9004)', event: { type: 'SESSION_EXPIRED' }, keepsCart: true },
  ]
  for (const { name, event, keepsCart } of endings) {
    it(`leaves no personal field in IndexedDB after ${name}`, async () => {
      signIn({ nickname: '小樱的秘密' })
      server.use(
        ...startupHandlers,
        http.get('*/api/mall/cart/listCart', () => ok(cartOf(2))),
        http.post('*/api/mall/user/exit', () => ok(null)),
      )
      const { session } = await renderApp('/')
      await waitFor(() => expect(session.getSnapshot().context.startup.cartNumber).toBe(2))
      await savedCart.save({ owner: OWNER, lines: [], queue: [], notices: [] })
      await savedCheckout.save({ orderId: 7 })
      await flushSnapshotWrites()
      expect(await storedTextIncludes('小樱的秘密')).toBe(true)

      session.send(event)
      await waitFor(() => expect(session.getSnapshot().matches('signedOut')).toBe(true))
      await flushSnapshotWrites()

      expect(await readStored(SESSION_KEY)).toBeUndefined()
      expect(await storedTextIncludes('小樱的秘密')).toBe(false)
      // kept only when the same shopper is expected back
      expect(keptOrGone(await readStored(CART_KEY))).toBe(keepsCart ? 'kept' : 'gone')
      expect(keptOrGone(await readStored(CHECKOUT_KEY))).toBe(keepsCart ? 'kept' : 'gone')
    })
  }

  it('forgets the previous shopper’s session as soon as another account signs in', async () => {
    signIn({ sub: '42', nickname: '前一位' })
    server.use(...startupHandlers)
    const { session } = await renderApp('/')
    await waitFor(() => expect(session.getSnapshot().matches({ signedIn: 'ready' })).toBe(true))
    await flushSnapshotWrites()
    expect(await storedTextIncludes('前一位')).toBe(true)

    let answerCart: (() => void) | undefined
    server.use(
      http.get('*/api/mall/cart/listCart', async () => {
        await new Promise<void>((resolve) => {
          answerCart = resolve
        })
        return ok(cartOf(4))
      }),
    )
    session.send({
      type: 'SIGNED_IN',
      token: tokenFor(claimsOf({ sub: '77', sid: 'other', nickname: '下一位' })),
    })
    await waitFor(() => expect(answerCart).toBeDefined())
    await flushSnapshotWrites()
    // the new shopper's data is still loading: nothing of either is kept meanwhile
    expect(await readStored(SESSION_KEY)).toBeUndefined()
    expect(await storedTextIncludes('前一位')).toBe(false)

    answerCart?.()
    await waitFor(() => expect(session.getSnapshot().context.startup.cartNumber).toBe(4))
    await flushSnapshotWrites()
    expect(await storedTextIncludes('下一位')).toBe(true)
  })
})

import 'fake-indexeddb/auto'
import { cleanup } from '@testing-library/react'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { dropCart } from '../../src/features/cart/cart-store.ts'
import { forgetAllSnapshots } from '../../src/lib/persisted-snapshot.ts'
import { server } from './support/msw-server.ts'

// jsdom has no scrolling; the router's scroll restoration calls it.
window.scrollTo = () => {}

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
afterEach(async () => {
  cleanup()
  // the cart is one per tab: the next test's shopper starts from nothing
  await dropCart()
  // and the session it ran in: the next test's session starts from its own token alone
  await forgetAllSnapshots()
  server.resetHandlers()
  localStorage.clear()
})
afterAll(() => server.close())

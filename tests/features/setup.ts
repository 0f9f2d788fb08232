import 'fake-indexeddb/auto'
import { cleanup } from '@testing-library/react'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { dropCart } from '../../src/features/cart/cart-store.ts'
import { server } from './support/msw-server.ts'

// jsdom has no scrolling; the router's scroll restoration calls it.
window.scrollTo = () => {}

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
afterEach(async () => {
  cleanup()
  // the cart is one per tab: the next test's shopper starts from nothing
  await dropCart()
  server.resetHandlers()
  localStorage.clear()
})
afterAll(() => server.close())

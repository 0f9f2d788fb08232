import 'fake-indexeddb/auto'
import { cleanup, configure } from '@testing-library/react'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { dropCart } from '../../src/features/cart/cart-store.ts'
import { forgetAllSnapshots } from '../../src/lib/persisted-snapshot.ts'
import { server } from './support/msw-server.ts'

// A page's first render in a file fetches its lazy chunks; on a loaded CI machine that alone can pass
// the default 1 s of findBy/waitFor. What the tests wait for is unchanged, only how long they may wait.
configure({ asyncUtilTimeout: 5000 })

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

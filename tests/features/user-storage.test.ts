import { afterEach, describe, expect, it, vi } from 'vitest'
import { clearUserCaches } from '../../src/lib/user-storage.ts'
import { claimsOf, signIn, tokenFor } from './support/signed-in.ts'

/** Cache Storage as far as the wipe uses it (jsdom has none), holding caches of these names. */
function fakeCaches(names: string[]) {
  const held = new Set(names)
  vi.stubGlobal('caches', {
    keys: async () => [...held],
    delete: async (name: string) => held.delete(name),
  })
  return held
}

/** The service worker controlling the page, recording what the page tells it. */
function fakeController() {
  const messages: unknown[] = []
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { controller: { postMessage: (message: unknown) => messages.push(message) } },
  })
  return messages
}

afterEach(() => {
  vi.unstubAllGlobals()
  Reflect.deleteProperty(navigator, 'serviceWorker')
})

const CACHES = [
  'workbox-precache-v2-http://localhost/',
  'visitor-lists',
  'visitor-data',
  'images',
  'user-customer-42-lists',
  'user-customer-42-data',
  'user-customer-7-data',
  'catalog-lists',
  'user-catalog',
]

describe('wiping a shopper’s caches', () => {
  it('after a logout deletes every shopper’s caches and ends every session in the worker', async () => {
    const held = fakeCaches(CACHES)
    const messages = fakeController()

    await clearUserCaches()

    expect([...held]).toEqual([
      'workbox-precache-v2-http://localhost/',
      'visitor-lists',
      'visitor-data',
      'images',
    ])
    expect(messages).toEqual([{ type: 'SESSIONS_ENDED', keepSession: null }])
  })

  it('on an account switch lets the new session keep writing', async () => {
    const held = fakeCaches(CACHES)
    const messages = fakeController()
    signIn({ sub: '7', sid: 'session-b' })

    await clearUserCaches()

    expect([...held].filter((name) => name.startsWith('user-'))).toEqual([])
    expect(messages).toEqual([{ type: 'SESSIONS_ENDED', keepSession: 'session-b' }])
  })

  it('still wipes the caches when no worker controls the page', async () => {
    const held = fakeCaches(CACHES)
    localStorage.setItem('token', tokenFor(claimsOf()))

    await clearUserCaches()

    expect([...held]).toHaveLength(4)
  })
})

import type { RegisterSWOptions } from 'virtual:pwa-register/react'
import { I18nProvider } from '@lingui/react'
import { act, fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { savedCart } from '../../src/features/account/session/cart-link.ts'
import AppUpdatePrompt, {
  UPDATE_CHECK_INTERVAL_MS,
} from '../../src/features/shell/components/app-update-prompt.tsx'
import { activateLanguage, i18n } from '../../src/lib/i18n.ts'
import { readStored } from './support/indexed-db.ts'

/**
 * The service worker's side as workbox-window reports it: the registration the prompt checks for
 * updates, whether a new version waits, and what accepting it sent.
 */
const worker = vi.hoisted(() => ({
  registration: undefined as unknown as { update: () => Promise<void>; installing: null },
  showWaiting: (() => {}) as () => void,
  /** What IndexedDB held of the cart at the moment SKIP_WAITING went out. */
  activated: [] as unknown[],
  readCartWhenActivated: (() => Promise.resolve(undefined)) as () => Promise<unknown>,
}))

vi.mock('virtual:pwa-register/react', () => ({
  useRegisterSW(options: RegisterSWOptions = {}) {
    const [needRefresh, setNeedRefresh] = useState(false)
    const [offlineReady, setOfflineReady] = useState(false)
    useState(() => {
      queueMicrotask(() => options.onRegisteredSW?.('/sw.js', worker.registration as never))
    })
    worker.showWaiting = () => setNeedRefresh(true)
    return {
      needRefresh: [needRefresh, setNeedRefresh],
      offlineReady: [offlineReady, setOfflineReady],
      updateServiceWorker: async () => {
        worker.activated.push(await worker.readCartWhenActivated())
      },
    }
  },
}))

let updates = 0
let online = true

beforeEach(async () => {
  await activateLanguage('zhCn')
  updates = 0
  online = true
  worker.activated = []
  worker.readCartWhenActivated = () => Promise.resolve(undefined)
  worker.registration = {
    installing: null,
    update: () => {
      updates += 1
      return Promise.resolve()
    },
  }
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online)
})
afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

async function renderPrompt() {
  const view = render(
    <I18nProvider i18n={i18n}>
      <AppUpdatePrompt />
    </I18nProvider>,
  )
  // the registration arrives after the first render, as workbox-window's does
  await act(() => Promise.resolve())
  return view
}

describe('looking for a new version', () => {
  it('checks when the shopper comes back to the app and when the connection returns', async () => {
    await renderPrompt()
    expect(updates).toBe(0)

    await act(async () => window.dispatchEvent(new Event('focus')))
    expect(updates).toBe(1)

    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden')
    await act(async () => document.dispatchEvent(new Event('visibilitychange')))
    expect(updates).toBe(1)
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible')
    await act(async () => document.dispatchEvent(new Event('visibilitychange')))
    expect(updates).toBe(2)

    await act(async () => window.dispatchEvent(new Event('online')))
    expect(updates).toBe(3)
  })

  it('checks every hour in a tab left open, but not while offline', async () => {
    vi.useFakeTimers()
    await renderPrompt()
    await act(async () => vi.advanceTimersByTime(UPDATE_CHECK_INTERVAL_MS))
    expect(updates).toBe(1)
    online = false
    await act(async () => vi.advanceTimersByTime(UPDATE_CHECK_INTERVAL_MS))
    await act(async () => window.dispatchEvent(new Event('focus')))
    expect(updates).toBe(1)
  })

  it('runs one check at a time', async () => {
    let finish: () => void = () => {}
    worker.registration.update = () => {
      updates += 1
      return new Promise((resolve) => {
        finish = resolve
      })
    }
    await renderPrompt()
    await act(async () => {
      window.dispatchEvent(new Event('focus'))
      document.dispatchEvent(new Event('visibilitychange'))
    })
    expect(updates).toBe(1)
    await act(async () => finish())
    await act(async () => window.dispatchEvent(new Event('focus')))
    expect(updates).toBe(2)
  })
})

describe('offering the new version', () => {
  it('announces it, and later hides it without updating', async () => {
    await renderPrompt()
    expect(screen.queryByRole('status')).toBeNull()
    act(() => worker.showWaiting())

    const prompt = screen.getByRole('status', { name: '有新版本可用。' })
    expect(prompt.textContent).toContain('更新后仍停留在当前页面，购物车不会丢失。')
    fireEvent.click(screen.getByRole('button', { name: '稍后' }))
    expect(screen.queryByRole('status')).toBeNull()
    expect(worker.activated).toEqual([])
  })

  it('lets the new version take over only once the cart being saved is in IndexedDB', async () => {
    worker.readCartWhenActivated = () => readStored('snapshot:cart')
    await renderPrompt()
    act(() => worker.showWaiting())

    // saves still on their way when the shopper accepts: each waits for the one before
    const carts = Array.from({ length: 40 }, (_, index) => ({
      owner: `customer:${index}`,
      lines: [],
      queue: [],
      notices: [],
    }))
    for (const cart of carts) void savedCart.save(cart)
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '立即更新' })))
    await vi.waitFor(() => expect(worker.activated).toHaveLength(1))

    expect(worker.activated[0]).toMatchObject({ snapshot: carts.at(-1) })
    expect(screen.getByRole('button', { name: '正在更新…' })).toHaveProperty('disabled', true)
  })
})

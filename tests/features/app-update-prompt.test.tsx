import { I18nProvider } from '@lingui/react'
import { act, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { savedCart } from '../../src/features/account/session/cart-link.ts'
import { AppUpdates } from '../../src/features/shell/update/app-updates.tsx'
import {
  createServiceWorkerUpdates,
  type ServiceWorkerUpdates,
  UPDATE_CHECK_INTERVAL_MS,
} from '../../src/features/shell/update/service-worker-updates.ts'
import { activateLanguage, i18n } from '../../src/lib/i18n.ts'
import { readStored } from './support/indexed-db.ts'

const SCRIPT_URL = '/sw.js'

/** A version of the app's service worker as the page sees it: its state, and what the page posted to it. */
class FakeWorker extends EventTarget {
  readonly scriptURL = new URL(SCRIPT_URL, location.href).href
  posted: unknown[] = []
  state: ServiceWorkerState
  constructor(state: ServiceWorkerState) {
    super()
    this.state = state
  }
  moveTo(state: ServiceWorkerState) {
    this.state = state
    this.dispatchEvent(new Event('statechange'))
  }
  /** Takes the message; answers on its port, as the app's worker does once it has done the work. */
  postMessage(message: unknown, transfer?: Transferable[]) {
    this.posted.push(message)
    const port = transfer?.[0]
    if (port instanceof MessagePort) port.postMessage(true)
  }
}

/**
 * The browser's side, under the real workbox-window: the registration (its waiting and installing
 * versions, the update checks asked of it), the page's controller, the network, and the reloads.
 */
class FakeBrowser {
  online = true
  updates = 0
  update: () => Promise<void> = () => {
    this.updates += 1
    return Promise.resolve()
  }
  reloads = 0
  /** The network falls quiet when a test says so (`quiet()`): only then may the worker warm pages. */
  private becomeQuiet: () => void = () => {}
  private readonly quietNetwork = new Promise<void>((resolve) => {
    this.becomeQuiet = resolve
  })
  quiet = () => act(async () => this.becomeQuiet())
  registered: { url: string; scope?: string }[] = []
  readonly registration = Object.assign(new EventTarget(), {
    waiting: null as FakeWorker | null,
    installing: null as FakeWorker | null,
    update: () => this.update(),
  })
  readonly container = Object.assign(new EventTarget(), {
    controller: null as FakeWorker | null,
    register: async (url: string, options?: RegistrationOptions) => {
      this.registered.push({ url, scope: options?.scope })
      return this.registration
    },
  })

  /** The app's updates, on this browser. */
  updatesOf(): ServiceWorkerUpdates {
    return createServiceWorkerUpdates({
      url: SCRIPT_URL,
      scope: '/',
      reload: () => (this.reloads += 1),
      networkIdle: () => this.quietNetwork,
    })
  }

  /** A new version is found and installs; it waits if an older version controls a page, else activates. */
  async install(version: FakeWorker, { waits }: { waits: boolean }) {
    this.registration.installing = version
    await act(async () => this.registration.dispatchEvent(new Event('updatefound')))
    this.registration.installing = null
    if (waits) this.registration.waiting = version
    await act(async () => version.moveTo('installed'))
    if (!waits) await act(async () => version.moveTo('activating'))
  }

  /** `version` takes control of the page (it claimed it, or was let take over). */
  async control(version: FakeWorker) {
    if (this.registration.waiting === version) this.registration.waiting = null
    this.container.controller = version
    await act(async () => this.container.dispatchEvent(new Event('controllerchange')))
  }
}

let browser: FakeBrowser

beforeEach(async () => {
  localStorage.clear()
  await activateLanguage('zhCn')
  browser = new FakeBrowser()
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: browser.container })
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => browser.online)
})
afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
  Reflect.deleteProperty(navigator, 'serviceWorker')
})

function updatesTree(updates: ServiceWorkerUpdates) {
  return (
    <I18nProvider i18n={i18n}>
      <AppUpdates updates={updates} />
    </I18nProvider>
  )
}

/** Lets the registration's promises settle, and workbox-window's 200 ms before it calls an installed version waiting. */
const settle = (ms = 0) => act(() => new Promise((done) => setTimeout(done, ms)))
const waitingSettles = () => settle(250)

async function renderUpdates(updates = browser.updatesOf()) {
  const view = render(updatesTree(updates))
  await act(() => vi.waitFor(() => expect(browser.registered).toHaveLength(1)))
  await settle()
  return view
}

describe('registering the service worker', () => {
  it('registers the app’s worker for the whole app once the page has loaded, once, and says nothing while it has no news', async () => {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading')
    const updates = browser.updatesOf()
    const view = render(updatesTree(updates))
    await settle()
    expect(browser.registered).toEqual([])

    vi.spyOn(document, 'readyState', 'get').mockReturnValue('complete')
    await act(async () => window.dispatchEvent(new Event('load')))
    await settle()
    // the shell leaves and comes back (the sandbox gateway's page has none of it)
    view.unmount()
    render(updatesTree(updates))
    await settle()
    expect(browser.registered).toEqual([{ url: SCRIPT_URL, scope: '/' }])
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('says the app opens offline once its first version controls the page and keeps the code it loaded, again when quiet, then warms the rest', async () => {
    await renderUpdates()
    const first = new FakeWorker('installing')
    await browser.install(first, { waits: false })
    await waitingSettles()
    // installed but not yet in control: too early to say so
    expect(screen.queryByRole('status')).toBeNull()

    await act(async () => first.moveTo('activated'))
    await browser.control(first)
    const notice = await screen.findByRole('status')
    expect(notice.textContent).toContain('已保存到本机，断网时也能打开。')
    expect(first.posted).toEqual([{ type: 'ADOPT_PAGE_CODE', urls: expect.any(Array) }])

    await browser.quiet()
    // once quiet: the code still downloading at the takeover is handed over too, then the rest warmed
    await vi.waitFor(() =>
      expect(first.posted).toEqual([
        { type: 'ADOPT_PAGE_CODE', urls: expect.any(Array) },
        { type: 'ADOPT_PAGE_CODE', urls: expect.any(Array) },
        { type: 'WARM_PAGE_CODE' },
      ]),
    )
    fireEvent.click(screen.getByRole('button', { name: '知道了' }))
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('says it only once in this browser, even when the worker is installed again', async () => {
    localStorage.setItem('yoyaku.offline-ready-told', '1')
    await renderUpdates()
    const again = new FakeWorker('installing')
    await browser.install(again, { waits: false })
    await act(async () => again.moveTo('activated'))
    await browser.control(again)
    await vi.waitFor(() =>
      expect(again.posted).toEqual([{ type: 'ADOPT_PAGE_CODE', urls: expect.any(Array) }]),
    )
    await settle(50)
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('warms the pages of a page a worker already controls once the network is quiet, saying nothing', async () => {
    const running = new FakeWorker('activated')
    browser.container.controller = running
    await renderUpdates()
    expect(running.posted).toEqual([])
    await browser.quiet()
    await vi.waitFor(() => expect(running.posted).toEqual([{ type: 'WARM_PAGE_CODE' }]))
    expect(screen.queryByRole('status')).toBeNull()
  })
})

describe('looking for a new version', () => {
  it('checks when the shopper comes back to the app and when the connection returns', async () => {
    await renderUpdates()
    expect(browser.updates).toBe(0)

    await act(async () => window.dispatchEvent(new Event('focus')))
    expect(browser.updates).toBe(1)

    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden')
    await act(async () => document.dispatchEvent(new Event('visibilitychange')))
    expect(browser.updates).toBe(1)
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible')
    await act(async () => document.dispatchEvent(new Event('visibilitychange')))
    expect(browser.updates).toBe(2)

    await act(async () => window.dispatchEvent(new Event('online')))
    expect(browser.updates).toBe(3)
  })

  it('checks every hour in a tab left open, but not while offline', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    await renderUpdates()
    await act(async () => vi.advanceTimersByTime(UPDATE_CHECK_INTERVAL_MS))
    expect(browser.updates).toBe(1)
    browser.online = false
    await act(async () => vi.advanceTimersByTime(UPDATE_CHECK_INTERVAL_MS))
    await act(async () => window.dispatchEvent(new Event('focus')))
    expect(browser.updates).toBe(1)
  })

  it('runs one check at a time, and none while a version is installing', async () => {
    let finish: () => void = () => {}
    browser.update = () => {
      browser.updates += 1
      return new Promise((resolve) => {
        finish = resolve
      })
    }
    await renderUpdates()
    await act(async () => {
      window.dispatchEvent(new Event('focus'))
      document.dispatchEvent(new Event('visibilitychange'))
    })
    expect(browser.updates).toBe(1)
    await act(async () => finish())

    browser.registration.installing = new FakeWorker('installing')
    await act(async () => window.dispatchEvent(new Event('focus')))
    expect(browser.updates).toBe(1)
    browser.registration.installing = null
    await act(async () => window.dispatchEvent(new Event('focus')))
    expect(browser.updates).toBe(2)
  })
})

describe('offering the new version', () => {
  it('announces a version found while the page is open, and later hides it without updating', async () => {
    browser.container.controller = new FakeWorker('activated')
    await renderUpdates()
    const next = new FakeWorker('installing')
    await browser.install(next, { waits: true })
    await waitingSettles()

    const prompt = await screen.findByRole('status', { name: '有新版本可用。' })
    expect(prompt.textContent).toContain('更新后仍停留在当前页面，购物车不会丢失。')
    // the page already worked offline: no word about that
    expect(screen.queryByText('已保存到本机，断网时也能打开。')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: '稍后' }))
    expect(screen.queryByRole('status')).toBeNull()
    expect(next.posted).toEqual([])
    expect(browser.reloads).toBe(0)
  })

  it('announces a version that was already waiting when the page opened', async () => {
    browser.container.controller = new FakeWorker('activated')
    browser.registration.waiting = new FakeWorker('installed')
    await renderUpdates()
    expect(await screen.findByRole('status', { name: '有新版本可用。' })).toBeTruthy()
  })

  it('lets the new version take over only once the cart being saved is in IndexedDB, then reloads once', async () => {
    browser.container.controller = new FakeWorker('activated')
    const next = new FakeWorker('installed')
    browser.registration.waiting = next
    const cartWhenActivated: unknown[] = []
    next.postMessage = (message) => {
      next.posted.push(message)
      cartWhenActivated.push(readStored('snapshot:cart'))
    }
    await renderUpdates()
    await screen.findByRole('status', { name: '有新版本可用。' })

    // saves still on their way when the shopper accepts: each waits for the one before
    const carts = Array.from({ length: 40 }, (_, index) => ({
      owner: `customer:${index}`,
      lines: [],
      queue: [],
      notices: [],
    }))
    for (const cart of carts) void savedCart.save(cart)
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '立即更新' })))
    await vi.waitFor(() => expect(next.posted).toEqual([{ type: 'SKIP_WAITING' }]))

    expect(await cartWhenActivated[0]).toMatchObject({ snapshot: carts.at(-1) })
    expect(screen.getByRole('button', { name: '正在更新…' })).toHaveProperty('disabled', true)
    expect(browser.reloads).toBe(0)
    // the new version takes control: the page reloads into it, once
    await browser.control(next)
    await browser.control(next)
    expect(browser.reloads).toBe(1)
  })

  it('reloads a page the old version loaded when another tab lets the new one take over', async () => {
    browser.container.controller = new FakeWorker('activated')
    const next = new FakeWorker('installing')
    await renderUpdates()
    await browser.install(next, { waits: true })
    await screen.findByRole('status', { name: '有新版本可用。' })
    fireEvent.click(screen.getByRole('button', { name: '稍后' }))

    await browser.control(next)
    expect(browser.reloads).toBe(1)
    expect(next.posted).toEqual([])
  })

  it('on a first visit, does not reload when the first version takes over, but does when the shopper accepts the next', async () => {
    await renderUpdates()
    const first = new FakeWorker('installing')
    await browser.install(first, { waits: false })
    await browser.control(first)
    await screen.findByText('已保存到本机，断网时也能打开。')
    expect(browser.reloads).toBe(0)

    const next = new FakeWorker('installing')
    await browser.install(next, { waits: true })
    await screen.findByRole('status', { name: '有新版本可用。' })
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '立即更新' })))
    await vi.waitFor(() => expect(next.posted).toEqual([{ type: 'SKIP_WAITING' }]))
    expect(browser.reloads).toBe(0)
    await browser.control(next)
    expect(browser.reloads).toBe(1)
  })
})

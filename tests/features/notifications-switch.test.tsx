import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { abortAllRequests } from '../../src/lib/api-client.ts'
import { dismissAllToasts } from '../../src/lib/toast.ts'
import { ok } from './support/catalog-fixtures.ts'
import { server } from './support/msw-server.ts'
import { renderApp } from './support/render-app.tsx'
import { shopperProfile, signIn, startupHandlers } from './support/signed-in.ts'

/*
 * jsdom has no service workers, PushManager or Notification: each test installs a stand-in of the
 * browser's push state (as the browser tests stub PushManager, web-push-facts.md) and drives the
 * real page and API calls against it.
 */

// an uncompressed P-256 point is 65 bytes starting with 4
const VAPID_KEY_BYTES = Uint8Array.from({ length: 65 }, (_, index) => (index === 0 ? 4 : index))
const VAPID_KEY = Buffer.from(VAPID_KEY_BYTES).toString('base64url')
const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/device-1'
const SUBSCRIPTION_JSON = {
  endpoint: ENDPOINT,
  expirationTime: null,
  keys: {
    p256dh: Buffer.alloc(65, 7).toString('base64url'),
    auth: Buffer.alloc(16, 9).toString('base64url'),
  },
}

interface BrowserPush {
  permission: NotificationPermission
  /** What the permission prompt answers. */
  prompt: NotificationPermission
  subscribed: boolean
  /** How pushManager.subscribe() ends; 'never' as offline, where it neither resolves nor rejects. */
  subscribeOutcome: 'ok' | 'never'
  subscribeOptions: PushSubscriptionOptionsInit[]
  unsubscribes: number
}

function fakeSubscription(push: BrowserPush) {
  return {
    endpoint: ENDPOINT,
    options: { applicationServerKey: VAPID_KEY_BYTES.buffer, userVisibleOnly: true },
    toJSON: () => SUBSCRIPTION_JSON,
    async unsubscribe() {
      push.subscribed = false
      push.unsubscribes += 1
      return true
    },
  }
}

/** Installs the stand-in browser; afterEach removes it. */
function installBrowserPush(start: Partial<BrowserPush> = {}): BrowserPush {
  const push: BrowserPush = {
    permission: 'default',
    prompt: 'granted',
    subscribed: false,
    subscribeOutcome: 'ok',
    subscribeOptions: [],
    unsubscribes: 0,
    ...start,
  }
  const pushManager = {
    getSubscription: async () => (push.subscribed ? fakeSubscription(push) : null),
    subscribe: (options: PushSubscriptionOptionsInit) => {
      push.subscribeOptions.push(options)
      if (push.subscribeOutcome === 'never') return new Promise(() => {})
      push.subscribed = true
      return Promise.resolve(fakeSubscription(push))
    },
  }
  const registration = { pushManager }
  // Notification is a constructor with the permission and its prompt on it
  const FakeNotification = Object.defineProperties(() => {}, {
    permission: { get: () => push.permission },
    requestPermission: {
      value: async () => {
        push.permission = push.prompt
        return push.prompt
      },
    },
  })
  vi.stubGlobal('Notification', FakeNotification)
  vi.stubGlobal('PushManager', class {})
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      controller: null,
      ready: Promise.resolve(registration),
      getRegistration: async () => registration,
      addEventListener() {},
      removeEventListener() {},
    },
  })
  return push
}

afterEach(() => {
  abortAllRequests()
  dismissAllToasts()
  vi.useRealTimers()
  vi.unstubAllGlobals()
  Reflect.deleteProperty(navigator, 'serviceWorker')
  Reflect.deleteProperty(navigator, 'userAgent')
})

/** A signed-in shopper on /userinfo; returns what the push calls carried, in order. */
function serveAccount() {
  signIn()
  const heard: { call: string; body: unknown }[] = []
  const record =
    (call: string) =>
    async ({ request }: { request: Request }) => {
      heard.push({ call, body: await request.json().catch(() => undefined) })
      return ok(call === 'subscribe' ? { subscribed: true } : null)
    }
  server.use(
    ...startupHandlers,
    http.get('*/api/mall/user/checkToken', () => ok({ valid: true })),
    http.get('*/api/mall/user/info', () => ok(shopperProfile)),
    http.get('*/api/mall/push/vapidPublicKey', () => {
      heard.push({ call: 'vapidPublicKey', body: undefined })
      return ok({ publicKey: VAPID_KEY })
    }),
    http.post('*/api/mall/push/subscribe', record('subscribe')),
    http.delete('*/api/mall/push/subscribe', record('unsubscribe')),
    http.post('*/api/mall/user/exit', record('exit')),
  )
  return heard
}

const NAME = '在此设备上接收截止提醒'
const findSwitch = () => screen.findByRole('switch', { name: NAME }, { timeout: 5000 })
/** The notifications section of the page. */
const section = () => within(screen.getByRole('region', { name: '通知' }))

describe('notifications switch', () => {
  it('says when the browser cannot receive push, and stays off', async () => {
    serveAccount()
    await renderApp('/userinfo')
    const toggle = await findSwitch()
    await waitFor(() => expect(section().getByText('此浏览器不支持推送通知。')).toBeTruthy())
    expect(toggle.getAttribute('aria-checked')).toBe('false')
    expect((toggle as HTMLButtonElement).disabled).toBe(true)
  })

  it('on an iPhone in Safari, says to add Yoyaku to the Home Screen first', async () => {
    serveAccount()
    installBrowserPush()
    Object.defineProperty(navigator, 'userAgent', {
      configurable: true,
      value:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1',
    })
    await renderApp('/userinfo')
    const toggle = await findSwitch()
    await waitFor(() => expect(section().getByText(/请先将 Yoyaku 添加到主屏幕/)).toBeTruthy())
    expect((toggle as HTMLButtonElement).disabled).toBe(true)
  })

  it('says how to unblock notifications the site was denied', async () => {
    const heard = serveAccount()
    installBrowserPush({ permission: 'denied' })
    await renderApp('/userinfo')
    const toggle = await findSwitch()
    await waitFor(() =>
      expect(
        section().getByText('此网站的通知已被屏蔽：请在浏览器的网站设置中允许通知，然后刷新本页。'),
      ).toBeTruthy(),
    )
    expect((toggle as HTMLButtonElement).disabled).toBe(true)
    expect(heard).toEqual([])
  })

  it('turns on: asks permission, subscribes with the shop’s key and sends the subscription', async () => {
    const heard = serveAccount()
    const push = installBrowserPush()
    await renderApp('/userinfo')
    const toggle = await findSwitch()
    await waitFor(() => expect((toggle as HTMLButtonElement).disabled).toBe(false))
    expect(toggle.getAttribute('aria-checked')).toBe('false')

    fireEvent.click(toggle)
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'))
    expect(push.permission).toBe('granted')
    expect(push.subscribeOptions).toHaveLength(1)
    expect(push.subscribeOptions[0]?.userVisibleOnly).toBe(true)
    expect(push.subscribeOptions[0]?.applicationServerKey).toEqual(VAPID_KEY_BYTES)
    expect(heard).toEqual([
      { call: 'vapidPublicKey', body: undefined },
      { call: 'subscribe', body: SUBSCRIPTION_JSON },
    ])
    expect(section().getByText('已开启：付款、打包和运费的截止提醒会推送到此设备。')).toBeTruthy()
  })

  it('stays off when the permission prompt is refused, and says how to unblock it', async () => {
    const heard = serveAccount()
    const push = installBrowserPush({ prompt: 'denied' })
    await renderApp('/userinfo')
    const toggle = await findSwitch()
    await waitFor(() => expect((toggle as HTMLButtonElement).disabled).toBe(false))
    fireEvent.click(toggle)
    expect(await section().findByText(/此网站的通知已被屏蔽/)).toBeTruthy()
    expect(toggle.getAttribute('aria-checked')).toBe('false')
    expect(push.subscribeOptions).toEqual([])
    expect(heard).toEqual([])
  })

  it('says the push service could not be reached when subscribing never ends', async () => {
    const heard = serveAccount()
    const push = installBrowserPush({ subscribeOutcome: 'never' })
    await renderApp('/userinfo')
    const toggle = await findSwitch()
    await waitFor(() => expect((toggle as HTMLButtonElement).disabled).toBe(false))

    vi.useFakeTimers({ shouldAdvanceTime: true })
    fireEvent.click(toggle)
    await waitFor(() => expect(push.subscribeOptions).toHaveLength(1))
    expect(section().getByText('正在开启通知…')).toBeTruthy()
    expect(section().queryByRole('alert')).toBeNull()

    vi.advanceTimersByTime(20_000)
    const alert = await section().findByRole('alert')
    expect(alert.textContent).toBe('无法连接推送服务，请稍后再试。')
    expect(toggle.getAttribute('aria-checked')).toBe('false')
    expect((toggle as HTMLButtonElement).disabled).toBe(false) // it may be tried again
    expect(heard.map((entry) => entry.call)).toEqual(['vapidPublicKey'])
  })

  it('turns off: tells the shop to stop, then drops the browser’s subscription', async () => {
    const heard = serveAccount()
    const push = installBrowserPush({ permission: 'granted', subscribed: true })
    await renderApp('/userinfo')
    const toggle = await findSwitch()
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'))
    // the shop is told whose device this is now
    await waitFor(() => expect(heard).toEqual([{ call: 'subscribe', body: SUBSCRIPTION_JSON }]))

    fireEvent.click(toggle)
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'))
    expect(heard.slice(1)).toEqual([{ call: 'unsubscribe', body: { endpoint: ENDPOINT } }])
    expect(push.unsubscribes).toBe(1)
    expect(push.subscribed).toBe(false)
  })

  it('a logout unsubscribes this device before the session ends', async () => {
    const heard = serveAccount()
    const push = installBrowserPush({ permission: 'granted', subscribed: true })
    const { router } = await renderApp('/userinfo')
    await waitFor(() => expect(heard.map((entry) => entry.call)).toEqual(['subscribe']))

    fireEvent.click(await screen.findByRole('button', { name: /小樱/ }))
    fireEvent.click(screen.getByRole('menuitem', { name: '退出登录' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(heard.slice(1)).toEqual([
      { call: 'unsubscribe', body: { endpoint: ENDPOINT } },
      { call: 'exit', body: undefined },
    ])
    expect(push.unsubscribes).toBe(1)
    expect(localStorage.getItem('token')).toBeNull()
  })

  it('a logout goes on when the shop cannot be told', async () => {
    const heard = serveAccount()
    server.use(http.delete('*/api/mall/push/subscribe', () => HttpResponse.error()))
    const push = installBrowserPush({ permission: 'granted', subscribed: true })
    const { router } = await renderApp('/userinfo')
    await waitFor(() => expect(heard.map((entry) => entry.call)).toEqual(['subscribe']))

    fireEvent.click(await screen.findByRole('button', { name: /小樱/ }))
    fireEvent.click(screen.getByRole('menuitem', { name: '退出登录' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(heard.map((entry) => entry.call)).toEqual(['subscribe', 'exit'])
    expect(push.unsubscribes).toBe(1)
  })
})

import { describe, expect, it } from 'vitest'
import type { ReminderPushPayload } from '../../src/domain/reminders.ts'
import {
  type AppWindow,
  type AppWindows,
  openNotificationTarget,
  showPushNotification,
} from '../../src/sw/push-handlers.ts'

const origin = 'https://shop.example'

const payload: ReminderPushPayload = {
  web_push: 8030,
  notification: {
    title: '尾款即将到期',
    body: '订单 31 的尾款 ¥12,800 将于 2026-12-01 到期。',
    navigate: `${origin}/order/31`,
    lang: 'zh-CN',
    tag: 'order-31',
    icon: '/icon-192.png',
    badge: '/badge-72.png',
    data: { url: `${origin}/order/31`, kind: 'balanceDueSoon', targetId: 31 },
  },
}

/** A registration that records what it was asked to show. */
function fakeRegistration() {
  const shown: { title: string; options?: NotificationOptions }[] = []
  return {
    shown,
    async showNotification(title: string, options?: NotificationOptions) {
      shown.push({ title, options })
    },
  }
}

const pushOf = (text: string) => ({ json: () => JSON.parse(text) as unknown })

describe('the worker’s push handler', () => {
  it('shows the reminder: title, body, tag, language, icons and the deep link', async () => {
    const registration = fakeRegistration()
    await showPushNotification(registration, pushOf(JSON.stringify(payload)), origin)
    expect(registration.shown).toEqual([
      {
        title: '尾款即将到期',
        options: {
          body: '订单 31 的尾款 ¥12,800 将于 2026-12-01 到期。',
          icon: '/icon-192.png',
          badge: '/badge-72.png',
          tag: 'order-31',
          lang: 'zh-CN',
          data: { url: `${origin}/order/31`, kind: 'balanceDueSoon', targetId: 31 },
        },
      },
    ])
  })

  it('shows a generic Yoyaku notification linking home for a payload that is not a reminder', async () => {
    const bad = [
      pushOf('not json'),
      pushOf('{"notification":{"title":"","data":{"url":"/x"}}}'),
      pushOf('{"notification":{"title":"Hi"}}'),
      pushOf('[1,2]'),
      null,
    ]
    for (const data of bad) {
      const registration = fakeRegistration()
      await showPushNotification(registration, data, origin)
      expect(registration.shown).toHaveLength(1)
      expect(registration.shown[0]?.title).toBe('Yoyaku')
      expect(registration.shown[0]?.options?.data).toEqual({ url: `${origin}/` })
    }
  })
})

/** Windows of the app and a `clients` over them that records what the click did. */
function fakeClients(windows: { id: string; url: string; focused?: boolean; uncontrolled?: boolean }[]) {
  const did: string[] = []
  const appWindows: AppWindow[] = windows.map((window) => ({
    id: window.id,
    url: window.url,
    focused: window.focused ?? false,
    async focus() {
      did.push(`focus ${window.id}`)
    },
    async navigate(url: string) {
      // a window the worker does not control cannot be navigated (TypeError in browsers)
      if (window.uncontrolled) throw new TypeError('not controlled')
      did.push(`navigate ${window.id} ${url}`)
    },
  }))
  const clients: AppWindows = {
    async matchAll(options) {
      did.push(`matchAll ${options.type} ${options.includeUncontrolled}`)
      return appWindows
    },
    async openWindow(url: string) {
      did.push(`open ${url}`)
    },
  }
  return { clients, did }
}

describe('the worker’s notification click', () => {
  const data = payload.notification.data
  const url = data.url

  it('focuses the window already on the page, without reloading it', async () => {
    const { clients, did } = fakeClients([
      { id: 'home', url: `${origin}/`, focused: true },
      { id: 'order', url },
    ])
    await openNotificationTarget(data, origin, clients)
    expect(did).toEqual(['matchAll window true', 'focus order'])
  })

  it('else brings the focused window of the app to the page', async () => {
    const { clients, did } = fakeClients([
      { id: 'cart', url: `${origin}/cart/list` },
      { id: 'home', url: `${origin}/`, focused: true },
    ])
    await openNotificationTarget(data, origin, clients)
    expect(did).toEqual(['matchAll window true', 'focus home', `navigate home ${url}`])
  })

  it('else opens a window on the page', async () => {
    const { clients, did } = fakeClients([])
    await openNotificationTarget(data, origin, clients)
    expect(did).toEqual(['matchAll window true', `open ${url}`])
  })

  it('opens a window when the chosen one cannot be navigated', async () => {
    const { clients, did } = fakeClients([
      { id: 'home', url: `${origin}/`, focused: true, uncontrolled: true },
    ])
    await openNotificationTarget(data, origin, clients)
    expect(did).toEqual(['matchAll window true', 'focus home', `open ${url}`])
  })

  it('never opens another site: a foreign link goes to the home page', async () => {
    const { clients, did } = fakeClients([])
    await openNotificationTarget({ url: 'https://evil.example/phish' }, origin, clients)
    expect(did).toEqual(['matchAll window true', `open ${origin}/`])
  })
})

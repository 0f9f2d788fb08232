import { describe, expect, it } from 'vitest'
import { notificationClickAction } from '../../src/domain/push.ts'

const origin = 'https://shop.example'
const order = `${origin}/order/31`

describe('where a notification click goes', () => {
  it('focuses the window already showing the page', () => {
    const windows = [
      { id: 'home', url: `${origin}/`, focused: true },
      { id: 'order', url: order, focused: false },
    ]
    expect(notificationClickAction({ url: order }, origin, windows)).toEqual({
      kind: 'focus',
      clientId: 'order',
      url: order,
    })
  })

  it('else takes the focused window of the app to the page, else the first one', () => {
    const windows = [
      { id: 'cart', url: `${origin}/cart/list`, focused: false },
      { id: 'home', url: `${origin}/`, focused: true },
    ]
    expect(notificationClickAction({ url: order }, origin, windows)).toEqual({
      kind: 'focus',
      clientId: 'home',
      url: order,
    })
    expect(
      notificationClickAction({ url: order }, origin, [
        { id: 'cart', url: `${origin}/cart/list` },
        { id: 'home', url: `${origin}/` },
      ]),
    ).toEqual({ kind: 'focus', clientId: 'cart', url: order })
  })

  it('opens a window when the app has none', () => {
    expect(notificationClickAction({ url: `${origin}/shipping?packageId=7` }, origin, [])).toEqual({
      kind: 'open',
      url: `${origin}/shipping?packageId=7`,
    })
  })

  it('reads a path of the app as a page of this origin', () => {
    expect(notificationClickAction({ url: '/extra' }, origin, [])).toEqual({
      kind: 'open',
      url: `${origin}/extra`,
    })
  })

  it('never leaves the origin: another site, a protocol-relative or script link opens the home page', () => {
    for (const url of [
      'https://evil.example/order/31',
      '//evil.example/order/31',
      'javascript:alert(1)',
      'http://shop.example/order/31',
      'https://shop.example:8443/order/31',
    ]) {
      expect(notificationClickAction({ url }, origin, [])).toEqual({ kind: 'open', url: `${origin}/` })
    }
  })

  it('opens the home page for data without a usable link', () => {
    for (const data of [null, undefined, 'text', 42, {}, { url: 31 }, { url: 'http://[bad' }]) {
      expect(notificationClickAction(data, origin, [])).toEqual({ kind: 'open', url: `${origin}/` })
    }
  })
})

import { waitFor } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import type { PayInfo, SessionClaims } from '../../src/domain/session.ts'
import { logIn } from '../../src/features/account/api/log-in.ts'
import { server } from './support/msw-server.ts'
import { renderApp } from './support/render-app.tsx'

const nowSeconds = () => Math.floor(Date.now() / 1000)
const base64Url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
const tokenFor = (claims: SessionClaims) => `${base64Url({ alg: 'HS256' })}.${base64Url(claims)}.signature`
const ok = <T,>(data: T) => HttpResponse.json({ code: 200, msg: 'success', data })

const CLAIMS: SessionClaims = {
  sub: '9',
  sid: 'session-login',
  kind: 'customer',
  role: 1,
  nickname: '阿光',
  avatar: null,
  score: 0,
  wechat: true,
  language: 'zhCn',
  iat: nowSeconds(),
  exp: nowSeconds() + 7200,
}

const PAY_INFO: PayInfo = {
  role: 1,
  score: 0,
  scoreRate: 0.01,
  scoreSwitch: true,
  scoreTime: null,
  monthlyExpenditure: 0,
  priceSwitch: true,
  idCard: false,
}

describe('the session started by a login', () => {
  it('loads the startup data (cart count included) and the VIP info once each, with no call aborting another', async () => {
    const heard = { payInfo: 0, vipList: 0 }
    server.use(
      http.get('*/api/mall/category/list', () => ok([])),
      http.get('*/api/mall/product/hotList', () => ok([])),
      http.get('*/api/mall/user/payInfo', () => {
        heard.payInfo += 1
        return ok(PAY_INFO)
      }),
      http.get('*/api/mall/cart/listCart', () =>
        ok([
          { cartId: 1, productId: 5, productAmount: 2 },
          { cartId: 2, productId: 6, productAmount: 12 },
        ]),
      ),
      http.get('*/api/mall/vip/list', () => {
        heard.vipList += 1
        return ok([{ vip: 1, scoreRate: 0.01, minMonthlySpend: 0 }])
      }),
      http.post('*/api/mall/user/login', () =>
        HttpResponse.json(
          { code: 200, msg: 'success', data: { redirectUrl: null } },
          { headers: { token: tokenFor(CLAIMS) } },
        ),
      ),
    )
    const { session, slot } = await renderApp('/')
    // a visitor browses without a session: its code loads with the first token
    expect(slot.current()).toBeNull()

    await logIn({ username: 'hikari@example.com', password: 'Passw0rd!' })

    await waitFor(() => expect(session.getSnapshot().matches({ signedIn: 'ready' })).toBe(true))
    const { context } = session.getSnapshot()
    expect(context.claims?.nickname).toBe('阿光')
    expect(context.startupError).toBe(false)
    expect(context.startup.payInfo).toEqual(PAY_INFO)
    // The header's cart count is the sum of the lines' amounts (spec §3).
    expect(context.startup.cartNumber).toBe(14)
    expect(heard).toEqual({ payInfo: 1, vipList: 1 })
    expect(localStorage.getItem('token')).toBe(tokenFor(CLAIMS))
  })

  it('asks nothing of a shopper’s own for an operator: no cart, no addresses', async () => {
    const asked: string[] = []
    server.use(
      http.get('*/api/mall/category/list', () => ok([])),
      http.get('*/api/mall/product/hotList', () => ok([])),
      http.get('*/api/mall/user/payInfo', () => ok(PAY_INFO)),
      http.get('*/api/mall/vip/list', () => ok([])),
      http.get('*/api/mall/cart/listCart', () => {
        asked.push('cart')
        return HttpResponse.json({ code: 403, msg: 'This account may not make this call', data: null })
      }),
      http.get('*/api/mall/address/list', () => {
        asked.push('addresses')
        return ok([])
      }),
      http.post('*/api/mall/user/login', () =>
        HttpResponse.json(
          { code: 200, msg: 'success', data: { redirectUrl: '/ops' } },
          { headers: { token: tokenFor({ ...CLAIMS, kind: 'operator', role: null, sid: 'session-ops' }) } },
        ),
      ),
    )
    const { session } = await renderApp('/')
    await logIn({ username: 'ops@example.com', password: 'Passw0rd!' })

    await waitFor(() => expect(session.getSnapshot().matches({ signedIn: 'ready' })).toBe(true))
    expect(session.getSnapshot().context.startupError).toBe(false)
    expect(session.getSnapshot().context.startup.cartNumber).toBe(0)
    expect(asked).toEqual([])
  })
})

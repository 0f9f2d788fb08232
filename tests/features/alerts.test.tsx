import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import type { AlertDto } from '../../src/domain/alerts.ts'
import type { ProductDetailDto } from '../../src/domain/catalog.ts'
import { dismissAllToasts } from '../../src/lib/toast.ts'
import { ok, productCard, productDetail } from './support/catalog-fixtures.ts'
import { server } from './support/msw-server.ts'
import { renderApp } from './support/render-app.tsx'
import { shopperProfile, signIn, startupHandlers } from './support/signed-in.ts'

afterEach(() => dismissAllToasts())

/** A signed-in shopper; the alert calls answer as the server would and are recorded. */
function serveShopper(alerted: Set<number>, alerts: AlertDto[] = []) {
  signIn({ role: 2 })
  const heard: string[] = []
  server.use(
    ...startupHandlers,
    http.get('*/api/mall/user/checkToken', () => ok({ valid: true })),
    http.get('*/api/mall/user/info', () => ok(shopperProfile)),
    http.get('*/api/mall/alert/state/:productId', ({ params }) =>
      ok({ subscribed: alerted.has(Number(params.productId)) }),
    ),
    http.post('*/api/mall/alert/subscribe/:productId', ({ params }) => {
      heard.push(`on ${params.productId}`)
      alerted.add(Number(params.productId))
      return ok({ subscribed: true })
    }),
    http.delete('*/api/mall/alert/:productId', ({ params }) => {
      heard.push(`off ${params.productId}`)
      alerted.delete(Number(params.productId))
      return ok({ subscribed: false })
    }),
    http.get('*/api/mall/alert/list', () =>
      ok({ list: alerts, total: alerts.length, pageNum: 1, pageSize: 20 }),
    ),
  )
  return heard
}

function serveProduct(product: ProductDetailDto) {
  server.use(http.get('*/api/mall/product/details/:id', () => ok(product)))
}

describe('notify me on a product page', () => {
  it('is offered on a sold-out product and turns the alert on, saying so', async () => {
    const heard = serveShopper(new Set())
    serveProduct(productDetail(7, { type: 2, stock: 0 }))
    await renderApp('/product/7')
    const button = await screen.findByRole('button', { name: '到货提醒我' })
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false))
    expect(button.getAttribute('aria-pressed')).toBe('false')

    fireEvent.click(button)
    expect(await screen.findByText('可以下单时我们会通知您')).toBeTruthy()
    expect(screen.getByRole('button', { name: '已订阅到货提醒' }).getAttribute('aria-pressed')).toBe('true')
    expect(heard).toEqual(['on 7'])
  })

  it('is not offered on a product that can be ordered', async () => {
    serveShopper(new Set())
    serveProduct(productDetail(8, { type: 2, stock: 5 }))
    await renderApp('/product/8')
    await screen.findByRole('heading', { level: 1 })
    expect(screen.queryByRole('button', { name: /到货提醒/ })).toBeNull()
  })

  it('sends a visitor to log in first', async () => {
    serveProduct(productDetail(9, { available: false }))
    const { router } = await renderApp('/product/9')
    fireEvent.click(await screen.findByRole('button', { name: '登录后订阅到货提醒' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
  })
})

describe('alerts on the account page', () => {
  const alert = (id: number, lastSentAt: string | null): AlertDto => ({
    productId: id,
    product: productCard(id),
    createTime: '2026-11-01T03:00:00.000Z',
    lastSentAt,
  })

  it('lists each alert with when it was asked and last sent, and turns one off', async () => {
    const heard = serveShopper(new Set([3, 4]), [alert(3, '2026-11-20T01:00:00.000Z'), alert(4, null)])
    await renderApp('/userinfo')
    const section = within(await screen.findByRole('region', { name: '到货提醒' }))
    expect(await section.findByText('订阅于 2026-11-01 12:00 · 上次通知 2026-11-20 10:00')).toBeTruthy()
    expect(section.getByText('订阅于 2026-11-01 12:00 · 尚未通知')).toBeTruthy()

    fireEvent.click(section.getByRole('button', { name: '关闭到货提醒：商品 3' }))
    expect(await screen.findByText('已关闭到货提醒')).toBeTruthy()
    await waitFor(() => expect(section.queryByRole('link', { name: '商品 3' })).toBeNull())
    expect(section.getByRole('link', { name: '商品 4' })).toBeTruthy()
    expect(heard).toEqual(['off 3'])
  })

  it('says there are none yet, and offers a retry when the list cannot load', async () => {
    serveShopper(new Set())
    server.use(http.get('*/api/mall/alert/list', () => HttpResponse.error()))
    await renderApp('/userinfo')
    const section = within(await screen.findByRole('region', { name: '到货提醒' }))
    expect(await section.findByText('到货提醒没有加载出来。')).toBeTruthy()
    server.use(http.get('*/api/mall/alert/list', () => ok({ list: [], total: 0, pageNum: 1, pageSize: 20 })))
    fireEvent.click(section.getByRole('button', { name: '重试' }))
    expect(await section.findByText(/还没有到货提醒/)).toBeTruthy()
  })
})

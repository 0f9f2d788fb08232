import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { CartLineDto } from '../../src/domain/cart.ts'
import { dropCheckout } from '../../src/features/checkout/checkout-store.ts'
import { dismissAllToasts } from '../../src/lib/toast.ts'
import { cartLine, failed, ok } from './support/catalog-fixtures.ts'
import { server } from './support/msw-server.ts'
import { renderApp } from './support/render-app.tsx'
import { signIn, startupHandlers } from './support/signed-in.ts'

beforeEach(async () => {
  // the checkout is one per tab and outlives a test: start every test from nothing
  await dropCheckout('customer:42')
})
afterEach(() => dismissAllToasts())

/** discount 0.9, a 3 % platform fee, a 30 % deposit and a 3.5 % settlement fee. */
const CHARGE = { discount: 0.9, platPercent: 0.03, frontMoney: 0.3, settlePercent: 0.035, rate: null }

/**
 * - 商品 1: 12,800 yen × 2, member discount, deposit: goods 23,040, total 24,563, deposit 6,912;
 * - 商品 2: 5,000 yen × 1, paid in one go: total 5,331;
 * - 商品 3: out of stock, not orderable.
 */
const DEMO_CART: CartLineDto[] = [
  cartLine(1, { productAmount: 2, orderBase: 2, isDiscount: true, isFront: true }),
  cartLine(2, { price: 5000, cnAlonePrice: 5000, isDiscount: false, isFront: false }),
  cartLine(3, {
    productType: 2,
    type: 2,
    productAmount: 3,
    stock: 1,
    orderable: false,
    reason: 'outOfStock',
  }),
]

interface HeardOrder {
  key: string | null
  score: string | null
  language: string | null
  body: unknown
}

/** The server's cart and createOrder; `answer` decides each createOrder's reply. */
function serveShop(answer: (call: number) => Response = () => ok({ id: 31, status: 2 })) {
  const state = { lines: DEMO_CART.map((line) => ({ ...line })), reads: 0 }
  const orders: HeardOrder[] = []
  server.use(
    http.get('*/api/mall/cart/listCart', () => {
      state.reads += 1
      return ok(state.lines)
    }),
    http.post('*/api/mall/order/createOrder', async ({ request }) => {
      const url = new URL(request.url)
      orders.push({
        key: request.headers.get('Idempotency-Key'),
        score: url.searchParams.get('score'),
        language: url.searchParams.get('language'),
        body: await request.json(),
      })
      return answer(orders.length)
    }),
    // the order's page, where a placed order lands
    http.get('*/api/mall/order/:id', () => failed(404, 'order: not found')),
  )
  return { state, orders }
}

function signInShopper(score = 0) {
  signIn({ role: 2 })
  server.use(
    http.get('*/api/mall/user/payInfo', () =>
      ok(
        score > 0
          ? {
              role: 2,
              score,
              scoreRate: 0.01,
              scoreSwitch: true,
              scoreTime: null,
              monthlyExpenditure: 0,
              priceSwitch: true,
              idCard: false,
            }
          : null,
      ),
    ),
    ...startupHandlers,
    http.get('*/api/mall/user/checkToken', () => ok({ valid: true })),
    http.get('*/api/mall/charge/details', () => ok(CHARGE)),
  )
}

const summaryValue = (label: string) =>
  within(screen.getByRole('complementary')).getByText(label, { selector: 'dt' }).nextElementSibling
    ?.textContent

async function openCart() {
  const app = await renderApp('/cart/list')
  await screen.findByRole('checkbox', { name: '商品 1' }, { timeout: 5000 })
  await waitFor(() => expect(summaryValue('平台服务费')).not.toBe('¥0'), { timeout: 5000 })
  return app
}

/** A dialog's button once it can be pressed (the checkout opens in the background). */
async function readyButton(dialog: HTMLElement, name: string): Promise<HTMLButtonElement> {
  const button = within(dialog).getByRole('button', { name }) as HTMLButtonElement
  await waitFor(() => expect(button.disabled).toBe(false))
  return button
}

const KEY = /^[A-Za-z0-9_:.-]{1,100}$/

describe('checkout: the cart’s Next and the confirmation', () => {
  it('confirms the selected lines, points and totals, creates the order with a key and opens it', async () => {
    signInShopper(1000)
    const { orders, state } = serveShop()
    const { router } = await openCart()
    fireEvent.click(await screen.findByRole('switch', { name: /使用积分/ }))

    fireEvent.click(screen.getByRole('button', { name: '下一步' }))
    const dialog = await screen.findByRole('dialog', { name: '确认订单' }, { timeout: 5000 })
    const lines = within(within(dialog).getByRole('list', { name: '订单商品' }))
    expect(lines.getAllByRole('listitem')).toHaveLength(2)
    expect(lines.getByText('商品 1')).toBeTruthy()
    expect(lines.getByText('¥23,040')).toBeTruthy()
    expect(lines.queryByText('商品 3')).toBeNull()
    const amount = (label: string) =>
      within(dialog).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent
    // 24,563 + 5,331; deposit 6,912 + 5,331; 1,000 points
    expect(amount('合计')).toBe('¥29,894')
    expect(amount('现在支付（定金）')).toBe('¥12,243')
    expect(amount('积分抵扣')).toBe('−¥1,000')
    expect(amount('应付金额')).toBe('¥11,243')
    expect(amount('到货后支付尾款')).toBe('¥17,651')
    expect(orders).toEqual([])

    const readsBefore = state.reads
    fireEvent.click(await readyButton(dialog, '提交订单'))
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/31'), { timeout: 5000 })
    expect(orders).toEqual([
      {
        key: expect.stringMatching(KEY),
        score: '1000',
        language: 'zhCn',
        body: { cartLineIds: [1001, 1002] },
      },
    ])
    // the ordered lines left the cart: it is read again
    expect(state.reads).toBeGreaterThan(readsBefore)
    // the first test of the file loads the pages' code
  }, 15_000)

  it('shows a refusal naming the product in the dialog and reloads the cart', async () => {
    signInShopper()
    const { orders, state } = serveShop(() => failed(409, '商品 2：库存不足'))
    const { router } = await openCart()
    fireEvent.click(screen.getByRole('button', { name: '下一步' }))
    const dialog = await screen.findByRole('dialog', { name: '确认订单' }, { timeout: 5000 })
    const readsBefore = state.reads
    fireEvent.click(await readyButton(dialog, '提交订单'))

    const alert = await within(dialog).findByRole('alert')
    expect(alert.textContent).toContain('订单未能提交：商品 2：库存不足')
    await waitFor(() => expect(state.reads).toBeGreaterThan(readsBefore))
    expect(orders).toHaveLength(1)
    expect(router.state.location.pathname).toBe('/cart/list')

    fireEvent.click(within(dialog).getByRole('button', { name: '返回购物车' }))
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('without an answer says so, and the retry sends the same key: one order', async () => {
    signInShopper()
    const { orders } = serveShop((call) => (call === 1 ? HttpResponse.error() : ok({ id: 31, status: 2 })))
    const { router } = await openCart()
    fireEvent.click(screen.getByRole('button', { name: '下一步' }))
    const dialog = await screen.findByRole('dialog', { name: '确认订单' }, { timeout: 5000 })
    fireEvent.click(await readyButton(dialog, '提交订单'))

    expect(await within(dialog).findByText('订单是否已提交尚未确认。')).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: '重试' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/31'), { timeout: 5000 })
    expect(orders).toHaveLength(2)
    expect(orders[1]?.key).toBe(orders[0]?.key)
  })

  it('holds Next back, with the reason, when nothing orderable is selected', async () => {
    signInShopper()
    serveShop()
    await openCart()
    fireEvent.click(screen.getByRole('checkbox', { name: '全选' }))
    const next = screen.getByRole('button', { name: '下一步' }) as HTMLButtonElement
    expect(next.disabled).toBe(true)
    expect(next.getAttribute('aria-describedby')).toBeTruthy()
    expect(screen.getByText('请先选择要购买的商品')).toBeTruthy()
  })

  it('speaks English', async () => {
    localStorage.setItem('localeLang', 'en')
    signInShopper()
    serveShop()
    await renderApp('/cart/list')
    await screen.findByRole('checkbox', { name: 'Product 1' }, { timeout: 5000 })
    fireEvent.click(screen.getByRole('button', { name: 'Next' }))
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your order' }, { timeout: 5000 })
    expect(within(dialog).getByRole('button', { name: 'Confirm order' })).toBeTruthy()
    expect(within(dialog).getByRole('button', { name: 'Back to cart' })).toBeTruthy()
  })
})

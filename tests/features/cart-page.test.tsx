import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { CartLineDto } from '../../src/domain/cart.ts'
import type { PayInfo } from '../../src/domain/session.ts'
import { dropCart } from '../../src/features/cart/cart-store.ts'
import { dismissAllToasts } from '../../src/lib/toast.ts'
import { cartLine, failed, ok } from './support/catalog-fixtures.ts'
import { server } from './support/msw-server.ts'
import { renderApp } from './support/render-app.tsx'
import { signIn, startupHandlers } from './support/signed-in.ts'

beforeEach(async () => {
  // the cart store is one per tab and IndexedDB outlives a test: start every test from nothing
  await dropCart()
})
afterEach(() => dismissAllToasts())

/** discount 0.9, a 3 % platform fee, a 30 % deposit and a 3.5 % settlement fee. */
const CHARGE = { discount: 0.9, platPercent: 0.03, frontMoney: 0.3, settlePercent: 0.035, rate: null }

function payInfo(score: number): PayInfo {
  return {
    role: 2,
    score,
    scoreRate: 0.01,
    scoreSwitch: true,
    scoreTime: null,
    monthlyExpenditure: 0,
    priceSwitch: true,
    idCard: false,
  }
}

/**
 * The demo cart:
 * - 商品 1: 12,800 yen, 2 of them in steps of 2, member discount, sold with a deposit;
 * - 商品 2: 5,000 yen, 1 of it, no discount, paid in one go;
 * - 商品 3: out of stock (1 left, 3 in the cart): shown with its reason, left out of the totals.
 */
const DEMO_CART: CartLineDto[] = [
  cartLine(1, { productAmount: 2, orderBase: 2, isDiscount: true, isFront: true }),
  cartLine(2, { price: 5000, cnAlonePrice: 5000, isDiscount: false, isFront: false }),
  cartLine(3, {
    price: 3000,
    cnAlonePrice: 3000,
    productType: 2,
    type: 2,
    productAmount: 3,
    stock: 1,
    orderable: false,
    reason: 'outOfStock',
  }),
]

interface HeardChange {
  path: string
  key: string | null
  body?: unknown
}

/** The server's cart: a list the calls change, and what each change call heard. */
function serveCart(initial: CartLineDto[]) {
  const state = { lines: initial.map((line) => ({ ...line })), reads: 0 }
  const heard: HeardChange[] = []
  const languages: (string | null)[] = []
  server.use(
    http.get('*/api/mall/cart/listCart', ({ request }) => {
      state.reads += 1
      languages.push(new URL(request.url).searchParams.get('language'))
      return ok(state.lines)
    }),
    http.put('*/api/mall/cart/changeNum/:id/:num', ({ params, request }) => {
      heard.push({
        path: `changeNum/${params.id}/${params.num}`,
        key: request.headers.get('Idempotency-Key'),
      })
      const line = state.lines.find((l) => l.cartId === Number(params.id))
      if (!line) return failed(404, 'cartId: not in your cart')
      line.productAmount = Number(params.num)
      return ok(line)
    }),
    http.delete('*/api/mall/cart/removeFromCart', async ({ request }) => {
      const body = (await request.json()) as { cartIds: number[] }
      heard.push({ path: 'removeFromCart', key: request.headers.get('Idempotency-Key'), body })
      const before = state.lines.length
      state.lines = state.lines.filter((l) => !body.cartIds.includes(l.cartId))
      return ok({ removed: before - state.lines.length })
    }),
    http.delete('*/api/mall/cart/clearCart', ({ request }) => {
      heard.push({ path: 'clearCart', key: request.headers.get('Idempotency-Key') })
      const removed = state.lines.length
      state.lines = []
      return ok({ removed })
    }),
  )
  return { state, heard, languages }
}

/** A role-2 shopper with the shop's charge settings and `score` points. */
function signInShopper(score = 0) {
  signIn({ role: 2 })
  server.use(
    // before the startup handlers, which answer a plain customer without points
    http.get('*/api/mall/user/payInfo', () => ok(score > 0 ? payInfo(score) : null)),
    ...startupHandlers,
    http.get('*/api/mall/user/checkToken', () => ok({ valid: true })),
    http.get('*/api/mall/charge/details', () => ok(CHARGE)),
  )
}

const KEY = /^[A-Za-z0-9_:.-]{1,100}$/

/** The value the summary shows for a label. */
function summaryValue(label: string): string | null | undefined {
  const summary = screen.getByRole('complementary')
  return within(summary).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent
}

/** The cart line of a product, found by its checkbox (named after the product). */
function lineOf(name: string): HTMLElement {
  const line = screen.getByRole('checkbox', { name }).closest('li')
  if (!line) throw new Error(`no cart line for ${name}`)
  return line
}

const checkbox = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement

/** Waits until the cart, changed by the shopper, has been read from the server again. */
async function afterReload(state: { reads: number }, readsBefore: number) {
  await waitFor(() => expect(state.reads).toBeGreaterThan(readsBefore))
  await waitFor(() => expect(screen.queryByText(/正在保存/)).toBeNull())
}

async function openCart(path = '/cart/list') {
  const app = await renderApp(path)
  // the first render of a file loads the page's code: allow for a busy machine
  await screen.findByRole('checkbox', { name: '商品 1' }, { timeout: 5000 })
  // the shop's charge settings arrive with the session's startup
  await waitFor(() => expect(summaryValue('平台服务费')).not.toBe('¥0'), { timeout: 5000 })
  return app
}

describe('cart page', () => {
  it('asks the server for the cart once when the shopper lands on it: the session’s startup reading fills the page', async () => {
    signInShopper()
    const { state } = serveCart(DEMO_CART)
    await openCart()
    expect(screen.getByRole('heading', { level: 1, name: '购物车（3）' })).toBeTruthy()
    expect(state.reads).toBe(1)
  })

  it('shows each line with its prices and the amount due of the orderable lines', async () => {
    signInShopper()
    const { languages } = serveCart(DEMO_CART)
    await openCart('/cart')

    expect(screen.getByRole('heading', { level: 1, name: '购物车（3）' })).toBeTruthy()
    expect(languages).toContain('zhCn')

    // 商品 1: member price floor(12,800 × 0.9) = 11,520; deposit per unit ceil(11,520 × 0.3) = 3,456;
    // subtotal 11,520 × 2 = 23,040
    const first = within(lineOf('商品 1'))
    expect(first.getByText('¥12,800')).toBeTruthy()
    expect(first.getByText('会员价 ¥11,520')).toBeTruthy()
    expect(first.getByText('定金 ¥3,456/件')).toBeTruthy()
    expect(first.getByText('¥23,040')).toBeTruthy()
    expect((first.getByRole('spinbutton', { name: '数量：商品 1' }) as HTMLInputElement).value).toBe('2')
    expect(first.getByRole('link', { name: '商品 1' }).getAttribute('href')).toBe('/cart/product/1')
    // 商品 2: no discount, no deposit (paid in one go): subtotal 5,000
    const second = within(lineOf('商品 2'))
    expect(second.getByText('¥5,000', { selector: 'div' })).toBeTruthy()
    expect(second.queryByText(/会员价/)).toBeNull()
    expect(second.queryByText(/定金/)).toBeNull()
    // 商品 3: out of stock, greyed, not selectable, no subtotal
    const third = within(lineOf('商品 3'))
    expect(third.getByText('库存不足，仅剩 1 件')).toBeTruthy()
    expect(checkbox('商品 3').disabled).toBe(true)
    expect(checkbox('商品 3').checked).toBe(false)
    expect(third.getByText('—')).toBeTruthy()

    // 商品 1: goods 23,040; platform ceil(0.03 × 23,040 = 691.2) = 692;
    //   settlement ceil(0.035 × (23,040 + 692) = 830.62) = 831; total 24,563;
    //   deposit ceil(0.3 × 23,040 = 6,912) = 6,912; balance 24,563 − 6,912 = 17,651
    // 商品 2: goods 5,000; platform ceil(150) = 150; settlement ceil(0.035 × 5,150 = 180.25) = 181;
    //   total 5,331, all of it paid now (no deposit), balance 0
    // saved: (12,800 − 11,520) × 2 = 2,560
    expect(screen.getByText('已选 2 种商品，共 3 件')).toBeTruthy()
    expect(summaryValue('商品金额')).toBe('¥28,040')
    expect(summaryValue('会员优惠（已计入）')).toBe('−¥2,560')
    expect(summaryValue('平台服务费')).toBe('¥842')
    expect(summaryValue('结算手续费')).toBe('¥1,012')
    expect(summaryValue('合计')).toBe('¥29,894')
    expect(summaryValue('现在支付（定金）')).toBe('¥12,243')
    expect(summaryValue('到货后支付尾款')).toBe('¥17,651')
    expect(summaryValue('应付金额')).toBe('¥12,243')
    // no points held: no switch
    expect(screen.queryByRole('switch')).toBeNull()
    expect((screen.getByRole('button', { name: '下一步' }) as HTMLButtonElement).disabled).toBe(false)
  })

  it('names the reason of every line that cannot be ordered and offers only what helps', async () => {
    signInShopper()
    serveCart([
      cartLine(1),
      cartLine(4, { orderable: false, reason: 'unavailable' }),
      cartLine(5, { orderable: false, reason: 'outOfStock', stock: 0, productType: 2 }),
      cartLine(6, { orderable: false, reason: 'partnerOnly', price: undefined, partnerOnly: true }),
      cartLine(7, { orderable: false, reason: 'amount', orderBase: 3, productAmount: 4 }),
      cartLine(8, { orderable: false, reason: 'typeChanged' }),
    ])
    await renderApp('/cart/list')
    await screen.findByRole('checkbox', { name: '商品 1' })

    expect(within(lineOf('商品 4')).getByText('已下架，无法购买')).toBeTruthy()
    expect(within(lineOf('商品 4')).queryByRole('spinbutton')).toBeNull()
    expect(within(lineOf('商品 5')).getByText('已售罄')).toBeTruthy()
    expect(within(lineOf('商品 6')).getByText('该价格仅对合作伙伴开放')).toBeTruthy()
    expect(within(lineOf('商品 6')).getAllByText('—')).toHaveLength(2)
    expect(within(lineOf('商品 7')).getByText('数量须为 3 的倍数')).toBeTruthy()
    expect(within(lineOf('商品 7')).getByRole('spinbutton')).toBeTruthy()
    expect(within(lineOf('商品 8')).getByText('该商品信息已变更，请删除后重新加入购物车')).toBeTruthy()
    expect(within(lineOf('商品 8')).getByText('数量：1')).toBeTruthy()
    for (const id of [4, 5, 6, 7, 8]) expect(checkbox(`商品 ${id}`).disabled).toBe(true)
    // only 商品 1 counts (no member discount on it: 12,800)
    await waitFor(() => expect(summaryValue('平台服务费')).toBe('¥384'))
    expect(summaryValue('商品金额')).toBe('¥12,800')
    expect(screen.getByText('已选 1 种商品，共 1 件')).toBeTruthy()
  })

  it('counts only the selected lines, and selects all or none', async () => {
    signInShopper()
    serveCart(DEMO_CART)
    await openCart()
    const all = screen.getByRole('checkbox', { name: '全选' }) as HTMLInputElement
    expect(all.checked).toBe(true)
    expect(all.indeterminate).toBe(false)

    fireEvent.click(checkbox('商品 1'))
    expect(checkbox('商品 1').checked).toBe(false)
    expect(all.checked).toBe(false)
    expect(all.indeterminate).toBe(true)
    // 商品 2 alone: 5,000 + 150 + 181 = 5,331, all of it now
    expect(summaryValue('商品金额')).toBe('¥5,000')
    expect(summaryValue('合计')).toBe('¥5,331')
    expect(summaryValue('现在支付（定金）')).toBe('¥5,331')
    expect(summaryValue('到货后支付尾款')).toBe('¥0')
    expect(screen.getByRole('button', { name: '删除选中（1）' })).toBeTruthy()

    fireEvent.click(all)
    expect(checkbox('商品 1').checked).toBe(true)
    expect(checkbox('商品 2').checked).toBe(true)
    expect(checkbox('商品 3').checked).toBe(false)
    expect(summaryValue('合计')).toBe('¥29,894')

    fireEvent.click(all)
    expect(checkbox('商品 1').checked).toBe(false)
    expect(checkbox('商品 2').checked).toBe(false)
    expect(summaryValue('合计')).toBe('¥0')
    expect((screen.getByRole('button', { name: '删除选中（0）' }) as HTMLButtonElement).disabled).toBe(true)
  })

  it('deletes the selected lines by their line ids, with an idempotency key', async () => {
    signInShopper()
    const { heard, state } = serveCart(DEMO_CART)
    await openCart()
    fireEvent.click(checkbox('商品 2'))
    const reads = state.reads
    fireEvent.click(screen.getByRole('button', { name: '删除选中（1）' }))

    // gone at once, before the server has answered
    expect(screen.queryByRole('checkbox', { name: '商品 1' })).toBeNull()
    await afterReload(state, reads)
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: '购物车（2）' })).toBeTruthy())
    expect(screen.queryByRole('checkbox', { name: '商品 1' })).toBeNull()
    expect(heard).toEqual([
      { path: 'removeFromCart', key: expect.stringMatching(KEY), body: { cartIds: [1001] } },
    ])
    // the line left deselected stays deselected
    expect(checkbox('商品 2').checked).toBe(false)
  })

  it('removes one line with its own button', async () => {
    signInShopper()
    const { heard, state } = serveCart(DEMO_CART)
    await openCart()
    const reads = state.reads
    fireEvent.click(screen.getByRole('button', { name: '删除：商品 3' }))
    await afterReload(state, reads)
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: '购物车（2）' })).toBeTruthy())
    expect(screen.queryByRole('checkbox', { name: '商品 3' })).toBeNull()
    expect(heard).toEqual([
      { path: 'removeFromCart', key: expect.stringMatching(KEY), body: { cartIds: [1003] } },
    ])
  })

  it('clears the cart only once the shopper confirms', async () => {
    signInShopper()
    const { heard, state } = serveCart(DEMO_CART)
    await openCart()

    fireEvent.click(screen.getByRole('button', { name: '清空购物车' }))
    let dialog = screen.getByRole('dialog', { name: '清空购物车？' })
    expect(within(dialog).getByText('将删除购物车中的全部 3 种商品，且无法恢复。')).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: '取消' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(heard).toEqual([])

    fireEvent.click(screen.getByRole('button', { name: '清空购物车' }))
    dialog = screen.getByRole('dialog', { name: '清空购物车？' })
    const reads = state.reads
    fireEvent.click(within(dialog).getByRole('button', { name: '清空' }))
    await afterReload(state, reads)
    expect(await screen.findByText('购物车是空的')).toBeTruthy()
    expect(heard).toEqual([{ path: 'clearCart', key: expect.stringMatching(KEY) }])
    expect(screen.getByRole('link', { name: '去看看热门商品' }).getAttribute('href')).toBe('/product-hot')
  })

  it('sends one amount change once the shopper stops stepping, in steps of the order base', async () => {
    signInShopper()
    const { heard } = serveCart(DEMO_CART)
    await openCart()
    const first = within(lineOf('商品 1'))
    const quantity = first.getByRole('spinbutton', { name: '数量：商品 1' }) as HTMLInputElement

    fireEvent.click(first.getByRole('button', { name: '增加 2' }))
    fireEvent.click(first.getByRole('button', { name: '增加 2' }))
    expect(quantity.value).toBe('6')
    expect(heard).toEqual([])

    // 11,520 × 6 = 69,120
    await waitFor(() => expect(first.getByText('¥69,120')).toBeTruthy())
    expect(heard).toEqual([{ path: 'changeNum/1001/6', key: expect.stringMatching(KEY) }])

    // typed amounts snap to the order base when the field is left: 7 → 8
    fireEvent.change(quantity, { target: { value: '7' } })
    fireEvent.blur(quantity)
    await waitFor(() => expect(heard).toHaveLength(2))
    expect(heard[1]).toEqual({ path: 'changeNum/1001/8', key: expect.stringMatching(KEY) })
    expect(heard[0]?.key).not.toBe(heard[1]?.key)
    await waitFor(() => expect(first.getByText('¥92,160')).toBeTruthy())
  })

  it('tells the shopper when the server refuses a change, and shows the server cart', async () => {
    signInShopper()
    const { heard } = serveCart(DEMO_CART)
    server.use(
      http.put('*/api/mall/cart/changeNum/:id/:num', ({ params, request }) => {
        heard.push({
          path: `changeNum/${params.id}/${params.num}`,
          key: request.headers.get('Idempotency-Key'),
        })
        return HttpResponse.json({ code: 409, msg: 'This item is out of stock', data: null }, { status: 409 })
      }),
    )
    await openCart()
    const second = within(lineOf('商品 2'))
    fireEvent.click(second.getByRole('button', { name: '增加 1' }))

    const alert = await screen.findByRole('alert')
    expect(within(alert).getByText('商品 2：该商品库存不足')).toBeTruthy()
    expect(heard).toEqual([{ path: 'changeNum/1002/2', key: expect.stringMatching(KEY) }])
    // the server's cart again: still one
    await waitFor(() =>
      expect((second.getByRole('spinbutton', { name: '数量：商品 2' }) as HTMLInputElement).value).toBe('1'),
    )
    expect(second.queryByText('待同步')).toBeNull()

    fireEvent.click(within(alert).getByRole('button', { name: '知道了' }))
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull())
  })

  it('says the changes wait on this device while offline', async () => {
    signInShopper()
    serveCart(DEMO_CART)
    server.use(http.put('*/api/mall/cart/changeNum/:id/:num', () => HttpResponse.error()))
    await openCart()
    const second = within(lineOf('商品 2'))
    fireEvent.click(second.getByRole('button', { name: '增加 1' }))

    expect(await screen.findByText('当前离线：1 项更改已保存在本设备，联网后会自动发送。')).toBeTruthy()
    expect(second.getByText('待同步')).toBeTruthy()
    // the shopper's view counts the change: 5,000 × 2
    expect(second.getByText('¥10,000')).toBeTruthy()
  })

  it('takes points up to those held and up to the deposit due now', async () => {
    signInShopper(6000)
    serveCart(DEMO_CART)
    await openCart()

    const usePoints = await screen.findByRole('switch', { name: /使用积分/ })
    expect(screen.getByText('（可用 6000 积分）')).toBeTruthy()
    fireEvent.click(usePoints)
    const points = screen.getByRole('spinbutton', { name: '使用积分数' }) as HTMLInputElement
    // offered at once: min(6,000 held, 12,243 deposit) = 6,000
    expect(points.value).toBe('6000')
    expect(summaryValue('积分抵扣')).toBe('−¥6,000')
    expect(summaryValue('应付金额')).toBe('¥6,243')

    // more than held: 6,000 used
    fireEvent.change(points, { target: { value: '99999' } })
    expect(summaryValue('积分抵扣')).toBe('−¥6,000')
    expect(summaryValue('应付金额')).toBe('¥6,243')
    fireEvent.blur(points)
    expect(points.value).toBe('6000')

    // fewer
    fireEvent.change(points, { target: { value: '1200' } })
    expect(summaryValue('应付金额')).toBe('¥11,043')

    // only 商品 2 selected: the deposit now is 5,331, so at most 5,331 points
    fireEvent.change(points, { target: { value: '6000' } })
    fireEvent.click(checkbox('商品 1'))
    expect(summaryValue('现在支付（定金）')).toBe('¥5,331')
    expect(summaryValue('积分抵扣')).toBe('−¥5,331')
    expect(summaryValue('应付金额')).toBe('¥0')

    // switched off: nothing taken
    fireEvent.click(usePoints)
    expect(screen.queryByRole('spinbutton', { name: '使用积分数' })).toBeNull()
    expect(summaryValue('应付金额')).toBe('¥5,331')
  })

  it('says when the cart is empty and links to the best sellers', async () => {
    signInShopper()
    serveCart([])
    await renderApp('/cart/list')
    expect(await screen.findByText('购物车是空的')).toBeTruthy()
    expect(screen.getByRole('heading', { level: 1, name: '购物车（0）' })).toBeTruthy()
    expect(screen.queryByRole('complementary')).toBeNull()
    expect(screen.queryByRole('button', { name: '清空购物车' })).toBeNull()
  })

  it('says the cart could not be read and reads it again on retry', async () => {
    signInShopper()
    const { state } = serveCart(DEMO_CART)
    let fail = true
    server.use(
      http.get('*/api/mall/cart/listCart', () => {
        state.reads += 1
        return fail ? failed(400, 'Bad request') : ok(state.lines)
      }),
    )
    await renderApp('/cart/list')
    const alert = await screen.findByRole('alert')
    expect(within(alert).getByText('购物车加载失败，请联系客服')).toBeTruthy()
    fail = false
    fireEvent.click(within(alert).getByRole('button', { name: '重试' }))
    expect(await screen.findByRole('checkbox', { name: '商品 1' })).toBeTruthy()
    expect(screen.queryByText('购物车加载失败，请联系客服')).toBeNull()
  })

  it('reads the cart again when the shopper opens it while already on it', async () => {
    signInShopper()
    const { state } = serveCart(DEMO_CART)
    const { router } = await openCart()
    await waitFor(() => expect(screen.queryByText(/正在保存/)).toBeNull())
    const reads = state.reads
    state.lines = [...state.lines, cartLine(9)]

    act(() => router.history.push('/cart'))
    expect(await screen.findByRole('checkbox', { name: '商品 9' })).toBeTruthy()
    expect(router.state.location.pathname).toBe('/cart/list')
    expect(state.reads).toBeGreaterThan(reads)
    // a new line comes in selected
    expect(checkbox('商品 9').checked).toBe(true)
  })

  it('keeps the choice of lines when the shopper opens a product and comes back', async () => {
    signInShopper()
    serveCart(DEMO_CART)
    server.use(http.get('*/api/mall/product/details/:id', () => failed(404, 'No such product')))
    const { router } = await openCart()
    fireEvent.click(checkbox('商品 2'))
    fireEvent.click(within(lineOf('商品 1')).getByRole('link', { name: '商品 1' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart/product/1'))
    act(() => router.history.back())
    await screen.findByRole('checkbox', { name: '商品 2' })
    expect(checkbox('商品 2').checked).toBe(false)
    expect(checkbox('商品 1').checked).toBe(true)
  })

  it('sends a visitor to log in first', async () => {
    const { router } = await renderApp('/cart/list')
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(router.state.location.search).toEqual({ redirectUrl: '/cart/list' })
  })

  it('shows the cart in English', async () => {
    localStorage.setItem('localeLang', 'en')
    signInShopper(100)
    const { languages } = serveCart(DEMO_CART)
    await renderApp('/cart/list')
    const name = 'Product 1'
    await screen.findByRole('checkbox', { name })

    expect(screen.getByRole('heading', { level: 1, name: 'Cart (3)' })).toBeTruthy()
    expect(languages).toContain('en')
    expect(screen.getByRole('checkbox', { name: 'Select all' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Remove selected (2)' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Clear cart' })).toBeTruthy()
    const first = within(lineOf(name))
    expect(first.getByText('12,800 Yen')).toBeTruthy()
    expect(first.getByRole('spinbutton', { name: 'Quantity: Product 1' })).toBeTruthy()
    expect(within(lineOf('Product 3')).getByText('Out of stock: only 1 left')).toBeTruthy()
    await waitFor(() => expect(summaryValue('Total')).toBe('29,894 Yen'))
    expect(summaryValue('Deposit due now')).toBe('12,243 Yen')
    expect(summaryValue('Balance on arrival')).toBe('17,651 Yen')
    expect(screen.getByRole('switch', { name: /Use points/ })).toBeTruthy()
  })
})

import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AddressDto } from '../../src/domain/address.ts'
import type { OrderDetailDto, SettleDetailsDto } from '../../src/domain/orders.ts'
import { dropCheckout } from '../../src/features/checkout/checkout-store.ts'
import { goToGateway } from '../../src/features/checkout/go-to-gateway.ts'
import { dismissAllToasts } from '../../src/lib/toast.ts'
import { failed, ok } from './support/catalog-fixtures.ts'
import { readStored } from './support/indexed-db.ts'
import { server } from './support/msw-server.ts'
import { renderApp } from './support/render-app.tsx'
import { signIn, startupHandlers } from './support/signed-in.ts'

// jsdom cannot leave for another site: the gateway's page is where this module would send the shopper
vi.mock('../../src/features/checkout/go-to-gateway.ts', () => ({ goToGateway: vi.fn() }))

beforeEach(async () => {
  vi.mocked(goToGateway).mockClear()
  // the checkout is one per tab and outlives a test: start every test from nothing
  await dropCheckout('customer:42')
})
afterEach(() => dismissAllToasts())

const ORDER_ID = 31

function order(overrides: Partial<OrderDetailDto> = {}): OrderDetailDto {
  return {
    id: ORDER_ID,
    parentId: null,
    status: 2,
    createTime: new Date(Date.now() - 5 * 60_000).toISOString(),
    payDueTime: new Date(Date.now() + 25 * 60_000).toISOString(),
    modifyTime: new Date().toISOString(),
    goods: 23040,
    discount: 2560,
    platformFee: 692,
    settlementFee: 831,
    deposit: 6912,
    balance: 17651,
    total: 24563,
    pointsHeld: 500,
    paidAmount: 0,
    refundAmount: 0,
    remark: null,
    arrivedAt: null,
    balanceDue: null,
    packagingDeadline: null,
    forfeitAt: null,
    lateFee: 0,
    deadlineState: null,
    lines: [
      {
        id: 301,
        productId: 1,
        productName: '商品 1',
        jpProductName: '商品 1 JP',
        enProductName: 'Product 1',
        imgUrl: null,
        barcode: '4580590123456',
        productType: 1,
        basePrice: 12800,
        unitPrice: 11520,
        quantity: 2,
        goods: 23040,
        total: 24563,
        deposit: 6912,
        balance: 17651,
      },
    ],
    children: [],
    payments: [],
    address: null,
    ...overrides,
  }
}

function address(id: number, overrides: Partial<AddressDto> = {}): AddressDto {
  return {
    id,
    firstName: '樱',
    lastName: '木之本',
    nameEn: 'Sakura Kinomoto',
    telephone: '+86 138 0000 0000',
    postCode: '200000',
    country: '中国',
    countryEn: null,
    province: '上海',
    provinceEn: 'Shanghai',
    city: '上海',
    cityEn: 'Shanghai',
    district: null,
    districtEn: null,
    shopName: null,
    shopNameEn: null,
    address: `友枝路 ${id} 号`,
    addressEn: `${id} Tomoeda Road`,
    acquiescent: 0,
    isBill: 0,
    ...overrides,
  }
}

interface HeardPay {
  path: string
  key: string | null
  addressId: string | null
}

/** The order's server side: the order, its settlement, the addresses and the pay and cancel calls. */
function serveOrder(
  options: {
    settle?: Partial<SettleDetailsDto>
    addresses?: AddressDto[]
    pay?: (call: number) => Response
  } = {},
) {
  const state = { order: order(), orderReads: 0 }
  const pays: HeardPay[] = []
  const cancels: (string | null)[] = []
  const payHandler = async ({ request }: { request: Request }) => {
    const url = new URL(request.url)
    pays.push({
      path: url.pathname.replace('/api', ''),
      key: request.headers.get('Idempotency-Key'),
      addressId: url.searchParams.get('addressId'),
    })
    return (
      options.pay?.(pays.length) ??
      ok({ paymentId: 'pay_1', redirectUrl: `${location.origin}/sandbox-pay/pay_1` })
    )
  }
  server.use(
    http.get('*/api/mall/order/settleDetails/:id', () =>
      state.order.status === 2
        ? ok({
            order: state.order,
            amountDue: 6912,
            pointsUsed: 500,
            payable: 6412,
            payOpen: true,
            payMessage: null,
            testMode: true,
            ...options.settle,
          } satisfies SettleDetailsDto)
        : failed(409, 'order: not waiting for payment'),
    ),
    http.get('*/api/mall/order/:id', ({ params }) => {
      state.orderReads += 1
      return Number(params.id) === ORDER_ID ? ok(state.order) : failed(404, 'order: not found')
    }),
    http.get('*/api/mall/address/list', () => ok(options.addresses ?? [address(5), address(6)])),
    http.post('*/api/mall/order/orderPay/:type/:id', payHandler),
    http.post('*/api/mall/sb_pay/orderPay/:type/:id', payHandler),
    http.post('*/api/mall/paypal/orderPay/:id', payHandler),
    http.post('*/api/mall/order/cancel/:id', ({ request }) => {
      cancels.push(request.headers.get('Idempotency-Key'))
      state.order = order({ status: 1 })
      return ok(state.order)
    }),
  )
  return { state, pays, cancels }
}

function signInShopper() {
  signIn({ role: 2 })
  server.use(
    ...startupHandlers,
    http.get('*/api/mall/user/checkToken', () => ok({ valid: true })),
  )
}

async function openPanel(path = `/order/${ORDER_ID}`) {
  const app = await renderApp(path)
  const panel = (await screen.findByRole('heading', { name: '付款', level: 2 }, { timeout: 8000 })).closest(
    'section',
  ) as HTMLElement
  // the checkout opens in the background: the routes can be chosen once it has
  await waitFor(() =>
    expect((within(panel).getByRole('radio', { name: 'PayPal 账户' }) as HTMLInputElement).disabled).toBe(
      false,
    ),
  )
  return { ...app, panel: within(panel) }
}

const KEY = /^[A-Za-z0-9_:.-]{1,100}$/

describe('checkout: the pay panel of an order waiting for payment', () => {
  it('shows the settlement, the test mode, the window and the default address', async () => {
    signInShopper()
    serveOrder({ addresses: [address(5), address(6, { acquiescent: 1 })] })
    const { panel } = await openPanel()

    expect(panel.getByRole('note').textContent).toBe('测试模式：付款通过沙盒支付平台进行，不会产生真实扣款。')
    const amount = (label: string) =>
      panel.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent
    expect(amount('本次支付定金')).toBe('¥6,912')
    expect(amount('积分抵扣')).toBe('−¥500')
    expect(amount('应付金额')).toBe('¥6,412')
    expect(amount('到货后支付尾款')).toBe('¥17,651')
    expect(panel.getByText(/请在 .+ 前完成付款，剩余/)).toBeTruthy()
    expect(panel.getByText(/^2[45]:\d\d$/)).toBeTruthy()
    // the default address comes chosen
    const addresses = within(panel.getByRole('group', { name: '选择收货地址' }))
    await waitFor(() =>
      expect((addresses.getByRole('radio', { name: /友枝路 6 号/ }) as HTMLInputElement).checked).toBe(true),
    )
    expect(panel.getByRole('link', { name: '新增或管理收货地址' }).getAttribute('href')).toBe(
      '/address-manage',
    )
    // three routes
    const methods = within(panel.getByRole('group', { name: '选择支付方式' }))
    expect(
      within(methods.getByRole('group', { name: '信用卡 / 银行转账' })).getAllByRole('radio'),
    ).toHaveLength(2)
    expect(
      within(methods.getByRole('group', { name: 'SB Payment Service' })).getAllByRole('radio'),
    ).toHaveLength(3)
    expect(within(methods.getByRole('group', { name: 'PayPal' })).getAllByRole('radio')).toHaveLength(1)
    const pay = panel.getByRole('button', { name: '立即付款' }) as HTMLButtonElement
    expect(pay.disabled).toBe(true)
    expect(panel.getByText('请选择支付方式')).toBeTruthy()
  }, 15_000)

  it('pays with the route, type, address and a key, then goes to the gateway', async () => {
    signInShopper()
    const { pays } = serveOrder()
    const { panel } = await openPanel()
    fireEvent.click(panel.getByRole('radio', { name: /友枝路 6 号/ }))
    const japanese = within(panel.getByRole('group', { name: 'SB Payment Service' }))
    fireEvent.click(japanese.getByRole('radio', { name: '便利店支付' }))
    fireEvent.click(panel.getByRole('button', { name: '立即付款' }))

    await waitFor(() => expect(goToGateway).toHaveBeenCalledWith(`${location.origin}/sandbox-pay/pay_1`))
    expect(pays).toEqual([
      { path: `/mall/sb_pay/orderPay/2/${ORDER_ID}`, key: expect.stringMatching(KEY), addressId: '6' },
    ])
    // the attempt is on disk before the shopper leaves, for the return page
    const saved = (await readStored('snapshot:checkout:customer:42')) as {
      snapshot: { value: unknown; context: { payment: { paymentId: string }; step: string } }
    }
    expect(saved.snapshot.value).toBe('attempt')
    expect(saved.snapshot.context.step).toBe('redirecting')
    expect(saved.snapshot.context.payment.paymentId).toBe('pay_1')
  })

  it('without an address says to choose one and sends nothing', async () => {
    signInShopper()
    const { pays } = serveOrder({ addresses: [] })
    const { panel } = await openPanel()
    expect(panel.getByText('请添加收货地址')).toBeTruthy()
    fireEvent.click(panel.getByRole('radio', { name: 'PayPal 账户' }))
    fireEvent.click(panel.getByRole('button', { name: '立即付款' }))
    expect((await panel.findByRole('alert')).textContent).toBe('请选择收货地址')
    expect(pays).toEqual([])
    expect(goToGateway).not.toHaveBeenCalled()
  })

  it('with payments closed says so and holds Pay back', async () => {
    signInShopper()
    const { pays } = serveOrder({ settle: { payOpen: false, payMessage: null } })
    await renderApp(`/order/${ORDER_ID}`)
    const panel = within(
      (await screen.findByRole('heading', { name: '付款', level: 2 }, { timeout: 8000 })).closest(
        'section',
      ) as HTMLElement,
    )
    expect(await panel.findByText('支付暂不可用')).toBeTruthy()
    const pay = panel.getByRole('button', { name: '立即付款' }) as HTMLButtonElement
    expect(pay.disabled).toBe(true)
    expect((panel.getByRole('radio', { name: 'PayPal 账户' }) as HTMLInputElement).disabled).toBe(true)
    fireEvent.click(pay)
    expect(pays).toEqual([])
  })

  it('a latch that closes while choosing (409) is said and holds Pay back', async () => {
    signInShopper()
    const { pays } = serveOrder({ pay: () => failed(409, 'Payment is currently unavailable') })
    const { panel } = await openPanel()
    fireEvent.click(panel.getByRole('radio', { name: /友枝路 5 号/ }))
    fireEvent.click(panel.getByRole('radio', { name: '银行转账' }))
    fireEvent.click(panel.getByRole('button', { name: '立即付款' }))
    expect(await panel.findByText('支付暂不可用')).toBeTruthy()
    expect(pays).toHaveLength(1)
    expect((panel.getByRole('button', { name: '立即付款' }) as HTMLButtonElement).disabled).toBe(true)
    expect(goToGateway).not.toHaveBeenCalled()
  })

  it('a lost answer is retried only by the shopper, with the same key: one payment', async () => {
    signInShopper()
    const { pays } = serveOrder({
      pay: (call) =>
        call === 1
          ? HttpResponse.error()
          : ok({ paymentId: 'pay_1', redirectUrl: `${location.origin}/sandbox-pay/pay_1` }),
    })
    const { panel } = await openPanel()
    fireEvent.click(panel.getByRole('radio', { name: /友枝路 5 号/ }))
    fireEvent.click(panel.getByRole('radio', { name: 'PayPal 账户' }))
    fireEvent.click(panel.getByRole('button', { name: '立即付款' }))
    expect(await panel.findByText('未能确认付款是否已发起')).toBeTruthy()
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(pays).toHaveLength(1)

    fireEvent.click(panel.getByRole('button', { name: '重试' }))
    await waitFor(() => expect(goToGateway).toHaveBeenCalledTimes(1))
    expect(pays.map((call) => call.path)).toEqual([
      `/mall/paypal/orderPay/${ORDER_ID}`,
      `/mall/paypal/orderPay/${ORDER_ID}`,
    ])
    expect(pays[1]?.key).toBe(pays[0]?.key)
  })

  it('cancels the order once the shopper confirms, and the page reads it again', async () => {
    signInShopper()
    const { cancels, state } = serveOrder()
    const { panel } = await openPanel()
    fireEvent.click(panel.getByRole('button', { name: '取消订单' }))
    const dialog = within(screen.getByRole('dialog', { name: '取消这个订单？' }))
    expect(cancels).toEqual([])
    const reads = state.orderReads
    fireEvent.click(dialog.getByRole('button', { name: '确认取消' }))
    await waitFor(() => expect(cancels).toEqual([expect.stringMatching(KEY)]))
    await waitFor(() => expect(state.orderReads).toBeGreaterThan(reads))
    await waitFor(() => expect(screen.queryByRole('heading', { name: '付款', level: 2 })).toBeNull())
  })

  it('speaks Japanese', async () => {
    localStorage.setItem('localeLang', 'ja')
    signInShopper()
    serveOrder({ settle: { payOpen: false } })
    await renderApp(`/order/${ORDER_ID}`)
    const panel = within(
      (await screen.findByRole('heading', { name: 'お支払い', level: 2 }, { timeout: 8000 })).closest(
        'section',
      ) as HTMLElement,
    )
    expect(await panel.findByText('現在お支払いはご利用いただけません')).toBeTruthy()
    expect(panel.getByRole('button', { name: '今すぐ支払う' })).toBeTruthy()
    expect(panel.getByRole('radio', { name: 'コンビニ払い' })).toBeTruthy()
  })
})

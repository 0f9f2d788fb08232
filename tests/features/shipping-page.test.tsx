import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { shopDate } from '../../src/domain/dates.ts'
import { addDays } from '../../src/domain/deadlines.ts'
import type { PackageDto, ShippingOptionDto } from '../../src/domain/packaging.ts'
import { goToGateway } from '../../src/features/checkout/go-to-gateway.ts'
import { dropShippingFee } from '../../src/features/shipping/shipping-fee-store.ts'
import { dismissAllToasts } from '../../src/lib/toast.ts'
import { failed, ok } from './support/catalog-fixtures.ts'
import { readStored } from './support/indexed-db.ts'
import { server } from './support/msw-server.ts'
import { renderApp } from './support/render-app.tsx'
import { signIn, startupHandlers } from './support/signed-in.ts'

// jsdom cannot leave for another site: the gateway's page is where this module would send the shopper
vi.mock('../../src/features/checkout/go-to-gateway.ts', () => ({ goToGateway: vi.fn() }))

const OWNER = 'customer:42'
const SAVED_SHIPPING_FEE = `snapshot:checkout:shipping:${OWNER}`
const PACKAGE_ID = 31
const APPLY_ID = 12
const today = shopDate(new Date()) ?? ''

beforeEach(async () => {
  vi.mocked(goToGateway).mockClear()
  // the flow is one per tab and outlives a test: start every test from nothing
  await dropShippingFee(OWNER)
})
afterEach(() => dismissAllToasts())

function packed(overrides: Partial<PackageDto> = {}): PackageDto {
  return {
    id: PACKAGE_ID,
    applyId: APPLY_ID,
    packageNo: 'P2611250031',
    status: 3,
    weightG: 1420,
    lengthMm: 300,
    widthMm: 200,
    heightMm: 150,
    billedWeightG: 1500,
    shippingMethodId: null,
    shippingCost: null,
    amount: 25_600,
    contents: [],
    trackingNo: null,
    carrier: null,
    freeStorageUntil: addDays(today, 5),
    feeDue: addDays(today, 5),
    deadlineState: 'onTime',
    createTime: '2026-11-23T02:00:00.000Z',
    address: {
      firstName: '樱',
      lastName: '木之本',
      telephone: '+852 5555 0101',
      postCode: '999077',
      country: '中国香港',
      city: '九龙',
      address: '弥敦道 1 号',
    },
    applyEstimate: null,
    ...overrides,
  }
}

const name = (zh: string, en: string) => ({ zhCn: zh, ja: zh, en })

/** The quote for a 1.42 kg box to Hong Kong: EMS and surface carry it; the others cannot, each for its reason. */
const OPTIONS: ShippingOptionDto[] = [
  {
    methodId: 1,
    name: name('EMS', 'EMS'),
    carrier: 'japanpost',
    tracked: true,
    fee: 4_550,
    billedWeightG: 1500,
    maxWeightG: 30_000,
    available: true,
    reason: null,
  },
  {
    methodId: 2,
    name: name('国际e包裹（轻）', 'ePacket Light'),
    carrier: 'japanpost',
    tracked: true,
    fee: null,
    billedWeightG: 1500,
    maxWeightG: 2000,
    available: false,
    reason: 'aboveMaximum',
  },
  {
    methodId: 5,
    name: name('海运包裹', 'Surface parcel'),
    carrier: 'japanpost',
    tracked: true,
    fee: null,
    billedWeightG: 2000,
    maxWeightG: 30_000,
    available: false,
    reason: 'wrongAddress',
  },
  {
    methodId: 6,
    name: name('DHL 快递', 'DHL Express'),
    carrier: 'dhl',
    tracked: true,
    fee: null,
    billedWeightG: 2000,
    maxWeightG: 70_000,
    available: false,
    reason: 'belowMinimum',
  },
  {
    methodId: 4,
    name: name('航空包裹', 'Air parcel'),
    carrier: 'japanpost',
    tracked: false,
    fee: 6_000,
    billedWeightG: 2000,
    maxWeightG: 30_000,
    available: true,
    reason: null,
  },
]

interface HeardPay {
  path: string
  key: string | null
  shippingMethodId: string | null
}

/** The package's server side: its detail, its quote, the latch and the three shipping-fee routes. */
function serveShipping(
  options: {
    pkg?: Partial<PackageDto>
    quote?: (call: number) => Response
    pay?: (call: number) => Response
  } = {},
) {
  signIn()
  const state = { quoteReads: 0, detailReads: 0 }
  const pays: HeardPay[] = []
  const payHandler = async ({ request }: { request: Request }) => {
    const url = new URL(request.url)
    pays.push({
      path: url.pathname.replace('/api', ''),
      key: request.headers.get('Idempotency-Key'),
      shippingMethodId: url.searchParams.get('shippingMethodId'),
    })
    return (
      options.pay?.(pays.length) ??
      ok({ paymentId: 'pay_7', redirectUrl: `${location.origin}/sandbox-pay/pay_7` })
    )
  }
  server.use(
    ...startupHandlers,
    http.get('*/api/mall/user/checkToken', () => ok({ valid: true })),
    http.get('*/api/mall/pay/latch', () => ok({ open: true, message: null })),
    http.get('*/api/mall/package/detail/:applyId/:boxId', ({ params }) => {
      state.detailReads += 1
      return Number(params.boxId) === PACKAGE_ID ? ok(packed(options.pkg)) : failed(404, 'package: not found')
    }),
    http.get('*/api/mall/package/list', () =>
      ok({ list: [packed(options.pkg)], total: 1, pageNum: 1, pageSize: 100 }),
    ),
    http.get('*/api/mall/package/shippingCost/:packageId', () => {
      state.quoteReads += 1
      return options.quote?.(state.quoteReads) ?? ok(OPTIONS)
    }),
    http.post('*/api/mall/package/expressPay/:type/:packageId', payHandler),
    http.post('*/api/mall/sb_pay/expressPay/:type/:packageId', payHandler),
    http.post('*/api/mall/paypal/expressPay/:packageId', payHandler),
  )
  return { state, pays }
}

const methods = () => within(screen.getByRole('group', { name: '选择运输方式' }))
const method = (label: RegExp) => methods().getByRole('radio', { name: label }) as HTMLInputElement
const payButton = () => screen.getByRole('button', { name: '支付运费' }) as HTMLButtonElement

async function openShipping(path = `/shipping?packageId=${PACKAGE_ID}&applyId=${APPLY_ID}`) {
  const app = await renderApp(path)
  await screen.findByRole('group', { name: '选择运输方式' }, { timeout: 8000 })
  await waitFor(() => expect(method(/^EMS/).disabled).toBe(false))
  return app
}

const KEY = /^[A-Za-z0-9_:.-]{1,100}$/

describe('/shipping: confirm the delivery info and pay the shipping fee', () => {
  it('shows the address and the box, and the methods with fees; unavailable ones disabled with the reason', async () => {
    serveShipping()
    await openShipping()
    const address = screen.getByRole('heading', { name: '收货地址' }).closest('section') as HTMLElement
    expect(address.textContent).toContain('木之本 樱 +852 5555 0101')
    expect(address.textContent).toContain('中国香港 九龙 弥敦道 1 号')
    expect(address.textContent).toContain('不能修改')
    expect(address.querySelector('input, select, textarea')).toBeNull()
    expect(document.querySelector('[data-fact="weight"] dd')?.textContent).toBe('1.42 kg')
    expect(document.querySelector('[data-fact="size"] dd')?.textContent).toBe('30 × 20 × 15 cm')

    const ems = method(/^EMS/)
    expect(ems.closest('label')?.textContent).toContain('¥4,550')
    expect(ems.closest('label')?.textContent).toContain('计费重量 1.5 kg')
    expect(ems.closest('label')?.textContent).toContain('最大 30 kg')
    expect(method(/^航空包裹/).closest('label')?.textContent).toContain('不可追踪')

    const reasonOf = (input: HTMLInputElement) =>
      document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent
    const ePacket = method(/^国际e包裹/)
    expect(ePacket.disabled).toBe(true)
    expect(reasonOf(ePacket)).toBe('包裹超过该运输方式的最大重量或尺寸')
    expect(reasonOf(method(/^海运包裹/))).toBe('该运输方式不能寄往此地址')
    expect(reasonOf(method(/^DHL/))).toBe('包裹低于该运输方式的最低重量')

    expect(payButton().disabled).toBe(true)
    expect(screen.getByText('请选择运输方式')).toBeTruthy()
    fireEvent.click(ems)
    expect(screen.getByText('请选择支付方式')).toBeTruthy()
    expect(screen.getByText('应付运费').parentElement?.textContent).toContain('¥4,550')
  }, 20_000)

  it('sets the request’s estimate for its preferred method beside what that method charges for the box', async () => {
    serveShipping({
      pkg: { applyEstimate: { methodId: 1, fee: 3_400, billedWeightG: 1_250, allowanceG: 200 } },
    })
    await openShipping()
    const comparison = document.querySelector('[data-estimate-vs-actual]')
    expect(comparison?.textContent).toContain('首选运输方式：预计 ¥3,400 · 实际 ¥4,550')
    expect(comparison?.textContent).toContain('加包装 200 g 估算')
  }, 20_000)

  it('says when the preferred method the estimate was for cannot carry the packed box', async () => {
    serveShipping({
      pkg: { applyEstimate: { methodId: 2, fee: 1_230, billedWeightG: 500, allowanceG: 200 } },
    })
    await openShipping()
    expect(document.querySelector('[data-estimate-vs-actual]')?.textContent).toContain(
      '首选运输方式：预计 ¥1,230 · 实际：不能寄送这个包裹',
    )
  }, 20_000)

  it('shows no comparison when the request kept no estimate', async () => {
    serveShipping()
    await openShipping()
    expect(document.querySelector('[data-estimate-vs-actual]')).toBeNull()
  }, 20_000)

  it('pays with the method, the route and a key, then goes to the gateway', async () => {
    const { pays } = serveShipping()
    await openShipping()
    fireEvent.click(method(/^航空包裹/))
    const card = within(screen.getByRole('group', { name: '信用卡 / 银行转账' }))
    fireEvent.click(card.getByRole('radio', { name: '信用卡' }))
    fireEvent.click(payButton())
    await waitFor(() => expect(goToGateway).toHaveBeenCalledWith(`${location.origin}/sandbox-pay/pay_7`))
    expect(pays).toEqual([
      {
        path: `/mall/package/expressPay/1/${PACKAGE_ID}`,
        key: expect.stringMatching(KEY),
        shippingMethodId: '4',
      },
    ])
    // the attempt is on disk before the shopper leaves, for the return page
    const saved = (await readStored(SAVED_SHIPPING_FEE)) as {
      snapshot: {
        value: unknown
        context: { payment: { paymentId: string }; payKey: string; methodId: number; step: string }
      }
    }
    expect(saved.snapshot.value).toBe('attempt')
    expect(saved.snapshot.context.step).toBe('redirecting')
    expect(saved.snapshot.context.payment.paymentId).toBe('pay_7')
    expect(saved.snapshot.context.payKey).toBe(pays[0]?.key)
    expect(saved.snapshot.context.methodId).toBe(4)
  }, 20_000)

  it('pays through the Japanese gateway and PayPal on their own paths', async () => {
    const { pays } = serveShipping()
    await openShipping()
    fireEvent.click(method(/^EMS/))
    const japanese = within(screen.getByRole('group', { name: 'SB Payment Service' }))
    fireEvent.click(japanese.getByRole('radio', { name: 'PayPay' }))
    fireEvent.click(payButton())
    await waitFor(() => expect(goToGateway).toHaveBeenCalledTimes(1))
    expect(pays.map(({ path, shippingMethodId }) => ({ path, shippingMethodId }))).toEqual([
      { path: `/mall/sb_pay/expressPay/3/${PACKAGE_ID}`, shippingMethodId: '1' },
    ])
  }, 20_000)

  it('finds the package by its id alone (a link without the application)', async () => {
    const { pays, state } = serveShipping()
    await openShipping(`/shipping?packageId=${PACKAGE_ID}`)
    expect(state.detailReads).toBe(0)
    fireEvent.click(method(/^EMS/))
    fireEvent.click(screen.getByRole('radio', { name: 'PayPal 账户' }))
    fireEvent.click(payButton())
    await waitFor(() => expect(goToGateway).toHaveBeenCalledTimes(1))
    expect(pays[0]?.path).toBe(`/mall/paypal/expressPay/${PACKAGE_ID}`)
  }, 20_000)

  it('a quote that fails to load says so (contact support) and loads again on Retry', async () => {
    const { state } = serveShipping({
      quote: (call) => (call === 1 ? failed(500, 'tariff table unavailable') : ok(OPTIONS)),
    })
    await renderApp(`/shipping?packageId=${PACKAGE_ID}&applyId=${APPLY_ID}`)
    const notice = await screen.findByText('运费加载失败，请联系客服', {}, { timeout: 8000 })
    const retry = within(notice.closest('[role="alert"]') as HTMLElement).getByRole('button', {
      name: '重试',
    })
    expect(screen.queryByRole('group', { name: '选择运输方式' })).toBeNull()
    fireEvent.click(retry)
    await screen.findByRole('group', { name: '选择运输方式' })
    expect(state.quoteReads).toBe(2)
    expect(screen.queryByText('运费加载失败，请联系客服')).toBeNull()
  }, 20_000)

  it('a method the server refuses says why and goes back to the choice; the next attempt has a new key', async () => {
    const { pays, state } = serveShipping({
      pay: (call) =>
        call === 1
          ? HttpResponse.json(
              {
                code: 409,
                msg: 'This package is above the maximum weight or size of this shipping method',
                data: { reason: 'aboveMaximum' },
              },
              { status: 409 },
            )
          : ok({ paymentId: 'pay_8', redirectUrl: `${location.origin}/sandbox-pay/pay_8` }),
    })
    await openShipping()
    fireEvent.click(method(/^航空包裹/))
    fireEvent.click(screen.getByRole('radio', { name: 'PayPal 账户' }))
    fireEvent.click(payButton())
    const alert = await screen.findByText(/不能用这种运输方式寄送/)
    expect(alert.textContent).toBe(
      '不能用这种运输方式寄送：包裹超过该运输方式的最大重量或尺寸。请选择其他运输方式。',
    )
    expect(goToGateway).not.toHaveBeenCalled()
    // the quote is read again, and the choice is open
    await waitFor(() => expect(state.quoteReads).toBe(2))
    await waitFor(() => expect(method(/^EMS/).disabled).toBe(false))
    fireEvent.click(method(/^EMS/))
    fireEvent.click(payButton())
    await waitFor(() => expect(goToGateway).toHaveBeenCalledWith(`${location.origin}/sandbox-pay/pay_8`))
    expect(pays.map((call) => call.shippingMethodId)).toEqual(['4', '1'])
    expect(pays[1]?.key).not.toBe(pays[0]?.key)
  }, 20_000)

  it('offline: says so and does not pay', async () => {
    const { pays } = serveShipping()
    await openShipping()
    fireEvent.click(method(/^EMS/))
    fireEvent.click(screen.getByRole('radio', { name: 'PayPal 账户' }))
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    try {
      window.dispatchEvent(new Event('offline'))
      expect(await screen.findByText('当前离线，联网后才能付款')).toBeTruthy()
      expect(payButton().disabled).toBe(true)
      expect(pays).toEqual([])
    } finally {
      online.mockRestore()
      window.dispatchEvent(new Event('online'))
    }
  }, 20_000)

  it('a package already paid says so', async () => {
    serveShipping({ pkg: { status: 4, shippingCost: 4_550, deadlineState: null } })
    await renderApp(`/shipping?packageId=${PACKAGE_ID}&applyId=${APPLY_ID}`)
    expect(await screen.findByText('运费已支付', {}, { timeout: 8000 })).toBeTruthy()
    expect(screen.getByRole('link', { name: '查看包裹' }).getAttribute('href')).toBe(
      `/package/product/${APPLY_ID}/${PACKAGE_ID}`,
    )
    expect(screen.queryByRole('button', { name: '支付运费' })).toBeNull()
  }, 20_000)

  it('a locked package points to its storage fees and cannot be paid', async () => {
    const { state } = serveShipping({ pkg: { status: 7, deadlineState: 'overdue' } })
    await renderApp(`/shipping?packageId=${PACKAGE_ID}`)
    expect(await screen.findByText('包裹已锁定', {}, { timeout: 8000 })).toBeTruthy()
    expect(screen.getByRole('link', { name: '支付仓储费' }).getAttribute('href')).toBe('/extra')
    expect(screen.queryByRole('button', { name: '支付运费' })).toBeNull()
    expect(state.quoteReads).toBe(0)
  }, 20_000)
})

import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import type { AddressDto } from '../../src/domain/address.ts'
import { shopDate } from '../../src/domain/dates.ts'
import { addDays, classifyDeadline } from '../../src/domain/deadlines.ts'
import type { OrderDto, OrderLineDto } from '../../src/domain/orders.ts'
import type {
  PackageApplyDto,
  PackageApplyRefusalData,
  PackageNotifyCountDto,
  ShippingEstimateDto,
  ShippingMethodEstimateDto,
} from '../../src/domain/packaging.ts'
import { dropPackaging } from '../../src/features/packaging/packaging-store.ts'
import { abortAllRequests } from '../../src/lib/api-client.ts'
import { flushSnapshotWrites } from '../../src/lib/persisted-snapshot.ts'
import { dismissAllToasts } from '../../src/lib/toast.ts'
import { failed, ok } from './support/catalog-fixtures.ts'
import { readStored, writeStored } from './support/indexed-db.ts'
import { server } from './support/msw-server.ts'
import { renderApp } from './support/render-app.tsx'
import { signIn, startupHandlers } from './support/signed-in.ts'

const today = () => shopDate(new Date()) ?? ''

function orderLine(productId: number, overrides: Partial<OrderLineDto> = {}): OrderLineDto {
  return {
    id: productId * 10,
    productId,
    productName: `商品 ${productId}`,
    jpProductName: `商品 ${productId} JP`,
    enProductName: `Product ${productId}`,
    imgUrl: null,
    barcode: `458000000000${productId}`,
    productType: 1,
    basePrice: 12800,
    unitPrice: 12800,
    quantity: 1,
    goods: 12800,
    total: 12800,
    deposit: 3840,
    balance: 8960,
    ...overrides,
  }
}

/** An order in 6 finalPay whose goods arrived `daysAgo` shop days ago, with its packaging deadline. */
function paidOrder(id: number, daysAgo: number, lines: OrderLineDto[] = [orderLine(id)]): OrderDto {
  const arrivedAt = addDays(today(), -daysAgo)
  const packagingDeadline = addDays(arrivedAt, 45)
  return {
    id,
    parentId: null,
    status: 6,
    createTime: '2026-08-01T01:30:00.000Z',
    payDueTime: null,
    modifyTime: '2026-10-01T01:30:00.000Z',
    goods: 12800,
    discount: 0,
    platformFee: 0,
    settlementFee: 0,
    deposit: 3840,
    balance: 8960,
    total: 12800,
    pointsHeld: 0,
    paidAmount: 12800,
    refundAmount: 0,
    remark: null,
    arrivedAt,
    balanceDue: addDays(arrivedAt, 30),
    packagingDeadline,
    forfeitAt: addDays(packagingDeadline, 16),
    lateFee: 0,
    deadlineState: classifyDeadline(packagingDeadline, today()).state,
    lines,
  }
}

function address(id: number, overrides: Partial<AddressDto> = {}): AddressDto {
  return {
    id,
    firstName: '樱',
    lastName: '木之本',
    nameEn: 'Sakura Kinomoto',
    telephone: '0912345678',
    postCode: '10001',
    country: '中国台湾',
    countryEn: null,
    province: '台北市',
    provinceEn: null,
    city: null,
    cityEn: null,
    district: null,
    districtEn: null,
    shopName: null,
    shopNameEn: null,
    address: `友枝町 ${id} 号`,
    addressEn: null,
    acquiescent: 0,
    isBill: 0,
    ...overrides,
  }
}

function method(
  methodId: number,
  overrides: Partial<ShippingMethodEstimateDto> = {},
): ShippingMethodEstimateDto {
  return {
    methodId,
    name: { zhCn: 'EMS', ja: 'EMS', en: 'EMS' },
    carrier: 'japanpost',
    tracked: true,
    fromFee: 1450,
    maxWeightG: 30_000,
    available: true,
    reason: null,
    ...overrides,
  }
}

/** EMS (¥1,450 from), an untracked small packet (¥350 from) and a surface parcel that does not reach the address. */
function threeMethods(): ShippingMethodEstimateDto[] {
  return [
    method(5),
    method(7, {
      name: { zhCn: '国际小包（空运）', ja: '小形包装物', en: 'Small packet' },
      tracked: false,
      fromFee: 350,
    }),
    method(8, {
      name: { zhCn: '船运包裹', ja: '船便', en: 'Surface parcel' },
      fromFee: null,
      available: false,
      reason: 'wrongAddress',
    }),
  ]
}

function application(id: number, orderIds: number[]): PackageApplyDto {
  return {
    id,
    createTime: new Date().toISOString(),
    status: 1,
    orderIds,
    lines: [],
    productCount: orderIds.length,
    barcodes: [],
    weightG: null,
    billedWeightG: null,
    arrivedAt: null,
    freeStorageUntil: null,
    shippingMethodId: null,
    remark: null,
    packageIds: [],
  }
}

interface Shop {
  orders?: OrderDto[]
  addresses?: AddressDto[]
  methods?: Record<number, ShippingMethodEstimateDto[]>
  /** Each method's estimate when orders are chosen (by method id; left out: none). */
  estimates?: Record<number, ShippingEstimateDto>
  notify?: PackageNotifyCountDto
  /** How the apply call answers: an application, or a 409 refusal. */
  answer?: (body: unknown) => Response
}

/** A signed-in shopper and the packaging calls; returns what the server heard. */
function serveShop(shop: Shop = {}) {
  signIn()
  const heard = {
    applies: [] as { body: unknown; key: string | null }[],
    methods: [] as string[],
    /** The estimate reads: `addressId|orderIds`. */
    estimates: [] as string[],
    notifyCounts: 0,
  }
  const notify = shop.notify ?? { applyCount: 0, applyOverCount: 0, count: 0, overCount: 0, badgeCount: 0 }
  server.use(
    ...startupHandlers,
    http.get('*/api/mall/user/checkToken', () => ok({ valid: true })),
    http.get('*/api/mall/package_apply/goods', () =>
      ok(shop.orders ?? [paidOrder(101, 10), paidOrder(102, 20)]),
    ),
    http.get('*/api/mall/address/list', () =>
      ok(shop.addresses ?? [address(1), address(2, { acquiescent: 1 })]),
    ),
    http.get('*/api/mall/package_apply/methods', ({ request }) => {
      const query = new URL(request.url).searchParams
      const addressId = query.get('addressId') ?? ''
      const orderIds = query.get('orderIds')
      const methods = shop.methods?.[Number(addressId)] ?? [method(5)]
      if (orderIds === null) {
        heard.methods.push(addressId)
        return ok(methods.map((each) => ({ ...each, estimate: null })))
      }
      heard.estimates.push(`${addressId}|${orderIds}`)
      return ok(methods.map((each) => ({ ...each, estimate: shop.estimates?.[each.methodId] ?? null })))
    }),
    http.get('*/api/mall/package_apply/notifyCount', () => {
      heard.notifyCounts += 1
      return ok(notify)
    }),
    http.post('*/api/mall/package_apply/apply', async ({ request }) => {
      const body = await request.json()
      heard.applies.push({ body, key: request.headers.get('Idempotency-Key') })
      return shop.answer ? shop.answer(body) : ok(application(31, (body as { orderIds: number[] }).orderIds))
    }),
    http.get('*/api/mall/package_apply/list', () => ok({ list: [], total: 0, pageNum: 1, pageSize: 30 })),
  )
  return heard
}

const refusal = (data: PackageApplyRefusalData, msg: string) =>
  HttpResponse.json({ code: 409, msg, data }, { status: 409 })

// The first page of a run also brings the texts and the page's code: give it time.
const findForm = async () =>
  (await screen.findByRole('form', { name: '打包申请' }, { timeout: 5000 })) as HTMLElement
const orderBox = (id: number) => screen.getByRole('checkbox', { name: `订单号 ${id}` }) as HTMLInputElement
const submitButton = () => screen.getByRole('button', { name: '提交打包申请' }) as HTMLButtonElement

const OWNER = 'customer:42'
const DRAFT_KEY = `snapshot:checkout:packaging:${OWNER}`

afterEach(async () => {
  abortAllRequests()
  dismissAllToasts()
  // the request is one per tab: the next test's shopper starts from nothing
  await dropPackaging(OWNER)
})

describe('request packaging', () => {
  it('sends a visitor to log in first', async () => {
    const { router } = await renderApp('/packaging')
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(router.state.location.search).toEqual({ redirectUrl: '/packaging' })
  })

  it('lists the orders waiting with products, barcodes, quantities, arrival and packaging deadline in words', async () => {
    serveShop({
      orders: [
        paidOrder(101, 10, [orderLine(7, { quantity: 2 }), orderLine(8)]),
        paidOrder(102, 44),
        paidOrder(103, 50),
      ],
    })
    await renderApp('/packaging')
    await findForm()
    expect(screen.getByRole('heading', { level: 1, name: '申请打包' })).toBeTruthy()
    expect(screen.getByText('共 3 个订单待打包')).toBeTruthy()

    const first = within(orderBox(101).closest('article') as HTMLElement)
    expect(first.getByText('商品 7')).toBeTruthy()
    expect(first.getByText('条码 4580000000007')).toBeTruthy()
    expect(first.getByText('数量 2')).toBeTruthy()
    expect(first.getByText('商品 8')).toBeTruthy()
    const arrived = addDays(today(), -10)
    expect(first.getByText('到货日期').nextElementSibling?.textContent).toBe(arrived)
    const deadline = first.getByText('申请打包截止日期').nextElementSibling as HTMLElement
    expect(deadline.textContent).toBe(`${addDays(arrived, 45)} · 还剩 35 天`)
    expect(deadline.closest('[data-state]')?.getAttribute('data-state')).toBe('onTime')

    const dueSoon = within(orderBox(102).closest('article') as HTMLElement)
    expect(dueSoon.getByText('申请打包截止日期').closest('[data-state]')?.getAttribute('data-state')).toBe(
      'dueSoon',
    )
    const overdue = within(orderBox(103).closest('article') as HTMLElement)
    const late = overdue.getByText('申请打包截止日期').nextElementSibling as HTMLElement
    expect(late.textContent).toContain('已逾期 5 天')
    expect(late.closest('[data-state]')?.getAttribute('data-state')).toBe('overdue')
    // nothing is chosen at first
    expect([101, 102, 103].map((id) => orderBox(id).checked)).toEqual([false, false, false])
  })

  it('sends the chosen orders, address, method and remark, then shows the application and what comes next', async () => {
    const heard = serveShop({
      methods: {
        2: [
          method(5),
          method(6, { name: { zhCn: 'DHL', ja: 'DHL', en: 'DHL' }, carrier: 'dhl', fromFee: 4200 }),
        ],
      },
    })
    const { router } = await renderApp('/packaging')
    await findForm()
    // the default address is chosen, and its methods read
    expect((screen.getByRole('radio', { name: /友枝町 2 号/ }) as HTMLInputElement).checked).toBe(true)
    await screen.findByRole('radio', { name: /DHL/ })
    expect(heard.methods).toEqual(['2'])
    expect(submitButton().disabled).toBe(true)
    expect(screen.getByText('请至少选择一个订单。')).toBeTruthy()

    fireEvent.click(orderBox(102))
    fireEvent.click(orderBox(101))
    expect(screen.getByText('已选 2 / 2 个订单')).toBeTruthy()
    fireEvent.click(screen.getByRole('radio', { name: /DHL/ }))
    fireEvent.change(screen.getByLabelText('备注（可选）'), { target: { value: '请合并成一箱' } })
    expect(screen.getByText('6 / 200 字')).toBeTruthy()
    const countsBefore = heard.notifyCounts
    fireEvent.click(submitButton())

    await waitFor(() => expect(router.state.location.pathname).toBe('/package-apply-success'), {
      timeout: 5000,
    })
    expect(heard.applies).toHaveLength(1)
    expect(heard.applies[0]?.body).toEqual({
      orderIds: [101, 102],
      addressId: 2,
      shippingMethodId: 6,
      remark: '请合并成一箱',
    })
    expect(heard.applies[0]?.key).toMatch(/\S/)
    expect(router.state.location.search).toEqual({ applyId: 31 })
    expect(await screen.findByText('打包申请已提交', {}, { timeout: 5000 })).toBeTruthy()
    expect(screen.getByText('31')).toBeTruthy()
    expect(screen.getByText(/7 天内支付/)).toBeTruthy()
    expect(screen.getByRole('link', { name: '查看打包记录' }).getAttribute('href')).toBe('/apply-packaging')
    expect(screen.getByRole('link', { name: '查看我的订单' }).getAttribute('href')).toBe('/order-list/list')
    // the badges are read again: the orders left the packaging count
    await waitFor(() => expect(heard.notifyCounts).toBeGreaterThan(countsBefore))
  })

  it('selects all and none with the buttons, never an order whose goods are forfeited', async () => {
    const forfeited = { ...paidOrder(103, 70), deadlineState: 'forfeited' as const }
    serveShop({ orders: [paidOrder(101, 10), paidOrder(102, 20), forfeited] })
    await renderApp('/packaging')
    await findForm()
    expect(orderBox(103).disabled).toBe(true)
    expect(
      within(orderBox(103).closest('article') as HTMLElement).getByText('货物已没收，不能申请打包'),
    ).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: '全选' }))
    expect([101, 102, 103].map((id) => orderBox(id).checked)).toEqual([true, true, false])
    expect(screen.getByText('已选 2 / 2 个订单')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: '全不选' }))
    expect([101, 102].map((id) => orderBox(id).checked)).toEqual([false, false])
  })

  it('explains the unpaid-fees refusal with the way to pay them', async () => {
    serveShop({
      answer: () =>
        refusal({ reason: 'unpaidFees', orderIds: [] }, 'You have unpaid extra fees; pay them first'),
    })
    const { router } = await renderApp('/packaging')
    await findForm()
    fireEvent.click(orderBox(101))
    await waitFor(() => expect(submitButton().disabled).toBe(false))
    fireEvent.click(submitButton())

    const notice = await screen.findByRole('alert')
    expect(notice.textContent).toContain('打包申请未能提交')
    expect(notice.textContent).toContain('你有未支付的额外费用，请先付清再申请打包。')
    expect(within(notice).getByRole('link', { name: '去支付额外费用' }).getAttribute('href')).toBe('/extra')
    expect(router.state.location.pathname).toBe('/packaging')
    // the draft stays as it was
    expect(orderBox(101).checked).toBe(true)
  })

  it('names the orders refused as forfeited and takes them out of the request', async () => {
    serveShop({
      answer: () => refusal({ reason: 'forfeited', orderIds: [102] }, 'Order 102 is forfeited'),
    })
    await renderApp('/packaging')
    await findForm()
    fireEvent.click(screen.getByRole('button', { name: '全选' }))
    await waitFor(() => expect(submitButton().disabled).toBe(false))
    fireEvent.click(submitButton())
    const notice = await screen.findByRole('alert')
    expect(notice.textContent).toContain('以下订单已超过打包期限，货物已被没收：102。已为你取消勾选。')
    expect(orderBox(102).checked).toBe(false)
    expect(orderBox(102).disabled).toBe(true)
    expect(orderBox(101).checked).toBe(true)
  })

  it('asks for a delivery address when the shopper has none, with the way to add one', async () => {
    const heard = serveShop({ addresses: [] })
    await renderApp('/packaging')
    await findForm()
    expect(screen.getByText('请添加收货地址')).toBeTruthy()
    expect(screen.getByRole('link', { name: '新增或管理收货地址' }).getAttribute('href')).toBe(
      '/address-manage',
    )
    fireEvent.click(orderBox(101))
    expect(submitButton().disabled).toBe(true)
    // no address, no methods to ask for
    expect(heard.methods).toEqual([])
    expect(screen.queryByRole('group', { name: '首选运输方式（可选）' })).toBeNull()
  })

  it('shows each method with carrier, tracking and its "from" fee, and disables one that cannot reach the address', async () => {
    const heard = serveShop({
      methods: {
        2: threeMethods(),
        1: [method(5, { fromFee: 3150 })],
      },
    })
    await renderApp('/packaging')
    await findForm()
    const methods = screen.getByRole('group', { name: '首选运输方式（可选）' })
    const ems = await within(methods).findByRole('radio', { name: /EMS/ })
    expect(ems.closest('label')?.textContent).toContain('日本邮政')
    expect(ems.closest('label')?.textContent).toContain('可追踪')
    expect(ems.closest('label')?.textContent).toContain('¥1,450 起')
    const small = within(methods).getByRole('radio', { name: /国际小包/ })
    expect(small.closest('label')?.textContent).toContain('无追踪')
    expect(small.closest('label')?.textContent).toContain('¥350 起')
    const surface = within(methods).getByRole('radio', { name: /船运包裹/ }) as HTMLInputElement
    expect(surface.disabled).toBe(true)
    expect(surface.closest('label')?.textContent).toContain('不寄往此地址')
    expect(surface.closest('label')?.textContent).not.toContain('起')
    expect((within(methods).getByRole('radio', { name: /暂不指定/ }) as HTMLInputElement).checked).toBe(true)
    expect(methods.textContent).toContain('运费在打包称重后按每个包裹报价')

    // another address reads its own estimates
    fireEvent.click(screen.getByRole('radio', { name: /友枝町 1 号/ }))
    await waitFor(() =>
      expect(within(methods).getByRole('radio', { name: /EMS/ }).closest('label')?.textContent).toContain(
        '¥3,150 起',
      ),
    )
    expect(heard.methods).toEqual(['2', '1'])
  })

  it('estimates each method’s fee for the chosen orders, labelled as an estimate with the packing allowance', async () => {
    const heard = serveShop({
      methods: {
        2: threeMethods(),
      },
      estimates: { 5: { billedWeightG: 1_250, fee: 2_200, allowanceG: 200 } },
    })
    await renderApp('/packaging')
    await findForm()
    const methods = screen.getByRole('group', { name: '首选运输方式（可选）' })
    await within(methods).findByRole('radio', { name: /EMS/ })
    // nothing chosen: nothing to estimate, and the page says how to get one
    expect(methods.textContent).toContain('选择订单后，这里显示各运输方式的预计运费。')
    expect(methods.textContent).not.toContain('预计运费 ¥')
    expect(heard.estimates).toEqual([])

    fireEvent.click(orderBox(102))
    fireEvent.click(orderBox(101))
    const ems = within(methods).getByRole('radio', { name: /EMS/ })
    await waitFor(() =>
      expect(ems.closest('label')?.textContent).toContain(
        '预计运费 ¥2,200（估算，按 1,250 g 计费，含包装 200 g）',
      ),
    )
    expect(heard.estimates.at(-1)).toBe('2|101,102')
    const small = within(methods).getByRole('radio', { name: /国际小包/ })
    expect(small.closest('label')?.textContent).toContain('暂无预计运费')
    // a method that does not reach the address says why, not an estimate
    const surface = within(methods).getByRole('radio', { name: /船运包裹/ })
    expect(surface.closest('label')?.textContent).not.toContain('预计运费')
    expect(surface.closest('label')?.textContent).not.toContain('暂无预计运费')
    // the methods themselves are read once for the address, not again for each choice of orders
    expect(heard.methods).toEqual(['2'])

    fireEvent.click(screen.getByRole('button', { name: '全不选' }))
    await waitFor(() => expect(methods.textContent).toContain('选择订单后，这里显示各运输方式的预计运费。'))
    expect(ems.closest('label')?.textContent).not.toContain('预计运费 ¥')
  })

  it('reminds of the orders waiting and of the storage fee past the deadline', async () => {
    serveShop({
      orders: [paidOrder(101, 10), paidOrder(102, 50)],
      notify: { applyCount: 5, applyOverCount: 2, count: 0, overCount: 0, badgeCount: 0 },
    })
    await renderApp('/packaging')
    await findForm()
    const overdue = await screen.findByText('2 个订单已超过打包期限')
    const overBanner = overdue.closest('[data-state]') as HTMLElement
    expect(overBanner.dataset.state).toBe('overdue')
    expect(overBanner.textContent).toContain(
      '超过期限后每天收取仓储费；逾期超过 15 天仍未申请打包，货物将被没收',
    )
    expect(within(overBanner).getByRole('link', { name: '查看仓储费' }).getAttribute('href')).toBe('/extra')
    const due = screen.getByText('3 个订单待申请打包').closest('[data-state]') as HTMLElement
    expect(due.textContent).toContain('请在到货后 45 天内申请打包')
  })

  it('says when nothing waits for packaging, with the way to the orders', async () => {
    serveShop({ orders: [] })
    await renderApp('/packaging')
    expect(await screen.findByText('没有待打包的订单', {}, { timeout: 5000 })).toBeTruthy()
    expect(screen.getByRole('link', { name: '查看我的订单' }).getAttribute('href')).toBe('/order-list/list')
    expect(screen.queryByRole('form', { name: '打包申请' })).toBeNull()
  })

  it('says when the orders cannot be read, and reads them again on retry', async () => {
    serveShop()
    let fail = true
    server.use(
      http.get('*/api/mall/package_apply/goods', () =>
        fail ? failed(500, 'database down') : ok([paidOrder(101, 10)]),
      ),
    )
    await renderApp('/packaging')
    expect(await screen.findByText('待打包的订单读取失败', {}, { timeout: 5000 })).toBeTruthy()
    fail = false
    fireEvent.click(screen.getByRole('button', { name: '重试' }))
    await findForm()
    expect(orderBox(101)).toBeTruthy()
  })

  it('keeps the draft through a reload', async () => {
    serveShop()
    await renderApp('/packaging')
    await findForm()
    fireEvent.click(orderBox(102))
    fireEvent.click(screen.getByRole('radio', { name: /友枝町 1 号/ }))
    fireEvent.change(screen.getByLabelText('备注（可选）'), { target: { value: '易碎品' } })
    await waitFor(() => expect(screen.getByText('3 / 200 字')).toBeTruthy())
    await flushSnapshotWrites()
    // a reload: the tab's request is gone, what IndexedDB holds stays
    const stored = await readStored(DRAFT_KEY)
    cleanup()
    await dropPackaging(OWNER)
    await writeStored(DRAFT_KEY, stored)

    await renderApp('/packaging')
    await findForm()
    await waitFor(() => expect(orderBox(102).checked).toBe(true))
    expect(orderBox(101).checked).toBe(false)
    expect((screen.getByRole('radio', { name: /友枝町 1 号/ }) as HTMLInputElement).checked).toBe(true)
    expect((screen.getByLabelText('备注（可选）') as HTMLTextAreaElement).value).toBe('易碎品')
  })
})

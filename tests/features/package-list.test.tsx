import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import { shopDate } from '../../src/domain/dates.ts'
import { addDays } from '../../src/domain/deadlines.ts'
import type { PackageDto, PackageNotifyCountDto, TrackingDto } from '../../src/domain/packaging.ts'
import { abortAllRequests } from '../../src/lib/api-client.ts'
import { dismissAllToasts } from '../../src/lib/toast.ts'
import { failed, ok, pageOf } from './support/catalog-fixtures.ts'
import { server } from './support/msw-server.ts'
import { renderApp } from './support/render-app.tsx'
import { signIn, startupHandlers } from './support/signed-in.ts'

afterEach(() => {
  abortAllRequests()
  dismissAllToasts()
})

const today = shopDate(new Date()) ?? ''

/** A package as the server sends it: packed 2 days ago, its fee due in 5, two lines inside. */
function packageOf(id: number, overrides: Partial<PackageDto> = {}): PackageDto {
  return {
    id,
    applyId: 12,
    packageNo: `P${2611250000 + id}`,
    status: 3,
    weightG: 1420,
    lengthMm: 300,
    widthMm: 200,
    heightMm: 150,
    billedWeightG: 1500,
    shippingMethodId: null,
    shippingCost: null,
    amount: 25_600,
    contents: [
      {
        lineId: id * 10 + 1,
        orderId: 41,
        productId: 7,
        productName: '初音未来 手办',
        jpProductName: '初音ミク フィギュア',
        enProductName: 'Hatsune Miku figure',
        barcode: '4580590123456',
        price: 12_800,
        requested: 2,
        actual: 2,
        remark: null,
      },
      {
        lineId: id * 10 + 2,
        orderId: 42,
        productId: 8,
        productName: '亚克力立牌',
        jpProductName: null,
        enProductName: 'Acrylic stand',
        barcode: '4580590654321',
        price: 1_500,
        requested: 3,
        actual: 2,
        remark: '一件破损，已退回',
      },
    ],
    trackingNo: null,
    carrier: null,
    freeStorageUntil: addDays(today, 5),
    feeDue: addDays(today, 5),
    deadlineState: 'onTime',
    createTime: '2026-11-23T02:00:00.000Z',
    address: {
      firstName: '樱',
      lastName: '木之本',
      nameEn: 'Sakura Kinomoto',
      telephone: '+852 5555 0101',
      postCode: '999077',
      country: '中国香港',
      province: null,
      city: '九龙',
      district: null,
      address: '弥敦道 1 号',
    },
    applyEstimate: null,
    ...overrides,
  }
}

/**
 * A signed-in shopper whose package list answers from `packages` (filtered by application, barcode,
 * package number and status). Returns what the list was asked.
 */
function servePackages(
  packages: PackageDto[],
  notify: Partial<PackageNotifyCountDto> = {},
): { heard: Record<string, string>[] } {
  signIn()
  const heard: Record<string, string>[] = []
  server.use(
    ...startupHandlers,
    http.get('*/api/mall/user/checkToken', () => ok({ valid: true })),
    http.get('*/api/mall/package_apply/notifyCount', () =>
      ok({ applyCount: 0, applyOverCount: 0, count: 0, overCount: 0, badgeCount: 0, ...notify }),
    ),
    http.get('*/api/mall/package/list', ({ request }) => {
      const params = Object.fromEntries(new URL(request.url).searchParams)
      heard.push(params)
      const matching = packages.filter(
        (pkg) =>
          (params.status === undefined || pkg.status === Number(params.status)) &&
          (params.applyId === undefined || pkg.applyId === Number(params.applyId)) &&
          (params.packageNo === undefined || pkg.packageNo.startsWith(params.packageNo)) &&
          (params.barcode === undefined || pkg.contents.some((line) => line.barcode === params.barcode)),
      )
      return ok(pageOf(matching, matching.length, Number(params.pageNum ?? 1), Number(params.pageSize ?? 30)))
    }),
  )
  return { heard }
}

const findCard = async (packageNo: string) =>
  (await screen.findByRole('article', { name: `包裹号 ${packageNo}` }, { timeout: 8000 })) as HTMLElement
const cardNames = () => screen.queryAllByRole('article').map((card) => card.querySelector('h2')?.textContent)
const factOf = (card: HTMLElement, fact: string) =>
  card.querySelector(`[data-fact="${fact}"] dd`)?.textContent ?? null
const filterForm = () => screen.getByRole('form', { name: '筛选包裹' })
const input = (label: string) => within(filterForm()).getByLabelText(label) as HTMLInputElement

describe('package list (/package)', () => {
  it('shows each package: number, application, status in words, weights, amounts, deadline and tracking', async () => {
    servePackages([
      packageOf(31),
      packageOf(32, { status: 4, shippingCost: 3_150, shippingMethodId: 1, deadlineState: null }),
      packageOf(33, {
        status: 5,
        shippingCost: 4_400,
        deadlineState: null,
        trackingNo: 'EJ123456785JP',
        carrier: 'japanpost',
      }),
      packageOf(34, { status: 7, deadlineState: 'overdue', feeDue: addDays(today, -20) }),
    ])
    await renderApp('/package/list')

    const unpaid = await findCard('P2611250031')
    expect(within(unpaid).getByText('已打包，待付运费').dataset.tone).toBe('waiting')
    expect(factOf(unpaid, 'applyId')).toBe('12')
    expect(factOf(unpaid, 'weight')).toBe('1.42 kg')
    expect(factOf(unpaid, 'billedWeight')).toBe('1.5 kg')
    expect(factOf(unpaid, 'amount')).toBe('¥25,600')
    expect(factOf(unpaid, 'items')).toBe('4')
    expect(factOf(unpaid, 'shippingCost')).toBeNull()
    expect(factOf(unpaid, 'feeDue')).toBe(`${addDays(today, 5)} · 还剩 5 天`)
    expect(unpaid.querySelector('[data-fact="feeDue"] [data-state]')?.getAttribute('data-state')).toBe(
      'onTime',
    )
    expect(within(unpaid).getByRole('link', { name: '支付运费' }).getAttribute('href')).toBe(
      '/shipping?packageId=31&applyId=12',
    )
    expect(within(unpaid).getByRole('link', { name: '查看详情' }).getAttribute('href')).toBe(
      '/package/product/12/31',
    )

    const paid = await findCard('P2611250032')
    expect(within(paid).getByText('待发货')).toBeTruthy()
    expect(factOf(paid, 'shippingCost')).toBe('¥3,150')
    expect(factOf(paid, 'feeDue')).toBeNull()
    expect(within(paid).queryByRole('link', { name: '支付运费' })).toBeNull()

    const shipped = await findCard('P2611250033')
    expect(within(shipped).getByText('已发货').dataset.tone).toBe('done')
    expect(factOf(shipped, 'trackingNo')).toBe('EJ123456785JP（日本邮政）')

    const locked = await findCard('P2611250034')
    expect(within(locked).getByText('打包锁定').dataset.tone).toBe('cancelled')
    expect(factOf(locked, 'feeDue')).toContain('已逾期 20 天')
    expect(within(locked).queryByRole('link', { name: '支付运费' })).toBeNull()
    expect(within(locked).getByRole('link', { name: '支付仓储费' }).getAttribute('href')).toBe('/extra')
  }, 20_000)

  it('sends the filters as the list’s query, and reset clears them', async () => {
    const { heard } = servePackages([
      packageOf(31),
      packageOf(32, { status: 4, applyId: 13, deadlineState: null }),
    ])
    await renderApp('/package/list')
    await findCard('P2611250031')
    expect(heard.at(-1)).toEqual({ pageNum: '1', pageSize: '30', language: 'zhCn' })

    const status = within(filterForm()).getByLabelText('包裹状态') as HTMLSelectElement
    expect([...status.options].map((option) => option.textContent)).toEqual([
      '全部状态',
      '已打包，待付运费',
      '待发货',
      '已发货',
      '物流已揽收',
    ])
    fireEvent.change(input('申请单号'), { target: { value: '13' } })
    fireEvent.change(input('商品条码'), { target: { value: '4580590123456' } })
    fireEvent.change(input('包裹号'), { target: { value: 'P26112500' } })
    fireEvent.change(status, { target: { value: '4' } })
    fireEvent.click(within(filterForm()).getByRole('button', { name: '查询' }))
    await waitFor(() => expect(cardNames()).toEqual(['包裹号 P2611250032']))
    expect(heard.at(-1)).toEqual({
      pageNum: '1',
      pageSize: '30',
      applyId: '13',
      barcode: '4580590123456',
      packageNo: 'P26112500',
      status: '4',
      language: 'zhCn',
    })

    fireEvent.click(within(filterForm()).getByRole('button', { name: '重置' }))
    await waitFor(() => expect(cardNames()).toHaveLength(2))
    // the unfiltered page may show from the router's cache at once; the list is read again behind it
    await waitFor(() => expect(heard.at(-1)).toEqual({ pageNum: '1', pageSize: '30', language: 'zhCn' }))
    expect(input('申请单号').value).toBe('')
  }, 20_000)

  it('an application number in the address (the packaging history’s link) fills the filter', async () => {
    const { heard } = servePackages([packageOf(31), packageOf(35, { applyId: 14 })])
    const { router } = await renderApp('/package?applyId=14')
    await findCard('P2611250035')
    expect(router.state.location.pathname).toBe('/package/list')
    expect(cardNames()).toEqual(['包裹号 P2611250035'])
    expect(heard.at(-1)?.applyId).toBe('14')
    expect(input('申请单号').value).toBe('14')
  }, 20_000)

  it('reminds of unpaid shipping fees, more strongly when overdue', async () => {
    servePackages([packageOf(31), packageOf(36, { deadlineState: 'overdue', feeDue: addDays(today, -2) })], {
      count: 3,
      overCount: 1,
    })
    await renderApp('/package/list')
    await findCard('P2611250031')
    const overdue = await screen.findByText('1 个包裹的运费已逾期')
    expect(overdue.closest('[data-state]')?.getAttribute('data-state')).toBe('overdue')
    expect(overdue.closest('[role="alert"]')?.textContent).toContain('包裹将被锁定')
    // the list shows its own figures first; the counts call (3 due, 1 overdue) may answer after it
    const due = await screen.findByText('2 个包裹待支付运费', {}, { timeout: 8000 })
    expect(due.closest('[data-state]')?.textContent).toContain('请在打包后 7 天内支付运费')
  }, 20_000)

  it('without packages says how they come; a failed load says so and tries again', async () => {
    servePackages([])
    await renderApp('/package/list')
    expect(await screen.findByText('还没有包裹', {}, { timeout: 8000 })).toBeTruthy()
    expect(screen.getByRole('link', { name: '去申请打包' }).getAttribute('href')).toBe('/packaging')
    expect(screen.queryByText(/待支付运费/)).toBeNull()
  }, 20_000)

  it('a list that fails to load offers a retry', async () => {
    servePackages([packageOf(31)])
    let calls = 0
    server.use(
      http.get('*/api/mall/package/list', () => {
        calls += 1
        return calls === 1 ? failed(500, 'database unavailable') : ok(pageOf([packageOf(31)]))
      }),
    )
    await renderApp('/package/list')
    expect(await screen.findByText('包裹加载失败', {}, { timeout: 8000 })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: '重试' }))
    await findCard('P2611250031')
  }, 20_000)
})

/** The package page's calls: the detail and its tracking. */
function serveDetail(pkg: PackageDto, tracking: TrackingDto | 'fails') {
  signIn()
  server.use(
    ...startupHandlers,
    http.get('*/api/mall/user/checkToken', () => ok({ valid: true })),
    http.get('*/api/mall/package/detail/:applyId/:boxId', ({ params }) =>
      Number(params.applyId) === pkg.applyId && Number(params.boxId) === pkg.id
        ? ok(pkg)
        : failed(404, 'package: not found'),
    ),
    http.get('*/api/mall/package/tracking/:packageId', () =>
      tracking === 'fails' ? failed(500, 'carrier unavailable') : ok(tracking),
    ),
  )
}

const noTracking: TrackingDto = { packageId: 31, trackingNo: null, carrier: null, url: null, shippedAt: null }

describe('package page (/package/product/{applyId}/{boxId})', () => {
  it('shows the package’s facts, contents and address, and awaits its tracking number while unpaid', async () => {
    serveDetail(packageOf(31), noTracking)
    await renderApp('/package/product/12/31')
    expect(await screen.findByRole('heading', { level: 1, name: '包裹 P2611250031' }, { timeout: 8000 }))
    const fact = (name: string) => document.querySelector(`[data-fact="${name}"] dd`)?.textContent
    expect(fact('freeStorageUntil')).toBe(`${addDays(today, 5)} · 还剩 5 天`)
    expect(fact('shippingCost')).toBe('待支付')
    expect(fact('weight')).toBe('1.42 kg')
    expect(fact('billedWeight')).toBe('1.5 kg')
    expect(fact('size')).toBe('30 × 20 × 15 cm')
    expect(fact('amount')).toBe('¥25,600')

    const contents = screen.getByRole('table', { name: '包裹内容' })
    const rows = within(contents)
      .getAllByRole('row')
      .map((row) => row.textContent)
    expect(rows[1]).toBe('初音未来 手办4580590123456¥12,80022-')
    expect(rows[2]).toBe('亚克力立牌4580590654321¥1,50032一件破损，已退回')
    expect(screen.getByText(/木之本 樱/)).toBeTruthy()
    expect(screen.getByText(/中国香港 九龙 弥敦道 1 号/)).toBeTruthy()

    expect(await screen.findByText('等待更新运单号')).toBeTruthy()
    expect(screen.getAllByRole('link', { name: '支付运费' })[0]?.getAttribute('href')).toBe(
      '/shipping?packageId=31&applyId=12',
    )
  }, 20_000)

  it('once shipped shows the number, the carrier and a link to its tracking page', async () => {
    const url =
      'https://trackings.post.japanpost.jp/services/srv/search/direct?reqCodeNo1=EJ123456785JP&locale=en'
    serveDetail(
      packageOf(31, {
        status: 5,
        shippingCost: 4_400,
        deadlineState: null,
        trackingNo: 'EJ123456785JP',
        carrier: 'japanpost',
      }),
      {
        packageId: 31,
        trackingNo: 'EJ123456785JP',
        carrier: 'japanpost',
        url,
        shippedAt: '2026-11-25T03:00:00Z',
      },
    )
    await renderApp('/package/product/12/31')
    const link = await screen.findByRole('link', { name: '到承运商网站查询物流' }, { timeout: 8000 })
    expect(link.getAttribute('href')).toBe(url)
    expect(link.getAttribute('target')).toBe('_blank')
    const tracking = screen.getByRole('heading', { name: '物流信息' }).closest('section') as HTMLElement
    expect(within(tracking).getByText('EJ123456785JP')).toBeTruthy()
    expect(within(tracking).getByText('日本邮政')).toBeTruthy()
    expect(document.querySelector('[data-fact="shippingCost"] dd')?.textContent).toBe('¥4,400')
    expect(screen.queryByRole('link', { name: '支付运费' })).toBeNull()
  }, 20_000)

  it('says when the tracking cannot be read, and reads it again on request', async () => {
    serveDetail(packageOf(31, { status: 5, trackingNo: 'EJ123456785JP', carrier: 'japanpost' }), 'fails')
    await renderApp('/package/product/12/31')
    expect(await screen.findByText('无法获取物流信息', {}, { timeout: 8000 })).toBeTruthy()
    server.use(
      http.get('*/api/mall/package/tracking/:packageId', () =>
        ok({ ...noTracking, trackingNo: 'EJ123456785JP', carrier: 'japanpost', url: null }),
      ),
    )
    const tracking = screen.getByRole('heading', { name: '物流信息' }).closest('section') as HTMLElement
    fireEvent.click(within(tracking).getByRole('button', { name: '重试' }))
    const link = await screen.findByRole('link', { name: '到承运商网站查询物流' })
    // without the server's link, the carrier's page for the number
    expect(link.getAttribute('href')).toContain('reqCodeNo1=EJ123456785JP')
  }, 20_000)

  it('a locked package says it waits for its storage fees; another shopper’s package is not found', async () => {
    serveDetail(
      packageOf(34, { status: 7, deadlineState: 'overdue', feeDue: addDays(today, -20) }),
      noTracking,
    )
    const { router } = await renderApp('/package/product/12/34')
    const banner = await screen.findByText('包裹已锁定', {}, { timeout: 8000 })
    expect(banner.closest('[data-state]')?.textContent).toContain('请先付清仓储费')
    expect(screen.getAllByRole('link', { name: '支付仓储费' })[0]?.getAttribute('href')).toBe('/extra')
    expect(screen.queryByRole('link', { name: '支付运费' })).toBeNull()

    await router.navigate({ to: '/package/product/$applyId/$boxId', params: { applyId: '12', boxId: '99' } })
    expect(await screen.findByText('找不到这个包裹')).toBeTruthy()
  }, 20_000)
})

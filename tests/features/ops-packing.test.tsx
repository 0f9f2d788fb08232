import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import type { PackageStatus } from '../../src/domain/package-status.ts'
import type {
  OpsPackageApplyDto,
  PackageApplyLineDto,
  PackageDto,
  PackBody,
} from '../../src/domain/packaging.ts'
import type { ShippingMethodAdminDto } from '../../src/domain/shipping-editor.ts'
import { abortAllRequests } from '../../src/lib/api-client.ts'
import { LANGUAGE_STORAGE_KEY } from '../../src/lib/i18n.ts'
import { dismissAllToasts } from '../../src/lib/toast.ts'
import { ok } from './support/catalog-fixtures.ts'
import { server } from './support/msw-server.ts'
import { renderApp } from './support/render-app.tsx'
import { signIn, startupHandlers } from './support/signed-in.ts'

afterEach(() => {
  abortAllRequests()
  dismissAllToasts()
})

function lineOf(id: number, name: string, orderId = 1001): PackageApplyLineDto {
  return {
    id,
    orderId,
    productId: 500 + id,
    productName: name,
    jpProductName: null,
    enProductName: null,
    barcode: `49000000000${id}`,
    quantity: 1,
    unitPrice: 12000,
    total: 12000,
  }
}

function applyOf(
  id: number,
  status: PackageStatus,
  overrides: Partial<OpsPackageApplyDto> = {},
): OpsPackageApplyDto {
  const lines = overrides.lines ?? [lineOf(11, '雷姆 手办'), lineOf(12, '拉姆 手办', 1002)]
  return {
    id,
    createTime: '2026-12-01T03:04:00.000Z',
    status,
    orderIds: [...new Set(lines.map((line) => line.orderId))],
    lines,
    productCount: lines.reduce((sum, line) => sum + line.quantity, 0),
    barcodes: lines.map((line) => line.barcode),
    weightG: null,
    billedWeightG: null,
    arrivedAt: '2026-11-20',
    freeStorageUntil: '2027-01-04',
    shippingMethodId: 1,
    remark: '请用气泡膜',
    packageIds: [],
    userId: 42,
    userEmail: 'sakura@example.com',
    address: {
      firstName: '樱',
      lastName: '木之本',
      nameEn: 'Sakura Kinomoto',
      telephone: '+886 912 345 678',
      postCode: '100',
      country: '中国台湾',
      city: '台北市',
      address: '中正区 1 号',
    },
    packages: [],
    ...overrides,
  }
}

function packageOf(
  id: number,
  applyId: number,
  lineIds: number[],
  overrides: Partial<PackageDto> = {},
): PackageDto {
  return {
    id,
    applyId,
    packageNo: `P2612${String(id).padStart(5, '0')}`,
    status: 3,
    weightG: 1234,
    lengthMm: 300,
    widthMm: 200,
    heightMm: 100,
    billedWeightG: 1250,
    shippingMethodId: null,
    shippingCost: null,
    amount: 12000,
    contents: lineIds.map((lineId) => ({
      lineId,
      orderId: 1001,
      productId: 500 + lineId,
      productName: lineId === 11 ? '雷姆 手办' : '拉姆 手办',
      jpProductName: null,
      enProductName: null,
      barcode: `49000000000${lineId}`,
      price: 12000,
      requested: 1,
      actual: 1,
      remark: null,
    })),
    trackingNo: null,
    carrier: null,
    freeStorageUntil: '2027-01-04',
    feeDue: '2026-12-12',
    deadlineState: 'onTime',
    createTime: '2026-12-05T03:04:00.000Z',
    address: {},
    applyEstimate: null,
    ...overrides,
  }
}

const ems: ShippingMethodAdminDto = {
  id: 1,
  code: 'ems',
  name: { zhCn: 'EMS', ja: 'EMS', en: 'EMS' },
  carrier: 'japanpost',
  minWeightG: 0,
  maxWeightG: 30000,
  sizeRule: 'ems',
  billingRule: 'actual',
  stepG: 0,
  tracked: true,
  active: true,
  sortOrder: 1,
  note: null,
  destinations: [{ country: '中国台湾', zone: 1, available: true }],
  rates: [{ zone: 1, upToG: 500, fee: 1450 }],
}

function operator() {
  signIn({ sub: '7', sid: 'session-op', kind: 'operator', role: null, nickname: '店长', wechat: 'other' })
  server.use(
    ...startupHandlers,
    http.get('*/api/mall/user/checkToken', () => ok({ valid: true })),
    http.get('*/api/ops/shipping-methods', () => ok({ methods: [ems] })),
  )
}

/** Serves GET /api/ops/package-applies by status ('' for all), recording each query. */
function serveQueue(byStatus: Record<string, OpsPackageApplyDto[]>) {
  const queries: Record<string, string>[] = []
  server.use(
    http.get('*/api/ops/package-applies', ({ request }) => {
      const query = Object.fromEntries(new URL(request.url).searchParams)
      queries.push(query)
      const all = byStatus[query.status ?? ''] ?? []
      const list = query.keyword ? all.filter((apply) => apply.userEmail === query.keyword) : all
      return ok({ list, total: list.length, pageNum: 1, pageSize: Number(query.pageSize) })
    }),
  )
  return queries
}

/** Serves one request's detail as `state.apply` stands. */
function serveApply(initial: OpsPackageApplyDto) {
  const state = { apply: initial, reads: 0 }
  server.use(
    http.get(`*/api/ops/package-applies/${initial.id}`, () => {
      state.reads += 1
      return ok(state.apply)
    }),
  )
  return state
}

async function open(path: string) {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, 'zhCn')
  return renderApp(path)
}

/** The first wait on a page: its lazy chunk comes first. */
const pageLoad = { timeout: 5000 }

describe('packing queue', () => {
  it('lists the requests oldest first with shopper, counts, destination and method, from the menu', async () => {
    operator()
    const queries = serveQueue({
      '1': [
        applyOf(31, 1, { createTime: '2026-12-02T03:04:00.000Z', userEmail: 'later@example.com' }),
        applyOf(30, 1),
      ],
    })
    server.use(http.get('*/api/ops/orders', () => ok({ list: [], total: 0, pageNum: 1, pageSize: 30 })))
    const { router } = await open('/ops/orders')
    const nav = await screen.findByRole('navigation', { name: '后台菜单' }, pageLoad)
    fireEvent.click(within(nav).getByRole('link', { name: '打包队列' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/ops/packing'))

    const table = await screen.findByRole('table', { name: '打包申请' }, pageLoad)
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual(['30', '31'])
    const cells = within(rows[0] as HTMLElement)
      .getAllByRole('cell')
      .map((cell) => cell.textContent)
    expect(cells).toEqual([
      '30',
      'sakura@example.com用户 ID 42',
      '2026-12-01 12:04',
      '2',
      '2',
      '中国台湾',
      'EMS',
      '待出库',
    ])
    expect(queries.at(-1)).toEqual({ status: '1', pageNum: '1', pageSize: '30' })

    fireEvent.click(within(table).getByRole('link', { name: '处理申请 30' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/ops/packing/30'))
  })

  it('filters by status and keyword', async () => {
    operator()
    const queries = serveQueue({
      '1': [applyOf(30, 1)],
      '2': [applyOf(29, 2)],
      '': [applyOf(29, 2), applyOf(30, 1)],
    })
    await open('/ops/packing')
    await screen.findByRole('table', { name: '打包申请' }, pageLoad)
    const filters = screen.getByRole('form', { name: '筛选打包申请' })

    fireEvent.change(within(filters).getByLabelText('申请状态'), { target: { value: '2' } })
    await waitFor(() => expect(queries.at(-1)?.status).toBe('2'))
    const table = await screen.findByRole('table', { name: '打包申请' })
    await waitFor(() => expect(within(table).getByRole('link', { name: '处理申请 29' })).toBeTruthy())
    expect(within(table).queryByRole('link', { name: '处理申请 30' })).toBeNull()

    fireEvent.change(within(filters).getByLabelText('申请状态'), { target: { value: '' } })
    fireEvent.change(within(filters).getByLabelText('申请号 / 邮箱 / JAN 条码'), {
      target: { value: ' nobody@example.com ' },
    })
    fireEvent.click(within(filters).getByRole('button', { name: '搜索' }))
    expect(await screen.findByText('没有符合条件的打包申请')).toBeTruthy()
    expect(queries.at(-1)).toEqual({ keyword: 'nobody@example.com', pageNum: '1', pageSize: '30' })
  })
})

describe('a request: picking', () => {
  it('shows the address, method and remark, and enables “picked” only once every line is ticked', async () => {
    operator()
    const served = serveApply(applyOf(30, 1))
    const posted: string[] = []
    server.use(
      http.post('*/api/ops/package-applies/30/picked', () => {
        posted.push('picked')
        served.apply = applyOf(30, 2)
        return ok(served.apply)
      }),
    )
    await open('/ops/packing/30')
    expect(await screen.findByRole('heading', { name: '打包申请 30' }, pageLoad)).toBeTruthy()
    expect(screen.getByText(/木之本 樱 · \+886 912 345 678/)).toBeTruthy()
    expect(screen.getByText(/中国台湾 台北市 中正区 1 号/)).toBeTruthy()
    const facts = screen.getByRole('region', { name: '申请信息' })
    const fact = (label: string) => within(facts).getByText(label).nextElementSibling?.textContent
    await waitFor(() => expect(fact('首选运输方式')).toBe('EMS'))
    expect(fact('备注')).toBe('请用气泡膜')

    const picked = () => screen.getByRole('button', { name: '标记已拣货' }) as HTMLButtonElement
    expect(picked().disabled).toBe(true)
    fireEvent.click(screen.getByRole('checkbox', { name: '已拣：雷姆 手办（条码 4900000000011）' }))
    expect(picked().disabled).toBe(true)
    expect(screen.getByText('已勾选 1 / 2 行')).toBeTruthy()

    // the second line by its barcode, as a scanner types it
    const scan = screen.getByRole('form', { name: '扫码勾选' })
    fireEvent.change(within(scan).getByLabelText('JAN 条码'), { target: { value: '4900000000099' } })
    fireEvent.click(within(scan).getByRole('button', { name: '勾选' }))
    expect(await within(scan).findByText('本申请中没有条码为 4900000000099 的商品')).toBeTruthy()
    fireEvent.change(within(scan).getByLabelText('JAN 条码'), { target: { value: '4900000000012' } })
    fireEvent.click(within(scan).getByRole('button', { name: '勾选' }))
    expect(await within(scan).findByText('已勾选：拉姆 手办')).toBeTruthy()
    expect(
      (screen.getByRole('checkbox', { name: '已拣：拉姆 手办（条码 4900000000012）' }) as HTMLInputElement)
        .checked,
    ).toBe(true)
    expect(picked().disabled).toBe(false)
    fireEvent.click(picked())

    expect(await screen.findByText('申请 30 已标记为已拣货，可以打包了。')).toBeTruthy()
    expect(posted).toEqual(['picked'])
    expect(await screen.findByRole('button', { name: '打包' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: '标记已拣货' })).toBeNull()
  })

  it('says so when someone else moved the request meanwhile', async () => {
    operator()
    serveApply(applyOf(30, 1, { lines: [lineOf(11, '雷姆 手办')] }))
    server.use(
      http.post('*/api/ops/package-applies/30/picked', () =>
        HttpResponse.json(
          { code: 409, msg: 'apply: is in status 2, not 1', data: { status: 2 } },
          { status: 409 },
        ),
      ),
    )
    await open('/ops/packing/30')
    fireEvent.click(await screen.findByRole('checkbox', { name: /雷姆 手办/ }, pageLoad))
    fireEvent.click(screen.getByRole('button', { name: '标记已拣货' }))
    expect(await screen.findByText('现在的状态是“已出库”，不能进行此操作。')).toBeTruthy()
  })

  it('shows “not found” for an unknown or malformed id', async () => {
    operator()
    server.use(
      http.get('*/api/ops/package-applies/77', () =>
        HttpResponse.json({ code: 404, msg: 'not found', data: null }, { status: 404 }),
      ),
    )
    await open('/ops/packing/77')
    expect(await screen.findByText('找不到这个打包申请', {}, pageLoad)).toBeTruthy()
  })
})

describe('a request: packing', () => {
  /** Serves POST …/pack, recording bodies; answers with `answer` or two packages. */
  function servePack(served: { apply: OpsPackageApplyDto }, answer?: () => Response) {
    const bodies: PackBody[] = []
    server.use(
      http.post('*/api/ops/package-applies/30/pack', async ({ request }) => {
        const body = (await request.json()) as PackBody
        bodies.push(body)
        if (answer) return answer()
        const packages = body.boxes.map((box, index) =>
          packageOf(900 + index, 30, box.lineIds, {
            weightG: box.weightG,
            lengthMm: box.lengthMm,
            widthMm: box.widthMm,
            heightMm: box.heightMm,
            billedWeightG: Math.ceil(box.weightG / 500) * 500,
          }),
        )
        served.apply = applyOf(30, 3, { packages, packageIds: packages.map((each) => each.id) })
        return ok({ apply: served.apply, packages })
      }),
    )
    return bodies
  }

  async function openPackDialog() {
    await open('/ops/packing/30')
    fireEvent.click(await screen.findByRole('button', { name: '打包' }, pageLoad))
    return screen.getByRole('dialog', { name: '打包申请 30' })
  }

  function measure(dialog: HTMLElement, box: number, values: [string, string, string, string]) {
    const group = within(dialog).getByRole('group', { name: `箱子 ${box}` })
    const labels = ['重量', '长', '宽', '高']
    labels.forEach((label, index) => {
      fireEvent.change(within(group).getByLabelText(label), { target: { value: values[index] } })
    })
  }

  const boxOf = (dialog: HTMLElement, name: string) =>
    within(dialog).getByRole('combobox', { name: new RegExp(`^${name}`) }) as HTMLSelectElement

  it('refuses an unassigned line and an empty box without asking, then sends the boxes as chosen', async () => {
    operator()
    const served = serveApply(applyOf(30, 2))
    const bodies = servePack(served)
    const dialog = await openPackDialog()

    fireEvent.click(within(dialog).getByRole('button', { name: '添加箱子' }))
    // two lines: no third box
    expect((within(dialog).getByRole('button', { name: '添加箱子' }) as HTMLButtonElement).disabled).toBe(
      true,
    )
    measure(dialog, 1, ['1234', '300', '200', '100'])
    measure(dialog, 2, ['800', '250', '200', '150'])
    const box1 = within(dialog).getByRole('group', { name: '箱子 1' })
    fireEvent.change(boxOf(dialog, '雷姆 手办'), {
      target: { value: boxOf(dialog, '雷姆 手办').options[1]?.value },
    })
    fireEvent.click(within(dialog).getByRole('button', { name: '确认打包' }))

    const alert = await within(dialog).findByRole('alert')
    expect(within(alert).getByText('还有 1 个商品行没有放入箱子')).toBeTruthy()
    expect(within(alert).getByText('箱子 2 是空的：请放入商品行或删除它')).toBeTruthy()
    expect(boxOf(dialog, '拉姆 手办').getAttribute('aria-invalid')).toBe('true')
    expect(bodies).toEqual([])

    fireEvent.change(boxOf(dialog, '拉姆 手办'), {
      target: { value: boxOf(dialog, '拉姆 手办').options[2]?.value },
    })
    expect(within(box1).getByText('1 个商品行 · 体积重 1,200 g')).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: '确认打包' }))

    expect(await screen.findByText('已打包成 2 个包裹：P261200900、P261200901。')).toBeTruthy()
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(bodies).toEqual([
      {
        boxes: [
          { weightG: 1234, lengthMm: 300, widthMm: 200, heightMm: 100, lineIds: [11] },
          { weightG: 800, lengthMm: 250, widthMm: 200, heightMm: 150, lineIds: [12] },
        ],
      },
    ])
    const packages = await screen.findByRole('table', { name: '申请的包裹' })
    const rows = within(packages).getAllByRole('row').slice(1)
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['P261200900', '已打包，待付运费', '1,234 g', '300 × 200 × 100 mm', '1,500 g', '雷姆 手办 × 1', '—'],
      ['P261200901', '已打包，待付运费', '800 g', '250 × 200 × 150 mm', '1,000 g', '拉姆 手办 × 1', '—'],
    ])
  })

  it('checks every measure is a whole number in range, and puts the unassigned lines in a box at once', async () => {
    operator()
    const served = serveApply(applyOf(30, 2))
    const bodies = servePack(served)
    const dialog = await openPackDialog()
    measure(dialog, 1, ['0', '300', '3001', '1.5'])
    fireEvent.click(within(dialog).getByRole('button', { name: '未分配的商品行放入箱子 1' }))
    fireEvent.click(within(dialog).getByRole('button', { name: '确认打包' }))
    const group = within(dialog).getByRole('group', { name: '箱子 1' })
    expect(await within(group).findByText('重量须为 1 到 70000 克的整数')).toBeTruthy()
    expect(within(group).getAllByText('尺寸须为 1 到 3000 毫米的整数')).toHaveLength(2)
    expect(bodies).toEqual([])

    measure(dialog, 1, ['2000', '300', '300', '150'])
    fireEvent.click(within(dialog).getByRole('button', { name: '确认打包' }))
    await waitFor(() => expect(bodies).toHaveLength(1))
    expect(bodies[0]?.boxes).toEqual([
      { weightG: 2000, lengthMm: 300, widthMm: 300, heightMm: 150, lineIds: [11, 12] },
    ])
  })

  it('shows the server’s refusal of a box next to it, and a status refusal in the dialog', async () => {
    operator()
    const served = serveApply(applyOf(30, 2))
    let reply = 0
    servePack(served, () => {
      reply += 1
      if (reply === 1) {
        const message = 'must be a whole number of grams from 1 to 70000'
        return HttpResponse.json(
          {
            code: 400,
            msg: `boxes.0.weightG: ${message}`,
            data: { fields: [{ field: 'boxes.0.weightG', message }] },
          },
          { status: 400 },
        )
      }
      return HttpResponse.json(
        { code: 409, msg: 'apply: is in status 3, not 2', data: { status: 3 } },
        { status: 409 },
      )
    })
    const dialog = await openPackDialog()
    measure(dialog, 1, ['1000', '300', '300', '150'])
    fireEvent.click(within(dialog).getByRole('button', { name: '未分配的商品行放入箱子 1' }))
    fireEvent.click(within(dialog).getByRole('button', { name: '确认打包' }))
    const group = within(dialog).getByRole('group', { name: '箱子 1' })
    expect(await within(group).findByText('重量须为 1 到 70000 克的整数')).toBeTruthy()

    fireEvent.click(within(dialog).getByRole('button', { name: '确认打包' }))
    expect(await within(dialog).findByText('现在的状态是“已打包，待付运费”，不能进行此操作。')).toBeTruthy()
  })
})

import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import type { PackageStatus } from '../../src/domain/package-status.ts'
import type { OpsPackageDto, ShipBody } from '../../src/domain/packaging.ts'
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

function methodOf(
  id: number,
  code: string,
  carrier: 'japanpost' | 'dhl',
  name: string,
): ShippingMethodAdminDto {
  return {
    id,
    code,
    name: { zhCn: name, ja: name, en: name },
    carrier,
    minWeightG: 0,
    maxWeightG: 30000,
    sizeRule: carrier === 'dhl' ? 'none' : 'ems',
    billingRule: carrier === 'dhl' ? 'volumetric' : 'actual',
    stepG: carrier === 'dhl' ? 500 : 0,
    tracked: true,
    active: true,
    sortOrder: id,
    note: null,
    destinations: [],
    rates: [],
  }
}

const METHODS = [methodOf(1, 'ems', 'japanpost', 'EMS'), methodOf(6, 'dhl', 'dhl', 'DHL Express')]

function packageOf(id: number, status: PackageStatus, overrides: Partial<OpsPackageDto> = {}): OpsPackageDto {
  return {
    id,
    applyId: 30,
    packageNo: `P2612${String(id).padStart(5, '0')}`,
    status,
    weightG: 1234,
    lengthMm: 300,
    widthMm: 200,
    heightMm: 100,
    billedWeightG: 1250,
    shippingMethodId: 1,
    shippingCost: 3400,
    amount: 12000,
    contents: [],
    trackingNo: null,
    carrier: null,
    freeStorageUntil: '2027-01-04',
    feeDue: '2026-12-12',
    deadlineState: null,
    createTime: '2026-12-05T03:04:00.000Z',
    address: {},
    userId: 42,
    userEmail: 'sakura@example.com',
    shippingMethodName: { zhCn: 'EMS', ja: 'EMS', en: 'EMS' },
    applyEstimate: null,
    ...overrides,
  }
}

function operator() {
  signIn({ sub: '7', sid: 'session-op', kind: 'operator', role: null, nickname: '店长', wechat: 'other' })
  server.use(
    ...startupHandlers,
    http.get('*/api/mall/user/checkToken', () => ok({ valid: true })),
    http.get('*/api/ops/shipping-methods', () => ok({ methods: METHODS })),
  )
}

/** Serves GET /api/ops/packages from `state.list` filtered by status, recording each query. */
function servePackages(list: OpsPackageDto[]) {
  const state = { list, queries: [] as Record<string, string>[] }
  server.use(
    http.get('*/api/ops/packages', ({ request }) => {
      const query = Object.fromEntries(new URL(request.url).searchParams)
      state.queries.push(query)
      const found = state.list.filter(
        (pkg) =>
          (query.status === undefined || pkg.status === Number(query.status)) &&
          (query.keyword === undefined || pkg.packageNo === query.keyword),
      )
      return ok({ list: found, total: found.length, pageNum: 1, pageSize: Number(query.pageSize) })
    }),
  )
  return state
}

/** Serves POST …/ship: valid → the package shipped (in `state.list` too); else `refuse`. */
function serveShip(state: { list: OpsPackageDto[] }, refuse?: () => Response) {
  const bodies: ShipBody[] = []
  server.use(
    http.post('*/api/ops/packages/:id/ship', async ({ params, request }) => {
      const body = (await request.json()) as ShipBody
      bodies.push(body)
      if (refuse) return refuse()
      const shipped = { ...(state.list.find((pkg) => pkg.id === Number(params.id)) as OpsPackageDto) }
      Object.assign(shipped, { status: 5, trackingNo: body.trackingNo, carrier: body.carrier })
      state.list = state.list.map((pkg) => (pkg.id === shipped.id ? shipped : pkg))
      return ok(shipped)
    }),
  )
  return bodies
}

async function open(path: string) {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, 'zhCn')
  return renderApp(path)
}

/** The first wait on a page: its lazy chunk comes first. */
const pageLoad = { timeout: 5000 }
const packagesTable = () => screen.findByRole('table', { name: '包裹列表' }, pageLoad)
const rowOf = (table: HTMLElement, packageNo: string) =>
  within(table).getByText(packageNo).closest('tr') as HTMLElement

describe('packages list', () => {
  it('lists fee, method, weights and tracking, and filters by status', async () => {
    operator()
    const state = servePackages([
      packageOf(901, 4),
      packageOf(902, 5, {
        trackingNo: '3318810025',
        carrier: 'dhl',
        shippingMethodId: 6,
        shippingMethodName: { zhCn: 'DHL Express', ja: 'DHL Express', en: 'DHL Express' },
        shippingCost: 5200,
      }),
      packageOf(903, 3, { shippingMethodId: null, shippingMethodName: null, shippingCost: null }),
    ])
    await open('/ops/packages')
    const table = await packagesTable()
    expect(
      within(rowOf(table, 'P261200902'))
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'P261200902申请 30',
      'sakura@example.com用户 ID 42',
      '已发货',
      'DHL Express',
      '¥5,200',
      '1,234 g / 1,250 g300 × 200 × 100 mm',
      '3318810025DHL',
      '标记已揽收',
    ])
    const link = within(rowOf(table, 'P261200902')).getByRole('link', { name: '3318810025' })
    expect(link.getAttribute('href')).toContain('tracking-id=3318810025')
    expect(within(rowOf(table, 'P261200903')).getAllByRole('cell')[4]?.textContent).toBe('—')
    expect(
      within(rowOf(table, 'P261200901')).getByRole('button', { name: '发货：包裹 P261200901' }),
    ).toBeTruthy()
    expect(within(rowOf(table, 'P261200903')).queryByRole('button')).toBeNull()

    const filters = screen.getByRole('form', { name: '筛选包裹' })
    fireEvent.change(within(filters).getByLabelText('包裹状态'), { target: { value: '4' } })
    await waitFor(() => expect(state.queries.at(-1)).toEqual({ status: '4', pageNum: '1', pageSize: '30' }))
    await waitFor(() => expect(screen.queryByText('P261200902')).toBeNull())
    const filtered = await packagesTable()
    expect(within(filtered).getByText('P261200901')).toBeTruthy()
    expect(within(filtered).queryByText('P261200903')).toBeNull()
  })
})

describe('shipping a package', () => {
  it('presets the paid method’s carrier, says a wrong check digit at once and sends nothing invalid', async () => {
    operator()
    const state = servePackages([packageOf(901, 4, { shippingMethodId: 6, shippingMethodName: null })])
    const bodies = serveShip(state)
    await open('/ops/packages')
    const table = await packagesTable()
    fireEvent.click(within(table).getByRole('button', { name: '发货：包裹 P261200901' }))
    const dialog = screen.getByRole('dialog', { name: '发货：包裹 P261200901' })
    const carrier = within(dialog).getByLabelText('承运商') as HTMLSelectElement
    expect(carrier.value).toBe('dhl')
    const number = within(dialog).getByLabelText('运单号') as HTMLInputElement

    // a complete DHL number whose last digit is not the first nine mod 7
    fireEvent.change(number, { target: { value: '3318810010' } })
    expect(within(dialog).getByText('校验位不符，请核对运单号')).toBeTruthy()
    expect(number.getAttribute('aria-invalid')).toBe('true')
    fireEvent.click(within(dialog).getByRole('button', { name: '确认发货' }))
    expect(bodies).toEqual([])

    // a Japan Post number under the DHL carrier is not its shape; under Japan Post it checks out
    fireEvent.change(number, { target: { value: 'ej123456785jp' } })
    fireEvent.click(within(dialog).getByRole('button', { name: '确认发货' }))
    expect(await within(dialog).findByText('DHL 运单号为 10 位数字')).toBeTruthy()
    expect(bodies).toEqual([])
    fireEvent.change(carrier, { target: { value: 'japanpost' } })
    expect(within(dialog).queryByText(/运单号为/)).toBeNull()
    fireEvent.click(within(dialog).getByRole('button', { name: '确认发货' }))

    expect(await screen.findByText('包裹 P261200901 已发货，运单号 EJ123456785JP。')).toBeTruthy()
    expect(bodies).toEqual([{ carrier: 'japanpost', trackingNo: 'EJ123456785JP' }])
    expect(screen.queryByRole('dialog')).toBeNull()
    await waitFor(() =>
      expect(within(rowOf(table, 'P261200901')).getByRole('link', { name: 'EJ123456785JP' })).toBeTruthy(),
    )
  })

  it('says an invalid Japan Post check digit before sending, and shows the server’s refusal of the number', async () => {
    operator()
    const state = servePackages([packageOf(901, 4)])
    const message = 'is not a valid tracking number for this carrier'
    const bodies = serveShip(state, () =>
      HttpResponse.json(
        { code: 400, msg: `trackingNo: ${message}`, data: { fields: [{ field: 'trackingNo', message }] } },
        { status: 400 },
      ),
    )
    await open('/ops/packages')
    const table = await packagesTable()
    fireEvent.click(within(table).getByRole('button', { name: '发货：包裹 P261200901' }))
    const dialog = screen.getByRole('dialog', { name: '发货：包裹 P261200901' })
    expect((within(dialog).getByLabelText('承运商') as HTMLSelectElement).value).toBe('japanpost')
    const number = within(dialog).getByLabelText('运单号')
    fireEvent.change(number, { target: { value: 'EJ123456789JP' } })
    expect(within(dialog).getByText('校验位不符，请核对运单号')).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: '确认发货' }))
    expect(bodies).toEqual([])

    fireEvent.change(number, { target: { value: 'CD126430535JP' } })
    fireEvent.click(within(dialog).getByRole('button', { name: '确认发货' }))
    expect(await within(dialog).findByText('运单号与承运商的格式或校验位不符')).toBeTruthy()
    expect(bodies).toEqual([{ carrier: 'japanpost', trackingNo: 'CD126430535JP' }])
  })

  it('marks a shipped package as taken over by the carrier after asking', async () => {
    operator()
    const state = servePackages([packageOf(902, 5, { trackingNo: 'EJ123456785JP', carrier: 'japanpost' })])
    const posted: number[] = []
    server.use(
      http.post('*/api/ops/packages/:id/delivered', ({ params }) => {
        posted.push(Number(params.id))
        const done = { ...(state.list[0] as OpsPackageDto), status: 9 as const }
        state.list = [done]
        return ok(done)
      }),
    )
    await open('/ops/packages')
    const table = await packagesTable()
    fireEvent.click(within(table).getByRole('button', { name: '标记已揽收：包裹 P261200902' }))
    const dialog = screen.getByRole('dialog', { name: '标记为物流已揽收？' })
    fireEvent.click(within(dialog).getByRole('button', { name: '确认已揽收' }))
    expect(await screen.findByText('包裹 P261200902 已标记为物流已揽收。')).toBeTruthy()
    expect(posted).toEqual([902])
    await waitFor(() => expect(within(rowOf(table, 'P261200902')).getByText('物流已揽收')).toBeTruthy())
  })
})

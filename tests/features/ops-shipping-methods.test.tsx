import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import type { ShippingMethodAdminDto, ShippingMethodsDto } from '../../src/domain/shipping-editor.ts'
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
  destinations: [
    { country: '中国台湾', zone: 1, available: true },
    { country: '美国', zone: 4, available: false },
  ],
  rates: [
    { zone: 1, upToG: 1000, fee: 2200 },
    { zone: 1, upToG: 500, fee: 1450 },
    { zone: 4, upToG: 500, fee: 3900 },
  ],
}

const dhl: ShippingMethodAdminDto = {
  ...ems,
  id: 6,
  code: 'dhl',
  name: { zhCn: 'DHL 快递', ja: 'DHL Express', en: 'DHL Express' },
  carrier: 'dhl',
  sizeRule: 'none',
  billingRule: 'volumetric',
  stepG: 500,
  sortOrder: 6,
  destinations: [{ country: '美国', zone: 4, available: true }],
  rates: [{ zone: 4, upToG: 500, fee: 4000 }],
}

function operator() {
  signIn({ sub: '7', sid: 'session-op', kind: 'operator', role: null, nickname: '店长', wechat: 'other' })
  server.use(
    ...startupHandlers,
    http.get('*/api/mall/user/checkToken', () => ok({ valid: true })),
  )
}

/** Serves GET and PUT /api/ops/shipping-methods: a PUT replaces the methods it names, unless `refuse`. */
function serveMethods(refuse?: () => Response) {
  const state: ShippingMethodsDto & { puts: { methods: ShippingMethodAdminDto[] }[] } = {
    methods: [ems, dhl],
    puts: [],
  }
  server.use(
    http.get('*/api/ops/shipping-methods', () => ok({ methods: state.methods })),
    http.put('*/api/ops/shipping-methods', async ({ request }) => {
      const body = (await request.json()) as { methods: ShippingMethodAdminDto[] }
      state.puts.push(body)
      if (refuse) return refuse()
      state.methods = state.methods.map(
        (method) => body.methods.find((each) => each.id === method.id) ?? method,
      )
      return ok({ methods: state.methods })
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

/** Opens a method's section and answers its form. */
async function expand(name: string) {
  const toggle = await screen.findByRole('button', { name: new RegExp(`^${name} `) }, pageLoad)
  expect(toggle.getAttribute('aria-expanded')).toBe('false')
  expect(screen.queryByRole('form', { name: `编辑运输方式：${name}` })).toBeNull()
  fireEvent.click(toggle)
  expect(toggle.getAttribute('aria-expanded')).toBe('true')
  return screen.getByRole('form', { name: `编辑运输方式：${name}` })
}

const change = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } })

describe('shipping methods editor', () => {
  it('is in the menu, with every method folded', async () => {
    operator()
    serveMethods()
    await open('/ops/shipping-methods')
    expect(
      await screen.findByRole('button', { name: 'EMS ems · 日本邮政', expanded: false }, pageLoad),
    ).toBeTruthy()
    expect(screen.getByRole('button', { name: 'DHL 快递 dhl · DHL', expanded: false })).toBeTruthy()
    expect(screen.queryAllByRole('form', { name: /^编辑运输方式/ })).toEqual([])
    const nav = screen.getByRole('navigation', { name: '后台菜单' })
    expect(within(nav).getByRole('link', { name: '运输方式' }).getAttribute('aria-current')).toBe('page')
  })

  it('PUTs the edited method alone, bands sorted by zone and weight, and says it saved', async () => {
    operator()
    const state = serveMethods()
    await open('/ops/shipping-methods')
    const form = await expand('EMS')

    change(within(form).getByLabelText('英文名称'), ' EMS (Express Mail) ')
    change(within(form).getByLabelText('最大重量（克）'), '25000')
    change(within(form).getByLabelText('备注（仅运营可见）'), '2026-11 资费')
    fireEvent.click(within(form).getByLabelText('美国可寄送'))
    // zone 1's bands are shown by weight: the second is 1,000 g
    expect((within(form).getByLabelText('区域 1 第 2 档重量上限（克）') as HTMLInputElement).value).toBe(
      '1000',
    )
    change(within(form).getByLabelText('区域 1 第 2 档运费（日元）'), '2300')
    fireEvent.click(within(form).getByRole('button', { name: '区域 4 添加一档' }))
    change(within(form).getByLabelText('区域 4 第 2 档重量上限（克）'), '1000')
    change(within(form).getByLabelText('区域 4 第 2 档运费（日元）'), '5300')
    // a new destination brings its zone's bands into view
    change(within(form).getByLabelText('添加目的地'), '巴西')
    fireEvent.click(within(form).getByRole('button', { name: '添加' }))
    change(within(form).getByLabelText('巴西的区域'), '5')
    fireEvent.click(within(form).getByRole('button', { name: '区域 5 添加一档' }))
    change(within(form).getByLabelText('区域 5 第 1 档重量上限（克）'), '500')
    change(within(form).getByLabelText('区域 5 第 1 档运费（日元）'), '3600')

    fireEvent.click(within(form).getByRole('button', { name: '保存此运输方式' }))

    expect(await screen.findByText('已保存“EMS”')).toBeTruthy()
    expect(state.puts).toEqual([
      {
        methods: [
          {
            ...ems,
            name: { zhCn: 'EMS', ja: 'EMS', en: 'EMS (Express Mail)' },
            maxWeightG: 25000,
            note: '2026-11 资费',
            destinations: [
              { country: '中国台湾', zone: 1, available: true },
              { country: '美国', zone: 4, available: true },
              { country: '巴西', zone: 5, available: true },
            ],
            rates: [
              { zone: 1, upToG: 500, fee: 1450 },
              { zone: 1, upToG: 1000, fee: 2300 },
              { zone: 4, upToG: 500, fee: 3900 },
              { zone: 4, upToG: 1000, fee: 5300 },
              { zone: 5, upToG: 500, fee: 3600 },
            ],
          },
        ],
      },
    ])
    await waitFor(() =>
      expect(
        (within(form).getByRole('button', { name: '保存此运输方式' }) as HTMLButtonElement).disabled,
      ).toBe(true),
    )
  })

  it('checks the method before asking: names, weights, bands, and a zone without bands', async () => {
    operator()
    const state = serveMethods()
    await open('/ops/shipping-methods')
    const form = await expand('EMS')

    change(within(form).getByLabelText('中文名称'), '  ')
    change(within(form).getByLabelText('最小重量（克）'), '30000')
    change(within(form).getByLabelText('区域 1 第 1 档运费（日元）'), '')
    change(within(form).getByLabelText('区域 1 第 2 档重量上限（克）'), '500')
    fireEvent.click(within(form).getByRole('button', { name: '删除区域 4 第 1 档' }))
    fireEvent.click(within(form).getByRole('button', { name: '保存此运输方式' }))

    expect(await within(form).findByText('必填')).toBeTruthy()
    expect(within(form).getByText('须大于最小重量')).toBeTruthy()
    const fee = within(form).getByLabelText('区域 1 第 1 档运费（日元）')
    expect(fee.getAttribute('aria-invalid')).toBe('true')
    expect(document.getElementById(fee.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      '须为 0 到 10000000 日元的整数',
    )
    expect(within(form).getByText('同一区域的重量上限不能重复')).toBeTruthy()

    change(within(form).getByLabelText('中文名称'), 'EMS')
    change(within(form).getByLabelText('最小重量（克）'), '0')
    change(within(form).getByLabelText('区域 1 第 1 档运费（日元）'), '1450')
    change(within(form).getByLabelText('区域 1 第 2 档重量上限（克）'), '1000')
    // zone 4 is still a destination's (the US) but has no band left
    expect(await within(form).findByText('目的地用到的每个区域都至少需要一个运费档位')).toBeTruthy()
    expect(within(form).queryByText('必填')).toBeNull()
    fireEvent.click(within(form).getByRole('button', { name: '保存此运输方式' }))
    expect(state.puts).toEqual([])
  })

  it('shows the server’s refusal next to the row it names', async () => {
    operator()
    const message = 'must be a whole number of yen from 0 to 10000000'
    const state = serveMethods(() =>
      HttpResponse.json(
        {
          code: 400,
          msg: `methods.0.rates.0.fee: ${message}`,
          data: { fields: [{ field: 'methods.0.rates.0.fee', message }] },
        },
        { status: 400 },
      ),
    )
    await open('/ops/shipping-methods')
    const form = await expand('DHL 快递')
    // added first but sent second: the 300 g band goes before the 500 g one
    fireEvent.click(within(form).getByRole('button', { name: '区域 4 添加一档' }))
    change(within(form).getByLabelText('区域 4 第 2 档重量上限（克）'), '300')
    change(within(form).getByLabelText('区域 4 第 2 档运费（日元）'), '3500')
    fireEvent.click(within(form).getByRole('button', { name: '保存此运输方式' }))

    const refused = within(form).getByLabelText('区域 4 第 2 档运费（日元）')
    await waitFor(() => expect(refused.getAttribute('aria-invalid')).toBe('true'))
    expect(document.getElementById(refused.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      '须为 0 到 10000000 日元的整数',
    )
    expect(within(form).getByLabelText('区域 4 第 1 档运费（日元）').getAttribute('aria-invalid')).toBeNull()
    expect(state.puts[0]?.methods[0]?.rates).toEqual([
      { zone: 4, upToG: 300, fee: 3500 },
      { zone: 4, upToG: 500, fee: 4000 },
    ])
    expect(screen.queryByText(/已保存/)).toBeNull()
  })
})

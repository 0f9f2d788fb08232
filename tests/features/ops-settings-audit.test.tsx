import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import type { AuditEntryDto, AuditFiltersDto } from '../../src/domain/audit.ts'
import type { OpsChargeSettingsDto, OpsRateDto } from '../../src/domain/settings-ops.ts'
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

const pageLoad = { timeout: 5000 }

const CHARGES: OpsChargeSettingsDto = {
  frontMoney: 0.3,
  discount: 0.9,
  platPercent: 0.03,
  settlePercent: 0.035,
  storageFeePerDay: 100,
  maxRate: null,
}

function operator() {
  signIn({ sub: '7', sid: 'session-op', kind: 'operator', role: null, nickname: '店长', wechat: 'other' })
  server.use(
    ...startupHandlers,
    http.get('*/api/mall/user/checkToken', () => ok({ valid: true })),
    http.get('*/api/ops/settings/pay-latch', () => ok({ open: true, message: null })),
    http.get('*/api/mall/vip/list', () => ok([])),
  )
}

function serveSettings() {
  const state = { charges: CHARGES, rate: { rate: 0.048 } as OpsRateDto, puts: [] as [string, string][] }
  server.use(
    http.get('*/api/ops/settings/charges', () => ok(state.charges)),
    http.put('*/api/ops/settings/charges', async ({ request }) => {
      const raw = await request.text()
      state.puts.push(['charges', raw])
      const body = JSON.parse(raw) as OpsChargeSettingsDto
      if (body.storageFeePerDay === 99_999) {
        const message = 'must be a whole number of yen from 0 to 100000'
        return HttpResponse.json(
          {
            code: 400,
            msg: `storageFeePerDay: ${message}`,
            data: { fields: [{ field: 'storageFeePerDay', message }] },
          },
          { status: 400 },
        )
      }
      state.charges = body
      return ok(state.charges)
    }),
    http.get('*/api/ops/settings/rate', () => ok(state.rate)),
    http.put('*/api/ops/settings/rate', async ({ request }) => {
      const raw = await request.text()
      state.puts.push(['rate', raw])
      state.rate = JSON.parse(raw) as OpsRateDto
      return ok(state.rate)
    }),
  )
  return state
}

async function open(path: string) {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, 'zhCn')
  return renderApp(path)
}

describe('settings room: charges and rate', () => {
  it('shows percentages and sends exact fractions', async () => {
    operator()
    const state = serveSettings()
    await open('/ops/settings')
    const form = await screen.findByRole('form', { name: '费用设置' }, pageLoad)
    const deposit = within(form).getByLabelText('定金比例') as HTMLInputElement
    expect(deposit.value).toBe('30')
    expect((within(form).getByLabelText('结算手续费') as HTMLInputElement).value).toBe('3.5')
    const save = within(form).getByRole('button', { name: '保存费用设置' }) as HTMLButtonElement
    expect(save.disabled).toBe(true)

    fireEvent.change(deposit, { target: { value: '150' } })
    fireEvent.click(save)
    expect(await within(form).findByText('须大于 0% 且不超过 100%')).toBeTruthy()
    fireEvent.change(deposit, { target: { value: '12.34567' } })
    fireEvent.click(save)
    expect(await within(form).findByText(/小数位数过多/)).toBeTruthy()
    expect(state.puts).toEqual([])

    fireEvent.change(deposit, { target: { value: '57.1234' } })
    fireEvent.change(within(form).getByLabelText('平台服务费'), { target: { value: '0.07' } })
    fireEvent.click(save)
    expect(await within(form).findByText('费用设置已保存，之后创建的订单将使用新的设置。')).toBeTruthy()
    expect(state.puts).toEqual([
      ['charges', JSON.stringify({ ...CHARGES, frontMoney: 0.571234, platPercent: 0.0007 })],
    ])
  })

  it('shows a refusal under its field', async () => {
    operator()
    serveSettings()
    await open('/ops/settings')
    const form = await screen.findByRole('form', { name: '费用设置' }, pageLoad)
    fireEvent.change(within(form).getByLabelText('每日仓储费'), { target: { value: '99999' } })
    fireEvent.click(within(form).getByRole('button', { name: '保存费用设置' }))
    expect(await within(form).findByText('须为 0 到 100,000 的整数（日元）')).toBeTruthy()
  })

  it('sets the rate with an example of what ¥10,000 comes to', async () => {
    operator()
    const state = serveSettings()
    await open('/ops/settings')
    const form = await screen.findByRole('form', { name: '人民币汇率' }, pageLoad)
    const input = within(form).getByLabelText('汇率（人民币/日元）') as HTMLInputElement
    expect(input.value).toBe('0.048')
    expect(within(form).getByText('示例：¥10,000 日元 ≈ ¥480.00 人民币')).toBeTruthy()
    fireEvent.change(input, { target: { value: '0.0512' } })
    expect(within(form).getByText('示例：¥10,000 日元 ≈ ¥512.00 人民币')).toBeTruthy()
    fireEvent.click(within(form).getByRole('button', { name: '保存汇率' }))
    expect(await within(form).findByText('汇率已保存，顾客页面立即使用新汇率。')).toBeTruthy()
    expect(state.puts).toEqual([['rate', JSON.stringify({ rate: 0.0512 })]])
  })
})

const ROWS: AuditEntryDto[] = [
  {
    id: 12,
    at: '2026-03-10T14:59:59.000Z',
    actorId: 7,
    actorEmail: 'ops@example.com',
    action: 'settings.charges',
    entity: 'settings',
    entityId: 'charges',
    before: { frontMoney: 0.3, discount: 0.9, limits: { max: 1 } },
    after: { frontMoney: 0.5, discount: 0.9, limits: { max: 2 } },
    reason: null,
  },
  {
    id: 11,
    at: '2026-03-09T00:00:00.000Z',
    actorId: null,
    actorEmail: null,
    action: 'order.forfeit',
    entity: 'order',
    entityId: '42',
    before: { status: 5 },
    after: { status: 15 },
    reason: '逾期未付',
  },
]

describe('audit room', () => {
  it('lists the trail with its filters in the URL, opens a row’s changes, and exports', async () => {
    operator()
    const asked: string[] = []
    server.use(
      http.get('*/api/ops/audit/filters', () =>
        ok<AuditFiltersDto>({
          actors: [{ id: 7, email: 'ops@example.com' }],
          entities: ['order', 'settings'],
        }),
      ),
      http.get('*/api/ops/audit', ({ request }) => {
        const url = new URL(request.url)
        asked.push(url.search)
        if (url.searchParams.get('format') === 'csv') {
          return new HttpResponse('\uFEFFid,at\r\n', {
            headers: {
              'Content-Type': 'text/csv; charset=utf-8',
              'Content-Disposition': 'attachment; filename="audit-20260310.csv"',
            },
          })
        }
        return ok({ list: ROWS, total: 2, pageNum: 1, pageSize: 30 })
      }),
    )
    const clicked: string[] = []
    const realCreate = URL.createObjectURL
    URL.createObjectURL = () => 'blob:audit'
    const realClick = HTMLAnchorElement.prototype.click
    HTMLAnchorElement.prototype.click = function click(this: HTMLAnchorElement) {
      clicked.push(this.download)
    }
    try {
      await open('/ops/audit?entity=settings&from=2026-03-01')
      const table = await screen.findByRole('table', { name: '审计日志' }, pageLoad)
      expect(asked[0]).toContain('entity=settings')
      expect(asked[0]).toContain('from=2026-03-01')
      expect(within(table).getByText('2026-03-10 23:59:59')).toBeTruthy()
      expect(within(table).getByText('系统（自动任务）')).toBeTruthy()
      expect(within(table).getByText('逾期未付')).toBeTruthy()
      expect((screen.getByLabelText('对象类型') as HTMLInputElement).value).toBe('settings')

      const show = within(table).getByRole('button', { name: '查看第 12 条记录的变更' })
      expect(show.getAttribute('aria-expanded')).toBe('false')
      fireEvent.click(show)
      const changes = within(table).getByRole('table', { name: '第 12 条记录的变更' })
      const rows = within(changes)
        .getAllByRole('row')
        .slice(1)
        .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent))
      expect(rows).toEqual([
        ['frontMoney', '0.3', '0.5'],
        ['limits.max', '1', '2'],
      ])

      fireEvent.click(screen.getByRole('button', { name: '导出 CSV' }))
      await waitFor(() => expect(clicked).toEqual(['audit-20260310.csv']))
      const exported = asked.find((search) => search.includes('format=csv')) ?? ''
      expect(exported).toContain('entity=settings')
      expect(exported).toContain('from=2026-03-01')
      expect(exported).not.toContain('pageNum')
    } finally {
      URL.createObjectURL = realCreate
      HTMLAnchorElement.prototype.click = realClick
    }
  })

  it('says when nothing matches', async () => {
    operator()
    server.use(
      http.get('*/api/ops/audit/filters', () => ok<AuditFiltersDto>({ actors: [], entities: [] })),
      http.get('*/api/ops/audit', () => ok({ list: [], total: 0, pageNum: 1, pageSize: 30 })),
    )
    await open('/ops/audit?actorId=0')
    expect(await screen.findByText('没有符合条件的记录', {}, pageLoad)).toBeTruthy()
    expect((screen.getByLabelText('操作人') as HTMLSelectElement).value).toBe('0')
  })

  it('says when the trail cannot be read, with a retry', async () => {
    operator()
    server.use(
      http.get('*/api/ops/audit/filters', () => ok<AuditFiltersDto>({ actors: [], entities: [] })),
      http.get('*/api/ops/audit', () =>
        HttpResponse.json({ code: 500, msg: 'Internal error', data: null }, { status: 500 }),
      ),
    )
    await open('/ops/audit')
    expect(await screen.findByText('加载失败', {}, pageLoad)).toBeTruthy()
    expect(screen.getByRole('button', { name: '重试' })).toBeTruthy()
  })
})

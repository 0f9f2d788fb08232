import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import type { PointsRecordDto } from '../../src/domain/points.ts'
import type { PayInfo } from '../../src/domain/session.ts'
import { abortAllRequests } from '../../src/lib/api-client.ts'
import { dismissAllToasts } from '../../src/lib/toast.ts'
import { ok, pageOf } from './support/catalog-fixtures.ts'
import { server } from './support/msw-server.ts'
import { renderApp } from './support/render-app.tsx'
import { signIn } from './support/signed-in.ts'

const PAY_INFO: PayInfo = {
  role: 2,
  score: 2500,
  scoreRate: 0.015,
  scoreSwitch: true,
  scoreTime: '2026-12-31',
  monthlyExpenditure: 123456,
  priceSwitch: true,
  idCard: false,
}

const VIP_LIST = [
  { vip: 1, scoreRate: 0.01, minMonthlySpend: 0 },
  { vip: 2, scoreRate: 0.015, minMonthlySpend: 100000 },
]

function pointsRecord(id: number, overrides: Partial<PointsRecordDto> = {}): PointsRecordDto {
  return {
    id,
    orderId: 30 + id,
    points: 100,
    remark: 'earn',
    createTime: '2026-11-20T01:30:00.000Z',
    balance: 2500,
    ...overrides,
  }
}

/**
 * A signed-in member whose history answers from `records` (newest first), or fails while `failing`
 * says so; returns the queries the server heard.
 */
function serveHistory(
  records: PointsRecordDto[],
  options: { language?: string; failing?: () => boolean } = {},
) {
  if (options.language) localStorage.setItem('localeLang', options.language)
  signIn({ score: 2400 })
  const heard: Record<string, string>[] = []
  server.use(
    http.get('*/api/mall/user/checkToken', () => ok({ valid: true })),
    http.get('*/api/mall/user/payInfo', () => ok(PAY_INFO)),
    http.get('*/api/mall/vip/list', () => ok(VIP_LIST)),
    http.get('*/api/mall/score/list', ({ request }) => {
      const params = Object.fromEntries(new URL(request.url).searchParams)
      heard.push(params)
      if (options.failing?.())
        return HttpResponse.json({ code: 500, msg: 'Internal error', data: null }, { status: 500 })
      const pageNum = Number(params.pageNum ?? 1)
      const pageSize = Number(params.pageSize ?? 30)
      const list = records.slice((pageNum - 1) * pageSize, pageNum * pageSize)
      return ok(pageOf(list, records.length, pageNum, pageSize))
    }),
  )
  return heard
}

const historyTable = async () => (await screen.findByRole('table', {}, { timeout: 5000 })) as HTMLElement
/** The cells of each body row, as text. */
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell'))
const fact = (name: string) => document.querySelector(`[data-fact="${name}"] dd`)?.textContent

afterEach(() => {
  abortAllRequests()
  dismissAllToasts()
})

describe('points page', () => {
  it('sends a visitor to log in first', async () => {
    const { router } = await renderApp('/score')
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(router.state.location.search).toMatchObject({ redirectUrl: '/score' })
  })

  it('shows the balance, tier, rate, expiry and month’s spending, and each change with its sign and order', async () => {
    const heard = serveHistory([
      pointsRecord(3, { orderId: 33, points: 185, remark: 'earn', balance: 2500 }),
      pointsRecord(2, { orderId: 32, points: 300, remark: 'return', balance: 2315 }),
      pointsRecord(1, {
        orderId: null,
        points: -1200,
        remark: 'hold',
        createTime: '2026-11-01T15:05:00.000Z',
        balance: 2015,
      }),
    ])
    await renderApp('/score')
    const table = await historyTable()
    expect(screen.getByRole('heading', { level: 1, name: '我的积分' })).toBeTruthy()
    expect(heard[0]).toEqual({ pageNum: '1', pageSize: '20' })

    await waitFor(() => expect(fact('tier')).toBe('VIP 2'))
    expect(fact('balance')).toBe('2,500')
    expect(fact('rate')).toBe('1.5%')
    expect(fact('expiry')).toBe('2026-12-31')
    expect(fact('monthlyExpenditure')).toBe('¥123,456')
    expect(screen.getByText('共 3 条记录')).toBeTruthy()

    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent)
    expect(headers).toEqual(['时间', '订单', '积分', '备注', '积分余额'])
    const [earned, returned, used] = rowsOf(table)
    expect(earned?.map((cell) => cell.textContent)).toEqual([
      '2026-11-20 10:30',
      '订单 33',
      '+185',
      '付款获得',
      '2,500',
    ])
    expect(earned?.[2]?.dataset.tone).toBe('done')
    expect(
      within(earned?.[1] as HTMLElement)
        .getByRole('link', { name: '订单 33' })
        .getAttribute('href'),
    ).toBe('/order/33')
    expect(returned?.map((cell) => cell.textContent)).toEqual([
      '2026-11-20 10:30',
      '订单 32',
      '+300',
      '积分退回',
      '2,315',
    ])
    // a change without an order has no link; points used are negative, in red
    expect(used?.map((cell) => cell.textContent)).toEqual([
      '2026-11-02 00:05',
      '—',
      '−1,200',
      '付款抵扣',
      '2,015',
    ])
    expect(used?.[2]?.dataset.tone).toBe('cancelled')
    expect(within(used?.[1] as HTMLElement).queryByRole('link')).toBeNull()
  })

  it('pages through the history', async () => {
    const records = Array.from({ length: 25 }, (_, index) =>
      pointsRecord(100 - index, { orderId: 100 - index }),
    )
    const heard = serveHistory(records)
    const { router } = await renderApp('/score')
    await screen.findByRole('link', { name: '订单 100' }, { timeout: 5000 })
    expect(screen.queryByRole('link', { name: '订单 80' })).toBeNull()
    fireEvent.click(screen.getByRole('link', { name: '第 2 页' }))
    expect(await screen.findByRole('link', { name: '订单 80' })).toBeTruthy()
    expect(screen.queryByRole('link', { name: '订单 100' })).toBeNull()
    expect(rowsOf(await historyTable())).toHaveLength(5)
    expect(heard.at(-1)).toEqual({ pageNum: '2', pageSize: '20' })
    expect(router.state.location.search).toMatchObject({ pageNum: 2 })
    expect(screen.getByRole('link', { name: '第 2 页' }).getAttribute('aria-current')).toBe('page')
  })

  it('says when there is no history yet', async () => {
    serveHistory([])
    await renderApp('/score')
    expect(await screen.findByText('还没有积分记录', {}, { timeout: 5000 })).toBeTruthy()
    expect(screen.queryByRole('table')).toBeNull()
    expect(fact('balance')).toBe('2,500')
  })

  it('offers a retry when the history cannot be read', async () => {
    let failing = true
    serveHistory([pointsRecord(1, { orderId: 41 })], { failing: () => failing })
    await renderApp('/score')
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 })
    expect(within(alert).getByText('积分记录读取失败')).toBeTruthy()
    failing = false
    fireEvent.click(within(alert).getByRole('button', { name: '重试' }))
    expect(await screen.findByRole('link', { name: '订单 41' })).toBeTruthy()
    expect(screen.queryByText('积分记录读取失败')).toBeNull()
  })

  it('speaks English', async () => {
    serveHistory(
      [
        pointsRecord(2, { orderId: 52, points: 90, remark: 'earn' }),
        pointsRecord(1, { orderId: 51, points: -400, remark: 'hold', balance: 2410 }),
      ],
      { language: 'en' },
    )
    await renderApp('/score')
    const table = await historyTable()
    expect(screen.getByRole('heading', { level: 1, name: 'My points' })).toBeTruthy()
    await waitFor(() => expect(fact('monthlyExpenditure')).toBe('123,456 Yen'))
    expect(document.querySelector('[data-fact="balance"] dt')?.textContent).toBe('Points balance')
    expect(document.querySelector('[data-fact="expiry"] dt')?.textContent).toBe('Valid until')
    const [earned, used] = rowsOf(table)
    expect(earned?.[3]?.textContent).toBe('Earned on a payment')
    expect(used?.[2]?.textContent).toBe('−400')
    expect(used?.[3]?.textContent).toBe('Used on a payment')
    expect(within(table).getByRole('link', { name: 'Order 51' }).getAttribute('href')).toBe('/order/51')
  })
})

import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { shopDate } from '../../src/domain/dates.ts'
import { addDays } from '../../src/domain/deadlines.ts'
import type { ExtraFeeDto } from '../../src/domain/extras.ts'
import type { Page } from '../../src/domain/queries.ts'
import type { PayInfo } from '../../src/domain/session.ts'
import { goToGateway } from '../../src/features/checkout/go-to-gateway.ts'
import { dropExtraPayment } from '../../src/features/extras/extra-payment-store.ts'
import { dismissAllToasts } from '../../src/lib/toast.ts'
import { failed, ok } from './support/catalog-fixtures.ts'
import { readStored } from './support/indexed-db.ts'
import { server } from './support/msw-server.ts'
import { renderApp } from './support/render-app.tsx'
import { signIn } from './support/signed-in.ts'

// jsdom cannot leave for another site: the gateway's page is where this module would send the shopper
vi.mock('../../src/features/checkout/go-to-gateway.ts', () => ({ goToGateway: vi.fn() }))

const OWNER = 'customer:42'
const SAVED_EXTRA_PAYMENT = `snapshot:checkout:extra:${OWNER}`
const today = shopDate(new Date()) ?? ''

beforeEach(async () => {
  vi.mocked(goToGateway).mockClear()
  // the flow is one per tab and outlives a test: start every test from nothing
  await dropExtraPayment(OWNER)
})
afterEach(() => dismissAllToasts())

function fee(id: number, overrides: Partial<ExtraFeeDto> = {}): ExtraFeeDto {
  return {
    id,
    orderIds: [],
    packageId: null,
    package: null,
    status: 1,
    type: 2,
    amount: 1000,
    createTime: '2026-11-20T03:00:00.000Z',
    dueDate: null,
    remark: null,
    ...overrides,
  }
}

/**
 * The shopper's unpaid fees: a storage fee on two orders due in 10 days, a package storage fee on a
 * locked box due in 2 days, a free-form fee 3 days overdue with the shop's remark, and a late fee.
 */
const UNPAID: ExtraFeeDto[] = [
  fee(11, { type: 1, orderIds: [501, 502], amount: 2_400, dueDate: addDays(today, 10) }),
  fee(12, {
    type: 4,
    packageId: 31,
    package: { id: 31, applyId: 12, packageNo: 'P2611250031', status: 7 },
    amount: 700,
    dueDate: addDays(today, 2),
  }),
  fee(13, { type: 2, orderIds: [503], amount: 5_000, dueDate: addDays(today, -3), remark: '改包装费用' }),
  fee(14, { type: 3, orderIds: [504], amount: 1_280, dueDate: addDays(today, 12) }),
]
const PAID: ExtraFeeDto[] = [fee(7, { status: 2, type: 1, orderIds: [499], amount: 300 })]
const VOID: ExtraFeeDto[] = [fee(6, { status: 4, type: 2, amount: 900, remark: '已免除' })]

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

interface HeardPay {
  path: string
  key: string | null
  score: string | null
}

const page = (list: ExtraFeeDto[], url: URL): Page<ExtraFeeDto> => ({
  list,
  total: list.length,
  pageNum: Number(url.searchParams.get('pageNum')),
  pageSize: Number(url.searchParams.get('pageSize')),
})

/** The shopper's fees (with their packages), the latch, the points and the three extra-pay routes. */
function serveFees(
  options: {
    unpaid?: (read: number) => Response | ExtraFeeDto[]
    points?: number
    pay?: (call: number) => Response
  } = {},
) {
  signIn()
  const heard = { unpaidReads: 0, listQueries: [] as string[] }
  const pays: HeardPay[] = []
  const payHandler = async ({ request }: { request: Request }) => {
    const url = new URL(request.url)
    pays.push({
      path: url.pathname.replace('/api', ''),
      key: request.headers.get('Idempotency-Key'),
      score: url.searchParams.get('score'),
    })
    return (
      options.pay?.(pays.length) ??
      ok({ paymentId: 'pay_5', redirectUrl: `${location.origin}/sandbox-pay/pay_5` })
    )
  }
  server.use(
    http.get('*/api/mall/user/payInfo', () => ok(payInfo(options.points ?? 0))),
    http.get('*/api/mall/vip/list', () => ok([])),
    http.get('*/api/mall/user/checkToken', () => ok({ valid: true })),
    http.get('*/api/mall/pay/latch', () => ok({ open: true, message: null })),
    http.get('*/api/mall/extra_pay/list', ({ request }) => {
      const url = new URL(request.url)
      heard.listQueries.push(url.search)
      const status = url.searchParams.get('status')
      if (status === '1') {
        heard.unpaidReads += 1
        const answer = options.unpaid?.(heard.unpaidReads) ?? UNPAID
        return answer instanceof Response ? answer : ok(page(answer, url))
      }
      return ok(page(status === '2' ? PAID : status === '4' ? VOID : [], url))
    }),
    http.post('*/api/mall/extra_pay/pay/:type/:ids/:score', payHandler),
    http.post('*/api/mall/sb_pay/extraPay/:type/:ids', payHandler),
    http.post('*/api/mall/paypal/extraPay/:ids/:score', payHandler),
  )
  return { heard, pays }
}

const unpaidList = () => screen.getByRole('list', { name: '待支付的费用' })
const rowOf = (feeId: number) => document.querySelector(`[data-fee="${feeId}"]`) as HTMLElement
const factOf = (feeId: number, name: string) =>
  rowOf(feeId).querySelector(`[data-fact="${name}"] dd`)?.textContent
const feeBox = (name: RegExp) => screen.getByRole('checkbox', { name }) as HTMLInputElement
const payButton = () => screen.getByRole('button', { name: '支付所选费用' }) as HTMLButtonElement
const totals = () => screen.getByLabelText('付款金额')

async function openExtra() {
  const app = await renderApp('/extra')
  await screen.findByRole('list', { name: '待支付的费用' }, { timeout: 8000 })
  await waitFor(() => expect(feeBox(/仓储费 #11/).disabled).toBe(false))
  return app
}

const KEY = /^[A-Za-z0-9_:.-]{1,100}$/

describe('/extra: the shopper’s unpaid extra fees', () => {
  it('lists each fee with its type, amount, orders, package, dates and remark; late fees are paid with the balance', async () => {
    const { heard } = serveFees()
    await openExtra()
    expect(heard.listQueries).toContain('?pageNum=1&pageSize=100&status=1')

    const list = within(unpaidList())
    expect(list.getAllByRole('listitem')).toHaveLength(4)
    expect(rowOf(11).textContent).toContain('¥2,400')
    const orders = within(rowOf(11)).getAllByRole('link')
    expect(orders.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['501', '/order/501'],
      ['502', '/order/502'],
    ])
    expect(factOf(11, 'created')).toBe('2026-11-20 12:00')
    expect(factOf(11, 'due')).toContain(addDays(today, 10))
    expect(factOf(11, 'due')).toContain('还剩 10 天')
    // the package storage fee names its box and links to its page
    await waitFor(() =>
      expect(within(rowOf(12)).getByRole('link', { name: 'P2611250031' }).getAttribute('href')).toBe(
        '/package/product/12/31',
      ),
    )
    expect(factOf(12, 'due')).toContain('还剩 2 天')
    expect(rowOf(12).querySelector('[data-state="dueSoon"]')).not.toBeNull()
    expect(factOf(13, 'due')).toContain('已逾期 3 天')
    expect(rowOf(13).querySelector('[data-state="overdue"]')).not.toBeNull()
    expect(rowOf(13).textContent).toContain('备注：改包装费用')
    // the late fee has no checkbox: it goes with its order's balance
    expect(within(rowOf(14)).queryByRole('checkbox')).toBeNull()
    expect(within(rowOf(14)).getByRole('link', { name: '去支付尾款' }).getAttribute('href')).toBe(
      '/order/504#pay-balance',
    )
  }, 20_000)

  it('shows the reminders: packaging blocked, the locked package, the late fee', async () => {
    serveFees()
    await openExtra()
    const blocked = screen.getByText('4 笔额外费用待支付').closest('[data-state]') as HTMLElement
    // the most pressing due date colours it: one fee is overdue
    expect(blocked.dataset.state).toBe('overdue')
    expect(blocked.textContent).toContain('付清全部额外费用之前，不能申请打包。')
    const locked = (await screen.findByText('包裹 P2611250031 已锁定')).closest('[data-state]') as HTMLElement
    expect(within(locked).getByRole('link', { name: '查看包裹' }).getAttribute('href')).toBe(
      '/package/product/12/31',
    )
    const late = screen.getByText('滞纳金须与尾款一起支付').closest('[data-state]') as HTMLElement
    expect(within(late).getByRole('link', { name: '去支付尾款' }).getAttribute('href')).toBe(
      '/order/504#pay-balance',
    )
  }, 20_000)

  it('selects all payable fees and totals them; points lower what is due', async () => {
    serveFees({ points: 3000 })
    await openExtra()
    expect(payButton().disabled).toBe(true)
    expect(screen.getByText('请选择要支付的费用')).toBeTruthy()
    expect(totals().textContent).toContain('未选择费用')

    fireEvent.click(screen.getByRole('checkbox', { name: '全选' }))
    expect(feeBox(/仓储费 #11/).checked).toBe(true)
    expect(feeBox(/包裹仓储费 #12/).checked).toBe(true)
    expect(feeBox(/其他费用 #13/).checked).toBe(true)
    expect(totals().textContent).toContain('已选 3 笔费用¥8,100')

    fireEvent.click(feeBox(/其他费用 #13/))
    expect((screen.getByRole('checkbox', { name: '全选' }) as HTMLInputElement).indeterminate).toBe(true)
    expect(totals().textContent).toContain('已选 2 笔费用¥3,100')

    fireEvent.change(screen.getByLabelText('使用积分'), { target: { value: '5000' } })
    expect(screen.getByText(/持有 3000 积分，本次最多可用 3000 积分/)).toBeTruthy()
    expect(totals().textContent).toContain('积分抵扣−¥3,000')
    expect(totals().textContent).toContain('应付金额¥100')
    expect(screen.getByText('请选择支付方式')).toBeTruthy()
  }, 20_000)

  it('pays the chosen fees by card: ids joined, points in the path, a key; the attempt is on disk first', async () => {
    const { pays } = serveFees({ points: 3000 })
    await openExtra()
    fireEvent.click(feeBox(/其他费用 #13/))
    fireEvent.click(feeBox(/仓储费 #11/))
    fireEvent.change(screen.getByLabelText('使用积分'), { target: { value: '400' } })
    const card = within(screen.getByRole('group', { name: '信用卡 / 银行转账' }))
    fireEvent.click(card.getByRole('radio', { name: '信用卡' }))
    fireEvent.click(payButton())
    await waitFor(() => expect(goToGateway).toHaveBeenCalledWith(`${location.origin}/sandbox-pay/pay_5`))
    expect(pays).toEqual([
      { path: '/mall/extra_pay/pay/1/11,13/400', key: expect.stringMatching(KEY), score: null },
    ])
    const saved = (await readStored(SAVED_EXTRA_PAYMENT)) as {
      snapshot: {
        value: unknown
        context: { payment: { paymentId: string }; payKey: string; selected: number[]; step: string }
      }
    }
    expect(saved.snapshot.value).toBe('attempt')
    expect(saved.snapshot.context.step).toBe('redirecting')
    expect(saved.snapshot.context.payment.paymentId).toBe('pay_5')
    expect(saved.snapshot.context.payKey).toBe(pays[0]?.key)
    expect(saved.snapshot.context.selected).toEqual([11, 13])
  }, 20_000)

  it('pays through the Japanese gateway with the points in the query', async () => {
    const { pays } = serveFees({ points: 3000 })
    await openExtra()
    fireEvent.click(feeBox(/包裹仓储费 #12/))
    fireEvent.change(screen.getByLabelText('使用积分'), { target: { value: '200' } })
    const japanese = within(screen.getByRole('group', { name: 'SB Payment Service' }))
    fireEvent.click(japanese.getByRole('radio', { name: '便利店支付' }))
    fireEvent.click(payButton())
    await waitFor(() => expect(goToGateway).toHaveBeenCalledTimes(1))
    expect(pays).toEqual([
      { path: '/mall/sb_pay/extraPay/2/12', key: expect.stringMatching(KEY), score: '200' },
    ])
  }, 20_000)

  it('pays through PayPal with every payable fee and no points', async () => {
    const { pays } = serveFees()
    await openExtra()
    fireEvent.click(screen.getByRole('checkbox', { name: '全选' }))
    fireEvent.click(screen.getByRole('radio', { name: 'PayPal 账户' }))
    fireEvent.click(payButton())
    await waitFor(() => expect(goToGateway).toHaveBeenCalledTimes(1))
    expect(pays).toEqual([
      { path: '/mall/paypal/extraPay/11,12,13/0', key: expect.stringMatching(KEY), score: null },
    ])
  }, 20_000)

  it('a fee the server no longer takes says so; the list is read again and the fee left out', async () => {
    let waived = false
    const { pays, heard } = serveFees({
      unpaid: () => (waived ? UNPAID.filter((each) => each.id !== 13) : UNPAID),
      pay: () => {
        waived = true
        return HttpResponse.json(
          {
            code: 409,
            msg: 'Extra fee 13 is not awaiting payment',
            data: { reason: 'notPayable', feeIds: [13] },
          },
          { status: 409 },
        )
      },
    })
    await openExtra()
    fireEvent.click(screen.getByRole('checkbox', { name: '全选' }))
    fireEvent.click(screen.getByRole('radio', { name: 'PayPal 账户' }))
    fireEvent.click(payButton())
    expect(await screen.findByText(/所选费用中有的已支付、已作废或须随尾款支付/)).toBeTruthy()
    await waitFor(() => expect(heard.unpaidReads).toBe(2))
    await waitFor(() => expect(rowOf(13)).toBeNull())
    expect(feeBox(/仓储费 #11/).checked).toBe(true)
    expect(goToGateway).not.toHaveBeenCalled()
    expect(pays).toHaveLength(1)
  }, 20_000)

  it('no unpaid fee: says there is nothing to pay, and shows the fees that ended by status', async () => {
    const { heard } = serveFees({ unpaid: () => [] })
    await renderApp('/extra')
    expect(await screen.findByText('没有待支付的额外费用', {}, { timeout: 8000 })).toBeTruthy()
    expect(screen.queryByRole('button', { name: '支付所选费用' })).toBeNull()

    const past = screen.getByRole('region', { name: '已结束的费用' })
    await waitFor(() => expect(within(past).getByRole('list', { name: '已支付' })).toBeTruthy())
    expect(rowOf(7).textContent).toContain('已支付')
    expect(rowOf(7).textContent).toContain('¥300')
    fireEvent.change(within(past).getByLabelText('状态'), { target: { value: '4' } })
    await waitFor(() => expect(rowOf(6)).not.toBeNull())
    expect(rowOf(6).textContent).toContain('已作废或免除')
    expect(heard.listQueries.some((query) => query.includes('status=4'))).toBe(true)
  }, 20_000)

  it('a list that cannot be read says so and reads it again on Retry', async () => {
    const { heard } = serveFees({
      unpaid: (read) => (read === 1 ? failed(500, 'database down') : UNPAID),
    })
    await renderApp('/extra')
    const notice = await screen.findByText('额外费用加载失败', {}, { timeout: 8000 })
    fireEvent.click(
      within(notice.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: '重试' }),
    )
    await screen.findByRole('list', { name: '待支付的费用' })
    expect(heard.unpaidReads).toBe(2)
    expect(screen.queryByText('额外费用加载失败')).toBeNull()
  }, 20_000)

  it('offline: says so and does not pay', async () => {
    const { pays } = serveFees()
    await openExtra()
    fireEvent.click(screen.getByRole('checkbox', { name: '全选' }))
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
})

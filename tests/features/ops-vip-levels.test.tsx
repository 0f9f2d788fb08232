import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import type { VipLevel } from '../../src/domain/tiers.ts'
import type { TierJobResult } from '../../src/features/ops/api/run-tier-job.ts'
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

const LEVELS: VipLevel[] = [
  { vip: 1, scoreRate: 0.01, minMonthlySpend: 0 },
  { vip: 2, scoreRate: 0.012, minMonthlySpend: 100_000 },
  { vip: 3, scoreRate: 0.02, minMonthlySpend: 300_000 },
]

/** An operator on /ops/settings, the levels served from `state.levels`; every PUT's raw body recorded. */
function operatorWithLevels(refuse?: () => Response) {
  signIn({ sub: '7', sid: 'session-op', kind: 'operator', role: null, nickname: '店长', wechat: 'other' })
  const state = { levels: LEVELS, puts: [] as string[] }
  server.use(
    // before the startup's own answer (no levels), which would win otherwise
    http.get('*/api/mall/vip/list', () => ok(state.levels)),
    ...startupHandlers,
    http.get('*/api/mall/user/checkToken', () => ok({ valid: true })),
    http.get('*/api/ops/settings/pay-latch', () => ok({ open: true, message: null })),
    http.put('*/api/ops/settings/vip-levels', async ({ request }) => {
      const raw = await request.text()
      state.puts.push(raw)
      const refusal = state.puts.length === 1 ? refuse?.() : undefined
      if (refusal) return refusal
      state.levels = (JSON.parse(raw) as { levels: VipLevel[] }).levels
      return ok(state.levels)
    }),
  )
  return state
}

async function openLevels() {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, 'zhCn')
  renderApp('/ops/settings')
  return screen.findByRole('form', { name: '会员等级' }, { timeout: 5000 })
}

const rateInput = (form: HTMLElement, level: number) =>
  within(form).getByLabelText(`等级 ${level} 的积分比例（%）`) as HTMLInputElement
const spendInput = (form: HTMLElement, level: number) =>
  within(form).getByLabelText(`等级 ${level} 的上月消费门槛（日元）`) as HTMLInputElement
const errorOf = (input: HTMLElement) =>
  document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent

describe('VIP levels editor', () => {
  it('shows the rates in percent, checks the levels as the server does and sends 1.5 % as exactly 0.015, 1.1 % as 0.011', async () => {
    const state = operatorWithLevels()
    const form = await openLevels()
    expect([1, 2, 3].map((level) => rateInput(form, level).value)).toEqual(['1', '1.2', '2'])
    expect([1, 2, 3].map((level) => spendInput(form, level).value)).toEqual(['0', '100000', '300000'])
    const save = within(form).getByRole('button', { name: '保存会员等级' })

    // a fourth level starts at the rate of the one before, its threshold to be filled in
    fireEvent.click(within(form).getByRole('button', { name: '添加等级' }))
    expect(rateInput(form, 4).value).toBe('2')
    fireEvent.click(save)
    expect(errorOf(spendInput(form, 4))).toBe('须为 0 到 1000000000 日元的整数')
    fireEvent.change(spendInput(form, 4), { target: { value: '300000' } })
    expect(errorOf(spendInput(form, 4))).toBe('须高于上一级的门槛')
    fireEvent.change(spendInput(form, 4), { target: { value: '500000' } })
    fireEvent.change(rateInput(form, 4), { target: { value: '1.9' } })
    expect(errorOf(rateInput(form, 4))).toBe('不能低于上一级的积分比例')
    fireEvent.change(rateInput(form, 4), { target: { value: '2.555' } })
    expect(errorOf(rateInput(form, 4))).toBe('须为 0% 到 100% 之间，最多两位小数')
    fireEvent.change(rateInput(form, 4), { target: { value: '2.55' } })
    fireEvent.change(spendInput(form, 1), { target: { value: '10' } })
    expect(errorOf(spendInput(form, 1))).toBe('等级 1 的门槛须为 0，这样每位会员都有等级')
    fireEvent.click(save)
    expect(state.puts).toEqual([])

    fireEvent.change(spendInput(form, 1), { target: { value: '0' } })
    fireEvent.change(rateInput(form, 1), { target: { value: '1.1' } })
    fireEvent.change(rateInput(form, 2), { target: { value: '1.5' } })
    expect(rateInput(form, 2).getAttribute('aria-invalid')).toBeNull()
    fireEvent.click(save)
    expect(await within(form).findByText('会员等级已保存，下次运行会员等级任务时生效。')).toBeTruthy()
    // the wire carries the decimals themselves, without float noise (1.1 / 100 is 0.011000000000000001)
    expect(state.puts).toEqual([
      JSON.stringify({
        levels: [
          { vip: 1, scoreRate: 0.011, minMonthlySpend: 0 },
          { vip: 2, scoreRate: 0.015, minMonthlySpend: 100000 },
          { vip: 3, scoreRate: 0.02, minMonthlySpend: 300000 },
          { vip: 4, scoreRate: 0.0255, minMonthlySpend: 500000 },
        ],
      }),
    ])
    expect(rateInput(form, 4).value).toBe('2.55')
  })

  it('shows the server’s refusal under the level’s field, and removes a level', async () => {
    const message = 'must be more than the previous level’s'
    const state = operatorWithLevels(() =>
      HttpResponse.json(
        {
          code: 400,
          msg: `levels.2.minMonthlySpend: ${message}`,
          data: { fields: [{ field: 'levels.2.minMonthlySpend', message }] },
        },
        { status: 400 },
      ),
    )
    const form = await openLevels()
    const save = within(form).getByRole('button', { name: '保存会员等级' })
    fireEvent.click(save)
    await waitFor(() => expect(errorOf(spendInput(form, 3))).toBe('须高于上一级的门槛'))
    expect(spendInput(form, 3).getAttribute('aria-invalid')).toBe('true')
    expect(within(form).queryByText('会员等级已保存，下次运行会员等级任务时生效。')).toBeNull()

    // editing the refused field clears the refusal
    fireEvent.change(spendInput(form, 3), { target: { value: '350000' } })
    expect(spendInput(form, 3).getAttribute('aria-invalid')).toBeNull()
    fireEvent.click(within(form).getByRole('button', { name: '删除等级 2' }))
    expect(within(form).queryByLabelText('等级 3 的积分比例（%）')).toBeNull()
    expect(spendInput(form, 2).value).toBe('350000')
    fireEvent.click(save)
    expect(await within(form).findByText('会员等级已保存，下次运行会员等级任务时生效。')).toBeTruthy()
    expect(JSON.parse(state.puts.at(-1) ?? '')).toEqual({
      levels: [
        { vip: 1, scoreRate: 0.01, minMonthlySpend: 0 },
        { vip: 2, scoreRate: 0.02, minMonthlySpend: 350000 },
      ],
    })
  })
})

describe('tier job', () => {
  it('runs now and says what it did, and that a second run in the month changes nothing', async () => {
    operatorWithLevels()
    const answers: TierJobResult[] = [
      { ran: true, month: '2026-11-01', membersUpdated: 12 },
      { ran: false, month: '2026-11-01', membersUpdated: 0 },
    ]
    let runs = 0
    server.use(http.post('*/api/ops/jobs/tiers/run', () => ok(answers[runs++])))
    await openLevels()
    const button = screen.getByRole('button', { name: '立即运行会员等级任务' })
    fireEvent.click(button)
    expect(await screen.findByText('已按 2026-10 的消费设置 2026-11 的会员等级：12 位会员。')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: '立即运行会员等级任务' }))
    expect(
      await screen.findByText('2026-11 的会员等级已经设置过（或正在由另一个进程设置），本次没有改动。'),
    ).toBeTruthy()
    expect(runs).toBe(2)
  })
})

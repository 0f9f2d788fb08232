import { I18nProvider } from '@lingui/react'
import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { ToastHost } from '../../src/components/ui/toast-host.tsx'
import { activateLanguage, i18n } from '../../src/lib/i18n.ts'
import { dismissAllToasts, showToast } from '../../src/lib/toast.ts'

function renderHost() {
  return render(
    <I18nProvider i18n={i18n}>
      <ToastHost />
    </I18nProvider>,
  )
}

beforeAll(async () => {
  await activateLanguage('zhCn')
})
afterEach(() => {
  act(() => dismissAllToasts())
  vi.useRealTimers()
})

describe('ToastHost', () => {
  it('shows an error as an alert and closes it with its button', () => {
    renderHost()
    act(() => {
      showToast({ tone: 'error', message: '出错了，请稍后再试' })
    })
    const alert = screen.getByRole('alert')
    expect(alert).toHaveProperty('textContent', expect.stringContaining('出错了，请稍后再试'))
    fireEvent.click(within(alert).getByRole('button', { name: '关闭' }))
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('announces success politely and leaves after its spec duration of 1000 ms', () => {
    vi.useFakeTimers()
    renderHost()
    act(() => {
      showToast({ tone: 'success', message: '已加入购物车' })
    })
    const status = screen.getByRole('status')
    expect(status.getAttribute('aria-live')).toBe('polite')
    expect(status.textContent).toContain('已加入购物车')
    act(() => vi.advanceTimersByTime(999))
    expect(screen.queryByText('已加入购物车')).not.toBeNull()
    act(() => vi.advanceTimersByTime(1))
    expect(screen.queryByText('已加入购物车')).toBeNull()
  })

  it('keeps an error 3000 ms by default and honours a longer warning, both as alerts', () => {
    vi.useFakeTimers()
    renderHost()
    act(() => {
      showToast({ tone: 'error', message: '请求超时，请重试！' })
      showToast({ tone: 'warning', message: 'Exceeds the limit of 3 per order', durationMs: 5000 })
    })
    expect(screen.getAllByRole('alert').map((toast) => toast.textContent)).toEqual([
      expect.stringContaining('请求超时，请重试！'),
      expect.stringContaining('Exceeds the limit of 3 per order'),
    ])
    act(() => vi.advanceTimersByTime(3000))
    expect(screen.queryByText('请求超时，请重试！')).toBeNull()
    expect(screen.queryByText('Exceeds the limit of 3 per order')).not.toBeNull()
    act(() => vi.advanceTimersByTime(2000))
    expect(screen.queryByText('Exceeds the limit of 3 per order')).toBeNull()
  })

  it('stacks different toasts but shows a repeated message once', () => {
    renderHost()
    act(() => {
      showToast({ tone: 'error', message: '请求超时，请重试！' })
      showToast({ tone: 'error', message: '请求超时，请重试！' })
      showToast({ tone: 'info', message: '订单已导出' })
    })
    expect(screen.getAllByText('请求超时，请重试！')).toHaveLength(1)
    expect(screen.getByText('订单已导出')).not.toBeNull()
    expect(screen.getAllByRole('button', { name: '关闭' })).toHaveLength(2)
  })
})

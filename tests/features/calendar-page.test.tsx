import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { describe, expect, it } from 'vitest'
import type { CalendarDto, CalendarEntryDto } from '../../src/domain/release-calendar.ts'
import { ok, productCard } from './support/catalog-fixtures.ts'
import { server } from './support/msw-server.ts'
import { renderApp } from './support/render-app.tsx'
import { shopperProfile, signIn, startupHandlers } from './support/signed-in.ts'

const entry = (date: string, kind: CalendarEntryDto['kind'], id: number): CalendarEntryDto => ({
  date,
  kind,
  product: productCard(id),
})

const MARCH: CalendarDto = {
  list: [
    entry('2031-03-05', 'release', 1),
    entry('2031-03-05', 'preorderCloses', 2),
    entry('2031-03-20', 'release', 3),
  ],
}

/** Serves the calendar (March's entries, every other month empty) and returns the queries it heard. */
function serveCalendar(months: Record<string, CalendarDto> = { '2031-03': MARCH }) {
  const heard: Record<string, string>[] = []
  server.use(
    http.get('*/api/mall/product/calendar', ({ request }) => {
      const query = Object.fromEntries(new URL(request.url).searchParams)
      heard.push(query)
      return ok(months[query.month ?? ''] ?? { list: [] })
    }),
    http.get('*/api/mall/product/allSeries', () => ok([])),
    http.get('*/api/mall/brand/list', () => ok([])),
  )
  return heard
}

/** Each day on screen: its heading, then each entry's kind label and product name. */
function daysOnScreen() {
  return screen.getAllByRole('heading', { level: 3 }).map((heading) => {
    const day = heading.closest('section') as HTMLElement
    return [
      heading.textContent,
      within(day)
        .getAllByRole('article')
        .map(
          (article) => `${article.querySelector('span')?.textContent} ${article.getAttribute('aria-label')}`,
        ),
    ]
  })
}

describe('release calendar', () => {
  it('shows the month day by day, each entry with its kind, name and product link', async () => {
    const heard = serveCalendar()
    await renderApp('/calendar?month=2031-03')

    expect(await screen.findByRole('heading', { level: 1, name: '发售日历' })).toBeTruthy()
    expect(screen.getByRole('heading', { level: 2, name: '2031年3月' })).toBeTruthy()
    expect(daysOnScreen()).toEqual([
      ['3月5日周三', ['发售 商品 1', '预订截止 商品 2']],
      ['3月20日周四', ['发售 商品 3']],
    ])
    expect(screen.getByRole('link', { name: '商品 3' }).getAttribute('href')).toBe('/product/3')
    expect(screen.getByText('本月 3 项')).toBeTruthy()
    expect(heard).toEqual([{ month: '2031-03', language: 'zhCn' }])
    // a visitor has no favourites to filter by, nor a feed
    expect(screen.queryByRole('checkbox', { name: '只看我的收藏' })).toBeNull()
    expect(screen.queryByRole('heading', { name: '订阅到日历应用' })).toBeNull()
  })

  it('moves a month on and back with its buttons, the month in the address and the query', async () => {
    const heard = serveCalendar()
    const { router } = await renderApp('/calendar?month=2031-03')
    const months = await screen.findByRole('navigation', { name: '切换月份' })

    fireEvent.click(within(months).getByRole('button', { name: /下个月/ }))
    expect(await screen.findByRole('heading', { level: 2, name: '2031年4月' })).toBeTruthy()
    expect(router.state.location.search).toMatchObject({ month: '2031-04' })

    fireEvent.click(within(months).getByRole('button', { name: /上个月/ }))
    fireEvent.click(await within(months).findByRole('button', { name: /上个月/ }))
    await waitFor(() => expect(router.state.location.search).toMatchObject({ month: '2031-02' }))
    expect(await screen.findByRole('heading', { level: 2, name: '2031年2月' })).toBeTruthy()
    const asked = heard.map((query) => query.month)
    expect(asked.slice(0, 2)).toEqual(['2031-03', '2031-04'])
    expect(asked.at(-1)).toBe('2031-02')
  })

  it('says when the month has nothing, and sends the filters chosen', async () => {
    const heard = serveCalendar()
    const { router } = await renderApp('/calendar?month=2031-05')

    expect(await screen.findByText('本月没有发售或截单的商品')).toBeTruthy()
    expect(screen.queryAllByRole('article')).toHaveLength(0)
    fireEvent.change(screen.getByRole('combobox', { name: '类型' }), { target: { value: '3' } })
    await waitFor(() => expect(router.state.location.search).toMatchObject({ month: '2031-05', type: 3 }))
    await waitFor(() => expect(heard.at(-1)).toEqual({ month: '2031-05', language: 'zhCn', type: '3' }))
  })

  it('offers a signed-in shopper their favourites and a feed address they can copy, subscribe to and reset', async () => {
    signIn({ role: 2 })
    const feedCalls: string[] = []
    server.use(
      ...startupHandlers,
      http.get('*/api/mall/user/info', () => ok(shopperProfile)),
      http.get('*/api/mall/calendar/ics-url', () => {
        feedCalls.push('get')
        return ok({ url: 'https://shop.test/api/mall/calendar/feed/first.ics' })
      }),
      http.post('*/api/mall/calendar/ics-url/rotate', () => {
        feedCalls.push('rotate')
        return ok({ url: 'https://shop.test/api/mall/calendar/feed/second.ics' })
      }),
    )
    const heard = serveCalendar()
    const { router } = await renderApp('/calendar?month=2031-03')

    const favourites = await screen.findByRole('checkbox', { name: '只看我的收藏' })
    fireEvent.click(favourites)
    await waitFor(() => expect(router.state.location.search).toMatchObject({ favourites: 1 }))
    await waitFor(() => expect(heard.at(-1)).toMatchObject({ month: '2031-03', favourites: '1' }))

    // the address is made only when the shopper asks for it
    expect(feedCalls).toEqual([])
    fireEvent.click(screen.getByRole('button', { name: '获取订阅链接' }))
    const address = (await screen.findByRole('textbox', { name: '你的订阅链接' })) as HTMLInputElement
    expect(address.value).toBe('https://shop.test/api/mall/calendar/feed/first.ics')
    expect(screen.getByRole('link', { name: '在日历应用中订阅' }).getAttribute('href')).toBe(
      'webcal://shop.test/api/mall/calendar/feed/first.ics',
    )

    fireEvent.click(screen.getByRole('button', { name: '重置链接' }))
    const dialog = await screen.findByRole('dialog', { name: '重置订阅链接？' })
    expect(dialog.textContent).toContain('旧链接会立即失效')
    fireEvent.click(within(dialog).getByRole('button', { name: '重置链接' }))
    await waitFor(() => expect(address.value).toBe('https://shop.test/api/mall/calendar/feed/second.ics'))
    expect(feedCalls).toEqual(['get', 'rotate'])
  })
})

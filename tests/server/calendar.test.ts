import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { balanceDueDate } from '../../src/domain/deadlines.ts'
import type { CalendarDto, CalendarFeedUrlDto } from '../../src/domain/release-calendar.ts'
import type { Envelope } from '../../src/domain/result-code.ts'
import {
  insertBrands,
  insertProducts,
  insertSeries,
  productRow,
  signedInAccount,
} from './support/catalog-fixture.ts'
import { insertArrivedOrder } from './support/order-fixture.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'
import { engines } from './support/test-database.ts'

const MONTH = '2031-03'

/** The feed's path under /api, from the address the shop hands out. */
const feedPath = (url: string) => new URL(url).pathname.replace(/^\/api/, '')

async function fetchFeed(t: TestApp, url: string) {
  const response = await t.app.request(new URL(url).pathname)
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    cache: response.headers.get('cache-control'),
    text: await response.text(),
  }
}

describe.each(engines)('release calendar on %s', (engine) => {
  let t: TestApp
  let seriesId = 0
  let brandId = 0

  const calendar = (query: string, token?: string) =>
    t.getJson<Envelope<CalendarDto>>(`/api/mall/product/calendar?${query}`, token ? { token } : {})
  const shown = (body: Envelope<CalendarDto>) =>
    body.data.list.map((entry) => `${entry.date} ${entry.kind} ${entry.product.productName}`)

  beforeAll(async () => {
    t = await createTestApp(engine)
    const [series] = await insertSeries(t.db, [{}])
    const [brand] = await insertBrands(t.db, [{}])
    seriesId = series?.id ?? 0
    brandId = brand?.id ?? 0
    await insertProducts(t.db, [
      productRow({ productName: '三月发售', releaseDate: `${MONTH}-20`, type: 1, seriesId }),
      productRow({
        productName: '截单',
        preSellEndTime: new Date(`${MONTH}-05T23:59:00+09:00`),
        type: 3,
        brandId,
      }),
      // Tokyo's 1 March starts on 28 February in UTC: it is March's.
      productRow({
        productName: '月初截单',
        preSellEndTime: new Date(`${MONTH}-01T00:30:00+09:00`),
        type: 1,
      }),
      productRow({ productName: '只有上架日', releaseDate: null, sellTime: `${MONTH}-20`, type: 1 }),
      productRow({ productName: '已下架', releaseDate: `${MONTH}-10`, status: 2 }),
      productRow({ productName: '四月发售', releaseDate: '2031-04-01' }),
      productRow({
        productName: '逗号, 分号; 的名字',
        preSellEndTime: new Date('2031-05-02T12:00:00+09:00'),
      }),
    ])
  })
  afterAll(async () => {
    await t.close()
  })

  it('lists the month by day: releases, then pre-order closings, on sale only', async () => {
    const { status, body } = await calendar(`month=${MONTH}&language=zhCn`)
    expect(status).toBe(200)
    expect(shown(body)).toEqual([
      `${MONTH}-01 preorderCloses 月初截单`,
      `${MONTH}-05 preorderCloses 截单`,
      `${MONTH}-20 release 三月发售`,
      `${MONTH}-20 release 只有上架日`,
    ])
    expect(body.data.list[0]?.product).toMatchObject({ productName: '月初截单', type: 1 })
  })

  it('filters by type, series and brand', async () => {
    expect(shown((await calendar(`month=${MONTH}&type=3`)).body)).toEqual([`${MONTH}-05 preorderCloses 截单`])
    expect(shown((await calendar(`month=${MONTH}&seriesId=${seriesId}`)).body)).toEqual([
      `${MONTH}-20 release 三月发售`,
    ])
    expect(shown((await calendar(`month=${MONTH}&brandId=${brandId}`)).body)).toEqual([
      `${MONTH}-05 preorderCloses 截单`,
    ])
    expect(shown((await calendar(`month=${MONTH}&type=0`)).body)).toHaveLength(4)
  })

  it('shows a shopper their favourites only, and asks a visitor to log in for them', async () => {
    const { token } = await signedInAccount(t, `calendar-fav-${engine}@example.com`)
    const [released] = (await calendar(`month=${MONTH}`)).body.data.list.filter(
      (entry) => entry.kind === 'release',
    )
    await t.sendJson(
      'POST',
      `/api/mall/collect/collectOrDelete/${released?.product.id}?collect=true`,
      undefined,
      {
        token,
      },
    )
    expect(shown((await calendar(`month=${MONTH}&favourites=1`, token)).body)).toEqual([
      `${MONTH}-20 release 三月发售`,
    ])
    const visitor = await calendar(`month=${MONTH}&favourites=1`)
    expect(visitor.status).toBe(401)
  })

  it.each([
    ['month=2031-13', 'month'],
    ['month=31-03', 'month'],
    ['month=2031-03&seriesId=abc', 'seriesId'],
    ['month=2031-03&type=12', 'type'],
    ['month=2031-03&favourites=yes', 'favourites'],
  ])('refuses %s with 400 naming %s', async (query, field) => {
    const { status, body } = await calendar(query)
    expect(status).toBe(400)
    expect(body.msg).toContain(field)
  })

  it('answers the current month when none is given', async () => {
    const { status } = await calendar('')
    expect(status).toBe(200)
  })

  it('hands out one feed address per shopper, and a new one on rotate that ends the old', async () => {
    const { token, userId } = await signedInAccount(t, `calendar-feed-${engine}@example.com`, {
      language: 'en',
    })
    const first = await t.getJson<Envelope<CalendarFeedUrlDto>>('/api/mall/calendar/ics-url', { token })
    const again = await t.getJson<Envelope<CalendarFeedUrlDto>>('/api/mall/calendar/ics-url', { token })
    expect(first.body.data.url).toBe(again.body.data.url)
    expect(first.body.data.url).toMatch(/\/api\/mall\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/)

    // A favourite whose pre-order closes, a balance due, and another shopper's that must not show.
    const [commaProduct] = await t.db
      .execute<{ id: number }>(sql`select id from products where product_name like '逗号%'`)
      .then((result) => (result as unknown as { rows: { id: number }[] }).rows)
    await t.sendJson(
      'POST',
      `/api/mall/collect/collectOrDelete/${commaProduct?.id}?collect=true`,
      undefined,
      { token },
    )
    await t.db.execute(
      sql`update products set en_product_name = 'Figure, with; a \\ long name that goes on and on past seventy-five octets of text' where id = ${commaProduct?.id}`,
    )
    const arrivedAt = '2031-04-10'
    const { orderId } = await insertArrivedOrder(t.db, { userId, arrivedAt, at: t.clock.now })
    const other = await signedInAccount(t, `calendar-other-${engine}@example.com`)
    const { orderId: othersOrder } = await insertArrivedOrder(t.db, {
      userId: other.userId,
      arrivedAt,
      at: t.clock.now,
    })

    const feed = await fetchFeed(t, first.body.data.url)
    expect(feed.status).toBe(200)
    expect(feed.type).toMatch(/^text\/calendar/)
    expect(feed.cache).toContain('no-store')
    const lines = feed.text.split('\r\n')
    expect(feed.text.endsWith('\r\n')).toBe(true)
    expect(feed.text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/)
    for (const line of lines) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75)
    const unfolded = feed.text.replace(/\r\n /g, '')
    expect(unfolded).toContain('BEGIN:VCALENDAR\r\nVERSION:2.0')
    expect(unfolded).toContain(
      'SUMMARY:Pre-order closes: Figure\\, with\\; a \\\\ long name that goes on and on past seventy-five octets of text',
    )
    expect(unfolded).toContain('DTSTART;VALUE=DATE:20310502')
    expect(unfolded).toContain(`SUMMARY:Balance due: order ${orderId}`)
    expect(unfolded).toContain(`DTSTART;VALUE=DATE:${balanceDueDate(arrivedAt).replace(/-/g, '')}`)
    expect(unfolded).not.toContain(`order ${othersOrder}`)

    const rotated = await t.sendJson<Envelope<CalendarFeedUrlDto>>(
      'POST',
      '/api/mall/calendar/ics-url/rotate',
      undefined,
      {
        token,
      },
    )
    expect(rotated.body.data.url).not.toBe(first.body.data.url)
    expect((await fetchFeed(t, first.body.data.url)).status).toBe(404)
    expect((await fetchFeed(t, rotated.body.data.url)).status).toBe(200)

    // A disabled account's feed is gone too.
    await t.db.execute(sql`update users set disabled = true where id = ${userId}`)
    expect((await fetchFeed(t, rotated.body.data.url)).status).toBe(404)
    expect(feedPath(rotated.body.data.url)).toMatch(/^\/mall\/calendar\/feed\//)
  })

  it('answers 404 for a malformed or unknown feed, and 401 to a visitor asking for an address', async () => {
    expect((await t.app.request('/api/mall/calendar/feed/nope.ics')).status).toBe(404)
    expect((await t.app.request(`/api/mall/calendar/feed/${'a'.repeat(43)}.ics`)).status).toBe(404)
    expect((await t.getJson('/api/mall/calendar/ics-url')).status).toBe(401)
    expect((await t.sendJson('POST', '/api/mall/calendar/ics-url/rotate')).status).toBe(401)
  })
})

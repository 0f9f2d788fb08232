import { and, asc, eq, gte, lt, type SQL, sql } from 'drizzle-orm'
import { shopDate } from '../../../src/domain/dates.ts'
import type { Language } from '../../../src/domain/language.ts'
import type { PriceViewer } from '../../../src/domain/price-display.ts'
import {
  type CalendarDto,
  type CalendarEntryDto,
  type CalendarQuery,
  shiftMonth,
} from '../../../src/domain/release-calendar.ts'
import type { Db } from '../../db/client.ts'
import { favourites, PRODUCT_STATUS, products } from '../../db/schema.ts'
import { cardColumns, toProductCard } from '../catalog/product-cards.ts'

/** Entries of each kind a month shows at most (a month of a large catalog stays one answer). */
const MAX_PER_KIND = 300

/** The first instant of a month's first day in shop time (Tokyo keeps +09:00 all year). */
const monthStart = (month: string) => new Date(`${month}-01T00:00:00+09:00`)

/** The release day a product shows: its release date, else the day it goes on sale. */
const releaseDay = sql<string>`coalesce(${products.releaseDate}, ${products.sellTime})::text`

/**
 * GET /mall/product/calendar: the month's releases and pre-order closings of products on sale, sorted
 * by day (releases first on a day), each with its card as the caller sees it. `favouritesOf` limits
 * them to that shopper's favourites.
 */
export async function listCalendar(
  db: Db,
  query: Omit<CalendarQuery, 'favourites' | 'month'> & { month: string },
  options: { viewer: PriceViewer; language: Language; favouritesOf: number | undefined },
): Promise<CalendarDto> {
  const { month } = query
  const next = shiftMonth(month, 1)
  const filters: (SQL | undefined)[] = [
    eq(products.status, PRODUCT_STATUS.onSale),
    query.type ? eq(products.type, query.type) : undefined,
    query.seriesId === undefined ? undefined : eq(products.seriesId, query.seriesId),
    query.brandId === undefined ? undefined : eq(products.brandId, query.brandId),
    options.favouritesOf === undefined
      ? undefined
      : sql`exists (select 1 from ${favourites} where ${favourites.userId} = ${options.favouritesOf} and ${favourites.productId} = ${products.id})`,
  ]
  const select = (when: SQL, order: SQL) =>
    db
      .select({ ...cardColumns, releaseDay })
      .from(products)
      .where(and(...filters, when))
      .orderBy(order, asc(products.id))
      .limit(MAX_PER_KIND)
  const [released, closing] = await Promise.all([
    select(and(gte(releaseDay, `${month}-01`), lt(releaseDay, `${next}-01`)) as SQL, asc(releaseDay)),
    select(
      and(
        gte(products.preSellEndTime, monthStart(month)),
        lt(products.preSellEndTime, monthStart(next)),
      ) as SQL,
      asc(products.preSellEndTime),
    ),
  ])
  const entries: CalendarEntryDto[] = [
    ...released.map(({ releaseDay: day, ...card }) => ({
      date: day,
      kind: 'release' as const,
      product: toProductCard(card, options.viewer, options.language),
    })),
    ...closing.map(({ releaseDay: _day, ...card }) => ({
      date: shopDate(card.preSellEndTime ?? new Date(0)) ?? '',
      kind: 'preorderCloses' as const,
      product: toProductCard(card, options.viewer, options.language),
    })),
  ]
  entries.sort(
    (a, b) =>
      a.date.localeCompare(b.date) ||
      (a.kind === b.kind ? 0 : a.kind === 'release' ? -1 : 1) ||
      a.product.id - b.product.id,
  )
  return { list: entries }
}

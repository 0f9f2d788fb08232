import type { Language } from './language.ts'
import { mulCeil, mulFloor, ratioOf, scaleRatio } from './ratio.ts'

/** The six price columns of a product (spec §3). */
export type PriceColumn =
  | 'cnBatchPrice'
  | 'cnAlonePrice'
  | 'jpBatchPrice'
  | 'jpAlonePrice'
  | 'enBatchPrice'
  | 'enAlonePrice'

/** Role → the column its product lists show (spec §6). Batch roles (1, 3, 5) are granted by an operator. */
export const ROLE_PRICE_COLUMN: Readonly<Record<1 | 2 | 3 | 4 | 5 | 6, PriceColumn>> = {
  1: 'cnBatchPrice',
  2: 'cnAlonePrice',
  3: 'jpBatchPrice',
  4: 'jpAlonePrice',
  5: 'enBatchPrice',
  6: 'enAlonePrice',
}

/** A new account's role: the single-price role of its sign-up language. */
export const SIGN_UP_ROLE: Readonly<Record<Language, 2 | 4 | 6>> = { zhCn: 2, ja: 4, en: 6 }

/**
 * The column a role sees in a language, or undefined when none fits (the generic price label).
 * Role 1 browsing in ja or en sees that market's single price (§6); every other role keeps its column.
 */
export function priceColumnFor(role: number, language: Language): PriceColumn | undefined {
  if (role === 1 && language === 'ja') return 'jpAlonePrice'
  if (role === 1 && language === 'en') return 'enAlonePrice'
  return ROLE_PRICE_COLUMN[role as keyof typeof ROLE_PRICE_COLUMN]
}

/** What a price slot shows. */
export type PriceView =
  | { kind: 'loginRequired' } // visitor: 'log in to view price'
  | { kind: 'partnerOnly' } // negative base: the partner-only text
  | { kind: 'generic' } // no column fits the role, or the column is empty
  | { kind: 'price'; yen: number }

const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0, useGrouping: true })

/** `¥12,800`, or `12,800 Yen` in English (spec §6). */
export function formatYen(yen: number, language: Language): string {
  const digits = grouped.format(yen)
  return language === 'en' ? `${digits} Yen` : `¥${digits}`
}

/**
 * Renminbi estimate in fen (1/100 yuan) from a yen → renminbi rate, rounded up to the fen (spec §5):
 * an estimate that errs high never surprises a shopper at the till.
 */
export function rmbEstimateFen(yen: number, rate: number): number {
  return mulCeil(yen, scaleRatio(ratioOf(rate), 100n))
}

/** The plain conversion, rounded down to the fen (spec §5 'the plain helper'). */
export function rmbFloorFen(yen: number, rate: number): number {
  return mulFloor(yen, scaleRatio(ratioOf(rate), 100n))
}

/** `123.45` for 12345 fen. */
export function fenText(fen: number): string {
  const sign = fen < 0 ? '-' : ''
  const abs = Math.abs(fen)
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}

/** Who asks for prices: a visitor, a customer with a price role, or an operator (who sees every column). */
export type PriceViewer =
  | { kind: 'visitor' }
  | { kind: 'customer'; role: number | null }
  | { kind: 'operator' }

const PRICE_COLUMNS: readonly PriceColumn[] = [
  'cnBatchPrice',
  'cnAlonePrice',
  'jpBatchPrice',
  'jpAlonePrice',
  'enBatchPrice',
  'enAlonePrice',
]

/**
 * The price fields a response carries for a viewer (spec §1, §6): none for a visitor; for a customer
 * only the column of their role in this language, or `partnerOnly` instead of a negative amount; every
 * column for an operator. The server builds responses with this, so a price never reaches a caller who
 * may not see it, whatever the client does.
 */
export function visiblePriceFields(
  viewer: PriceViewer,
  language: Language,
  prices: Readonly<Record<PriceColumn, number>>,
): Partial<Record<PriceColumn, number>> & { partnerOnly?: true } {
  if (viewer.kind === 'visitor') return {}
  if (viewer.kind === 'operator') {
    const all: Partial<Record<PriceColumn, number>> = {}
    for (const column of PRICE_COLUMNS) all[column] = prices[column]
    return all
  }
  const column = viewer.role === null ? undefined : priceColumnFor(viewer.role, language)
  if (!column) return {}
  const yen = prices[column]
  return yen < 0 ? { partnerOnly: true } : { [column]: yen }
}

/**
 * What a product's price slot shows, from the fields the server sent. `role` is null for a visitor.
 * A signed-in caller whose column is absent (no price role, or a stale token the server treated as a
 * visitor's) sees the generic label rather than a wrong price.
 */
export function shownPrice(
  role: number | null,
  language: Language,
  product: Partial<Record<PriceColumn, number>> & { partnerOnly?: true },
): PriceView {
  if (role === null) return { kind: 'loginRequired' }
  if (product.partnerOnly) return { kind: 'partnerOnly' }
  const column = priceColumnFor(role, language)
  const yen = column ? product[column] : undefined
  if (yen === undefined) return { kind: 'generic' }
  if (yen < 0) return { kind: 'partnerOnly' }
  return { kind: 'price', yen }
}

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

export type PriceColumns = Record<PriceColumn, number | null>

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

/** `role` is null for a visitor. */
export function priceView(role: number | null, language: Language, prices: PriceColumns): PriceView {
  if (role === null) return { kind: 'loginRequired' }
  const column = priceColumnFor(role, language)
  const yen = column ? prices[column] : null
  if (yen === null || yen === undefined) return { kind: 'generic' }
  if (yen < 0) return { kind: 'partnerOnly' }
  return { kind: 'price', yen }
}

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

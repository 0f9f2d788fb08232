import { t } from '@lingui/core/macro'
import type { Language } from '../../../domain/language.ts'
import type { PriceField } from '../../../domain/product-editor.ts'
import { PRODUCT_TYPE_LABEL, PRODUCT_TYPES, type ProductType } from '../../../domain/product-type.ts'

/** 1 on sale, 2 off sale (backoffice §2). */
export const PRODUCT_STATUSES = [1, 2] as const

/** Functions, so the label is read in the language active when it is shown. */
export const statusLabel = (status: number) => (status === 1 ? t`上架` : t`下架`)

export const productTypeLabel = (type: number, language: Language) =>
  PRODUCT_TYPE_LABEL[type as ProductType]?.[language] ?? String(type)

export const productTypeChoices = (language: Language) =>
  PRODUCT_TYPES.map((type) => ({ id: type, label: productTypeLabel(type, language) }))

/** The three markets of the price columns, each with its single and batch column. */
export const PRICE_MARKETS = [
  { key: 'cn', alone: 'cnAlonePrice', batch: 'cnBatchPrice' },
  { key: 'jp', alone: 'jpAlonePrice', batch: 'jpBatchPrice' },
  { key: 'en', alone: 'enAlonePrice', batch: 'enBatchPrice' },
] as const satisfies readonly { key: string; alone: PriceField; batch: PriceField }[]
export type PriceMarket = (typeof PRICE_MARKETS)[number]

export const marketLabel = (market: PriceMarket['key']) =>
  market === 'cn' ? t`中文站` : market === 'jp' ? t`日文站` : t`英文站`

/** The market whose prices an operator reading in `language` sees in the list. */
export const marketOfLanguage = (language: Language): PriceMarket =>
  PRICE_MARKETS[language === 'ja' ? 1 : language === 'en' ? 2 : 0]

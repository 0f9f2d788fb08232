import type { Language } from './language.ts'
import type { LocalizedText } from './localized.ts'
import type { Tone } from './tone.ts'

/** Product and order type codes of the spec (§4). 0 "all" is a filter value, not a product's type. */
export const ProductType = {
  all: 0,
  preSell: 1,
  stock: 2,
  add: 3,
  proxy: 4,
  againPreSell: 5,
  againAdd: 6,
  supplierStock: 7,
  finalMoney: 8,
  preSale: 9,
} as const
export type ProductType = (typeof ProductType)[keyof typeof ProductType]

/** Types a product can have (1–9). */
export const PRODUCT_TYPES: readonly ProductType[] = [1, 2, 3, 4, 5, 6, 7, 8, 9]

export function isProductType(value: unknown): value is ProductType {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 9
}

/** Each type's label colour: pre-orders wait for goods, goods in hand are done, the rest are other. */
export const PRODUCT_TYPE_TONE: Record<Exclude<ProductType, 0>, Tone> = {
  1: 'waiting',
  2: 'done',
  3: 'other',
  4: 'other',
  5: 'waiting',
  6: 'other',
  7: 'done',
  8: 'other',
  9: 'waiting',
}

/** Type labels (spec §4 codes; 0 labels the "all" filter choice). */
export const PRODUCT_TYPE_LABEL: Record<ProductType, LocalizedText> = {
  0: { zhCn: '全部', ja: 'すべて', en: 'All' },
  1: { zhCn: '预订', ja: '予約', en: 'Pre-order' },
  2: { zhCn: '现货', ja: '在庫品', en: 'In stock' },
  3: { zhCn: '追加', ja: '追加注文', en: 'Reorder' },
  4: { zhCn: '代购', ja: '代理購入', en: 'Proxy' },
  5: { zhCn: '再版预订', ja: '再販予約', en: 'Reissue pre-order' },
  6: { zhCn: '再版追加', ja: '再販追加', en: 'Reissue reorder' },
  7: { zhCn: '厂家现货', ja: 'メーカー在庫', en: 'Supplier stock' },
  8: { zhCn: '尾款', ja: '残金', en: 'Balance' },
  9: { zhCn: '现场预售', ja: '店頭予約', en: 'On-site pre-sale' },
}

/**
 * When goods of a type leave for the warehouse, as the shop states it to customers (issue brief):
 * pre-orders at the end of the release month, in-stock in about 3 days, supplier stock in about 30,
 * repeat orders in 30–180. Proxy purchases and balance lines promise nothing.
 */
export type DispatchSchedule =
  | { kind: 'releaseMonthEnd' }
  | { kind: 'days'; min: number; max: number }
  | { kind: 'none' }

export const PRODUCT_TYPE_SCHEDULE: Record<Exclude<ProductType, 0>, DispatchSchedule> = {
  1: { kind: 'releaseMonthEnd' },
  2: { kind: 'days', min: 3, max: 3 },
  3: { kind: 'days', min: 30, max: 180 },
  4: { kind: 'none' },
  5: { kind: 'releaseMonthEnd' },
  6: { kind: 'days', min: 30, max: 180 },
  7: { kind: 'days', min: 30, max: 30 },
  8: { kind: 'none' },
  9: { kind: 'releaseMonthEnd' },
}

/** The schedule in words, for the product page and the order confirmation. */
export function scheduleText(schedule: DispatchSchedule): LocalizedText | undefined {
  switch (schedule.kind) {
    case 'releaseMonthEnd':
      return {
        zhCn: '发售当月月底到货',
        ja: '発売月の月末に入荷',
        en: 'Arrives at the end of the release month',
      }
    case 'days':
      return schedule.min === schedule.max
        ? {
            zhCn: `约 ${schedule.min} 天到货`,
            ja: `約${schedule.min}日で入荷`,
            en: `Arrives in about ${schedule.min} days`,
          }
        : {
            zhCn: `约 ${schedule.min}–${schedule.max} 天到货`,
            ja: `約${schedule.min}〜${schedule.max}日で入荷`,
            en: `Arrives in ${schedule.min}–${schedule.max} days`,
          }
    case 'none':
      return undefined
  }
}

/** Last calendar day of the release month (`2027-02-28` for a `2027-02-10` release), for pre-order types. */
export function releaseMonthEnd(releaseDate: string): string {
  const [year, month] = releaseDate.split('-').map(Number) as [number, number]
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate()
  return `${year}-${String(month).padStart(2, '0')}-${String(lastDay).padStart(2, '0')}`
}

/**
 * Type choices a shopper may filter by, per language (spec §5): ja hides 4, 5, 6, 8; en shows only
 * 1, 2, 9 (the brief settles the spec's "one reading"); zhCn hides 5, 6, 8. The 'all' choice (0) is
 * not a type; the filter control offers it first on its own.
 */
export const PRODUCT_TYPE_OPTIONS: Record<Language, readonly Exclude<ProductType, 0>[]> = {
  zhCn: [1, 2, 3, 4, 7, 9],
  ja: [1, 2, 3, 7, 9],
  en: [1, 2, 9],
}

export interface ProductTypeOption {
  id: Exclude<ProductType, 0>
  label: string
}

export function productTypeOptions(language: Language): ProductTypeOption[] {
  return PRODUCT_TYPE_OPTIONS[language].map((id) => ({ id, label: PRODUCT_TYPE_LABEL[id][language] }))
}

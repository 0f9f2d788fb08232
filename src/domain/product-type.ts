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

/**
 * Each type's label colour. Pre-orders wait for goods (orange), goods in hand are done (green),
 * the rest are "other" (blue): the spec's colour convention applied to types.
 */
export type Tone = 'waiting' | 'done' | 'cancelled' | 'other'
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

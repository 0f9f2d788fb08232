import { sql } from 'drizzle-orm'
import type { ProductCardDto } from '../../../src/domain/catalog.ts'
import type { Language } from '../../../src/domain/language.ts'
import type { MediaImageDto } from '../../../src/domain/media.ts'
import { type PriceViewer, visiblePriceFields } from '../../../src/domain/price-display.ts'
import { products } from '../../db/schema.ts'

/** The columns a product card needs; select these, not the whole row. */
export const cardColumns = {
  id: products.id,
  type: products.type,
  productName: products.productName,
  jpProductName: products.jpProductName,
  enProductName: products.enProductName,
  imgList: products.imgList,
  // Only the cover: a card draws one picture, and a product may carry twenty with six variants each.
  cover: sql<MediaImageDto | null>`${products.images} -> 0`,
  sellTime: products.sellTime,
  preSellEndTime: products.preSellEndTime,
  cnAlonePrice: products.cnAlonePrice,
  cnBatchPrice: products.cnBatchPrice,
  jpAlonePrice: products.jpAlonePrice,
  jpBatchPrice: products.jpBatchPrice,
  enAlonePrice: products.enAlonePrice,
  enBatchPrice: products.enBatchPrice,
  isDiscount: products.isDiscount,
  isFront: products.isFront,
  boxIn: products.boxIn,
  orderBase: products.orderBase,
}

export interface CardRow {
  id: number
  type: number
  productName: string
  jpProductName: string | null
  enProductName: string | null
  imgList: string[]
  cover: MediaImageDto | null
  sellTime: string | null
  preSellEndTime: Date | null
  cnAlonePrice: number
  cnBatchPrice: number
  jpAlonePrice: number
  jpBatchPrice: number
  enAlonePrice: number
  enBatchPrice: number
  isDiscount: boolean
  isFront: boolean
  boxIn: number
  orderBase: number
}

/**
 * A card as the viewer may see it: prices only where src/domain allows them (absent otherwise). A card
 * draws its cover alone, so of the uploaded pictures only the first travels (its variants make the
 * `srcset`; the detail page sends them all); a product whose pictures come from elsewhere has its
 * `imgList` alone.
 */
export function toProductCard(row: CardRow, viewer: PriceViewer, language: Language): ProductCardDto {
  return {
    id: row.id,
    type: row.type,
    productName: row.productName,
    jpProductName: row.jpProductName,
    enProductName: row.enProductName,
    imgList: row.imgList,
    ...(row.cover ? { images: [row.cover] } : {}),
    sellTimeStr: row.sellTime,
    preSellEndTime: row.preSellEndTime ? row.preSellEndTime.toISOString() : null,
    isDiscount: row.isDiscount,
    isFront: row.isFront,
    boxIn: row.boxIn,
    orderBase: row.orderBase,
    ...visiblePriceFields(viewer, language, row),
  }
}

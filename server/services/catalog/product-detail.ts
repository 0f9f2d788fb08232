import { eq } from 'drizzle-orm'
import { brandNameIn, type ProductDetailDto } from '../../../src/domain/catalog.ts'
import type { Language } from '../../../src/domain/language.ts'
import { type PriceColumn, type PriceViewer, priceColumnFor } from '../../../src/domain/price-display.ts'
import {
  type ChargeSettings,
  chargeRates,
  DEFAULT_SCORE_RATE,
  discountedPrice,
  pointsEarned,
} from '../../../src/domain/pricing.ts'
import type { SignedIn } from '../../app-env.ts'
import type { Db } from '../../db/client.ts'
import { brands, categories, PRODUCT_STATUS, products, series } from '../../db/schema.ts'
import { favouriteIdOf } from '../favourites.ts'
import { readShopSettings } from '../shop-settings.ts'
import { cardColumns, toProductCard } from './product-cards.ts'
import { seriesColumns } from './series.ts'

export interface DetailCaller {
  viewer: PriceViewer
  language: Language
  /** The signed-in account, when there is one. */
  signedIn: SignedIn | undefined
}

async function readProductRow(db: Db, id: number) {
  const [row] = await db
    .select({
      ...cardColumns,
      images: products.images,
      itemNo: products.itemNo,
      janCode: products.janCode,
      boxBarcode: products.boxBarcode,
      releaseDate: products.releaseDate,
      stock: products.stock,
      orderBase: products.orderBase,
      status: products.status,
      category: {
        id: categories.id,
        name: categories.name,
        jpName: categories.jpName,
        enName: categories.enName,
      },
      series: seriesColumns,
      brand: { id: brands.id, name: brands.name, jpName: brands.jpName, enName: brands.enName },
    })
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(series, eq(series.id, products.seriesId))
    .leftJoin(brands, eq(brands.id, products.brandId))
    .where(eq(products.id, id))
  return row
}

/**
 * The member price block of a detail page (spec §3 'Product detail'): the reference price is the
 * caller's own column, the member price takes the shop's discount when the product joins it, and
 * the points are what that price earns at the caller's rate.
 */
export function memberPriceOf(
  referencePrice: number,
  isDiscount: boolean,
  charge: ChargeSettings,
  scoreRate: string | null,
): NonNullable<ProductDetailDto['memberPrice']> {
  const memberPrice = discountedPrice(referencePrice, chargeRates(charge), isDiscount)
  // An unset (or unreadable) rate is the shop's default rate.
  const rate = Number(scoreRate) || DEFAULT_SCORE_RATE
  return { referencePrice, discountedPrice: memberPrice, points: pointsEarned(memberPrice, rate) }
}

/**
 * One product as its detail page shows it, on sale or not (`available` says which), or undefined when
 * there is no such product. Prices follow the same rules as the cards; a signed-in caller also learns
 * whether it is a favourite, and a customer whose price is known gets the member price block.
 */
export async function readProductDetail(
  db: Db,
  id: number,
  caller: DetailCaller,
): Promise<ProductDetailDto | undefined> {
  const row = await readProductRow(db, id)
  if (!row) return undefined
  const { itemNo, janCode, boxBarcode, releaseDate, stock, orderBase, status, brand } = row
  const detail: ProductDetailDto = {
    ...toProductCard(row, caller.viewer, caller.language),
    // The gallery shows every uploaded picture, not only the card's cover.
    ...(row.images.length > 0 ? { images: row.images } : {}),
    itemNo,
    janCode,
    boxBarcode,
    // The maker is the brand, named in the caller's language (falling back to the Chinese name).
    manufacturer: brand ? brandNameIn(caller.language, brand) : null,
    brand,
    releaseDate,
    stock,
    orderBase,
    available: status === PRODUCT_STATUS.onSale,
    category: row.category,
    series: row.series,
  }
  const { signedIn } = caller
  if (!signedIn) return detail

  const favouriteId = await favouriteIdOf(db, signedIn.userId, id)
  detail.collected = favouriteId !== undefined
  if (favouriteId !== undefined) detail.bid = favouriteId

  const { viewer } = caller
  const column: PriceColumn | undefined =
    viewer.kind === 'customer' && viewer.role !== null
      ? priceColumnFor(viewer.role, caller.language)
      : undefined
  const referencePrice = column === undefined ? undefined : row[column]
  if (referencePrice !== undefined && referencePrice >= 0) {
    const { charge } = await readShopSettings(db)
    detail.memberPrice = memberPriceOf(referencePrice, row.isDiscount, charge, signedIn.account.scoreRate)
  }
  return detail
}

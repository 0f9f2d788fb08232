/** Wire shapes of the catalog and content calls, shared by the server that sends them and the PWA that reads them. */
import type { Language } from './language.ts'
import type { MediaImageDto } from './media.ts'
import type { PriceColumn } from './price-display.ts'
import type { Page } from './queries.ts'

export interface CategoryNode {
  id: number
  name: string
  jpName: string | null
  enName: string | null
  children: CategoryNode[]
}

/**
 * The price columns a caller may see. A visitor gets none at all (absent on the wire); a customer gets
 * the one column of their role in the request's language; an operator gets all six.
 */
export type VisiblePrices = Partial<Record<PriceColumn, number>>

/** A product as product lists show it (spec §3 'Product'). */
export interface ProductCardDto extends VisiblePrices {
  id: number
  type: number
  productName: string
  jpProductName: string | null
  enProductName: string | null
  imgList: string[]
  /**
   * Uploaded pictures with their encoded variants, cover first (absent for pictures from elsewhere):
   * a card carries its cover alone, the detail page every picture.
   */
  images?: MediaImageDto[]
  sellTimeStr: string | null
  /** ISO instant. */
  preSellEndTime: string | null
  isDiscount: boolean
  isFront: boolean
  boxIn: number
  /** Order quantity base: a card's add to cart adds one base (the wholesale minimum). */
  orderBase: number
  /** The caller's price is open to partners only (a negative base price); its amount is not sent. */
  partnerOnly?: true
  /** Favourite id: present when the signed-in caller has this product in their favourites. */
  bid?: number
}

/**
 * The search's answer: a page of cards, and `more` when more products match than the search ranks
 * (`total` then counts the ranked ones, and the list says "more than").
 */
export interface SearchPage extends Page<ProductCardDto> {
  more: boolean
}

export interface NamedRef {
  id: number
  name: string
  jpName: string | null
  enName: string | null
}

/** A series (spec §3 'Hot series'), with how many products on sale belong to it. */
export interface SeriesDto {
  id: number
  seriesName: string
  jpSeriesName: string | null
  enSeriesName: string | null
  productCount: number
}

/** GET /mall/product/details/{id} (spec §3 'Product detail'). */
export interface ProductDetailDto extends ProductCardDto {
  itemNo: string
  /** JAN code of the single item. */
  janCode: string | null
  boxBarcode: string | null
  /** The brand's name in the request's language (spec §3 'manufacturer'). */
  manufacturer: string | null
  /** The brand, linking to its products (backoffice §2 'Shopper side'). */
  brand: NamedRef | null
  /** YYYY-MM-DD. */
  releaseDate: string | null
  stock: number
  /** Order quantity base: the minimum and step of an order line. */
  orderBase: number
  /** False when the product is off sale; the page says so and offers no cart button. */
  available: boolean
  category: NamedRef | null
  series: SeriesDto | null
  /**
   * For a customer whose price is known: the reference price (their column), the member price after the
   * shop's discount, and the points that price earns at their rate.
   */
  memberPrice?: { referencePrice: number; discountedPrice: number; points: number }
  /** Signed-in callers only: whether the product is in their favourites. */
  collected?: boolean
}

/**
 * A brand as the shop shows it (GET /mall/brand/list and /mall/brand/trending): names in the three
 * languages, its logo when one was uploaded, and how many of its products are on sale.
 */
export interface BrandDto extends NamedRef {
  logo: MediaImageDto | null
  productCount: number
}

/** A home banner: `imgUrl` its plain picture, `image` the upload behind it (absent for a seeded file). */
export interface BannerDto {
  id: number
  name: string
  imgUrl: string
  image?: MediaImageDto
  jumpUrl: string | null
}

/** Name and content in the requested language (falling back to Chinese); content is sanitised HTML. */
export interface AnnouncementDto {
  id: number
  name: string
  content: string | null
  publishedAt: string
}

export interface FooterArticleDto {
  id: number
  type: number
  name: string
}

export interface ArticleDto {
  id: number
  type: number
  name: string
  /** Sanitised HTML. */
  content: string | null
  updatedAt: string
}

/** Spec §3 'Customer service entry'. */
export interface CustomerServiceDto {
  nickname: string
  qrcodeUrl: string | null
  email: string | null
}

/** GET /mall/exchange_rate/get: yen → renminbi, null when the shop has not set one. */
export interface ExchangeRateDto {
  rate: number | null
}

/** GET /mall/exchange_rate/get2: also the highest rate the shop will charge at. */
export interface ExchangeRateLimitsDto extends ExchangeRateDto {
  maxRate: number | null
}

/** One row of the browsing history: the product card and when it was last opened (ISO instant). */
export interface HistoryEntryDto extends ProductCardDto {
  viewedAt: string
}

/**
 * A product's favourite state: the answer of POST /mall/history/collectOrCancel/{productId}, of
 * collect/collectOrDelete and of GET /mall/collect/check/{productId} (flows §9).
 */
export interface FavouriteToggleDto {
  collected: boolean
  bid: number | null
}

/** Number of products on each home-page list. */
export const HOME_LIST_SIZE = 12

/** Spec §2 'Product list card': ja shows the Japanese name, zhCn the Chinese, any other language the English. */
export function productNameIn(
  language: Language,
  product: Pick<ProductCardDto, 'productName' | 'jpProductName' | 'enProductName'>,
): string {
  if (language === 'ja') return product.jpProductName || product.productName
  if (language === 'zhCn') return product.productName
  return product.enProductName || product.productName
}

/** A category's name in a language, falling back to the Chinese name. */
export function categoryNameIn(
  language: Language,
  node: Pick<NamedRef, 'name' | 'jpName' | 'enName'>,
): string {
  if (language === 'ja') return node.jpName || node.name
  if (language === 'en') return node.enName || node.name
  return node.name
}

/** A brand's name in a language, falling back to the Chinese name. */
export const brandNameIn = categoryNameIn

/**
 * A series' name in a language. English entries without an English name are hidden on the home page
 * (spec §2), so this returns undefined for them rather than a Chinese fallback.
 */
export function seriesNameIn(
  language: Language,
  series: Pick<SeriesDto, 'seriesName' | 'jpSeriesName' | 'enSeriesName'>,
): string | undefined {
  if (language === 'en') return series.enSeriesName || undefined
  if (language === 'ja') return series.jpSeriesName || series.seriesName
  return series.seriesName
}

import { HttpResponse, http } from 'msw'
import type { CartLineDto } from '../../../src/domain/cart.ts'
import type {
  HistoryEntryDto,
  ProductCardDto,
  ProductDetailDto,
  SeriesDto,
} from '../../../src/domain/catalog.ts'
import type { Page } from '../../../src/domain/queries.ts'
import { server } from './msw-server.ts'

export const ok = <T>(data: T) => HttpResponse.json({ code: 200, msg: 'success', data })
export const failed = (code: number, msg: string, status = code < 600 ? code : 400) =>
  HttpResponse.json({ code, msg, data: null }, { status })

/** A product as a list shows it to a visitor (no price fields), with the given changes. */
export function productCard(id: number, overrides: Partial<ProductCardDto> = {}): ProductCardDto {
  return {
    id,
    type: 1,
    productName: `商品 ${id}`,
    jpProductName: `商品 ${id} JP`,
    enProductName: `Product ${id}`,
    imgList: [`/media/demo/product-${id}.svg`],
    sellTimeStr: '2027-03',
    preSellEndTime: '2026-11-30T15:00:00.000Z',
    isDiscount: false,
    isFront: true,
    boxIn: 1,
    orderBase: 1,
    ...overrides,
  }
}

/** A line of the shopper's cart (flows §9 'cart line'), priced at 12,800 yen, orderable. */
export function cartLine(productId: number, overrides: Partial<CartLineDto> = {}): CartLineDto {
  return {
    ...productCard(productId),
    cnAlonePrice: 12800,
    cartId: productId + 1000,
    productId,
    productAmount: 1,
    productType: 1,
    orderBase: 1,
    stock: null,
    price: 12800,
    deposit: 3840,
    discount: 0,
    orderable: true,
    reason: null,
    ...overrides,
  }
}

export function productCards(from: number, count: number): ProductCardDto[] {
  return Array.from({ length: count }, (_, index) => productCard(from + index))
}

export function pageOf<T>(list: T[], total = list.length, pageNum = 1, pageSize = 30): Page<T> {
  return { list, total, pageNum, pageSize }
}

export const FIGURE_SERIES: SeriesDto = {
  id: 5,
  seriesName: '星之旅团',
  jpSeriesName: '星の旅団',
  enSeriesName: 'Star Brigade',
  productCount: 14,
}

/** A product page as the server sends it to a visitor, with the given changes. */
export function productDetail(id: number, overrides: Partial<ProductDetailDto> = {}): ProductDetailDto {
  return {
    ...productCard(id, {
      productName: '星之旅团 艾琳 1/7 手办',
      jpProductName: '星の旅団 エリン 1/7 フィギュア',
      enProductName: 'Star Brigade Erin 1/7 Figure',
      imgList: ['/media/demo/erin-front.svg', '/media/demo/erin-side.svg', '/media/demo/erin-back.svg'],
      boxIn: 6,
    }),
    itemNo: 'SB-ERIN-07',
    janCode: '4580590123456',
    boxBarcode: '14580590123453',
    manufacturer: '星光工房',
    brand: { id: 3, name: '星光工房', jpName: '星光工房', enName: 'Hoshizora Models' },
    releaseDate: '2027-02-10',
    stock: 40,
    orderBase: 2,
    available: true,
    category: { id: 7, name: '比例手办', jpName: 'スケールフィギュア', enName: 'Scale figures' },
    series: FIGURE_SERIES,
    ...overrides,
  }
}

export function historyEntry(
  id: number,
  viewedAt: string,
  overrides: Partial<ProductCardDto> = {},
): HistoryEntryDto {
  return { ...productCard(id, overrides), viewedAt }
}

/** What a paged catalog call was asked, one entry per call. */
export interface HeardQuery {
  pageNum: string | null
  pageSize: string | null
  language: string | null
  params: Record<string, string>
}

/**
 * Serves GET /api/mall/{path} from `pages` (by pageNum, a Page or a function of the call); returns what
 * the server heard.
 */
export function servePagedList<T>(
  path: string,
  pages: (query: HeardQuery) => Page<T> | Response,
): HeardQuery[] {
  const heard: HeardQuery[] = []
  server.use(
    http.get(`*/api/mall/${path}`, ({ request }) => {
      const params = Object.fromEntries(new URL(request.url).searchParams)
      const query: HeardQuery = {
        pageNum: params.pageNum ?? null,
        pageSize: params.pageSize ?? null,
        language: params.language ?? null,
        params,
      }
      heard.push(query)
      const answer = pages(query)
      return answer instanceof Response ? answer : ok(answer)
    }),
  )
  return heard
}

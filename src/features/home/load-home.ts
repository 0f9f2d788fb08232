import type { AnnouncementDto, BannerDto, BrandDto, ProductCardDto, SeriesDto } from '../../domain/catalog.ts'
import type { Language } from '../../domain/language.ts'
import { getAnnouncements } from './api/get-announcements.ts'
import { getBanners } from './api/get-banners.ts'
import { getDiscountList } from './api/get-discount-list.ts'
import { getHotList } from './api/get-hot-list.ts'
import { getHotSeries } from './api/get-hot-series.ts'
import { getNewList } from './api/get-new-list.ts'
import { getRecommendList } from './api/get-recommend-list.ts'
import { getTrendingBrands } from './api/get-trending-brands.ts'

export interface HomeProducts {
  recommend: ProductCardDto[]
  hot: ProductCardDto[]
  fresh: ProductCardDto[]
  discount: ProductCardDto[]
}

export interface HomeData {
  banners: BannerDto[]
  announcements: AnnouncementDto[]
  hotSeries: SeriesDto[]
  /** Brands by units sold in the last 30 days; empty on a shop that sold nothing yet. */
  trendingBrands: BrandDto[]
  products: HomeProducts
  /**
   * Every product list failed (no network and nothing cached, or the server is down): the page says
   * so. One missing list alone is only an empty list (spec §8).
   */
  productsFailed: boolean
  offline: boolean
}

async function listOrFailure<T>(load: Promise<T[]>): Promise<{ list: T[]; failed: boolean }> {
  try {
    const list = await load
    // spec §7: an array read under data, empty if missing
    return { list: Array.isArray(list) ? list : [], failed: false }
  } catch {
    return { list: [], failed: true }
  }
}

/**
 * The seven home calls (spec §7 'Home page') and the trending brands (backoffice §2), in parallel, each
 * in the page's language.
 */
export async function loadHome(language: Language): Promise<HomeData> {
  const [banners, announcements, hotSeries, recommend, hot, fresh, discount, trendingBrands] =
    await Promise.all([
      listOrFailure(getBanners(language)),
      listOrFailure(getAnnouncements(language)),
      listOrFailure(getHotSeries(language)),
      listOrFailure(getRecommendList(language)),
      listOrFailure(getHotList(language)),
      listOrFailure(getNewList(language)),
      listOrFailure(getDiscountList(language)),
      listOrFailure(getTrendingBrands(language)),
    ])
  const productLists = [recommend, hot, fresh, discount]
  const productsFailed = productLists.every((result) => result.failed)
  return {
    banners: banners.list,
    announcements: announcements.list,
    hotSeries: hotSeries.list,
    trendingBrands: trendingBrands.list,
    products: { recommend: recommend.list, hot: hot.list, fresh: fresh.list, discount: discount.list },
    productsFailed,
    offline: productsFailed && typeof navigator !== 'undefined' && !navigator.onLine,
  }
}

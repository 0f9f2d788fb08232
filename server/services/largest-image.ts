import { asc, eq } from 'drizzle-orm'
import type { MediaImageDto } from '../../src/domain/media.ts'
import { DEFAULT_PAGE_SIZE } from '../../src/domain/queries.ts'
import type { Db } from '../db/client.ts'
import { banners, media, products } from '../db/schema.ts'
import { cardColumns } from './catalog/product-cards.ts'
import { coversOnPage, type ProductListName } from './catalog/product-lists.ts'
import { bannerPictureColumns } from './content.ts'
import { mediaImageOf } from './media/media-rows.ts'

/** `/product/12`, `/product-hot/product/12`, `/collect/product/12`…: every product page's path. */
const PRODUCT_PAGE = /^\/(?:[a-z-]+\/)?product\/(\d{1,9})$/
/** `/product-hot/list` and the other catalog lists' pages (the shopper's own lists are not public). */
const LIST_PAGE = /^\/product-(hot|new|recommend|discount)\/list$/

/** Cards in a phone's first screen of a list (two columns, two rows). */
const FIRST_SCREEN_CARDS = 4

/**
 * The images a page paints largest and where: the home page's first banner, a product's cover, or
 * the covers of a list's first cards.
 */
export interface LargestImages {
  kind: 'banner' | 'cover' | 'cards'
  images: LargestImage[]
}

/** A plain URL, and the uploaded picture with its variants the page draws instead when there is one. */
export interface LargestImage {
  url: string
  picture: MediaImageDto | null
}

const coverOf = (row: { imgList: string[]; cover: MediaImageDto | null }): LargestImage | null => {
  const url = row.imgList[0]
  return url ? { url, picture: row.cover } : null
}

/**
 * What a page paints largest, so the HTML can show it before any script runs (Lighthouse: the LCP
 * image discoverable from the document). Nothing for other pages, or when the lookup fails: the page
 * then finds its images itself.
 */
export async function largestImagesOf(
  db: Db,
  path: string,
  search: URLSearchParams,
): Promise<LargestImages | null> {
  try {
    if (path === '/') {
      const [first] = await db
        .select({ imgUrl: banners.imgUrl, picture: bannerPictureColumns })
        .from(banners)
        .leftJoin(media, eq(media.id, banners.mediaId))
        .where(eq(banners.active, true))
        .orderBy(asc(banners.sort), asc(banners.id))
        .limit(1)
      const picture = first?.picture ? mediaImageOf(first.picture) : null
      return first ? { kind: 'banner', images: [{ url: first.imgUrl, picture }] } : null
    }
    const product = PRODUCT_PAGE.exec(path)
    if (product) {
      const [row] = await db
        .select({ imgList: cardColumns.imgList, cover: cardColumns.cover })
        .from(products)
        .where(eq(products.id, Number(product[1])))
        .limit(1)
      const cover = row && coverOf(row)
      return cover ? { kind: 'cover', images: [cover] } : null
    }
    const list = LIST_PAGE.exec(path)?.[1] as ProductListName | undefined
    if (list) {
      const pageNum = Number(search.get('pageNum') ?? '1')
      if (!Number.isInteger(pageNum) || pageNum < 1 || pageNum > 10_000) return null
      const rows = await coversOnPage(db, list, { pageNum, pageSize: DEFAULT_PAGE_SIZE }, FIRST_SCREEN_CARDS)
      const images = rows.flatMap((row) => coverOf(row) ?? [])
      return images.length > 0 ? { kind: 'cards', images } : null
    }
    return null
  } catch {
    return null
  }
}

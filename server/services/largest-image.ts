import { asc, eq } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { banners, products } from '../db/schema.ts'

/** `/product/12`, `/product-hot/product/12`, `/collect/product/12`…: every product page's path. */
const PRODUCT_PAGE = /^\/(?:[a-z-]+\/)?product\/(\d{1,9})$/

/**
 * The image a page paints largest, so the HTML can name it before any script runs (Lighthouse's
 * "LCP request discoverable"): the first banner on the home page, a product's cover on its page.
 * Nothing for other pages, or when the lookup fails: the page then finds the image itself.
 */
export async function largestImageOf(db: Db, path: string): Promise<string | null> {
  try {
    if (path === '/') {
      const [first] = await db
        .select({ imgUrl: banners.imgUrl })
        .from(banners)
        .where(eq(banners.active, true))
        .orderBy(asc(banners.sort), asc(banners.id))
        .limit(1)
      return first?.imgUrl ?? null
    }
    const product = PRODUCT_PAGE.exec(path)
    if (!product) return null
    const [row] = await db
      .select({ imgList: products.imgList })
      .from(products)
      .where(eq(products.id, Number(product[1])))
      .limit(1)
    return row?.imgList[0] ?? null
  } catch {
    return null
  }
}

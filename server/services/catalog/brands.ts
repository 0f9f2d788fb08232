import { asc, desc, eq, getTableName, sql } from 'drizzle-orm'
import type { BrandDto } from '../../../src/domain/catalog.ts'
import type { Db } from '../../db/client.ts'
import { brands, PRODUCT_STATUS, products } from '../../db/schema.ts'
import { paidSalesSince } from './paid-sales.ts'

/** How many brands the home page's trending area shows at most. */
export const TRENDING_BRANDS = 12

/**
 * The outer brand row's id, spelled out: in a query on one table drizzle writes columns without their
 * table, and inside the subquery a bare "id" would be the product's (as series.ts does).
 */
const outerBrandId = sql`${sql.identifier(getTableName(brands))}.${sql.identifier(brands.id.name)}`

/** How many products on sale carry the brand (products_brand_idx finds them). */
const onSaleCount = sql<number>`(
  select count(*) from ${products}
  where ${products.brandId} = ${outerBrandId} and ${products.status} = ${PRODUCT_STATUS.onSale}
)`.mapWith(Number)

const brandColumns = {
  id: brands.id,
  name: brands.name,
  jpName: brands.jpName,
  enName: brands.enName,
  logo: brands.logo,
  productCount: onSaleCount,
}

/** GET /mall/brand/list: every brand, in the shop's sort order, with its count of products on sale. */
export async function listBrands(db: Db): Promise<BrandDto[]> {
  const rows = await db.select(brandColumns).from(brands).orderBy(asc(brands.sort), asc(brands.id))
  return rows.map((row) => ({ ...row, logo: row.logo ?? null }))
}

/**
 * GET /mall/brand/trending: the brands whose products sold the most units on orders paid in the last
 * 30 days of the shop clock, at most 12, ties by the shop's sort order. A brand that sold nothing is
 * not trending, so a new shop has none (the home page then leaves the area out). The units themselves
 * are the shop's business and are not sent.
 */
export async function listTrendingBrands(db: Db, now: Date): Promise<BrandDto[]> {
  const sales = paidSalesSince(db, now)
  const sold = sql<number>`sum(${sales.sold})`
  const perBrand = db
    .select({ brandId: products.brandId, sold: sold.mapWith(Number).as('brand_sold') })
    .from(sales)
    .innerJoin(products, eq(products.id, sales.productId))
    .groupBy(products.brandId)
    .as('brand_sales')
  const rows = await db
    .select(brandColumns)
    .from(brands)
    .innerJoin(perBrand, eq(perBrand.brandId, brands.id))
    .orderBy(desc(perBrand.sold), asc(brands.sort), asc(brands.id))
    .limit(TRENDING_BRANDS)
  return rows.map((row) => ({ ...row, logo: row.logo ?? null }))
}

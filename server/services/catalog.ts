import { and, asc, eq, isNotNull } from 'drizzle-orm'
import { type CategoryNode, HOME_LIST_SIZE, type ProductCardDto } from '../../src/domain/catalog.ts'
import type { Db } from '../db/client.ts'
import { categories, PRODUCT_STATUS, products } from '../db/schema.ts'

export async function listCategoryTree(db: Db): Promise<CategoryNode[]> {
  const rows = await db
    .select({
      id: categories.id,
      parentId: categories.parentId,
      name: categories.name,
      jpName: categories.jpName,
      enName: categories.enName,
    })
    .from(categories)
    .orderBy(asc(categories.sort), asc(categories.id))
  const nodes = new Map<number, CategoryNode>()
  for (const { parentId: _parent, ...row } of rows) nodes.set(row.id, { ...row, children: [] })
  const roots: CategoryNode[] = []
  for (const row of rows) {
    const node = nodes.get(row.id)
    if (!node) continue
    const parent = row.parentId === null ? undefined : nodes.get(row.parentId)
    if (parent) parent.children.push(node)
    else roots.push(node)
  }
  return roots
}

/** Who is asking decides whether prices leave the server at all. */
export type Viewer = 'visitor' | 'customer'

const cardColumns = {
  id: products.id,
  type: products.type,
  productName: products.productName,
  jpProductName: products.jpProductName,
  enProductName: products.enProductName,
  imgList: products.imgList,
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
}

const selectCards = (db: Db) => db.select(cardColumns).from(products)
type CardRow = Awaited<ReturnType<typeof selectCards>>[number]

export function toProductCard(row: CardRow, viewer: Viewer): ProductCardDto {
  const price = (yen: number) => (viewer === 'visitor' ? null : yen)
  return {
    id: row.id,
    type: row.type,
    productName: row.productName,
    jpProductName: row.jpProductName,
    enProductName: row.enProductName,
    imgList: row.imgList,
    sellTimeStr: row.sellTime,
    preSellEndTime: row.preSellEndTime ? row.preSellEndTime.toISOString() : null,
    cnAlonePrice: price(row.cnAlonePrice),
    cnBatchPrice: price(row.cnBatchPrice),
    jpAlonePrice: price(row.jpAlonePrice),
    jpBatchPrice: price(row.jpBatchPrice),
    enAlonePrice: price(row.enAlonePrice),
    enBatchPrice: price(row.enBatchPrice),
    isDiscount: row.isDiscount,
    isFront: row.isFront,
    boxIn: row.boxIn,
  }
}

/** The home page's hot list: on-sale products with a hot rank, best first. */
export async function listHotProducts(db: Db, options: { viewer: Viewer }): Promise<ProductCardDto[]> {
  const rows = await selectCards(db)
    .where(and(isNotNull(products.hotRank), eq(products.status, PRODUCT_STATUS.onSale)))
    .orderBy(asc(products.hotRank), asc(products.id))
    .limit(HOME_LIST_SIZE)
  return rows.map((row) => toProductCard(row, options.viewer))
}

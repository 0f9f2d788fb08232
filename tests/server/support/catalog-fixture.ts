import type { Db } from '../../../server/db/client.ts'
import { categories, products } from '../../../server/db/schema.ts'

type NewProduct = typeof products.$inferInsert

let itemCounter = 0

/** A product row with every required column; override what the test is about. */
export function productRow(overrides: Partial<NewProduct> = {}): NewProduct {
  itemCounter += 1
  return {
    itemNo: `T-${String(itemCounter).padStart(5, '0')}`,
    janCode: null,
    productName: `测试商品${itemCounter}`,
    jpProductName: `テスト商品${itemCounter}`,
    enProductName: `Test product ${itemCounter}`,
    type: 1,
    imgList: [`/media/demo/test-${itemCounter}.svg`],
    cnAlonePrice: 1200,
    cnBatchPrice: 1000,
    jpAlonePrice: 1300,
    jpBatchPrice: 1100,
    enAlonePrice: 1400,
    enBatchPrice: 1150,
    ...overrides,
  }
}

export async function insertProducts(db: Db, rows: NewProduct[]) {
  return db.insert(products).values(rows).returning({ id: products.id, itemNo: products.itemNo })
}

/** Figures (with two children) and Plush (no children), in that sort order. */
export async function insertCategoryTree(db: Db) {
  const [figures, plush] = await db
    .insert(categories)
    .values([
      { name: '手办', jpName: 'フィギュア', enName: 'Figures', sort: 1 },
      { name: '毛绒', jpName: 'ぬいぐるみ', enName: 'Plush', sort: 2 },
    ])
    .returning()
  if (!figures || !plush) throw new Error('fixture insert failed')
  const children = await db
    .insert(categories)
    .values([
      {
        parentId: figures.id,
        name: '比例手办',
        jpName: 'スケールフィギュア',
        enName: 'Scale figures',
        sort: 2,
      },
      { parentId: figures.id, name: '景品', jpName: 'プライズ', enName: 'Prize figures', sort: 1 },
    ])
    .returning()
  return { figures, plush, children }
}

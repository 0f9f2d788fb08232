import { eq } from 'drizzle-orm'
import type { Db } from '../../../server/db/client.ts'
import { brands, categories, products, series, users } from '../../../server/db/schema.ts'
import { STAFF_PERMISSIONS, type StaffPermission } from '../../../src/domain/staff.ts'
import { signUp } from './accounts.ts'
import type { TestApp } from './test-app.ts'

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

type NewSeries = typeof series.$inferInsert

let seriesCounter = 0

/** Series rows; each gets a unique name in three languages unless the test gives one. */
/** Inserts brands (names default to a numbered test brand). */
export async function insertBrands(db: Db, rows: Partial<typeof brands.$inferInsert>[]) {
  return db
    .insert(brands)
    .values(
      rows.map((row, i) => ({
        name: `测试品牌${i + 1}`,
        jpName: `テストブランド${i + 1}`,
        enName: `Test brand ${i + 1}`,
        ...row,
      })),
    )
    .returning()
}

export async function insertSeries(db: Db, rows: Partial<NewSeries>[]) {
  return db
    .insert(series)
    .values(
      rows.map((row) => {
        seriesCounter += 1
        return {
          name: `测试系列${seriesCounter}`,
          jpName: `テストシリーズ${seriesCounter}`,
          enName: `Test series ${seriesCounter}`,
          ...row,
        }
      }),
    )
    .returning()
}

/**
 * A signed-up customer (through the real calls) with a token. `role` sets the price role the shop
 * would grant (sign-up gives the single-price role of the language), `scoreRate` the points rate,
 * `kind: 'operator'` makes the account an operator's.
 */
export async function signedInAccount(
  t: TestApp,
  email: string,
  options: {
    language?: 'zhCn' | 'ja' | 'en'
    role?: number | null
    scoreRate?: string | null
    kind?: 'customer' | 'operator'
    /** An operator's console rooms; every room when left out, like the first operator's. */
    permissions?: StaffPermission[]
  } = {},
): Promise<{ token: string; userId: number }> {
  const { token } = await signUp(t, email, { language: options.language })
  const changes: Partial<typeof users.$inferInsert> = {}
  if (options.role !== undefined) changes.role = options.role
  if (options.scoreRate !== undefined) changes.scoreRate = options.scoreRate
  if (options.kind !== undefined) changes.kind = options.kind
  if (options.kind === 'operator') changes.permissions = options.permissions ?? [...STAFF_PERMISSIONS]
  const [account] =
    Object.keys(changes).length > 0
      ? await t.db.update(users).set(changes).where(eq(users.email, email)).returning({ id: users.id })
      : await t.db.select({ id: users.id }).from(users).where(eq(users.email, email))
  if (!account) throw new Error(`no account ${email}`)
  return { token, userId: account.id }
}

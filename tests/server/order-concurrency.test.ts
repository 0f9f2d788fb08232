import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cartLines, orderLines, orders, products, users } from '../../server/db/schema.ts'
import { loadAuthKeys } from '../../server/services/accounts/server-secrets.ts'
import { openSession } from '../../server/services/accounts/sessions.ts'
import type { OrderDto } from '../../src/domain/orders.ts'
import type { Envelope } from '../../src/domain/result-code.ts'
import { insertProducts, productRow } from './support/catalog-fixture.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'
import { engines } from './support/test-database.ts'

const SHOPPERS = 200
const STOCK = 10

/**
 * Shoppers made straight in the database with a session each: sign-up hashes a password (argon2id),
 * which for two hundred accounts would cost more than the race being tested.
 */
async function insertShoppers(t: TestApp, count: number, prefix: string) {
  const accounts = await t.db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        email: `${prefix}-${i}@example.com`,
        passwordHash: 'not-a-hash: these accounts never sign in',
        nickname: `${prefix}${i}`,
        role: 2,
      })),
    )
    .returning()
  const { tokenKey } = await loadAuthKeys(t.db)
  return Promise.all(
    accounts.map(async (account) => ({
      userId: account.id,
      token: (await openSession(t.db, tokenKey, account, t.clock.now)).token,
    })),
  )
}

describe.each(engines)('orders racing for stock on %s', (engine) => {
  let t: TestApp

  beforeAll(async () => {
    t = await createTestApp(engine)
  })
  afterAll(async () => {
    await t.close()
  })

  const createOrder = (token: string, cartLineIds: number[], headers: Record<string, string> = {}) =>
    t.sendJson<Envelope<OrderDto | null>>(
      'POST',
      '/api/mall/order/createOrder',
      { cartLineIds },
      {
        token,
        ...headers,
      },
    )

  it(`gives ${SHOPPERS} shoppers racing for the last ${STOCK} units exactly ${STOCK} orders`, async () => {
    const [product] = await insertProducts(t.db, [productRow({ type: 2, stock: STOCK })])
    if (!product) throw new Error('no product')
    const shoppers = await insertShoppers(t, SHOPPERS, 'racer')
    // Each shopper's cart holds one unit: the cart reserves nothing, the order does.
    const lines = await t.db
      .insert(cartLines)
      .values(
        shoppers.map((s) => ({ userId: s.userId, productId: product.id, productAmount: 1, productType: 2 })),
      )
      .returning({ id: cartLines.id, userId: cartLines.userId })
    const lineOf = new Map(lines.map((line) => [line.userId, line.id]))

    const answers = await Promise.all(
      shoppers.map((s) => createOrder(s.token, [lineOf.get(s.userId) as number])),
    )
    const ok = answers.filter((a) => a.body.code === 200)
    const refused = answers.filter((a) => a.body.code !== 200)
    const [after] = await t.db
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, product.id))
    console.log(`[concurrency] engine=${engine} runs=${answers.length} ok=${ok.length} stock=${after?.stock}`)

    expect(ok).toHaveLength(STOCK)
    expect(after?.stock).toBe(0)
    // Every loser is told why, naming the product (zhCn by default).
    const [named] = await t.db
      .select({ name: products.productName })
      .from(products)
      .where(eq(products.id, product.id))
    expect(new Set(refused.map((a) => `${a.status} ${a.body.msg}`))).toEqual(
      new Set([`409 This item is out of stock: ${named?.name}`]),
    )
    const [made] = await t.db
      .select({
        count: sql<number>`count(*)::int`,
        reserved: sql<number>`coalesce(sum(${orderLines.stockReserved}), 0)::int`,
      })
      .from(orders)
      .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
      .where(eq(orderLines.productId, product.id))
    expect(made).toEqual({ count: STOCK, reserved: STOCK })
    // The winners' lines left their carts; the others keep theirs (marked out of stock by the cart).
    const [left] = await t.db
      .select({ count: sql<number>`count(*)::int` })
      .from(cartLines)
      .where(eq(cartLines.productId, product.id))
    expect(left?.count).toBe(SHOPPERS - STOCK)
  })

  it('makes one order when a shopper sends the same lines twice at once with different keys', async () => {
    const [product] = await insertProducts(t.db, [productRow({ type: 2, stock: 50 })])
    if (!product) throw new Error('no product')
    const [shopper] = await insertShoppers(t, 1, 'double')
    if (!shopper) throw new Error('no shopper')
    const [line] = await t.db
      .insert(cartLines)
      .values({ userId: shopper.userId, productId: product.id, productAmount: 5, productType: 2 })
      .returning({ id: cartLines.id })
    const answers = await Promise.all(
      ['tab-1', 'tab-2'].map((key) =>
        createOrder(shopper.token, [line?.id as number], { 'Idempotency-Key': key }),
      ),
    )
    // The second finds the line gone once the first has ordered it.
    expect(answers.map((a) => a.status).sort()).toEqual([200, 404])
    const [after] = await t.db
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, product.id))
    expect(after?.stock).toBe(45)
    const made = await t.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, shopper.userId))
    expect(made).toHaveLength(1)
  })
})

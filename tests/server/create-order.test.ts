import { and, asc, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  cartLines,
  idempotencyKeys,
  orderLines,
  orders,
  pointsLedger,
  products,
  users,
} from '../../server/db/schema.ts'
import { loadOrder } from '../../server/services/orders/order-views.ts'
import { changePoints } from '../../server/services/points.ts'
import { writeShopSettings } from '../../server/services/shop-settings.ts'
import type { AddToCartAnswer } from '../../src/domain/cart.ts'
import type { MediaImageDto } from '../../src/domain/media.ts'
import type { OrderDto } from '../../src/domain/orders.ts'
import type { Envelope } from '../../src/domain/result-code.ts'
import { insertProducts, productRow, signedInAccount } from './support/catalog-fixture.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'
import { engines } from './support/test-database.ts'

type Headers = Record<string, string>

interface Shopper {
  headers: Headers
  userId: number
}

const MINUTE = 60_000

/** Member discount 10 %, platform fee 3 %, deposit 30 %, settlement fee 3.5 %: every rule has work to do. */
const CHARGES = { discount: 0.9, platPercent: 0.03, frontMoney: 0.3, settlePercent: 0.035, rate: null }

describe.each(engines)('createOrder on %s', (engine) => {
  let t: TestApp
  let ada: Shopper
  let ben: Shopper

  beforeAll(async () => {
    t = await createTestApp(engine)
    await writeShopSettings(t.db, { charge: CHARGES, maxRate: null })
    // Sign-up gives role 2 in zhCn (cnAlonePrice) and role 4 in ja (jpAlonePrice).
    const a = await signedInAccount(t, 'ada@example.com')
    const b = await signedInAccount(t, 'ben@example.com', { language: 'ja' })
    ada = { headers: { token: a.token }, userId: a.userId }
    ben = { headers: { token: b.token }, userId: b.userId }
  })
  afterAll(async () => {
    await t.close()
  })

  const createOrder = (who: Shopper | Headers, body: unknown, query = '', headers: Headers = {}) =>
    t.sendJson<Envelope<OrderDto | null>>('POST', `/api/mall/order/createOrder${query}`, body, {
      ...('headers' in who ? (who.headers as Headers) : who),
      ...headers,
    })

  /** Adds a product through the real cart call and answers the cart line id. */
  async function addToCart(who: Shopper, productId: number, amount: number): Promise<number> {
    const [product] = await t.db
      .select({ type: products.type })
      .from(products)
      .where(eq(products.id, productId))
    const { body } = await t.sendJson<Envelope<AddToCartAnswer>>(
      'POST',
      '/api/mall/cart/addToCart',
      { productId, productAmount: amount, productType: product?.type },
      who.headers,
    )
    expect(body.code).toBe(200)
    return body.data.cartId
  }

  async function product(overrides: Parameters<typeof productRow>[0]) {
    const [row] = await insertProducts(t.db, [productRow(overrides)])
    if (!row) throw new Error('no product')
    return row.id
  }

  const imagesOf = async (productId: number) =>
    (await t.db.select({ imgList: products.imgList }).from(products).where(eq(products.id, productId)))[0]
      ?.imgList ?? []
  const stockOf = async (productId: number) =>
    (await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, productId)))[0]?.stock
  const cartIdsOf = async (who: Shopper) =>
    (
      await t.db
        .select({ id: cartLines.id })
        .from(cartLines)
        .where(eq(cartLines.userId, who.userId))
        .orderBy(asc(cartLines.id))
    ).map((row) => row.id)
  const pointsOf = async (who: Shopper) =>
    (await t.db.select({ score: users.score }).from(users).where(eq(users.id, who.userId)))[0]?.score
  const ordersOf = async (who: Shopper) =>
    t.db.select().from(orders).where(eq(orders.userId, who.userId)).orderBy(asc(orders.id))

  it('needs a signed-in customer, and a valid body and query', async () => {
    expect((await createOrder({}, { cartLineIds: [1] })).status).toBe(401)
    const missing = await createOrder(ada, {})
    expect(missing.status).toBe(400)
    expect(missing.body.msg).toMatch(/^cartLineIds: /)
    expect((await createOrder(ada, { cartLineIds: [] })).body.msg).toMatch(/^cartLineIds: /)
    expect((await createOrder(ada, { cartLineIds: ['x'] })).body.msg).toMatch(/^cartLineIds/)
    const badScore = await createOrder(ada, { cartLineIds: [1] }, '?score=-5')
    expect(badScore.status).toBe(400)
    expect(badScore.body.msg).toMatch(/^score: /)
    const badKey = await createOrder(ada, { cartLineIds: [1] }, '', {
      'Idempotency-Key': 'no spaces allowed',
    })
    expect(badKey.status).toBe(400)
    expect(badKey.body.msg).toMatch(/^Idempotency-Key: /)
    expect(await ordersOf(ada)).toEqual([])
  })

  it('turns the selected lines into one order in 2 waitPay, priced by the domain and frozen', async () => {
    // A discounted pre-order paid by deposit, and an in-stock item paid in full.
    const preOrderCover: MediaImageDto = {
      id: 51,
      width: 640,
      height: 640,
      placeholder: 'data:image/webp;base64,AA',
      variants: [{ width: 320, format: 'webp', url: '/media/m/pre-320.webp' }],
    }
    const preOrder = await product({
      type: 1,
      isFront: true,
      isDiscount: true,
      cnAlonePrice: 5800,
      janCode: '4901234567894',
      images: [preOrderCover],
    })
    const inStock = await product({ type: 2, stock: 5, cnAlonePrice: 1200 })
    const kept = await product({ type: 1 })
    const preOrderLine = await addToCart(ada, preOrder, 2)
    const inStockLine = await addToCart(ada, inStock, 3)
    const keptLine = await addToCart(ada, kept, 1)
    const placedAt = t.clock.now

    const { status, body } = await createOrder(ada, { cartLineIds: [preOrderLine, inStockLine] })
    expect(status).toBe(200)
    const order = body.data as OrderDto
    // The answer is the order as stored, as every later read shows it.
    expect(order).toEqual(await loadOrder(t.db, { orderId: order.id, userId: ada.userId, at: t.clock.now }))
    expect(order.lines.map((line) => line.imgUrl)).toEqual(
      await Promise.all([preOrder, inStock].map(async (id) => (await imagesOf(id))[0] ?? null)),
    )
    // an uploaded cover travels with its variants (the page's srcset); a plain one alone
    expect(order.lines.map((line) => line.image)).toEqual([preOrderCover, undefined])
    // Hand-computed: 5800 × 0.9 = 5220 a unit; goods 10440; fee ceil(313.2) = 314;
    // settlement ceil(0.035 × 10754) = 377; deposit ceil(0.3 × 10440) = 3132, balance 7999.
    // 1200 × 3 = 3600; fee 108; settlement ceil(0.035 × 3708) = 130; no deposit: 3838 now.
    expect(order).toMatchObject({
      status: 2,
      parentId: null,
      goods: 14040,
      discount: 1160,
      platformFee: 422,
      settlementFee: 507,
      total: 14969,
      deposit: 6970,
      balance: 7999,
      pointsHeld: 0,
      paidAmount: 0,
    })
    expect(order.deposit + order.balance).toBe(order.total)
    expect(new Date(order.payDueTime ?? '').getTime()).toBeGreaterThanOrEqual(
      placedAt.getTime() + 30 * MINUTE,
    )
    expect(new Date(order.payDueTime ?? '').getTime()).toBeLessThan(placedAt.getTime() + 31 * MINUTE)
    expect(order.lines).toHaveLength(2)
    expect(order.lines[0]).toMatchObject({
      productId: preOrder,
      barcode: '4901234567894',
      productType: 1,
      basePrice: 5800,
      unitPrice: 5220,
      quantity: 2,
      goods: 10440,
      deposit: 3132,
      balance: 7999,
      total: 11131,
    })
    expect(order.lines[1]).toMatchObject({
      productId: inStock,
      barcode: expect.stringMatching(/^T-\d+$/), // no JAN code: the item number
      productType: 2,
      basePrice: 1200,
      unitPrice: 1200,
      quantity: 3,
      deposit: 3838,
      balance: 0,
      total: 3838,
    })

    // Stock is reserved for the in-stock line only; the ordered lines left the cart, the other stayed.
    expect(await stockOf(inStock)).toBe(2)
    const reserved = await t.db
      .select({ productId: orderLines.productId, stockReserved: orderLines.stockReserved })
      .from(orderLines)
      .where(eq(orderLines.orderId, order.id))
      .orderBy(asc(orderLines.id))
    expect(reserved).toEqual([
      { productId: preOrder, stockReserved: 0 },
      { productId: inStock, stockReserved: 3 },
    ])
    expect(await cartIdsOf(ada)).toEqual([keptLine])

    // A later price change never changes the order.
    await t.db
      .update(products)
      .set({ cnAlonePrice: 9999, isFront: false })
      .where(inArray(products.id, [preOrder, inStock]))
    const reread = await loadOrder(t.db, { orderId: order.id, userId: ada.userId })
    expect(reread).toMatchObject({ total: 14969, deposit: 6970, balance: 7999 })
    expect(reread?.lines.map((line) => line.unitPrice)).toEqual([5220, 1200])
  })

  it('asks the whole price at once when no line takes a deposit', async () => {
    const plain = await product({ type: 3, isFront: false, cnAlonePrice: 2000 })
    const line = await addToCart(ada, plain, 1)
    const { body } = await createOrder(ada, { cartLineIds: [line] })
    // 2000 + fee 60 + settlement ceil(0.035 × 2060) = 73.
    expect(body.data).toMatchObject({ total: 2133, deposit: 2133, balance: 0 })
  })

  it('holds points for the first payment: at most the points held and the deposit', async () => {
    await changePoints(t.db, { userId: ben.userId, delta: 700, reason: 'earn' })
    // Role 4 in ja: the Japanese single price, 1300.
    const figure = await product({ type: 1, jpAlonePrice: 1300 })
    const first = await createOrder(
      ben,
      { cartLineIds: [await addToCart(ben, figure, 1)] },
      '?score=500&language=ja',
    )
    expect(first.body.data).toMatchObject({ pointsHeld: 500, deposit: 1300 + 39 + 47 })
    expect(await pointsOf(ben)).toBe(200)
    // Asking for more than held takes what is held.
    const second = await createOrder(ben, { cartLineIds: [await addToCart(ben, figure, 1)] }, '?score=99999')
    expect(second.body.data?.pointsHeld).toBe(200)
    expect(await pointsOf(ben)).toBe(0)
    const ledger = await t.db
      .select({ delta: pointsLedger.delta, reason: pointsLedger.reason, orderId: pointsLedger.orderId })
      .from(pointsLedger)
      .where(eq(pointsLedger.userId, ben.userId))
      .orderBy(asc(pointsLedger.id))
    expect(ledger).toEqual([
      { delta: 700, reason: 'earn', orderId: null },
      { delta: -500, reason: 'hold', orderId: first.body.data?.id },
      { delta: -200, reason: 'hold', orderId: second.body.data?.id },
    ])
  })

  describe('refusals', () => {
    /** Everything a refusal must leave as it was. */
    async function snapshot(who: Shopper, productIds: number[]) {
      return {
        cart: await cartIdsOf(who),
        orders: (await ordersOf(who)).length,
        points: await pointsOf(who),
        stock: await Promise.all(productIds.map(stockOf)),
      }
    }

    it('refuses the whole order, naming the product in the request’s language, and changes nothing', async () => {
      await changePoints(t.db, { userId: ada.userId, delta: 300, reason: 'earn' })
      const fine = await product({ type: 2, stock: 10 })
      const scarce = await product({
        type: 7,
        stock: 3,
        productName: '初音未来 手办',
        jpProductName: '初音ミク フィギュア',
        enProductName: 'Hatsune Miku figure',
      })
      const fineLine = await addToCart(ada, fine, 2)
      const scarceLine = await addToCart(ada, scarce, 3)
      await t.db.update(products).set({ stock: 2 }).where(eq(products.id, scarce))
      const before = await snapshot(ada, [fine, scarce])
      const names = { zhCn: '初音未来 手办', ja: '初音ミク フィギュア', en: 'Hatsune Miku figure' }
      for (const [language, name] of Object.entries(names)) {
        const { status, body } = await createOrder(
          ada,
          { cartLineIds: [fineLine, scarceLine] },
          `?score=100&language=${language}`,
        )
        expect(status).toBe(409)
        expect(body.msg).toBe(`This item is out of stock: ${name}`)
        expect(body.data).toEqual({ productId: scarce, productName: name, reason: 'outOfStock' })
      }
      expect(await snapshot(ada, [fine, scarce])).toEqual(before)
    })

    it('names each reason: off sale, partner-only, amount, type changed, no price', async () => {
      const cases = [
        { reason: 'unavailable', msg: 'This item is no longer available', change: { status: 2 } },
        {
          reason: 'partnerOnly',
          msg: 'This item’s price is open to partners only',
          change: { cnAlonePrice: -1 },
        },
        { reason: 'amount', msg: 'The amount must be a multiple of 2', change: { orderBase: 2 } },
        { reason: 'typeChanged', msg: 'This item has changed; please reload the page', change: { type: 3 } },
      ] as const
      for (const { reason, msg, change } of cases) {
        const id = await product({ type: 1, productName: `商品 ${reason}`, jpProductName: null })
        const line = await addToCart(ada, id, 3)
        await t.db.update(products).set(change).where(eq(products.id, id))
        const before = await snapshot(ada, [id])
        const zh = await createOrder(ada, { cartLineIds: [line] })
        expect(zh.status).toBe(409)
        expect(zh.body.msg).toBe(`${msg}: 商品 ${reason}`)
        expect(zh.body.data).toMatchObject({ productId: id, reason })
        // No Japanese name: the Chinese one stands in.
        const ja = await createOrder(ada, { cartLineIds: [line] }, '?language=ja')
        expect(ja.body.data).toMatchObject({ productName: `商品 ${reason}` })
        expect(await snapshot(ada, [id])).toEqual(before)
      }
      // A shopper whose account has no price role has nothing to pay with.
      const id = await product({ type: 1 })
      const line = await addToCart(ada, id, 1)
      await t.db.update(users).set({ role: null }).where(eq(users.id, ada.userId))
      try {
        const { status, body } = await createOrder(ada, { cartLineIds: [line] }, '?language=en')
        expect(status).toBe(409)
        expect(body.data).toMatchObject({ productId: id, reason: 'noPrice' })
      } finally {
        await t.db.update(users).set({ role: 2 }).where(eq(users.id, ada.userId))
      }
    })

    it('answers 404 naming the ids that are not the caller’s lines, and changes nothing', async () => {
      const id = await product({ type: 2, stock: 10 })
      const own = await addToCart(ada, id, 1)
      const bens = await addToCart(ben, id, 1)
      const before = await snapshot(ada, [id])
      const { status, body } = await createOrder(ada, { cartLineIds: [own, bens, 999_999] })
      expect(status).toBe(404)
      expect(body.msg).toBe(`Cart line not found: ${bens}, 999999`)
      expect(body.data).toEqual({ cartIds: [bens, 999_999] })
      expect(await snapshot(ada, [id])).toEqual(before)
      expect(await cartIdsOf(ben)).toContain(bens)
    })
  })

  describe('with an Idempotency-Key', () => {
    it('answers a repeat with the first order and makes one; another request with the key is a 409', async () => {
      const id = await product({ type: 2, stock: 10 })
      const line = await addToCart(ada, id, 2)
      const other = await addToCart(ada, await product({ type: 1 }), 1)
      const key = { 'Idempotency-Key': 'checkout-1' }
      const ordersBefore = (await ordersOf(ada)).length
      const first = await createOrder(ada, { cartLineIds: [line] }, '', key)
      const again = await createOrder(ada, { cartLineIds: [line] }, '', key)
      expect(first.body.code).toBe(200)
      expect(again.body).toEqual(first.body)
      expect((await ordersOf(ada)).length).toBe(ordersBefore + 1)
      expect(await stockOf(id)).toBe(8)
      const reused = await createOrder(ada, { cartLineIds: [other] }, '', key)
      expect(reused.status).toBe(409)
      expect(reused.body.msg).toBe('Idempotency-Key: this key was already used for a different request')
      // The same key with other points is another request too.
      expect((await createOrder(ada, { cartLineIds: [line] }, '?score=5', key)).status).toBe(409)
      expect(await cartIdsOf(ada)).toContain(other)
    })

    it('makes one order when the same attempt arrives twice at once', async () => {
      const id = await product({ type: 2, stock: 10 })
      const line = await addToCart(ben, id, 1)
      const ordersBefore = (await ordersOf(ben)).length
      const key = { 'Idempotency-Key': 'double-send' }
      const [a, b] = await Promise.all([
        createOrder(ben, { cartLineIds: [line] }, '', key),
        createOrder(ben, { cartLineIds: [line] }, '', key),
      ])
      expect(a.body.code).toBe(200)
      expect(b.body).toEqual(a.body)
      expect((await ordersOf(ben)).length).toBe(ordersBefore + 1)
      expect(await stockOf(id)).toBe(9)
      const keys = await t.db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, ben.userId), eq(idempotencyKeys.key, 'double-send')))
      expect(keys).toHaveLength(1)
    })
  })
})

import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cartLines, products } from '../../server/db/schema.ts'
import { writeShopSettings } from '../../server/services/shop-settings.ts'
import type { AddToCartAnswer, CartLineDto } from '../../src/domain/cart.ts'
import type { Envelope } from '../../src/domain/result-code.ts'
import { signUp } from './support/accounts.ts'
import { insertProducts, productRow } from './support/catalog-fixture.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'
import { engines } from './support/test-database.ts'

type Headers = Record<string, string>

/** The cart calls of one test app, each answering status and envelope. */
function cartCalls(t: TestApp) {
  return {
    add: (headers: Headers, body: unknown) =>
      t.sendJson<Envelope<AddToCartAnswer | null>>('POST', '/api/mall/cart/addToCart', body, headers),
    change: (headers: Headers, cartId: number | string, num: number | string, language = 'zhCn') =>
      t.sendJson<Envelope<CartLineDto | null>>(
        'PUT',
        `/api/mall/cart/changeNum/${cartId}/${num}?language=${language}`,
        undefined,
        headers,
      ),
    remove: (headers: Headers, body: unknown) =>
      t.sendJson<Envelope<{ removed: number } | null>>(
        'DELETE',
        '/api/mall/cart/removeFromCart',
        body,
        headers,
      ),
    clear: (headers: Headers) =>
      t.sendJson<Envelope<{ removed: number } | null>>(
        'DELETE',
        '/api/mall/cart/clearCart',
        undefined,
        headers,
      ),
    list: (headers: Headers, language = 'zhCn') =>
      t.getJson<Envelope<CartLineDto[] | null>>(`/api/mall/cart/listCart?language=${language}`, headers),
    /** The lines of a cart, failing the test when the call does. */
    async cartOf(headers: Headers, language = 'zhCn'): Promise<CartLineDto[]> {
      const { body } = await t.getJson<Envelope<CartLineDto[]>>(
        `/api/mall/cart/listCart?language=${language}`,
        headers,
      )
      expect(body.code).toBe(200)
      return body.data
    },
  }
}

const amountsOf = (lines: readonly CartLineDto[]) =>
  Object.fromEntries(lines.map((line) => [line.productId, line.productAmount]))

describe.each(engines)('adding to the cart on %s', (engine) => {
  let t: TestApp
  let calls: ReturnType<typeof cartCalls>
  let figure: { id: number }
  let boxed: { id: number }
  let offSale: { id: number }
  let fewLeft: { id: number }
  let ada: Headers
  let ben: Headers

  beforeAll(async () => {
    t = await createTestApp(engine)
    calls = cartCalls(t)
    const inserted = await insertProducts(t.db, [
      productRow({ type: 1, cnAlonePrice: 5800 }),
      productRow({ type: 2, orderBase: 6, boxIn: 6, stock: 500 }),
      productRow({ type: 2, status: 2, stock: 10 }),
      productRow({ type: 7, stock: 10 }),
    ])
    ;[figure, boxed, offSale, fewLeft] = inserted.map(({ id }) => ({ id })) as [
      { id: number },
      { id: number },
      { id: number },
      { id: number },
    ]
    ada = { token: (await signUp(t, 'ada@example.com')).token }
    ben = { token: (await signUp(t, 'ben@example.com', { language: 'ja' })).token }
  })
  afterAll(async () => {
    await t.close()
  })

  it('needs a signed-in customer', async () => {
    const { status, body } = await calls.add({}, { productId: figure.id, productAmount: 1, productType: 1 })
    expect(status).toBe(401)
    expect(body.code).toBe(401)
  })

  it('adds a line, and adding again adds to its amount; the answer is the line and its new total', async () => {
    const first = await calls.add(ada, { productId: figure.id, productAmount: 1, productType: 1 })
    expect(first.body.code).toBe(200)
    const cartId = first.body.data?.cartId
    expect(first.body.data).toEqual({ cartId: expect.any(Number), productAmount: 1 })
    const second = await calls.add(ada, { productId: figure.id, productAmount: 2, productType: 1 })
    expect(second.body.data).toEqual({ cartId, productAmount: 3 })
    const lines = await calls.cartOf(ada)
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({
      cartId,
      productId: figure.id,
      productAmount: 3,
      productType: 1,
      cnAlonePrice: 5800,
    })
    // Another shopper's cart is their own.
    expect(await calls.cartOf(ben, 'ja')).toEqual([])
  })

  it('makes one line with both amounts when two adds race', async () => {
    const body = { productId: boxed.id, productAmount: 6, productType: 2 }
    const answers = await Promise.all([calls.add(ben, body), calls.add(ben, body)])
    expect(answers.map((a) => a.body.code)).toEqual([200, 200])
    expect(answers.map((a) => a.body.data?.productAmount).sort()).toEqual([12, 6])
    const lines = await calls.cartOf(ben, 'ja')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({ productAmount: 12, orderBase: 6 })
  })

  it('refuses an amount off the order base, a bad body, an off-sale or unknown product, and changes nothing', async () => {
    const before = await calls.cartOf(ben, 'ja')
    const offBase = await calls.add(ben, { productId: boxed.id, productAmount: 4, productType: 2 })
    expect(offBase.status).toBe(400)
    expect(offBase.body.msg).toBe('productAmount: must be a multiple of 6')
    const badBody = await calls.add(ben, { productId: boxed.id, productAmount: 0, productType: 2 })
    expect(badBody.status).toBe(400)
    expect(badBody.body.msg).toMatch(/^productAmount: /)
    const missingType = await calls.add(ben, { productId: boxed.id, productAmount: 6 })
    expect(missingType.body.msg).toMatch(/^productType: /)
    const badId = await calls.add(ben, { productId: 'x', productAmount: 6, productType: 2 })
    expect(badId.body.msg).toMatch(/^productId: /)
    const gone = await calls.add(ben, { productId: offSale.id, productAmount: 1, productType: 2 })
    expect(gone.status).toBe(409)
    expect(gone.body.msg).toBe('This item is no longer available')
    expect((await calls.add(ben, { productId: boxed.id, productAmount: 6, productType: 1 })).status).toBe(409)
    expect((await calls.add(ben, { productId: 999_999, productAmount: 1, productType: 2 })).status).toBe(404)
    expect(await calls.cartOf(ben, 'ja')).toEqual(before)
  })

  it('caps a line at 9999', async () => {
    const full = await calls.add(ada, { productId: figure.id, productAmount: 9997, productType: 1 })
    expect(full.status).toBe(409)
    expect(full.body.msg).toBe('A cart line holds at most 9999 of one item')
    expect((await calls.cartOf(ada))[0]?.productAmount).toBe(3)
    const topUp = await calls.add(ada, { productId: figure.id, productAmount: 9996, productType: 1 })
    expect(topUp.body.data?.productAmount).toBe(9999)
    expect((await calls.cartOf(ada))[0]?.productAmount).toBe(9999)
  })

  it('keeps a stocked line within the stock, counting what the line already holds', async () => {
    const tooMany = await calls.add(ada, { productId: fewLeft.id, productAmount: 11, productType: 7 })
    expect(tooMany.status).toBe(409)
    expect(tooMany.body.msg).toBe('This item is out of stock')
    expect((await calls.add(ada, { productId: fewLeft.id, productAmount: 8, productType: 7 })).status).toBe(
      200,
    )
    const over = await calls.add(ada, { productId: fewLeft.id, productAmount: 3, productType: 7 })
    expect(over.status).toBe(409)
    expect(over.body.msg).toBe('This item is out of stock')
    expect(amountsOf(await calls.cartOf(ada))[fewLeft.id]).toBe(8)
    expect((await calls.add(ada, { productId: fewLeft.id, productAmount: 2, productType: 7 })).status).toBe(
      200,
    )
    expect(amountsOf(await calls.cartOf(ada))[fewLeft.id]).toBe(10)
  })

  it('never lets adds at once go past the stock', async () => {
    const [racy] = await insertProducts(t.db, [productRow({ type: 2, stock: 10 })])
    const productId = racy?.id as number
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => calls.add(ben, { productId, productAmount: 3, productType: 2 })),
    )
    const codes = answers.map((a) => a.body.code)
    expect(codes.filter((code) => code === 200)).toHaveLength(3)
    expect(codes.filter((code) => code === 409)).toHaveLength(2)
    expect(amountsOf(await calls.cartOf(ben, 'ja'))[productId]).toBe(9)
  })
})

describe.each(engines)('listing the cart on %s', (engine) => {
  let t: TestApp
  let calls: ReturnType<typeof cartCalls>
  let ada: Headers
  let ben: Headers
  const ids: Record<string, number> = {}

  beforeAll(async () => {
    t = await createTestApp(engine)
    calls = cartCalls(t)
    await writeShopSettings(t.db, {
      charge: { discount: 0.9, platPercent: 0.03, frontMoney: 0.3, settlePercent: 0.035, rate: 0.05 },
      maxRate: null,
    })
    const rows = await insertProducts(t.db, [
      productRow({ type: 1, cnAlonePrice: 5800, jpAlonePrice: 6000, isDiscount: true, isFront: true }),
      productRow({ type: 2, cnAlonePrice: 1200, stock: 20 }),
      productRow({ type: 7, cnAlonePrice: -1, stock: 50 }),
      productRow({ type: 2, cnAlonePrice: 900, stock: 30, orderBase: 2 }),
      productRow({ type: 1, cnAlonePrice: 700 }),
      productRow({ type: 2, cnAlonePrice: 800, stock: 5 }),
    ])
    ;['preorder', 'stocked', 'partnerOnly', 'byTwo', 'retyped', 'dropping'].forEach((name, i) => {
      ids[name] = rows[i]?.id as number
    })
    ada = { token: (await signUp(t, 'ada@example.com')).token }
    ben = { token: (await signUp(t, 'ben@example.com', { language: 'ja' })).token }
    const adds: [string, number, number][] = [
      ['preorder', 2, 1],
      ['stocked', 3, 2],
      ['partnerOnly', 1, 7],
      ['byTwo', 4, 2],
      ['retyped', 1, 1],
      ['dropping', 4, 2],
    ]
    for (const [name, productAmount, productType] of adds) {
      const added = await calls.add(ada, { productId: ids[name], productAmount, productType })
      expect(added.body.code).toBe(200)
    }
    expect(
      (await calls.add(ben, { productId: ids.preorder, productAmount: 1, productType: 1 })).body.code,
    ).toBe(200)
  })
  afterAll(async () => {
    await t.close()
  })

  const lineOf = (lines: CartLineDto[], name: string) => {
    const line = lines.find((candidate) => candidate.productId === ids[name])
    if (!line) throw new Error(`no line for ${name}`)
    return line
  }

  it('needs a signed-in customer and a known language', async () => {
    const visitor = await calls.list({})
    expect(visitor.status).toBe(401)
    const badLanguage = await calls.list(ada, 'fr')
    expect(badLanguage.status).toBe(400)
    expect(badLanguage.body.msg).toMatch(/^language: /)
  })

  it('prices each unit with the shop’s charge settings, in the shopper’s column', async () => {
    const lines = await calls.cartOf(ada)
    // 5800 with a 0.9 member discount: floor(5220) → discount 580; 30 % deposit of 5220 → 1566.
    expect(lineOf(lines, 'preorder')).toMatchObject({
      id: ids.preorder,
      productId: ids.preorder,
      productAmount: 2,
      productType: 1,
      orderBase: 1,
      stock: null,
      price: 5800,
      discount: 580,
      deposit: 1566,
      cnAlonePrice: 5800,
      orderable: true,
      reason: null,
    })
    // No discount and no deposit: paid in full, 1200 + ceil(36) fee + ceil(0.035 × 1236) = 1280.
    expect(lineOf(lines, 'stocked')).toMatchObject({
      stock: 20,
      price: 1200,
      discount: 0,
      deposit: 1280,
      orderable: true,
      reason: null,
    })
    // Ben (ja, role 4) sees the Japanese single price: 6000 → 5400, deposit ceil(1620).
    const [bens] = await calls.cartOf(ben, 'ja')
    expect(bens).toMatchObject({ price: 6000, discount: 600, deposit: 1620, jpAlonePrice: 6000 })
    expect(bens).not.toHaveProperty('cnAlonePrice')
  })

  it('marks a partner-only line without sending its price', async () => {
    const line = lineOf(await calls.cartOf(ada), 'partnerOnly')
    expect(line).toMatchObject({ partnerOnly: true, orderable: false, reason: 'partnerOnly', stock: 50 })
    expect(line).not.toHaveProperty('price')
    expect(line).not.toHaveProperty('deposit')
    expect(line).not.toHaveProperty('cnAlonePrice')
  })

  it('keeps lines that can no longer be ordered, marked with the reason', async () => {
    await t.db
      .update(products)
      .set({ status: 2 })
      .where(eq(products.id, ids.stocked as number))
    await t.db
      .update(products)
      .set({ orderBase: 3 })
      .where(eq(products.id, ids.byTwo as number))
    await t.db
      .update(products)
      .set({ type: 3 })
      .where(eq(products.id, ids.retyped as number))
    await t.db
      .update(products)
      .set({ stock: 3 })
      .where(eq(products.id, ids.dropping as number))
    const lines = await calls.cartOf(ada)
    expect(lines).toHaveLength(6)
    expect(lineOf(lines, 'stocked')).toMatchObject({ orderable: false, reason: 'unavailable' })
    expect(lineOf(lines, 'byTwo')).toMatchObject({ orderable: false, reason: 'amount', orderBase: 3 })
    expect(lineOf(lines, 'retyped')).toMatchObject({
      orderable: false,
      reason: 'typeChanged',
      type: 3,
      productType: 1,
    })
    expect(lineOf(lines, 'dropping')).toMatchObject({ orderable: false, reason: 'outOfStock', stock: 3 })
    expect(lineOf(lines, 'preorder')).toMatchObject({ orderable: true, reason: null })
  })

  it('lists the last changed line first', async () => {
    const preorder = lineOf(await calls.cartOf(ada), 'preorder')
    expect((await calls.cartOf(ada))[0]?.cartId).not.toBe(preorder.cartId)
    t.clock.advance(1000)
    expect((await calls.change(ada, preorder.cartId, 3)).body.code).toBe(200)
    expect((await calls.cartOf(ada))[0]).toMatchObject({ cartId: preorder.cartId, productAmount: 3 })
  })
})

describe.each(engines)('changing and removing cart lines on %s', (engine) => {
  let t: TestApp
  let calls: ReturnType<typeof cartCalls>
  let ada: Headers
  let ben: Headers
  let byBox: number
  let stocked: number
  let racy: number
  let preorder: number

  beforeAll(async () => {
    t = await createTestApp(engine)
    calls = cartCalls(t)
    const rows = await insertProducts(t.db, [
      productRow({ type: 2, orderBase: 6, stock: 600 }),
      productRow({ type: 2, stock: 10 }),
      productRow({ type: 7, stock: 10 }),
      productRow({ type: 1 }),
    ])
    ;[byBox, stocked, racy, preorder] = rows.map((row) => row.id) as [number, number, number, number]
    ada = { token: (await signUp(t, 'ada@example.com')).token }
    ben = { token: (await signUp(t, 'ben@example.com')).token }
  })
  afterAll(async () => {
    await t.close()
  })

  const lineId = async (headers: Headers, productId: number, productAmount: number, productType: number) => {
    const added = await calls.add(headers, { productId, productAmount, productType })
    if (!added.body.data) throw new Error(`add refused: ${added.body.msg}`)
    return added.body.data.cartId
  }

  it('refuses a visitor on every call', async () => {
    for (const answer of [
      await calls.change({}, 1, 1),
      await calls.remove({}, { cartIds: [1] }),
      await calls.clear({}),
      await calls.list({}),
      await calls.add({}, { productId: 1, productAmount: 1, productType: 1 }),
    ]) {
      expect(answer.status).toBe(401)
      expect(answer.body.code).toBe(401)
    }
  })

  it('sets a line’s amount and answers the line as listCart shows it', async () => {
    const cartId = await lineId(ada, byBox, 6, 2)
    const changed = await calls.change(ada, cartId, 18)
    expect(changed.status).toBe(200)
    expect(changed.body.data).toMatchObject({
      cartId,
      productId: byBox,
      productAmount: 18,
      orderBase: 6,
      stock: 600,
      orderable: true,
      reason: null,
    })
    const [listed] = (await calls.cartOf(ada)).filter((line) => line.cartId === cartId)
    expect(changed.body.data).toEqual(listed)
  })

  it('names the bad parameter and changes nothing', async () => {
    const cartId = (await calls.cartOf(ada)).find((line) => line.productId === byBox)?.cartId as number
    const offBase = await calls.change(ada, cartId, 10)
    expect(offBase.status).toBe(400)
    expect(offBase.body.msg).toBe('num: must be a multiple of 6')
    const zero = await calls.change(ada, cartId, 0)
    expect(zero.status).toBe(400)
    expect(zero.body.msg).toBe('num: must be a whole number from 1 to 9999')
    const tooMany = await calls.change(ada, cartId, 10_000)
    expect(tooMany.body.msg).toBe('num: must be a whole number from 1 to 9999')
    const notNumber = await calls.change(ada, 'abc', 6)
    expect(notNumber.status).toBe(400)
    expect(notNumber.body.msg).toMatch(/^id: /)
    const badLanguage = await calls.change(ada, cartId, 12, 'fr')
    expect(badLanguage.body.msg).toMatch(/^language: /)
    expect(amountsOf(await calls.cartOf(ada))[byBox]).toBe(18)
  })

  it('keeps a stocked line within the stock and refuses an off-sale product', async () => {
    const cartId = await lineId(ada, stocked, 2, 2)
    expect((await calls.change(ada, cartId, 10)).body.data?.productAmount).toBe(10)
    const over = await calls.change(ada, cartId, 11)
    expect(over.status).toBe(409)
    expect(over.body.msg).toBe('This item is out of stock')
    // A pre-order type has no counted stock: only the 9999 cap holds.
    const preorderLine = await lineId(ada, preorder, 1, 1)
    expect((await calls.change(ada, preorderLine, 9999)).body.data?.productAmount).toBe(9999)
    await t.db.update(products).set({ status: 2 }).where(eq(products.id, stocked))
    const gone = await calls.change(ada, cartId, 5)
    expect(gone.status).toBe(409)
    expect(gone.body.msg).toBe('This item is no longer available')
    expect(amountsOf(await calls.cartOf(ada))[stocked]).toBe(10)
    await t.db.update(products).set({ status: 1 }).where(eq(products.id, stocked))
  })

  it('never goes past the stock when changes and adds race', async () => {
    const cartId = await lineId(ben, racy, 5, 7)
    const answers = await Promise.all([
      calls.change(ben, cartId, 10),
      calls.add(ben, { productId: racy, productAmount: 4, productType: 7 }),
      calls.change(ben, cartId, 9),
      calls.add(ben, { productId: racy, productAmount: 4, productType: 7 }),
    ])
    for (const answer of answers) expect([200, 409]).toContain(answer.body.code)
    const amount = amountsOf(await calls.cartOf(ben))[racy] as number
    expect(amount).toBeLessThanOrEqual(10)
    const [row] = await t.db.select().from(cartLines).where(eq(cartLines.id, cartId))
    expect(row?.productAmount).toBe(amount)
  })

  it('answers 404 for another shopper’s line on every call, and changes nothing', async () => {
    const bens = await calls.cartOf(ben)
    const bensLine = bens[0] as CartLineDto
    const adas = await calls.cartOf(ada)
    const adasLine = adas[0] as CartLineDto

    const changed = await calls.change(ada, bensLine.cartId, 1)
    expect(changed.status).toBe(404)
    expect(changed.body.msg).toBe('Cart line not found')
    expect((await calls.change(ada, 999_999, 1)).status).toBe(404)

    const removed = await calls.remove(ada, { cartIds: [bensLine.cartId] })
    expect(removed.status).toBe(404)
    // One stranger's id among the caller's own removes none of them.
    const mixed = await calls.remove(ada, { cartIds: [adasLine.cartId, bensLine.cartId] })
    expect(mixed.status).toBe(404)
    expect(mixed.body.data).toEqual({ cartIds: [bensLine.cartId] })

    // Ada's list never shows Ben's line; clearing hers leaves his.
    expect((await calls.cartOf(ada)).map((line) => line.cartId)).not.toContain(bensLine.cartId)
    expect(await calls.cartOf(ben)).toEqual(bens)
    expect(await calls.cartOf(ada)).toEqual(adas)
  })

  it('validates the removeFromCart body', async () => {
    const before = await calls.cartOf(ada)
    for (const body of [{}, { cartIds: [] }, { cartIds: ['x'] }, { cartIds: [0] }, { cartIds: 5 }]) {
      const answer = await calls.remove(ada, body)
      expect(answer.status).toBe(400)
      expect(answer.body.msg).toMatch(/^cartIds/)
    }
    const tooMany = await calls.remove(ada, { cartIds: Array.from({ length: 201 }, (_, i) => i + 1) })
    expect(tooMany.body.msg).toBe('cartIds: must be a list of 1 to 200 positive whole numbers')
    expect(await calls.cartOf(ada)).toEqual(before)
  })

  it('removes the caller’s lines and answers how many', async () => {
    const lines = await calls.cartOf(ada)
    expect(lines.length).toBeGreaterThanOrEqual(3)
    const [first, second] = lines as [CartLineDto, CartLineDto]
    const removed = await calls.remove(ada, { cartIds: [first.cartId, second.cartId, first.cartId] })
    expect(removed.body).toEqual({ code: 200, msg: 'success', data: { removed: 2 } })
    expect((await calls.cartOf(ada)).map((line) => line.cartId)).toEqual(
      lines.slice(2).map((line) => line.cartId),
    )
    // Gone now, so asking again is a 404.
    expect((await calls.remove(ada, { cartIds: [first.cartId] })).status).toBe(404)
  })

  it('clears only the caller’s cart', async () => {
    const left = (await calls.cartOf(ada)).length
    const bens = await calls.cartOf(ben)
    expect((await calls.clear(ada)).body.data).toEqual({ removed: left })
    expect(await calls.cartOf(ada)).toEqual([])
    expect((await calls.clear(ada)).body.data).toEqual({ removed: 0 })
    expect(await calls.cartOf(ben)).toEqual(bens)
  })
})

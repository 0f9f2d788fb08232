import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CartLineDto } from '../../src/domain/cart.ts'
import type { Envelope } from '../../src/domain/result-code.ts'
import { signUp } from './support/accounts.ts'
import { insertProducts, productRow } from './support/catalog-fixture.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'
import { engines } from './support/test-database.ts'

describe.each(engines)('adding to the cart on %s', (engine) => {
  let t: TestApp
  let figure: { id: number }
  let boxed: { id: number }
  let offSale: { id: number }
  let ada: Record<string, string>
  let ben: Record<string, string>

  beforeAll(async () => {
    t = await createTestApp(engine)
    const inserted = await insertProducts(t.db, [
      productRow({ type: 1, cnAlonePrice: 5800 }),
      productRow({ type: 2, orderBase: 6, boxIn: 6 }),
      productRow({ type: 2, status: 2 }),
    ])
    ;[figure, boxed, offSale] = inserted.map(({ id }) => ({ id })) as [
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

  const add = (headers: Record<string, string>, body: unknown) =>
    t.sendJson<Envelope<unknown>>('POST', '/api/mall/cart/addToCart', body, headers)
  const cartOf = async (headers: Record<string, string>, language = 'zhCn') =>
    (await t.getJson<Envelope<CartLineDto[]>>(`/api/mall/cart/listCart?language=${language}`, headers)).body
      .data

  it('needs a signed-in customer', async () => {
    const { status, body } = await add({}, { productId: figure.id, productAmount: 1, productType: 1 })
    expect(status).toBe(401)
    expect(body.code).toBe(401)
  })

  it('adds a line, and adding again adds to its amount', async () => {
    expect((await add(ada, { productId: figure.id, productAmount: 1, productType: 1 })).body.code).toBe(200)
    expect((await add(ada, { productId: figure.id, productAmount: 2, productType: 1 })).body.code).toBe(200)
    const lines = await cartOf(ada)
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({
      productId: figure.id,
      productAmount: 3,
      productType: 1,
      cnAlonePrice: 5800,
    })
    // Another shopper's cart is their own.
    expect(await cartOf(ben, 'ja')).toEqual([])
  })

  it('makes one line with both amounts when two adds race', async () => {
    const body = { productId: boxed.id, productAmount: 6, productType: 2 }
    const answers = await Promise.all([add(ben, body), add(ben, body)])
    expect(answers.map((a) => a.body.code)).toEqual([200, 200])
    const lines = await cartOf(ben, 'ja')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({ productAmount: 12, orderBase: 6 })
  })

  it('refuses an amount off the order base, a bad body, an off-sale or unknown product, and changes nothing', async () => {
    const before = await cartOf(ben, 'ja')
    const offBase = await add(ben, { productId: boxed.id, productAmount: 4, productType: 2 })
    expect(offBase.status).toBe(400)
    expect(offBase.body.msg).toBe('productAmount: must be a multiple of 6')
    const badBody = await add(ben, { productId: boxed.id, productAmount: 0, productType: 2 })
    expect(badBody.status).toBe(400)
    expect(badBody.body.msg).toMatch(/^productAmount: /)
    const missingType = await add(ben, { productId: boxed.id, productAmount: 6 })
    expect(missingType.body.msg).toMatch(/^productType: /)
    expect((await add(ben, { productId: offSale.id, productAmount: 1, productType: 2 })).status).toBe(409)
    expect((await add(ben, { productId: boxed.id, productAmount: 6, productType: 1 })).status).toBe(409)
    expect((await add(ben, { productId: 999_999, productAmount: 1, productType: 2 })).status).toBe(404)
    expect(await cartOf(ben, 'ja')).toEqual(before)
  })

  it('caps a line at 9999', async () => {
    const full = await add(ada, { productId: figure.id, productAmount: 9997, productType: 1 })
    expect(full.status).toBe(409)
    expect((await cartOf(ada))[0]?.productAmount).toBe(3)
    expect((await add(ada, { productId: figure.id, productAmount: 9996, productType: 1 })).body.code).toBe(
      200,
    )
    expect((await cartOf(ada))[0]?.productAmount).toBe(9999)
  })
})

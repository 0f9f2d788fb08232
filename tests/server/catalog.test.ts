import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CategoryNode, ProductCardDto } from '../../src/domain/catalog.ts'
import type { Envelope } from '../../src/domain/result-code.ts'
import { insertCategoryTree, insertProducts, productRow } from './support/catalog-fixture.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'
import { engines } from './support/test-database.ts'

describe.each(engines)('catalog calls on %s', (engine) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(engine)
  })
  afterAll(async () => {
    await t.close()
  })

  it('returns an empty category list and hot list from an empty catalog', async () => {
    expect((await t.getJson<Envelope<CategoryNode[]>>('/api/mall/category/list')).body).toEqual({
      code: 200,
      msg: 'success',
      data: [],
    })
    expect((await t.getJson<Envelope<ProductCardDto[]>>('/api/mall/product/hotList')).body.data).toEqual([])
  })

  it('returns the category tree in sort order with names in three languages', async () => {
    const { figures, plush } = await insertCategoryTree(t.db)
    const { body } = await t.getJson<Envelope<CategoryNode[]>>('/api/mall/category/list')
    expect(body.data).toEqual([
      {
        id: figures.id,
        name: '手办',
        jpName: 'フィギュア',
        enName: 'Figures',
        children: [
          expect.objectContaining({
            name: '景品',
            jpName: 'プライズ',
            enName: 'Prize figures',
            children: [],
          }),
          expect.objectContaining({ name: '比例手办', enName: 'Scale figures', children: [] }),
        ],
      },
      { id: plush.id, name: '毛绒', jpName: 'ぬいぐるみ', enName: 'Plush', children: [] },
    ])
  })

  it('lists on-sale hot products by rank, at most 12, with no prices for a visitor', async () => {
    const ranked = Array.from({ length: 14 }, (_, i) =>
      productRow({ hotRank: 14 - i, productName: `热门${14 - i}`, sellTime: '2026-12-01' }),
    )
    await insertProducts(t.db, [
      ...ranked,
      productRow({ hotRank: 0, status: 2, productName: '已下架' }),
      productRow({ hotRank: null, productName: '不在热门' }),
    ])
    const { status, body } = await t.getJson<Envelope<ProductCardDto[]>>(
      '/api/mall/product/hotList?language=ja',
    )
    expect(status).toBe(200)
    expect(body.data.map((p) => p.productName)).toEqual(Array.from({ length: 12 }, (_, i) => `热门${i + 1}`))
    const first = body.data[0]
    expect(first).toMatchObject({
      type: 1,
      jpProductName: expect.stringMatching(/^テスト商品/),
      enProductName: expect.stringMatching(/^Test product/),
      sellTimeStr: '2026-12-01',
      preSellEndTime: null,
      boxIn: 1,
      isDiscount: false,
      isFront: false,
    })
    expect(first?.imgList).toHaveLength(1)
    for (const product of body.data) {
      expect([
        product.cnAlonePrice,
        product.cnBatchPrice,
        product.jpAlonePrice,
        product.jpBatchPrice,
        product.enAlonePrice,
        product.enBatchPrice,
      ]).toEqual([null, null, null, null, null, null])
    }
  })
})

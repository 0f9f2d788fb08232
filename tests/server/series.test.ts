import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SeriesDto } from '../../src/domain/catalog.ts'
import type { Page } from '../../src/domain/queries.ts'
import type { Envelope } from '../../src/domain/result-code.ts'
import { insertProducts, insertSeries, productRow } from './support/catalog-fixture.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'
import { engines } from './support/test-database.ts'

describe.each(engines)('series calls on %s', (engine) => {
  let t: TestApp
  /** Series by name: ids are the database's. */
  const byName = new Map<string, SeriesDto>()

  beforeAll(async () => {
    t = await createTestApp(engine)
    const rows = await insertSeries(t.db, [
      { name: '星之旅团', jpName: '星の旅団', enName: 'Star Brigade', hotRank: 2, sort: 3 },
      { name: '月下剑姬', jpName: '月下の剣姫', enName: null, hotRank: 1, sort: 1 },
      { name: '深海都市', jpName: '深海都市', enName: 'Abyssal City', hotRank: null, sort: 2 },
      // Same rank and sort as others: id breaks the tie.
      { name: '苍空学园', jpName: '蒼空学園', enName: 'Azure Sky Academy', hotRank: 2, sort: 1 },
      { name: '空系列', jpName: null, enName: null, hotRank: 3, sort: 9 },
    ])
    for (const row of rows) {
      byName.set(row.name, {
        id: row.id,
        seriesName: row.name,
        jpSeriesName: row.jpName,
        enSeriesName: row.enName,
        productCount: 0,
      })
    }
    const idOf = (name: string) => byName.get(name)?.id ?? 0
    // On-sale products count; off-sale ones and other series' do not.
    const counts: [string, number, number][] = [
      ['星之旅团', 3, 1],
      ['月下剑姬', 1, 0],
      ['深海都市', 2, 2],
      ['苍空学园', 0, 1],
    ]
    await insertProducts(
      t.db,
      counts.flatMap(([name, onSale, offSale]) => [
        ...Array.from({ length: onSale }, () => productRow({ seriesId: idOf(name) })),
        ...Array.from({ length: offSale }, () => productRow({ seriesId: idOf(name), status: 2 })),
      ]),
    )
    await insertProducts(t.db, [productRow({ seriesId: null })])
    for (const [name, onSale] of counts) {
      const dto = byName.get(name)
      if (dto) dto.productCount = onSale
    }
  })
  afterAll(async () => {
    await t.close()
  })

  const expectedSeries = (...names: string[]) => names.map((name) => byName.get(name))

  it('lists the hot series by rank, then id, with names in three languages and on-sale counts', async () => {
    const { status, body } = await t.getJson<Envelope<SeriesDto[]>>(
      '/api/mall/product/hotSeriesList?language=en',
    )
    expect(status).toBe(200)
    expect(body.data).toEqual(expectedSeries('月下剑姬', '星之旅团', '苍空学园', '空系列'))
    expect(body.data[1]).toEqual({
      id: byName.get('星之旅团')?.id,
      seriesName: '星之旅团',
      jpSeriesName: '星の旅団',
      enSeriesName: 'Star Brigade',
      productCount: 3,
    })
  })

  it('pages the hot series with their total, and past the end an empty page', async () => {
    const pageAt = async (pageNum: number) =>
      (
        await t.getJson<Envelope<Page<SeriesDto>>>(
          `/api/mall/product/hotSeriesPage?pageNum=${pageNum}&pageSize=3&language=ja`,
        )
      ).body.data
    expect(await pageAt(1)).toEqual({
      list: expectedSeries('月下剑姬', '星之旅团', '苍空学园'),
      total: 4,
      pageNum: 1,
      pageSize: 3,
    })
    expect(await pageAt(2)).toEqual({ list: expectedSeries('空系列'), total: 4, pageNum: 2, pageSize: 3 })
    expect(await pageAt(3)).toEqual({ list: [], total: 4, pageNum: 3, pageSize: 3 })
  })

  it('lists every series, hot or not and empty or not, by sort then id', async () => {
    const { body } = await t.getJson<Envelope<SeriesDto[]>>('/api/mall/product/allSeries')
    expect(body.data).toEqual(expectedSeries('月下剑姬', '苍空学园', '深海都市', '星之旅团', '空系列'))
  })

  it('refuses a bad query with a 400 naming the field', async () => {
    for (const [path, field] of [
      ['hotSeriesList?language=xx', 'language'],
      ['allSeries?language=xx', 'language'],
      ['hotSeriesPage?pageSize=101', 'pageSize'],
      ['hotSeriesPage?pageNum=-1', 'pageNum'],
    ]) {
      const { status, body } = await t.getJson<Envelope<null>>(`/api/mall/product/${path}`)
      expect(status).toBe(400)
      expect(body.msg.startsWith(`${field}: `), body.msg).toBe(true)
    }
  })
})

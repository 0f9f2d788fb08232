import { and, asc, count, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, brands, categories, media, products, series } from '../../server/db/schema.ts'
import type { SeriesDto } from '../../src/domain/catalog.ts'
import type {
  InUseData,
  OpsBrandDto,
  OpsCategoryDto,
  OpsSeriesDto,
} from '../../src/domain/catalog-taxonomy.ts'
import type { Envelope } from '../../src/domain/result-code.ts'
import { insertProducts, productRow, signedInAccount } from './support/catalog-fixture.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'
import { engines } from './support/test-database.ts'

type Refusal = { fields?: { field: string; message: string }[] } | null

describe.each(engines)('the console’s categories, series and brands on %s', (engine) => {
  let t: TestApp
  let operator: { token: string; userId: number }
  let customer: { token: string; userId: number }

  const as = (who: { token: string }) => ({ token: who.token })
  const call = <T>(method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) =>
    t.sendJson<Envelope<T | Refusal | InUseData>>(method, `/api${path}`, body, as(operator))
  const made = async <T>(path: string, body: unknown): Promise<T> => {
    const answer = await call<T>('POST', path, body)
    expect(answer.status, answer.body.msg).toBe(201)
    return answer.body.data as T
  }
  const listOf = async <T>(path: string) =>
    (await t.getJson<Envelope<T[]>>(`/api${path}`, as(operator))).body.data
  const auditsOf = (entity: string, id: number) =>
    t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(id))))
      .orderBy(asc(auditLog.id))
  const rowsIn = async (table: typeof categories | typeof series | typeof brands) =>
    (await t.db.select({ n: count() }).from(table))[0]?.n ?? 0

  beforeAll(async () => {
    t = await createTestApp(engine)
    operator = await signedInAccount(t, 'taxonomy-ops@example.com', { kind: 'operator' })
    customer = await signedInAccount(t, 'taxonomy-shopper@example.com')
  })
  afterAll(() => t?.close())

  it('is for operators holding the catalog permission only', async () => {
    for (const path of ['/api/ops/categories', '/api/ops/series', '/api/ops/brands']) {
      expect((await t.getJson(path)).status).toBe(401)
      expect((await t.getJson(path, as(customer))).status).toBe(403)
      expect((await t.sendJson('POST', path, { name: 'x' }, as(customer))).status).toBe(403)
    }
  })

  it('keeps categories to two levels and refuses loops, naming parentId', async () => {
    const figures = await made<OpsCategoryDto>('/ops/categories', {
      name: '手办',
      enName: 'Figures',
      sort: 2,
    })
    const plush = await made<OpsCategoryDto>('/ops/categories', { name: '毛绒', sort: 1 })
    const scale = await made<OpsCategoryDto>('/ops/categories', { name: '比例', parentId: figures.id })
    expect(scale).toMatchObject({ parentId: figures.id, children: [], productCount: 0 })

    const refusals: [string, Record<string, unknown>, number][] = [
      ['child of a child', { name: '三级', parentId: scale.id }, 0],
      ['unknown parent', { name: '无', parentId: 99_999_999 }, 0],
      ['its own parent', { name: '手办', parentId: figures.id }, figures.id],
      ['a parent with children', { name: '手办', parentId: plush.id }, figures.id],
      ['under its own child', { name: '手办', parentId: scale.id }, figures.id],
    ]
    const before = await rowsIn(categories)
    for (const [what, body, id] of refusals) {
      const answer = id
        ? await call('PUT', `/ops/categories/${id}`, body)
        : await call('POST', '/ops/categories', body)
      expect(answer.status, what).toBe(400)
      expect(answer.body.msg, what).toMatch(/^parentId: /)
    }
    expect((await call('POST', '/ops/categories', { name: '' })).body.msg).toBe('name: is required')
    expect((await call('POST', '/ops/categories', { name: 'x'.repeat(101) })).status).toBe(400)
    expect(await rowsIn(categories)).toBe(before)

    // A child may move under another top-level category, or become top-level.
    const moved = await call<OpsCategoryDto>('PUT', `/ops/categories/${scale.id}`, {
      name: '比例手办',
      parentId: plush.id,
    })
    expect(moved.status).toBe(200)
    expect(moved.body.data).toMatchObject({ name: '比例手办', parentId: plush.id })
    const tree = await listOf<OpsCategoryDto>('/ops/categories')
    expect(tree.map((node) => node.id)).toEqual([plush.id, figures.id])
    expect(tree[0]?.children.map((node) => node.id)).toEqual([scale.id])
    const audits = await auditsOf('category', scale.id)
    expect(audits.map((audit) => audit.action)).toEqual(['category.create', 'category.update'])
    expect(audits[1]).toMatchObject({
      actorId: operator.userId,
      before: { name: '比例', parentId: figures.id },
      after: { name: '比例手办', parentId: plush.id },
    })
  })

  it('refuses to delete a category in use (409 with counts), then deletes it once empty', async () => {
    const top = await made<OpsCategoryDto>('/ops/categories', { name: '周边' })
    const child = await made<OpsCategoryDto>('/ops/categories', { name: '徽章', parentId: top.id })
    const [product] = await insertProducts(t.db, [
      productRow({ categoryId: top.id }),
      productRow({ categoryId: child.id }),
    ])
    const refused = await call('DELETE', `/ops/categories/${top.id}`)
    expect(refused.status).toBe(409)
    expect(refused.body.data).toEqual({ products: 1, children: 1 })
    const tree = await listOf<OpsCategoryDto>('/ops/categories')
    expect(tree.find((node) => node.id === top.id)).toMatchObject({
      productCount: 1,
      children: [{ productCount: 1 }],
    })
    expect((await call('DELETE', `/ops/categories/${child.id}`)).status).toBe(409)
    if (!product) throw new Error('fixture insert failed')
    await t.db.delete(products).where(inArray(products.categoryId, [top.id, child.id]))
    expect((await call('DELETE', `/ops/categories/${child.id}`)).status).toBe(200)
    expect((await call('DELETE', `/ops/categories/${top.id}`)).status).toBe(200)
    expect((await call('DELETE', `/ops/categories/${top.id}`)).status).toBe(404)
    expect((await auditsOf('category', top.id)).at(-1)).toMatchObject({
      action: 'category.delete',
      after: null,
    })
  })

  it('puts a hot series in the shopper’s hot series, ranked by its sort', async () => {
    const later = await made<OpsSeriesDto>('/ops/series', { name: '后', hot: true, sort: 20 })
    const sooner = await made<OpsSeriesDto>('/ops/series', { name: '先', hot: true, sort: 10 })
    const cold = await made<OpsSeriesDto>('/ops/series', { name: '冷', sort: 1 })
    expect(later).toMatchObject({ hot: true, productCount: 0 })
    const hotIds = async () =>
      (await t.getJson<Envelope<SeriesDto[]>>('/api/mall/product/hotSeriesList')).body.data.map((s) => s.id)
    expect(await hotIds()).toEqual([sooner.id, later.id])
    const warmed = await call<OpsSeriesDto>('PUT', `/ops/series/${cold.id}`, {
      name: '冷',
      hot: true,
      sort: 1,
    })
    expect(warmed.body.data).toMatchObject({ hot: true })
    const cooled = await call<OpsSeriesDto>('PUT', `/ops/series/${later.id}`, {
      name: '后',
      hot: false,
      sort: 20,
    })
    expect(cooled.body.data).toMatchObject({ hot: false })
    expect(await hotIds()).toEqual([cold.id, sooner.id])
    expect((await listOf<OpsSeriesDto>('/ops/series')).map((s) => s.id)).toEqual([
      cold.id,
      sooner.id,
      later.id,
    ])
    expect((await auditsOf('series', later.id)).at(-1)).toMatchObject({
      action: 'series.update',
      before: { hotRank: 20 },
      after: { hotRank: null },
    })
    expect((await call('POST', '/ops/series', { name: '坏', hot: 'yes' })).body.msg).toMatch(/^hot: /)
  })

  it('refuses to delete a series in use (its products would quietly lose it)', async () => {
    const used = await made<OpsSeriesDto>('/ops/series', { name: '用中' })
    await insertProducts(t.db, [productRow({ seriesId: used.id }), productRow({ seriesId: used.id })])
    const refused = await call('DELETE', `/ops/series/${used.id}`)
    expect(refused.status).toBe(409)
    expect(refused.body.data).toEqual({ products: 2 })
    expect((await listOf<OpsSeriesDto>('/ops/series')).find((s) => s.id === used.id)?.productCount).toBe(2)
    expect(await t.db.select().from(series).where(eq(series.id, used.id))).toHaveLength(1)
    const unused = await made<OpsSeriesDto>('/ops/series', { name: '空' })
    expect((await call('DELETE', `/ops/series/${unused.id}`)).status).toBe(200)
    expect((await auditsOf('series', unused.id)).map((audit) => audit.action)).toEqual([
      'series.create',
      'series.delete',
    ])
  })

  it('keeps a brand’s logo as a copy of its picture, and refuses to delete a brand in use', async () => {
    const [picture] = await t.db
      .insert(media)
      .values({
        width: 320,
        height: 320,
        placeholder: 'data:image/webp;base64,AA',
        variants: [{ width: 320, height: 320, format: 'webp', key: 'm/logo-320.webp' }],
        sourceBytes: 10,
      })
      .returning({ id: media.id })
    if (!picture) throw new Error('fixture insert failed')
    const brand = await made<OpsBrandDto>('/ops/brands', {
      name: '好牌',
      jpName: 'いいブランド',
      logo: picture.id,
    })
    expect(brand.logo).toMatchObject({ id: picture.id, width: 320 })
    expect(brand.logo?.variants[0]?.url).toContain('logo-320.webp')
    const [row] = await t.db.select().from(brands).where(eq(brands.id, brand.id))
    expect(row).toMatchObject({ logoMediaId: picture.id, logo: brand.logo })

    const before = await rowsIn(brands)
    const unknownLogo = await call('POST', '/ops/brands', { name: '坏', logo: 99_999_999 })
    expect(unknownLogo.status).toBe(400)
    expect(unknownLogo.body.msg).toMatch(/^logo: /)
    expect((await call('PUT', `/ops/brands/${brand.id}`, { name: '好牌', logo: 99_999_999 })).status).toBe(
      400,
    )
    expect(await rowsIn(brands)).toBe(before)

    const renamed = await call<OpsBrandDto>('PUT', `/ops/brands/${brand.id}`, { name: '好牌', logo: null })
    expect(renamed.body.data).toMatchObject({ logo: null, jpName: null })
    expect((await auditsOf('brand', brand.id)).at(-1)).toMatchObject({
      before: { jpName: 'いいブランド', logo: picture.id },
      after: { jpName: null, logo: null },
    })

    await insertProducts(t.db, [productRow({ brandId: brand.id })])
    const refused = await call('DELETE', `/ops/brands/${brand.id}`)
    expect(refused.status).toBe(409)
    expect(refused.body.data).toEqual({ products: 1 })
    expect((await listOf<OpsBrandDto>('/ops/brands')).find((b) => b.id === brand.id)?.productCount).toBe(1)
    expect((await call('PUT', '/ops/brands/99999999', { name: '无' })).status).toBe(404)
  })
})

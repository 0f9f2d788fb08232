import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../server/db/client.ts'
import {
  orderLines,
  packages,
  shippingDestinations,
  shippingMethods,
  shippingRates,
} from '../../server/db/schema.ts'
import { shopDate } from '../../src/domain/dates.ts'
import { addDays } from '../../src/domain/deadlines.ts'
import { PackageStatus } from '../../src/domain/package-status.ts'
import type { PackageDto, ShippingOptionDto, TrackingDto } from '../../src/domain/packaging.ts'
import type { Page } from '../../src/domain/queries.ts'
import type { Envelope } from '../../src/domain/result-code.ts'
import { signedInAccount } from './support/catalog-fixture.ts'
import { insertPackedPackage, type PackedPackage } from './support/package-fixture.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'
import { engines } from './support/test-database.ts'

const HOUR = 3_600_000

type FieldErrors = { fields: { field: string; message: string }[] } | null

interface TestMethod {
  code: string
  carrier: 'japanpost' | 'dhl'
  minWeightG?: number
  maxWeightG: number
  sizeRule: 'ems' | 'small' | 'none'
  billingRule: 'actual' | 'volumetric'
  stepG?: number
  active?: boolean
  sortOrder: number
  destinations: { country: string; zone: number; available?: boolean }[]
  rates: { zone: number; upToG: number; fee: number }[]
}

/*
 * Methods of this file's own, with codes of their own, so the tests hold with or without the seeded
 * tariff; they sort after the seeded ones (sort order 900+).
 */
const TEST_METHODS: TestMethod[] = [
  {
    code: 'test_ems',
    carrier: 'japanpost',
    maxWeightG: 30_000,
    sizeRule: 'ems',
    billingRule: 'actual',
    sortOrder: 901,
    destinations: [
      { country: '中国香港', zone: 2 },
      // Japan Post goods to the US are suspended: a destination the method lists but does not serve now.
      { country: '美国', zone: 4, available: false },
    ],
    rates: [
      { zone: 2, upToG: 500, fee: 1_900 },
      { zone: 2, upToG: 1_000, fee: 3_150 },
      { zone: 2, upToG: 2_000, fee: 4_550 },
      { zone: 2, upToG: 5_000, fee: 8_150 },
      { zone: 2, upToG: 30_000, fee: 33_350 },
      { zone: 4, upToG: 30_000, fee: 75_100 },
    ],
  },
  {
    code: 'test_light',
    carrier: 'japanpost',
    maxWeightG: 2_000,
    sizeRule: 'small',
    billingRule: 'actual',
    sortOrder: 902,
    // Not to the US at all.
    destinations: [{ country: '中国香港', zone: 2 }],
    rates: [
      { zone: 2, upToG: 100, fee: 750 },
      { zone: 2, upToG: 500, fee: 1_230 },
      { zone: 2, upToG: 1_000, fee: 1_830 },
      { zone: 2, upToG: 2_000, fee: 3_030 },
    ],
  },
  {
    code: 'test_dhl',
    carrier: 'dhl',
    maxWeightG: 70_000,
    sizeRule: 'none',
    billingRule: 'volumetric',
    stepG: 500,
    sortOrder: 903,
    destinations: [
      { country: '中国香港', zone: 2 },
      { country: '美国', zone: 4 },
    ],
    rates: [
      { zone: 2, upToG: 1_000, fee: 3_500 },
      { zone: 2, upToG: 1_500, fee: 4_000 },
      { zone: 2, upToG: 2_000, fee: 4_500 },
      { zone: 2, upToG: 70_000, fee: 60_000 },
      { zone: 4, upToG: 1_000, fee: 6_000 },
      { zone: 4, upToG: 1_500, fee: 7_000 },
      { zone: 4, upToG: 70_000, fee: 90_000 },
    ],
  },
  {
    // Takes 3 kg and up, but its first band is 2 kg: a 1.2 kg box bills 2 kg, below its minimum.
    code: 'test_min',
    carrier: 'japanpost',
    minWeightG: 3_000,
    maxWeightG: 30_000,
    sizeRule: 'ems',
    billingRule: 'actual',
    sortOrder: 904,
    destinations: [{ country: '中国香港', zone: 2 }],
    rates: [
      { zone: 2, upToG: 2_000, fee: 1_000 },
      { zone: 2, upToG: 30_000, fee: 9_000 },
    ],
  },
  {
    code: 'test_off',
    carrier: 'japanpost',
    maxWeightG: 30_000,
    sizeRule: 'ems',
    billingRule: 'actual',
    active: false,
    sortOrder: 905,
    destinations: [{ country: '中国香港', zone: 2 }],
    rates: [{ zone: 2, upToG: 30_000, fee: 100 }],
  },
]

async function insertTestMethods(db: Db): Promise<Map<string, number>> {
  const ids = new Map<string, number>()
  for (const method of TEST_METHODS) {
    const [row] = await db
      .insert(shippingMethods)
      .values({
        code: method.code,
        nameZh: `${method.code} 中`,
        nameJa: `${method.code} 日`,
        nameEn: `${method.code} en`,
        carrier: method.carrier,
        minWeightG: method.minWeightG ?? 0,
        maxWeightG: method.maxWeightG,
        sizeRule: method.sizeRule,
        billingRule: method.billingRule,
        stepG: method.stepG ?? 0,
        active: method.active ?? true,
        sortOrder: method.sortOrder,
      })
      .returning({ id: shippingMethods.id })
    if (!row) throw new Error(`no method ${method.code}`)
    ids.set(method.code, row.id)
    await db
      .insert(shippingDestinations)
      .values(method.destinations.map((d) => ({ methodId: row.id, available: true, ...d })))
    await db.insert(shippingRates).values(method.rates.map((r) => ({ methodId: row.id, ...r })))
  }
  return ids
}

describe.each(engines)('the shopper’s packages on %s', (engine) => {
  let t: TestApp
  let ada: { token: string; userId: number }
  let bob: { token: string; userId: number }
  let today: string
  let methodIds: Map<string, number>
  /** Two orders in one box, packed today, to Hong Kong. */
  let fresh: PackedPackage
  /** 3 kg, packed five days ago: the fee is due in two days. */
  let heavy: PackedPackage
  /** To the United States. */
  let american: PackedPackage
  /** Shipped by EMS. */
  let shipped: PackedPackage
  /** Locked for an overdue fee. */
  let locked: PackedPackage
  /** Refunded: not one the shopper's list shows. */
  let refunded: PackedPackage
  let bobs: PackedPackage

  const as = (account: { token: string }) => ({ token: account.token })
  const list = (query: string, account = ada) =>
    t.getJson<Envelope<Page<PackageDto> | FieldErrors>>(`/api/mall/package/list${query}`, as(account))
  const idsOf = (body: Envelope<Page<PackageDto> | FieldErrors>) =>
    (body.data as Page<PackageDto>).list.map((p) => p.id)
  const methodId = (code: string) => {
    const id = methodIds.get(code)
    if (id === undefined) throw new Error(`no method ${code}`)
    return id
  }

  beforeAll(async () => {
    t = await createTestApp(engine)
    // Noon in Tokyo, so the shop's day cannot turn while the file runs.
    const now = t.clock.now.getTime()
    const tokyoHour = (now / HOUR + 9) % 24
    t.clock.advance((((12 - tokyoHour + 24) % 24) + 24) * HOUR)
    today = shopDate(t.clock.now) as string
    ada = await signedInAccount(t, 'ada-packages@example.com')
    bob = await signedInAccount(t, 'bob-packages@example.com')
    methodIds = await insertTestMethods(t.db)

    // Packed on successive days (oldest first), so newest-first is the reverse of this order.
    locked = await insertPackedPackage(t.db, { userId: ada.userId, packedOn: addDays(today, -30) })
    refunded = await insertPackedPackage(t.db, { userId: ada.userId, packedOn: addDays(today, -20) })
    shipped = await insertPackedPackage(t.db, { userId: ada.userId, packedOn: addDays(today, -10) })
    heavy = await insertPackedPackage(t.db, {
      userId: ada.userId,
      packedOn: addDays(today, -5),
      weightG: 3_000,
    })
    american = await insertPackedPackage(t.db, {
      userId: ada.userId,
      packedOn: addDays(today, -1),
      country: '美国',
    })
    fresh = await insertPackedPackage(t.db, { userId: ada.userId, packedOn: today, orderCount: 2 })
    bobs = await insertPackedPackage(t.db, { userId: bob.userId, packedOn: today })

    await t.db
      .update(packages)
      .set({ status: PackageStatus.packageLock })
      .where(eq(packages.id, locked.packageId))
    await t.db
      .update(packages)
      .set({ status: PackageStatus.refund })
      .where(eq(packages.id, refunded.packageId))
    await t.db
      .update(packages)
      .set({
        status: PackageStatus.send,
        shippingMethodId: methodId('test_ems'),
        shippingCost: 4_550,
        carrier: 'japanpost',
        trackingNo: 'EJ123456785JP',
        shippedAt: new Date(`${addDays(today, -3)}T10:00:00+09:00`),
      })
      .where(eq(packages.id, shipped.packageId))
  })
  afterAll(async () => {
    await t?.close()
  })

  it('lists the shopper’s packages newest first, a locked one too, never a refunded one or another shopper’s', async () => {
    const { status, body } = await list('')
    expect(status).toBe(200)
    const page = body.data as Page<PackageDto>
    expect(page.list.map((p) => p.id)).toEqual([
      fresh.packageId,
      american.packageId,
      heavy.packageId,
      shipped.packageId,
      locked.packageId,
    ])
    expect(page.total).toBe(5)
    expect(page).toMatchObject({ pageNum: 1, pageSize: 30 })
    expect(page.list.find((p) => p.id === locked.packageId)?.status).toBe(PackageStatus.packageLock)

    const paged = await list('?pageNum=2&pageSize=2')
    expect(idsOf(paged.body)).toEqual([heavy.packageId, shipped.packageId])
    expect((paged.body.data as Page<PackageDto>).total).toBe(5)

    expect(idsOf((await list('', bob)).body)).toEqual([bobs.packageId])
  })

  it('narrows the list by application number', async () => {
    expect(idsOf((await list(`?applyId=${heavy.applyId}`)).body)).toEqual([heavy.packageId])
    // Bob's application finds nothing in Ada's list.
    expect(idsOf((await list(`?applyId=${bobs.applyId}`)).body)).toEqual([])
  })

  it('narrows the list by a product barcode among the contents', async () => {
    const lines = await t.db
      .select({ barcode: orderLines.barcode })
      .from(orderLines)
      .where(inArray(orderLines.id, fresh.lineIds))
    const second = lines[1]?.barcode
    expect(second).toBeTruthy()
    expect(idsOf((await list(`?barcode=${encodeURIComponent(second ?? '')}`)).body)).toEqual([
      fresh.packageId,
    ])
    expect(idsOf((await list('?barcode=no-such-barcode')).body)).toEqual([])
  })

  it('narrows the list by package number, exactly or by its beginning in any case', async () => {
    expect(idsOf((await list(`?packageNo=${heavy.packageNo}`)).body)).toEqual([heavy.packageId])
    const prefix = heavy.packageNo.slice(0, -1).toLowerCase()
    expect(idsOf((await list(`?packageNo=${encodeURIComponent(prefix)}`)).body)).toEqual([heavy.packageId])
    // Bob's number is not in Ada's list.
    expect(idsOf((await list(`?packageNo=${bobs.packageNo}`)).body)).toEqual([])
    expect(idsOf((await list('?packageNo=%25')).body)).toEqual([])
  })

  it('narrows the list by status; "packed" also finds the locked package', async () => {
    expect(idsOf((await list('?status=5')).body)).toEqual([shipped.packageId])
    expect(idsOf((await list('?status=4')).body)).toEqual([])
    expect(idsOf((await list('?status=3')).body)).toEqual([
      fresh.packageId,
      american.packageId,
      heavy.packageId,
      locked.packageId,
    ])
    const refused = await list('?status=8')
    expect(refused.status).toBe(400)
    expect((refused.body.data as FieldErrors)?.fields[0]?.field).toBe('status')
  })

  it('shows a package’s detail with its contents, fee deadline and address', async () => {
    const { status, body } = await t.getJson<Envelope<PackageDto>>(
      `/api/mall/package/detail/${fresh.applyId}/${fresh.packageId}`,
      as(ada),
    )
    expect(status).toBe(200)
    const dto = body.data
    const lines = await t.db.select().from(orderLines).where(inArray(orderLines.id, fresh.lineIds))
    expect(dto).toMatchObject({
      id: fresh.packageId,
      applyId: fresh.applyId,
      packageNo: fresh.packageNo,
      status: PackageStatus.package,
      weightG: 1_200,
      billedWeightG: 1_200,
      shippingMethodId: null,
      shippingCost: null,
      amount: lines.reduce((sum, line) => sum + line.total, 0),
      trackingNo: null,
      carrier: null,
      feeDue: addDays(today, 7),
      freeStorageUntil: addDays(today, 7),
      deadlineState: 'onTime',
      createTime: new Date(`${today}T12:00:00+09:00`).toISOString(),
    })
    expect(dto.address).toMatchObject({ country: '中国香港', city: '香港', lastName: '山田' })
    expect(dto.contents).toHaveLength(2)
    for (const line of lines) {
      expect(dto.contents).toContainEqual({
        lineId: line.id,
        orderId: line.orderId,
        productId: line.productId,
        productName: line.productName,
        jpProductName: line.jpProductName,
        enProductName: line.enProductName,
        barcode: line.barcode,
        price: line.unitPrice,
        requested: line.quantity,
        actual: line.quantity,
        remark: null,
      })
    }
  })

  it('classifies the fee deadline while it is owed, and not once paid', async () => {
    const detail = (p: PackedPackage) =>
      t.getJson<Envelope<PackageDto>>(`/api/mall/package/detail/${p.applyId}/${p.packageId}`, as(ada))
    const heavyDto = (await detail(heavy)).body.data
    expect(heavyDto.feeDue).toBe(addDays(today, 2))
    expect(heavyDto.deadlineState).toBe('dueSoon')
    const lockedDto = (await detail(locked)).body.data
    expect(lockedDto.status).toBe(PackageStatus.packageLock)
    expect(lockedDto.deadlineState).toBe('forfeited')
    const shippedDto = (await detail(shipped)).body.data
    expect(shippedDto.deadlineState).toBeNull()
    expect(shippedDto).toMatchObject({
      trackingNo: 'EJ123456785JP',
      carrier: 'japanpost',
      shippingCost: 4_550,
    })
  })

  it('answers 404 for a package of another application, another shopper, or one the shopper does not see', async () => {
    const detail = (applyId: number, packageId: number, account = ada) =>
      t.getJson<Envelope<null>>(`/api/mall/package/detail/${applyId}/${packageId}`, as(account))
    expect((await detail(heavy.applyId, fresh.packageId)).status).toBe(404)
    expect((await detail(bobs.applyId, bobs.packageId)).status).toBe(404)
    expect((await detail(fresh.applyId, fresh.packageId, bob)).status).toBe(404)
    expect((await detail(refunded.applyId, refunded.packageId)).status).toBe(404)
    expect((await detail(1, 999_999)).status).toBe(404)
    expect((await detail(bobs.applyId, bobs.packageId, bob)).status).toBe(200)
    const bad = await t.getJson<Envelope<FieldErrors>>('/api/mall/package/detail/x/1', as(ada))
    expect(bad.status).toBe(400)
  })

  const options = async (p: PackedPackage, account = ada) => {
    const { status, body } = await t.getJson<Envelope<ShippingOptionDto[]>>(
      `/api/mall/package/shippingCost/${p.packageId}`,
      as(account),
    )
    expect(status).toBe(200)
    return body.data
  }
  const optionOf = (list: ShippingOptionDto[], code: string) => {
    const option = list.find((o) => o.methodId === methodId(code))
    if (!option) throw new Error(`${code} not offered`)
    return option
  }

  it('quotes every active method for the box and its destination, in the shop’s order', async () => {
    const list = await options(fresh)
    const mine = list.filter((o) => [...methodIds.values()].includes(o.methodId))
    // The inactive method is never listed; the others in their sort order.
    expect(mine.map((o) => o.methodId)).toEqual(
      ['test_ems', 'test_light', 'test_dhl', 'test_min'].map(methodId),
    )
    // Japan Post bills the band the weight falls in: 1.2 kg is the 2 kg band.
    expect(optionOf(list, 'test_ems')).toEqual({
      methodId: methodId('test_ems'),
      name: { zhCn: 'test_ems 中', ja: 'test_ems 日', en: 'test_ems en' },
      carrier: 'japanpost',
      tracked: true,
      fee: 4_550,
      billedWeightG: 2_000,
      maxWeightG: 30_000,
      available: true,
      reason: null,
    })
    expect(optionOf(list, 'test_light')).toMatchObject({ available: true, fee: 3_030, billedWeightG: 2_000 })
    // DHL: max(1,200 g, 30×20×10 cm / 5000 = 1.2 kg), up to the next 0.5 kg.
    expect(optionOf(list, 'test_dhl')).toMatchObject({
      carrier: 'dhl',
      available: true,
      fee: 4_000,
      billedWeightG: 1_500,
    })
    expect(optionOf(list, 'test_min')).toMatchObject({ available: false, fee: null, reason: 'belowMinimum' })
  })

  it('offers the seeded EMS to Hong Kong', async () => {
    // The shop's tariff (migration 0009) is part of every database.
    const [ems] = await t.db
      .select({ id: shippingMethods.id })
      .from(shippingMethods)
      .where(eq(shippingMethods.code, 'ems'))
    expect(ems).toBeDefined()
    const option = (await options(fresh)).find((o) => o.methodId === ems?.id)
    expect(option).toMatchObject({ carrier: 'japanpost', available: true, reason: null })
    // 1.2 kg to zone 2 lies between the published 1 kg (¥3,150) and 2 kg (¥4,550) bands.
    expect(option?.fee).toBeGreaterThan(3_150)
    expect(option?.fee).toBeLessThanOrEqual(4_550)
  })

  it('lists a method the box is too heavy for as above its maximum', async () => {
    const list = await options(heavy)
    expect(optionOf(list, 'test_light')).toMatchObject({
      available: false,
      fee: null,
      reason: 'aboveMaximum',
      maxWeightG: 2_000,
    })
    expect(optionOf(list, 'test_ems')).toMatchObject({ available: true, fee: 8_150, billedWeightG: 5_000 })
  })

  it('lists a method that does not serve the destination as the wrong address', async () => {
    const list = await options(american)
    // Listed for the US but suspended there, and not listed for the US at all.
    expect(optionOf(list, 'test_ems')).toMatchObject({ available: false, fee: null, reason: 'wrongAddress' })
    expect(optionOf(list, 'test_light')).toMatchObject({
      available: false,
      fee: null,
      reason: 'wrongAddress',
    })
    expect(optionOf(list, 'test_dhl')).toMatchObject({ available: true, fee: 7_000, billedWeightG: 1_500 })
  })

  it('answers 404 for the shipping cost of another shopper’s package', async () => {
    const { status } = await t.getJson(`/api/mall/package/shippingCost/${bobs.packageId}`, as(ada))
    expect(status).toBe(404)
    expect((await options(bobs, bob)).length).toBeGreaterThan(0)
  })

  it('tracks a package: nothing before it is shipped, the number and the carrier’s page after', async () => {
    const before = await t.getJson<Envelope<TrackingDto>>(
      `/api/mall/package/tracking/${fresh.packageId}`,
      as(ada),
    )
    expect(before.status).toBe(200)
    expect(before.body.data).toEqual({
      packageId: fresh.packageId,
      trackingNo: null,
      carrier: null,
      url: null,
      shippedAt: null,
    })
    const after = await t.getJson<Envelope<TrackingDto>>(
      `/api/mall/package/tracking/${shipped.packageId}`,
      as(ada),
    )
    expect(after.body.data).toMatchObject({
      packageId: shipped.packageId,
      trackingNo: 'EJ123456785JP',
      carrier: 'japanpost',
      shippedAt: new Date(`${addDays(today, -3)}T10:00:00+09:00`).toISOString(),
    })
    expect(after.body.data.url).toContain('japanpost.jp')
    expect(after.body.data.url).toContain('EJ123456785JP')

    const others = await t.getJson(`/api/mall/package/tracking/${bobs.packageId}`, as(ada))
    expect(others.status).toBe(404)
  })

  it('needs a shopper’s sign-in', async () => {
    expect((await t.getJson('/api/mall/package/list')).status).toBe(401)
    expect((await t.getJson(`/api/mall/package/tracking/${fresh.packageId}`)).status).toBe(401)
    const operator = await signedInAccount(t, 'ops-packages@example.com', { kind: 'operator' })
    expect((await t.getJson('/api/mall/package/list', as(operator))).status).toBe(403)
  })
})

import { and, asc, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  auditLog,
  orderLines,
  orders,
  packageLines,
  packages,
  shippingDestinations,
  shippingMethods,
  shippingRates,
} from '../../server/db/schema.ts'
import { advanceOrdersOfPackage } from '../../server/services/packaging/package-orders.ts'
import { shopDate } from '../../src/domain/dates.ts'
import { addDays } from '../../src/domain/deadlines.ts'
import { OrderStatus } from '../../src/domain/order-status.ts'
import { PackageStatus } from '../../src/domain/package-status.ts'
import type { OpsPackageDto, TrackingDto } from '../../src/domain/packaging.ts'
import type { Page } from '../../src/domain/queries.ts'
import type { Envelope } from '../../src/domain/result-code.ts'
import { signedInAccount } from './support/catalog-fixture.ts'
import { insertPackedPackage, type PackedPackage, packageRow } from './support/package-fixture.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'
import { engines } from './support/test-database.ts'

const HOUR = 3_600_000
const VALID_EMS = 'EJ123456785JP'
const BAD_EMS = 'EJ123456789JP'
const VALID_DHL = '3318810025'

type FieldErrors = { fields: { field: string; message: string }[] } | null

describe.each(engines)('shipping packages from the console on %s', (engine) => {
  let t: TestApp
  let operator: { token: string; userId: number }
  let ada: { token: string; userId: number }
  let bob: { token: string; userId: number }
  let today: string
  let emsId: number
  let dhlId: number
  let packedOn: string

  /** A Japan Post and a DHL method of this file's own (codes the seeded tariff never uses). */
  async function insertMethod(code: string, carrier: 'japanpost' | 'dhl', sortOrder: number) {
    const [row] = await t.db
      .insert(shippingMethods)
      .values({
        code,
        nameZh: `${code} 中`,
        nameJa: `${code} 日`,
        nameEn: `${code} en`,
        carrier,
        maxWeightG: 30_000,
        sizeRule: carrier === 'dhl' ? 'none' : 'ems',
        billingRule: carrier === 'dhl' ? 'volumetric' : 'actual',
        stepG: carrier === 'dhl' ? 500 : 0,
        sortOrder,
      })
      .returning({ id: shippingMethods.id })
    if (!row) throw new Error(`no method ${code}`)
    await t.db.insert(shippingDestinations).values({ methodId: row.id, country: '中国香港', zone: 2 })
    await t.db.insert(shippingRates).values({ methodId: row.id, zone: 2, upToG: 30_000, fee: 5_000 })
    return row.id
  }

  beforeAll(async () => {
    t = await createTestApp(engine)
    // Noon in Tokyo, so the shop's day cannot turn while the file runs.
    const now = t.clock.now.getTime()
    const tokyoHour = (now / HOUR + 9) % 24
    t.clock.advance((((12 - tokyoHour + 24) % 24) + 24) * HOUR)
    today = shopDate(t.clock.now) as string
    packedOn = addDays(today, -1)
    operator = await signedInAccount(t, 'ops-shipping@example.com', { kind: 'operator' })
    ada = await signedInAccount(t, 'ada-shipping@example.com')
    bob = await signedInAccount(t, 'bob-shipping@example.com')
    emsId = await insertMethod('test_ems_ship', 'japanpost', 901)
    dhlId = await insertMethod('test_dhl_ship', 'dhl', 902)
  })
  afterAll(async () => {
    await t?.close()
  })

  const as = (account: { token: string }) => ({ token: account.token })
  const pack = (options: { userId?: number; orderCount?: number } = {}) =>
    insertPackedPackage(t.db, { userId: ada.userId, packedOn, ...options })

  /** The shipping fee paid, as the payment's settlement leaves it: package 3 → 4, orders 9 → 10 once all their boxes are paid. */
  async function payFee(packageId: number, methodId: number, cost = 5_000) {
    await t.db.transaction(async (tx) => {
      await tx
        .update(packages)
        .set({ status: PackageStatus.waitSend, shippingMethodId: methodId, shippingCost: cost })
        .where(and(eq(packages.id, packageId), eq(packages.status, PackageStatus.package)))
      await advanceOrdersOfPackage(
        tx,
        packageId,
        {
          from: OrderStatus.waitExpressPay,
          to: OrderStatus.waitSend,
          reached: [PackageStatus.waitSend, PackageStatus.send, PackageStatus.shipping],
        },
        t.clock.now,
      )
    })
  }

  const ship = (packageId: number, body: unknown, account: { token: string } = operator) =>
    t.sendJson<Envelope<OpsPackageDto | FieldErrors>>(
      'POST',
      `/api/ops/packages/${packageId}/ship`,
      body,
      as(account),
    )
  const deliver = (packageId: number, account: { token: string } = operator) =>
    t.sendJson<Envelope<OpsPackageDto | null>>(
      'POST',
      `/api/ops/packages/${packageId}/delivered`,
      undefined,
      as(account),
    )
  const orderStatuses = async (orderIds: number[]) =>
    (
      await t.db
        .select({ status: orders.status })
        .from(orders)
        .where(inArray(orders.id, orderIds))
        .orderBy(asc(orders.id))
    ).map((o) => o.status)
  const auditOf = (packageId: number) =>
    t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'package'), eq(auditLog.entityId, String(packageId))))
      .orderBy(asc(auditLog.id))

  /** An instant the shop's clock gave during the call. */
  function expectBetween(at: Date | null, from: Date, to: Date) {
    expect(at?.getTime()).toBeGreaterThanOrEqual(from.getTime())
    expect(at?.getTime()).toBeLessThanOrEqual(to.getTime())
  }

  /** A second box of the same application holding a second line of the packed order. */
  async function secondBoxOf(packed: PackedPackage): Promise<number> {
    return t.db.transaction(async (tx) => {
      const [line] = await tx
        .select()
        .from(orderLines)
        .where(eq(orderLines.id, packed.lineIds[0] ?? 0))
      if (!line) throw new Error('no line')
      const { id: _id, ...copy } = line
      const [second] = await tx
        .insert(orderLines)
        .values({ ...copy, splitFromLineId: null })
        .returning({ id: orderLines.id })
      const first = await packageRow(tx, packed.packageId)
      const [box] = await tx
        .insert(packages)
        .values({
          applyId: packed.applyId,
          userId: first.userId,
          packageNo: `${packed.packageNo.slice(0, -2)}-2`,
          status: PackageStatus.package,
          weightG: 800,
          lengthMm: 200,
          widthMm: 200,
          heightMm: 100,
          billedWeightG: 800,
          amount: line.total,
          packedAt: first.packedAt,
          packedOn: first.packedOn,
        })
        .returning({ id: packages.id })
      if (!second || !box) throw new Error('no second box')
      await tx.insert(packageLines).values({
        packageId: box.id,
        orderLineId: second.id,
        orderId: line.orderId,
        requested: line.quantity,
        actual: line.quantity,
      })
      return box.id
    })
  }

  it('refuses to ship a package whose fee is unpaid', async () => {
    const packed = await pack()
    const { status, body } = await ship(packed.packageId, { carrier: 'japanpost', trackingNo: VALID_EMS })
    expect(status).toBe(409)
    expect(body.data).toEqual({ status: PackageStatus.package })
    const row = await packageRow(t.db, packed.packageId)
    expect(row).toMatchObject({
      status: PackageStatus.package,
      trackingNo: null,
      carrier: null,
      shippedAt: null,
    })
    expect(await orderStatuses(packed.orderIds)).toEqual([OrderStatus.waitExpressPay])
    expect(await auditOf(packed.packageId)).toEqual([])
  })

  it('ships a paid EMS package with a valid number: package 5, orders 11, tracked for the shopper, audited', async () => {
    const packed = await pack({ orderCount: 2 })
    await payFee(packed.packageId, emsId)
    expect(await orderStatuses(packed.orderIds)).toEqual([OrderStatus.waitSend, OrderStatus.waitSend])

    // A wrong check digit: 400 naming the field, nothing changed.
    const bad = await ship(packed.packageId, { carrier: 'japanpost', trackingNo: BAD_EMS })
    expect(bad.status).toBe(400)
    expect((bad.body.data as FieldErrors)?.fields.map((f) => f.field)).toEqual(['trackingNo'])
    expect(bad.body.msg).toContain('trackingNo')
    expect(await packageRow(t.db, packed.packageId)).toMatchObject({
      status: PackageStatus.waitSend,
      trackingNo: null,
      carrier: null,
    })
    expect(await orderStatuses(packed.orderIds)).toEqual([OrderStatus.waitSend, OrderStatus.waitSend])

    // The method paid for is Japan Post's: a DHL number, valid as it is, is refused.
    const wrongCarrier = await ship(packed.packageId, { carrier: 'dhl', trackingNo: VALID_DHL })
    expect(wrongCarrier.status).toBe(409)
    expect(wrongCarrier.body.msg).toContain('japanpost')
    expect(wrongCarrier.body.data).toEqual({ carrier: 'japanpost' })
    expect(await auditOf(packed.packageId)).toEqual([])

    // Spaces and lower case as typed are tidied by the schema.
    const from = t.clock.now
    const shipped = await ship(packed.packageId, {
      carrier: 'japanpost',
      trackingNo: ` ${VALID_EMS.toLowerCase()} `,
    })
    expect(shipped.status).toBe(200)
    const dto = shipped.body.data as OpsPackageDto
    expect(dto).toMatchObject({
      id: packed.packageId,
      status: PackageStatus.send,
      carrier: 'japanpost',
      trackingNo: VALID_EMS,
      userId: ada.userId,
      userEmail: 'ada-shipping@example.com',
      shippingMethodId: emsId,
      shippingMethodName: { zhCn: 'test_ems_ship 中', ja: 'test_ems_ship 日', en: 'test_ems_ship en' },
      shippingCost: 5_000,
      deadlineState: null,
    })
    const row = await packageRow(t.db, packed.packageId)
    expectBetween(row.shippedAt, from, t.clock.now)
    expect(await orderStatuses(packed.orderIds)).toEqual([OrderStatus.send, OrderStatus.send])

    const tracking = await t.getJson<Envelope<TrackingDto>>(
      `/api/mall/package/tracking/${packed.packageId}`,
      as(ada),
    )
    expect(tracking.body.data).toMatchObject({ trackingNo: VALID_EMS, carrier: 'japanpost' })
    expect(tracking.body.data.url).toMatch(/^https:\/\/trackings\.post\.japanpost\.jp\/.*EJ123456785JP/)

    const audit = await auditOf(packed.packageId)
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({
      actorId: operator.userId,
      action: 'package.ship',
      before: { status: PackageStatus.waitSend, carrier: null, trackingNo: null },
      after: {
        status: PackageStatus.send,
        carrier: 'japanpost',
        trackingNo: VALID_EMS,
        ordersSent: packed.orderIds,
      },
    })

    // Shipped already: a second ship is refused and changes nothing.
    const again = await ship(packed.packageId, { carrier: 'japanpost', trackingNo: 'CD126430535JP' })
    expect(again.status).toBe(409)
    expect(again.body.data).toEqual({ status: PackageStatus.send })
    expect((await packageRow(t.db, packed.packageId)).trackingNo).toBe(VALID_EMS)
  })

  it('ships a package paid for DHL with a DHL waybill', async () => {
    const packed = await pack()
    await payFee(packed.packageId, dhlId)
    const wrong = await ship(packed.packageId, { carrier: 'dhl', trackingNo: '3318810010' })
    expect(wrong.status).toBe(400)
    expect((wrong.body.data as FieldErrors)?.fields[0]?.field).toBe('trackingNo')
    const { status, body } = await ship(packed.packageId, { carrier: 'dhl', trackingNo: VALID_DHL })
    expect(status).toBe(200)
    expect(body.data).toMatchObject({ status: PackageStatus.send, carrier: 'dhl', trackingNo: VALID_DHL })
    expect(await orderStatuses(packed.orderIds)).toEqual([OrderStatus.send])
    const tracking = await t.getJson<Envelope<TrackingDto>>(
      `/api/mall/package/tracking/${packed.packageId}`,
      as(ada),
    )
    expect(tracking.body.data.url).toContain('dhl.com')
  })

  it('moves an order in two boxes on only when both are shipped, and delivered only when both are', async () => {
    const packed = await pack()
    const secondId = await secondBoxOf(packed)
    await payFee(packed.packageId, emsId)
    // One box of two paid: the order waits for the other.
    expect(await orderStatuses(packed.orderIds)).toEqual([OrderStatus.waitExpressPay])
    await payFee(secondId, emsId)
    expect(await orderStatuses(packed.orderIds)).toEqual([OrderStatus.waitSend])

    expect((await ship(packed.packageId, { carrier: 'japanpost', trackingNo: VALID_EMS })).status).toBe(200)
    expect(await orderStatuses(packed.orderIds)).toEqual([OrderStatus.waitSend])
    expect((await ship(secondId, { carrier: 'japanpost', trackingNo: 'EG268774857JP' })).status).toBe(200)
    expect(await orderStatuses(packed.orderIds)).toEqual([OrderStatus.send])

    expect((await deliver(packed.packageId)).status).toBe(200)
    expect(await orderStatuses(packed.orderIds)).toEqual([OrderStatus.send])
    expect((await deliver(secondId)).status).toBe(200)
    expect(await orderStatuses(packed.orderIds)).toEqual([OrderStatus.shipping])
  })

  it('marks a shipped package delivered: package 9, orders 16, audited; any other status is a 409', async () => {
    const packed = await pack()
    await payFee(packed.packageId, emsId)
    const early = await deliver(packed.packageId)
    expect(early.status).toBe(409)
    expect(early.body.data).toEqual({ status: PackageStatus.waitSend })

    await ship(packed.packageId, { carrier: 'japanpost', trackingNo: VALID_EMS })
    const from = t.clock.now
    const { status, body } = await deliver(packed.packageId)
    expect(status).toBe(200)
    expect(body.data).toMatchObject({
      id: packed.packageId,
      status: PackageStatus.shipping,
      trackingNo: VALID_EMS,
    })
    const row = await packageRow(t.db, packed.packageId)
    expectBetween(row.deliveredAt, from, t.clock.now)
    expect(await orderStatuses(packed.orderIds)).toEqual([OrderStatus.shipping])
    const audit = await auditOf(packed.packageId)
    expect(audit.map((a) => a.action)).toEqual(['package.ship', 'package.delivered'])
    expect(audit[1]).toMatchObject({
      actorId: operator.userId,
      before: { status: PackageStatus.send },
      after: { status: PackageStatus.shipping, ordersDelivered: packed.orderIds },
    })

    expect((await deliver(packed.packageId)).status).toBe(409)
    expect((await deliver(999_999)).status).toBe(404)
    expect((await ship(999_999, { carrier: 'japanpost', trackingNo: VALID_EMS })).status).toBe(404)
  })

  it('lists every shopper’s packages for the console, by status and keyword', async () => {
    const adas = await pack()
    const bobs = await pack({ userId: bob.userId })
    await payFee(bobs.packageId, dhlId)
    await ship(bobs.packageId, { carrier: 'dhl', trackingNo: '8487135506' })

    const list = (query: string) =>
      t.getJson<Envelope<Page<OpsPackageDto>>>(`/api/ops/packages${query}`, as(operator))
    const all = await list('?pageSize=100')
    expect(all.status).toBe(200)
    const ids = all.body.data.list.map((p) => p.id)
    expect(ids).toContain(adas.packageId)
    expect(ids).toContain(bobs.packageId)
    // Newest packed first; packed at the same instant, the later one first.
    expect(ids.indexOf(bobs.packageId)).toBeLessThan(ids.indexOf(adas.packageId))
    expect(all.body.data.total).toBe(ids.length)

    const idsOf = async (query: string) => (await list(query)).body.data.list.map((p) => p.id)
    expect(await idsOf(`?keyword=${adas.packageNo}`)).toEqual([adas.packageId])
    expect(await idsOf(`?keyword=${adas.applyId}`)).toEqual([adas.packageId])
    expect(await idsOf('?keyword=8487135506')).toEqual([bobs.packageId])
    expect(await idsOf('?keyword=BOB-SHIPPING@example.com')).toEqual([bobs.packageId])
    expect(await idsOf(`?status=5&keyword=${bobs.packageNo}`)).toEqual([bobs.packageId])
    expect(await idsOf(`?status=3&keyword=${bobs.packageNo}`)).toEqual([])
    const bobsRow = (await list(`?keyword=${bobs.packageNo}`)).body.data.list[0]
    expect(bobsRow).toMatchObject({
      userId: bob.userId,
      userEmail: 'bob-shipping@example.com',
      shippingMethodName: { en: 'test_dhl_ship en' },
    })

    const detail = await t.getJson<Envelope<OpsPackageDto>>(
      `/api/ops/packages/${adas.packageId}`,
      as(operator),
    )
    expect(detail.status).toBe(200)
    expect(detail.body.data).toMatchObject({
      id: adas.packageId,
      userId: ada.userId,
      status: PackageStatus.package,
      shippingMethodName: null,
      feeDue: addDays(packedOn, 7),
      deadlineState: 'onTime',
    })
    expect(detail.body.data.contents).toHaveLength(1)
    expect((await t.getJson(`/api/ops/packages/999999`, as(operator))).status).toBe(404)
  })

  it('keeps the console’s calls for operators', async () => {
    const packed = await pack()
    await payFee(packed.packageId, emsId)
    expect((await t.getJson('/api/ops/packages', as(ada))).status).toBe(403)
    expect((await t.getJson(`/api/ops/packages/${packed.packageId}`, as(ada))).status).toBe(403)
    expect((await ship(packed.packageId, { carrier: 'japanpost', trackingNo: VALID_EMS }, ada)).status).toBe(
      403,
    )
    expect((await deliver(packed.packageId, ada)).status).toBe(403)
    expect((await t.getJson('/api/ops/packages')).status).toBe(401)
    expect((await packageRow(t.db, packed.packageId)).status).toBe(PackageStatus.waitSend)
    expect(await auditOf(packed.packageId)).toEqual([])
  })
})

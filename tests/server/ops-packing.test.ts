import { and, asc, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  auditLog,
  orderLines,
  orders,
  packageApplies,
  packageLines,
  packages,
  shippingDestinations,
  shippingMethods,
  shippingRates,
} from '../../server/db/schema.ts'
import { shopDate } from '../../src/domain/dates.ts'
import { addDays } from '../../src/domain/deadlines.ts'
import { OrderStatus } from '../../src/domain/order-status.ts'
import type {
  OpsPackageApplyDto,
  PackAnswer,
  PackageApplyDto,
  PackageNotifyCountDto,
} from '../../src/domain/packaging.ts'
import type { ChargeSettings } from '../../src/domain/pricing.ts'
import type { Page } from '../../src/domain/queries.ts'
import type { Envelope } from '../../src/domain/result-code.ts'
import { signedInAccount } from './support/catalog-fixture.ts'
import { insertAddress } from './support/order-fixture.ts'
import { placePaidOrder } from './support/placed-order.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'
import { engines } from './support/test-database.ts'

type FieldErrors = { fields: { field: string; message: string }[] } | null

const HOUR = 3_600_000
/** No fees: a line's total is its goods, so the packages' amounts add up to the orders' goods. */
const NO_FEES: ChargeSettings = { discount: 1, platPercent: 0, frontMoney: 0.3, settlePercent: 0, rate: null }

interface Shopper {
  email: string
  token: string
  userId: number
  addressId: number
}

interface Request {
  applyId: number
  orderIds: number[]
  /** Line ids by order, in line order. */
  lines: number[][]
}

describe.each(engines)('operator packing on %s', (engine) => {
  let t: TestApp
  let operator: { token: string; userId: number }
  let methodId: number
  let shopperCount = 0

  beforeAll(async () => {
    t = await createTestApp(engine)
    // Noon in Tokyo, so the shop's day cannot turn while the file runs.
    const tokyoHour = (t.clock.now.getTime() / HOUR + 9) % 24
    t.clock.advance((((12 - tokyoHour + 24) % 24) + 24) * HOUR)
    operator = await signedInAccount(t, 'ops-packing@example.com', { kind: 'operator' })
    // The shopper's preferred method: Japan Post bands (actual weight) to Hong Kong, up to 2 kg.
    const [method] = await t.db
      .insert(shippingMethods)
      .values({
        code: 'h2_pack_small',
        nameZh: '测试小包',
        nameJa: 'テスト小包',
        nameEn: 'Test small packet',
        carrier: 'japanpost',
        maxWeightG: 2_000,
        sizeRule: 'ems',
        billingRule: 'actual',
      })
      .returning({ id: shippingMethods.id })
    if (!method) throw new Error('no method')
    methodId = method.id
    await t.db.insert(shippingDestinations).values({ methodId, country: '中国香港', zone: 2 })
    await t.db.insert(shippingRates).values([
      { methodId, zone: 2, upToG: 500, fee: 1_900 },
      { methodId, zone: 2, upToG: 1_000, fee: 3_150 },
      { methodId, zone: 2, upToG: 2_000, fee: 4_550 },
    ])
  })
  afterAll(async () => {
    await t?.close()
  })

  const today = () => shopDate(t.clock.now) as string

  async function shopper(): Promise<Shopper> {
    shopperCount += 1
    const email = `packing-${shopperCount}@example.com`
    const account = await signedInAccount(t, email)
    const { addressId } = await insertAddress(t.db, account.userId)
    return { ...account, email, addressId }
  }

  /** An order of two lines (2 × ¥3,000 and 1 × ¥1,500), paid in full, its goods arrived today. */
  async function paidOrder(userId: number): Promise<number> {
    const orderId = await placePaidOrder(t.db, {
      userId,
      lines: [
        { price: 3_000, quantity: 2 },
        { price: 1_500, quantity: 1 },
      ],
      charges: NO_FEES,
      status: OrderStatus.order,
      at: t.clock.now,
    })
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId))
    await t.db
      .update(orders)
      .set({ status: OrderStatus.finalPay, paidAmount: order?.total ?? 0, arrivedAt: today() })
      .where(eq(orders.id, orderId))
    return orderId
  }

  /** Two paid orders requested together by the shopper, through the real call. */
  async function requested(who: Shopper): Promise<Request> {
    const orderIds = [await paidOrder(who.userId), await paidOrder(who.userId)]
    const { body } = await t.sendJson<Envelope<PackageApplyDto>>(
      'POST',
      '/api/mall/package_apply/apply',
      { orderIds, addressId: who.addressId, shippingMethodId: methodId, remark: null },
      { token: who.token },
    )
    if (body.code !== 200) throw new Error(`apply refused: ${body.msg}`)
    const lines = await Promise.all(
      orderIds.map(async (orderId) =>
        (
          await t.db
            .select({ id: orderLines.id })
            .from(orderLines)
            .where(eq(orderLines.orderId, orderId))
            .orderBy(asc(orderLines.id))
        ).map((line) => line.id),
      ),
    )
    return { applyId: body.data.id, orderIds, lines }
  }

  const ops = (token = operator.token) => ({ token })
  const picked = (applyId: number, headers = ops()) =>
    t.sendJson<Envelope<OpsPackageApplyDto | { status: number }>>(
      'POST',
      `/api/ops/package-applies/${applyId}/picked`,
      undefined,
      headers,
    )
  const pack = (applyId: number, boxes: unknown, headers = ops()) =>
    t.sendJson<Envelope<PackAnswer | FieldErrors>>(
      'POST',
      `/api/ops/package-applies/${applyId}/pack`,
      { boxes },
      headers,
    )
  const queue = async (query: string) =>
    (await t.getJson<Envelope<Page<OpsPackageApplyDto>>>(`/api/ops/package-applies?${query}`, ops())).body
      .data
  const box = (lineIds: number[], weightG = 1_234) => ({
    weightG,
    lengthMm: 300,
    widthMm: 200,
    heightMm: 100,
    lineIds,
  })
  /** A time stamp taken from the app's clock during the call that began at `before`. */
  const expectClockTime = (stamp: Date | null, before: number) => {
    expect(stamp?.getTime()).toBeGreaterThanOrEqual(before)
    expect(stamp?.getTime()).toBeLessThanOrEqual(t.clock.now.getTime())
  }
  const statusesOf = async (orderIds: number[]) =>
    (
      await t.db
        .select({ status: orders.status })
        .from(orders)
        .where(inArray(orders.id, orderIds))
        .orderBy(asc(orders.id))
    ).map((row) => row.status)
  const applyRow = async (applyId: number) => {
    const [row] = await t.db.select().from(packageApplies).where(eq(packageApplies.id, applyId))
    if (!row) throw new Error(`no request ${applyId}`)
    return row
  }
  const auditActions = async (applyId: number) =>
    (
      await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'packageApply'), eq(auditLog.entityId, String(applyId))))
        .orderBy(asc(auditLog.id))
    ).map((row) => ({ action: row.action, actorId: row.actorId }))

  it('picks a request (1 → 2, orders 7 → 8) once; a second pick is a 409', async () => {
    const ada = await shopper()
    const request = await requested(ada)
    expect(await statusesOf(request.orderIds)).toEqual([7, 7])

    const before = t.clock.now.getTime()
    const first = await picked(request.applyId)
    expect(first.status).toBe(200)
    const apply = first.body.data as OpsPackageApplyDto
    expect(apply).toMatchObject({ id: request.applyId, status: 2, userId: ada.userId, userEmail: ada.email })
    expect(apply.address).toMatchObject({ country: '中国香港' })
    expect(await statusesOf(request.orderIds)).toEqual([8, 8])
    expectClockTime((await applyRow(request.applyId)).pickedAt, before)

    const again = await picked(request.applyId)
    expect(again.status).toBe(409)
    expect(again.body.data).toEqual({ status: 2 })
    expect(await statusesOf(request.orderIds)).toEqual([8, 8])
    expect(await auditActions(request.applyId)).toEqual([
      { action: 'packageApply.picked', actorId: operator.userId },
    ])
  })

  it('packs the lines of two orders into two boxes: packages in 3 whose contents add up to the request', async () => {
    const ada = await shopper()
    const request = await requested(ada)
    expect((await picked(request.applyId)).status).toBe(200)
    const [a, b] = request.lines as [number[], number[]]
    // each box takes one line of each order
    const before = t.clock.now.getTime()
    const { status, body } = await pack(request.applyId, [
      box([a[0] as number, b[1] as number], 1_234),
      box([a[1] as number, b[0] as number], 2_500),
    ])
    expect(status).toBe(200)
    const answer = body.data as PackAnswer
    expect(answer.apply.status).toBe(3)
    expect(answer.packages).toHaveLength(2)
    expect(answer.apply.packages).toEqual(answer.packages)

    const [first, second] = answer.packages
    const padded = String(request.applyId).padStart(6, '0')
    expect(first).toMatchObject({
      applyId: request.applyId,
      packageNo: `YP${padded}-1`,
      status: 3,
      weightG: 1_234,
      // the preferred method carries it: billed at its band
      billedWeightG: 2_000,
      shippingCost: null,
      feeDue: addDays(today(), 7),
      freeStorageUntil: addDays(today(), 7),
      deadlineState: 'onTime',
    })
    // too heavy for the preferred method: billed at its weight on the scale
    expect(second).toMatchObject({ packageNo: `YP${padded}-2`, weightG: 2_500, billedWeightG: 2_500 })

    // every line exactly once, with its quantity requested and packed
    const orderLineRows = await t.db
      .select()
      .from(orderLines)
      .where(inArray(orderLines.orderId, request.orderIds))
    const packedLines = answer.packages.flatMap((pkg) => pkg.contents)
    expect(packedLines.map((line) => line.lineId).sort((x, y) => x - y)).toEqual(
      orderLineRows.map((line) => line.id).sort((x, y) => x - y),
    )
    for (const content of packedLines) {
      const line = orderLineRows.find((row) => row.id === content.lineId)
      expect(content).toMatchObject({
        orderId: line?.orderId,
        barcode: line?.barcode,
        price: line?.unitPrice,
        requested: line?.quantity,
        actual: line?.quantity,
      })
    }
    for (const pkg of answer.packages) {
      const inBox = orderLineRows.filter((row) => pkg.contents.some((c) => c.lineId === row.id))
      expect(pkg.amount).toBe(inBox.reduce((sum, row) => sum + row.total, 0))
    }
    const orderRows = await t.db.select().from(orders).where(inArray(orders.id, request.orderIds))
    expect(answer.packages.reduce((sum, pkg) => sum + pkg.amount, 0)).toBe(
      orderRows.reduce((sum, order) => sum + order.goods, 0),
    )

    expect(await statusesOf(request.orderIds)).toEqual([9, 9])
    const row = await applyRow(request.applyId)
    expect(row.status).toBe(3)
    expectClockTime(row.packedAt, before)
    expect(answer.packages.map((pkg) => pkg.createTime)).toEqual([
      row.packedAt?.toISOString(),
      row.packedAt?.toISOString(),
    ])
    const stored = await t.db.select().from(packages).where(eq(packages.applyId, request.applyId))
    expect(stored.map((pkg) => ({ packedOn: pkg.packedOn, userId: pkg.userId }))).toEqual([
      { packedOn: today(), userId: ada.userId },
      { packedOn: today(), userId: ada.userId },
    ])

    // the shopper sees the packed request and the fees to pay
    const list = await t.getJson<Envelope<Page<PackageApplyDto>>>('/api/mall/package_apply/list', {
      token: ada.token,
    })
    expect(list.body.data.list[0]).toMatchObject({
      id: request.applyId,
      status: 3,
      weightG: 3_734,
      billedWeightG: 4_500,
      freeStorageUntil: addDays(today(), 7),
      packageIds: answer.packages.map((pkg) => pkg.id),
      productCount: 6,
    })
    const counts = await t.getJson<Envelope<PackageNotifyCountDto>>('/api/mall/package_apply/notifyCount', {
      token: ada.token,
    })
    expect(counts.body.data).toMatchObject({ count: 2, overCount: 0, badgeCount: 2 })

    expect(await auditActions(request.applyId)).toEqual([
      { action: 'packageApply.picked', actorId: operator.userId },
      { action: 'packageApply.packed', actorId: operator.userId },
    ])
    // packed once: a second pack is a 409
    expect((await pack(request.applyId, [box([...a, ...b])])).status).toBe(409)
  })

  it('refuses boxes that miss a line, hold one twice or hold another request’s; nothing is written', async () => {
    const ada = await shopper()
    const request = await requested(ada)
    const other = await requested(ada)
    expect((await picked(request.applyId)).status).toBe(200)
    const [a, b] = request.lines as [number[], number[]]
    const all = [...a, ...b]
    const cases = [
      [box(all.slice(1))],
      [box(all), box([all[0] as number])],
      [box([...all, all[0] as number])],
      [box(all), box([other.lines[0]?.[0] as number])],
    ]
    for (const boxes of cases) {
      const refused = await pack(request.applyId, boxes)
      expect(refused.status).toBe(400)
      expect((refused.body.data as FieldErrors)?.fields[0]).toEqual({
        field: 'boxes',
        message: 'must be the application’s lines, each in exactly one box',
      })
    }
    const noBoxes = await pack(request.applyId, [])
    expect(noBoxes.status).toBe(400)
    expect((noBoxes.body.data as FieldErrors)?.fields[0]?.field).toBe('boxes')

    expect(await t.db.select().from(packages).where(eq(packages.applyId, request.applyId))).toEqual([])
    const linesPacked = await t.db.select().from(packageLines).where(inArray(packageLines.orderLineId, all))
    expect(linesPacked).toEqual([])
    expect((await applyRow(request.applyId)).status).toBe(2)
    expect(await statusesOf(request.orderIds)).toEqual([8, 8])
    expect((await auditActions(request.applyId)).map((entry) => entry.action)).toEqual([
      'packageApply.picked',
    ])

    // a request not yet picked cannot be packed
    const early = await pack(other.applyId, [box(other.lines.flat())])
    expect(early.status).toBe(409)
    expect(early.body.data).toEqual({ status: 1 })
    expect(await statusesOf(other.orderIds)).toEqual([7, 7])
  })

  it('lists the queue oldest first, filtered by status and by a request, order, barcode or e-mail', async () => {
    const ada = await shopper()
    const bob = await shopper()
    const older = await requested(ada)
    t.clock.advance(1_000)
    const newer = await requested(bob)
    expect((await picked(newer.applyId)).status).toBe(200)

    const ids = (page: Page<OpsPackageApplyDto>) => page.list.map((apply) => apply.id)
    const everything = await queue('pageSize=100')
    expect(ids(everything).indexOf(older.applyId)).toBeLessThan(ids(everything).indexOf(newer.applyId))
    expect(ids(await queue('status=1&pageSize=100'))).toContain(older.applyId)
    expect(ids(await queue('status=1&pageSize=100'))).not.toContain(newer.applyId)
    expect(ids(await queue('status=2&pageSize=100'))).toContain(newer.applyId)

    expect(ids(await queue(`keyword=${older.applyId}`))).toContain(older.applyId)
    expect(ids(await queue(`keyword=${newer.orderIds[1]}`))).toEqual([newer.applyId])
    expect(ids(await queue(`keyword=${encodeURIComponent(bob.email.toUpperCase())}`))).toEqual([
      newer.applyId,
    ])
    const [line] = await t.db
      .select({ barcode: orderLines.barcode })
      .from(orderLines)
      .where(eq(orderLines.id, older.lines[0]?.[0] ?? 0))
    expect(ids(await queue(`keyword=${encodeURIComponent(line?.barcode ?? '')}`))).toEqual([older.applyId])
    expect((await queue('keyword=nobody@example.com')).total).toBe(0)

    const detail = await t.getJson<Envelope<OpsPackageApplyDto>>(
      `/api/ops/package-applies/${older.applyId}`,
      ops(),
    )
    expect(detail.body.data).toMatchObject({
      id: older.applyId,
      status: 1,
      orderIds: older.orderIds,
      userEmail: ada.email,
      packages: [],
      shippingMethodId: methodId,
    })
    expect(detail.body.data.lines).toHaveLength(4)
    expect((await t.getJson(`/api/ops/package-applies/999999999`, ops())).status).toBe(404)
  })

  it('keeps the console to operators: a shopper gets 403, no token 401', async () => {
    const ada = await shopper()
    const request = await requested(ada)
    expect((await picked(request.applyId, ops(ada.token))).status).toBe(403)
    expect((await pack(request.applyId, [box(request.lines.flat())], ops(ada.token))).status).toBe(403)
    expect((await t.getJson('/api/ops/package-applies', { token: ada.token })).status).toBe(403)
    expect(
      (await t.getJson(`/api/ops/package-applies/${request.applyId}`, { token: ada.token })).status,
    ).toBe(403)
    expect((await t.sendJson('POST', `/api/ops/package-applies/${request.applyId}/picked`)).status).toBe(401)
    expect(await statusesOf(request.orderIds)).toEqual([7, 7])
    expect(await auditActions(request.applyId)).toEqual([])
  })
})

import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  addresses,
  extraFees,
  orders,
  packageApplies,
  shippingDestinations,
  shippingMethods,
  shippingRates,
} from '../../server/db/schema.ts'
import { shopDate } from '../../src/domain/dates.ts'
import { addDays, packagingDeadline } from '../../src/domain/deadlines.ts'
import type { OrderDto } from '../../src/domain/orders.ts'
import type {
  PackageApplyDto,
  PackageApplyRefusalData,
  PackageNotifyCountDto,
  ShippingMethodEstimateDto,
} from '../../src/domain/packaging.ts'
import type { Page } from '../../src/domain/queries.ts'
import type { Envelope } from '../../src/domain/result-code.ts'
import { logIn } from './support/accounts.ts'
import { signedInAccount } from './support/catalog-fixture.ts'
import { insertAddress, insertArrivedOrder } from './support/order-fixture.ts'
import { insertPackedPackage, insertShippingMethod } from './support/package-fixture.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'
import { engines } from './support/test-database.ts'

type FieldErrors = { fields: { field: string; message: string }[] } | null

const HOUR = 3_600_000
const DAY = 24 * HOUR

interface Shopper {
  email: string
  token: string
  userId: number
  addressId: number
}

describe.each(engines)('packaging requests on %s', (engine) => {
  let t: TestApp
  let shopperCount = 0

  beforeAll(async () => {
    t = await createTestApp(engine)
    // Noon in Tokyo, so the shop's day cannot turn while the file runs.
    const tokyoHour = (t.clock.now.getTime() / HOUR + 9) % 24
    t.clock.advance((((12 - tokyoHour + 24) % 24) + 24) * HOUR)
  })
  afterAll(async () => {
    await t?.close()
  })

  const today = () => shopDate(t.clock.now) as string

  /** A fresh shopper with one address, so counts and lists start empty. */
  async function shopper(): Promise<Shopper> {
    shopperCount += 1
    const email = `apply-${shopperCount}@example.com`
    const account = await signedInAccount(t, email)
    const { addressId } = await insertAddress(t.db, account.userId)
    return { ...account, email, addressId }
  }

  /** Moves the clock on by whole days and signs the shopper in again (tokens last hours, not weeks). */
  async function daysLater(who: Shopper, days: number) {
    t.clock.advance(days * DAY)
    const token = (await logIn(t, who.email)).headers.get('token')
    if (!token) throw new Error(`${who.email} could not sign in again`)
    who.token = token
  }

  /** An order of the shopper's, paid in full (6 finalPay), its goods arrived `daysAgo` days ago. */
  async function paidOrder(userId: number, daysAgo = 0, status: 5 | 6 = 6): Promise<number> {
    const { orderId } = await insertArrivedOrder(t.db, {
      userId,
      arrivedAt: addDays(today(), -daysAgo),
      status,
      at: t.clock.now,
    })
    return orderId
  }

  const apply = (who: Shopper, body: Record<string, unknown>) =>
    t.sendJson<Envelope<PackageApplyDto | PackageApplyRefusalData | FieldErrors>>(
      'POST',
      '/api/mall/package_apply/apply',
      { addressId: who.addressId, remark: null, ...body },
      { token: who.token },
    )
  const goods = async (who: Shopper) =>
    (await t.getJson<Envelope<OrderDto[]>>('/api/mall/package_apply/goods', { token: who.token })).body.data
  const list = async (who: Shopper) =>
    (await t.getJson<Envelope<Page<PackageApplyDto>>>('/api/mall/package_apply/list', { token: who.token }))
      .body.data
  const counts = async (who: Shopper) =>
    (
      await t.getJson<Envelope<PackageNotifyCountDto>>('/api/mall/package_apply/notifyCount', {
        token: who.token,
      })
    ).body.data
  const statusesOf = async (orderIds: number[]) => {
    const rows = await t.db
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .where(inArray(orders.id, orderIds))
    return Object.fromEntries(rows.map((row) => [row.id, row.status]))
  }
  const appliesOf = (userId: number) =>
    t.db.select().from(packageApplies).where(eq(packageApplies.userId, userId))

  /** Refused with `reason` about `orderIds`, and nothing written: the orders as they were, no request. */
  async function expectRefused(
    response: Awaited<ReturnType<typeof apply>>,
    expected: { status: number; reason: string; orderIds: number[] },
    who: Shopper,
    untouched: Record<number, number>,
  ) {
    expect(response.status).toBe(expected.status)
    expect(response.body.code).toBe(expected.status)
    expect(response.body.data).toEqual({ reason: expected.reason, orderIds: expected.orderIds })
    expect(await statusesOf(Object.keys(untouched).map(Number))).toEqual(untouched)
    expect(await appliesOf(who.userId)).toEqual([])
  }

  it('requests packaging of paid orders: 6 → 7, listed, counted, the address copied', async () => {
    const ada = await shopper()
    const older = await paidOrder(ada.userId, 10)
    const newer = await paidOrder(ada.userId, 2)
    expect((await goods(ada)).map((order) => order.id)).toEqual([older, newer])
    const [first] = await goods(ada)
    expect(first?.packagingDeadline).toBe(packagingDeadline(addDays(today(), -10)))
    expect(first?.deadlineState).toBe('onTime')
    expect(await counts(ada)).toEqual({
      applyCount: 2,
      applyOverCount: 0,
      count: 0,
      overCount: 0,
      badgeCount: 0,
    })

    const { status, body } = await apply(ada, { orderIds: [newer, older], remark: '  一起寄  ' })
    expect(status).toBe(200)
    const request = body.data as PackageApplyDto
    expect(request).toMatchObject({
      status: 1,
      orderIds: [older, newer],
      productCount: 2,
      weightG: null,
      billedWeightG: null,
      arrivedAt: addDays(today(), -2),
      // the earliest packaging deadline of its orders
      freeStorageUntil: packagingDeadline(addDays(today(), -10)),
      shippingMethodId: null,
      remark: '一起寄',
      packageIds: [],
    })
    expect(request.lines.map((line) => line.orderId)).toEqual([older, newer])
    expect(request.barcodes).toEqual(request.lines.map((line) => line.barcode))
    expect(request.lines.every((line) => line.productName !== '' && line.quantity === 1)).toBe(true)

    expect(await statusesOf([older, newer])).toEqual({ [older]: 7, [newer]: 7 })
    expect(await goods(ada)).toEqual([])
    expect(await counts(ada)).toMatchObject({ applyCount: 0, applyOverCount: 0 })
    const page = await list(ada)
    expect(page.total).toBe(1)
    expect(page.list).toEqual([request])

    // the address is a copy: editing the book later does not move the request
    const [stored] = await appliesOf(ada.userId)
    expect(stored?.address).toMatchObject({ id: ada.addressId, country: '中国香港', firstName: '太郎' })
    await t.db.update(addresses).set({ country: '美国' }).where(eq(addresses.id, ada.addressId))
    const [after] = await appliesOf(ada.userId)
    expect(after?.address).toMatchObject({ country: '中国香港' })
  })

  it('lists the newest request first', async () => {
    const ada = await shopper()
    const first = await paidOrder(ada.userId)
    const second = await paidOrder(ada.userId)
    expect((await apply(ada, { orderIds: [first] })).status).toBe(200)
    t.clock.advance(1_000)
    expect((await apply(ada, { orderIds: [second] })).status).toBe(200)
    const page = await list(ada)
    expect(page.list.map((request) => request.orderIds)).toEqual([[second], [first]])
    expect(page.total).toBe(2)
  })

  it('refuses without one of the shopper’s addresses: please add a delivery address', async () => {
    const ada = await shopper()
    const bob = await shopper()
    const orderId = await paidOrder(ada.userId)
    for (const addressId of [999_999_999, bob.addressId]) {
      const refused = await apply(ada, { orderIds: [orderId], addressId })
      expect(refused.body.msg).toBe('please add a delivery address')
      await expectRefused(refused, { status: 409, reason: 'noAddress', orderIds: [] }, ada, { [orderId]: 6 })
    }
    const missing = await apply(ada, { orderIds: [orderId], addressId: undefined })
    expect(missing.status).toBe(400)
    expect((missing.body.data as FieldErrors)?.fields[0]?.field).toBe('addressId')
  })

  it('refuses while an extra fee is unpaid, and accepts once it is settled', async () => {
    const ada = await shopper()
    const orderId = await paidOrder(ada.userId)
    const [fee] = await t.db
      .insert(extraFees)
      .values({ userId: ada.userId, type: 2, status: 1, amount: 500, orderIds: [orderId] })
      .returning({ id: extraFees.id })
    const refused = await apply(ada, { orderIds: [orderId] })
    expect(refused.body.msg).toMatch(/restricted while extra fees are unpaid/)
    await expectRefused(refused, { status: 409, reason: 'unpaidFees', orderIds: [] }, ada, { [orderId]: 6 })

    await t.db
      .update(extraFees)
      .set({ status: 2 })
      .where(eq(extraFees.id, fee?.id ?? 0))
    expect((await apply(ada, { orderIds: [orderId] })).status).toBe(200)
  })

  it('refuses goods past the packaging deadline’s grace window; the last day is still accepted', async () => {
    const ada = await shopper()
    // arrival + 45 days + 15 days' grace: 61 days ago is forfeited, 60 days ago is the last day
    const forfeited = await paidOrder(ada.userId, 61)
    const lastDay = await paidOrder(ada.userId, 60)
    const listed = await goods(ada)
    expect(listed.find((order) => order.id === forfeited)?.deadlineState).toBe('forfeited')
    expect(await counts(ada)).toMatchObject({ applyCount: 2, applyOverCount: 2 })

    const refused = await apply(ada, { orderIds: [lastDay, forfeited] })
    await expectRefused(refused, { status: 409, reason: 'forfeited', orderIds: [forfeited] }, ada, {
      [forfeited]: 6,
      [lastDay]: 6,
    })
    expect((await apply(ada, { orderIds: [lastDay] })).status).toBe(200)
    expect(await statusesOf([lastDay, forfeited])).toEqual({ [lastDay]: 7, [forfeited]: 6 })
  })

  it('refuses another shopper’s order exactly as an order that does not exist, and changes neither', async () => {
    const ada = await shopper()
    const bob = await shopper()
    const mine = await paidOrder(ada.userId)
    const bobs = await paidOrder(bob.userId)

    const foreign = await apply(ada, { orderIds: [mine, bobs] })
    await expectRefused(foreign, { status: 404, reason: 'orderNotReady', orderIds: [bobs] }, ada, {
      [mine]: 6,
      [bobs]: 6,
    })
    const unknownId = 999_999_000
    const unknown = await apply(ada, { orderIds: [mine, unknownId] })
    expect(unknown.status).toBe(404)
    // the same answer, with only the id the caller sent changed
    expect(foreign.body.msg.replace(String(bobs), 'ID')).toBe(
      unknown.body.msg.replace(String(unknownId), 'ID'),
    )
    expect(await appliesOf(bob.userId)).toEqual([])
    expect((await goods(bob)).map((order) => order.id)).toEqual([bobs])
  })

  it('refuses an order that is not paid goods waiting: balance unpaid (5), or already requested', async () => {
    const ada = await shopper()
    const unpaid = await paidOrder(ada.userId, 0, 5)
    const ready = await paidOrder(ada.userId)
    const refused = await apply(ada, { orderIds: [ready, unpaid] })
    await expectRefused(refused, { status: 409, reason: 'orderNotReady', orderIds: [unpaid] }, ada, {
      [unpaid]: 5,
      [ready]: 6,
    })

    expect((await apply(ada, { orderIds: [ready] })).status).toBe(200)
    const again = await apply(ada, { orderIds: [ready] })
    expect(again.status).toBe(409)
    expect(again.body.data).toEqual({ reason: 'orderNotReady', orderIds: [ready] })
    expect((await list(ada)).total).toBe(1)
  })

  it('lets only one of two simultaneous requests for the same order through', async () => {
    const ada = await shopper()
    const orderId = await paidOrder(ada.userId)
    const answers = await Promise.all([
      apply(ada, { orderIds: [orderId] }),
      apply(ada, { orderIds: [orderId] }),
    ])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409])
    expect(await appliesOf(ada.userId)).toHaveLength(1)
    expect(await statusesOf([orderId])).toEqual({ [orderId]: 7 })
  })

  it('checks the input: orders named once, an active preferred method', async () => {
    const ada = await shopper()
    const orderId = await paidOrder(ada.userId)
    const fieldOf = (response: Awaited<ReturnType<typeof apply>>) =>
      (response.body.data as FieldErrors)?.fields[0]?.field
    const empty = await apply(ada, { orderIds: [] })
    expect(empty.status).toBe(400)
    expect(fieldOf(empty)).toBe('orderIds')
    const twice = await apply(ada, { orderIds: [orderId, orderId] })
    expect(twice.status).toBe(400)
    expect(fieldOf(twice)).toBe('orderIds')

    const [inactive] = await t.db
      .insert(shippingMethods)
      .values({
        code: 'h2_paused',
        nameZh: '停运',
        nameJa: '休止',
        nameEn: 'Paused',
        carrier: 'japanpost',
        maxWeightG: 2000,
        sizeRule: 'small',
        billingRule: 'actual',
        active: false,
      })
      .returning({ id: shippingMethods.id })
    for (const shippingMethodId of [999_999_999, inactive?.id]) {
      const refused = await apply(ada, { orderIds: [orderId], shippingMethodId })
      expect(refused.status).toBe(400)
      expect(fieldOf(refused)).toBe('shippingMethodId')
    }
    expect(await statusesOf([orderId])).toEqual({ [orderId]: 6 })
    expect(await appliesOf(ada.userId)).toEqual([])

    const unauthenticated = await t.sendJson('POST', '/api/mall/package_apply/apply', { orderIds: [orderId] })
    expect(unauthenticated.status).toBe(401)
  })

  it('estimates each active method for the address: from the cheapest band, or wrongAddress', async () => {
    const ada = await shopper()
    const bob = await shopper()
    const method = (code: string, active = true) => insertShippingMethod(t.db, code, { active })
    const serves = await method('h2_serves')
    const paused = await method('h2_paused_here')
    const elsewhere = await method('h2_elsewhere')
    const inactive = await method('h2_inactive', false)
    await t.db.insert(shippingDestinations).values([
      { methodId: serves, country: '中国香港', zone: 2 },
      { methodId: paused, country: '中国香港', zone: 2, available: false },
      { methodId: elsewhere, country: '美国', zone: 4 },
      { methodId: inactive, country: '中国香港', zone: 2 },
    ])
    await t.db.insert(shippingRates).values(
      [serves, paused, elsewhere, inactive].flatMap((methodId) => [
        { methodId, zone: 2, upToG: 1000, fee: 3150 },
        { methodId, zone: 2, upToG: 500, fee: 1900 },
        { methodId, zone: 4, upToG: 500, fee: 3900 },
      ]),
    )

    const { status, body } = await t.getJson<Envelope<ShippingMethodEstimateDto[]>>(
      `/api/mall/package_apply/methods?addressId=${ada.addressId}`,
      { token: ada.token },
    )
    expect(status).toBe(200)
    const byId = new Map(body.data.map((estimate) => [estimate.methodId, estimate]))
    expect(byId.get(serves)).toMatchObject({
      available: true,
      fromFee: 1900,
      reason: null,
      carrier: 'japanpost',
    })
    expect(byId.get(paused)).toMatchObject({ available: false, fromFee: null, reason: 'wrongAddress' })
    expect(byId.get(elsewhere)).toMatchObject({ available: false, fromFee: null, reason: 'wrongAddress' })
    expect(byId.has(inactive)).toBe(false)

    const foreign = await t.getJson<Envelope<null>>(
      `/api/mall/package_apply/methods?addressId=${bob.addressId}`,
      {
        token: ada.token,
      },
    )
    expect(foreign.status).toBe(404)

    // a preferred method is kept on the request
    const orderId = await paidOrder(ada.userId)
    const accepted = await apply(ada, { orderIds: [orderId], shippingMethodId: serves })
    expect((accepted.body.data as PackageApplyDto).shippingMethodId).toBe(serves)
  })

  // Last: it moves the clock on by weeks.
  it('counts goods to request and fees to pay, and those overdue, as the days pass', async () => {
    const ada = await shopper()
    await paidOrder(ada.userId)
    await insertPackedPackage(t.db, { userId: ada.userId, packedOn: today() })
    expect(await counts(ada)).toEqual({
      applyCount: 1,
      applyOverCount: 0,
      count: 1,
      overCount: 0,
      badgeCount: 1,
    })

    // the fee is due 7 days after packing: on the 7th day still on time, overdue on the 8th
    await daysLater(ada, 7)
    expect(await counts(ada)).toMatchObject({ applyOverCount: 0, overCount: 0 })
    await daysLater(ada, 1)
    expect(await counts(ada)).toEqual({
      applyCount: 1,
      applyOverCount: 0,
      count: 1,
      overCount: 1,
      badgeCount: 1,
    })

    // the packaging request is due 45 days after arrival
    await daysLater(ada, 37)
    expect(await counts(ada)).toMatchObject({ applyCount: 1, applyOverCount: 0 })
    await daysLater(ada, 1)
    expect(await counts(ada)).toEqual({
      applyCount: 1,
      applyOverCount: 1,
      count: 1,
      overCount: 1,
      badgeCount: 1,
    })

    const bob = await shopper()
    expect(await counts(bob)).toEqual({
      applyCount: 0,
      applyOverCount: 0,
      count: 0,
      overCount: 0,
      badgeCount: 0,
    })
  })
})

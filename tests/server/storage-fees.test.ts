import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../server/db/client.ts'
import { auditLog, extraFees, orders, packages, payments, shopSettings } from '../../server/db/schema.ts'
import { sweepDeadlines } from '../../server/services/deadlines/deadline-sweep.ts'
import { shopDate } from '../../src/domain/dates.ts'
import { addDays } from '../../src/domain/deadlines.ts'
import { signedInAccount } from './support/catalog-fixture.ts'
import { insertArrivedOrder } from './support/order-fixture.ts'
import { insertPackedPackage, packageRow } from './support/package-fixture.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'
import { engines } from './support/test-database.ts'

const HOUR = 3_600_000
const DAY = 24 * HOUR
const TOKYO_OFFSET = 9 * HOUR

async function storageFeesOfOrder(db: Db, orderId: number) {
  return db
    .select()
    .from(extraFees)
    .where(and(eq(extraFees.orderId, orderId), eq(extraFees.type, 1)))
    .orderBy(asc(extraFees.id))
}

async function feesOfPackage(db: Db, packageId: number) {
  return db.select().from(extraFees).where(eq(extraFees.packageId, packageId)).orderBy(asc(extraFees.id))
}

async function orderStatuses(db: Db, orderIds: number[]) {
  const rows = await db
    .select({ status: orders.status })
    .from(orders)
    .where(inArray(orders.id, orderIds))
    .orderBy(asc(orders.id))
  return rows.map((row) => row.status)
}

async function lockAudits(db: Db, packageId: number) {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'package.lock'), eq(auditLog.entityId, String(packageId))))
    .orderBy(asc(auditLog.id))
}

async function setStorageRate(db: Db, yen: number) {
  await db.update(shopSettings).set({ storageFeePerDay: yen }).where(eq(shopSettings.id, 1))
}

describe.each(engines)('the sweep’s storage fees and package locks on %s', (engine) => {
  let t: TestApp
  let userId: number

  const today = () => shopDate(t.clock.now) ?? ''
  const sweep = () => sweepDeadlines(t.db, t.clock.now)
  const advanceDays = (days: number) => t.clock.advance(days * DAY)
  const inFinalPay = (arrivedAt: string) =>
    insertArrivedOrder(t.db, { userId, arrivedAt, status: 6, at: t.clock.now })
  const packed = (packedOn: string, orderCount = 1) =>
    insertPackedPackage(t.db, { userId, packedOn, orderCount })
  /** What the shopper's payment of the fee would leave (the fee payment comes with its own issue). */
  const markPaid = (feeId: number) =>
    t.db
      .update(extraFees)
      .set({ status: 2, paidAt: t.clock.now, updatedAt: t.clock.now })
      .where(eq(extraFees.id, feeId))

  beforeAll(async () => {
    t = await createTestApp(engine)
    // Noon in Tokyo: the days counted below never straddle the shop's midnight while the test runs.
    const sinceMidnight = (t.clock.now.getTime() + TOKYO_OFFSET) % DAY
    t.clock.advance((12 * HOUR - sinceMidnight + DAY) % DAY)
    userId = (await signedInAccount(t, 'ada-storage@example.com')).userId
  })
  afterAll(async () => {
    await t?.close()
  })

  it('charges goods not requested for packaging ¥100 a day after the deadline, once a day, until forfeited', async () => {
    const day0 = today()
    const day = (n: number) => addDays(day0, n)
    const { orderId } = await inFinalPay(day0)

    advanceDays(45)
    const onDeadline = await sweep()
    expect(onDeadline.storageFeesCreated).not.toContain(orderId)
    expect(await storageFeesOfOrder(t.db, orderId)).toEqual([])

    advanceDays(1)
    const firstDay = await sweep()
    expect(firstDay.storageFeesCreated).toContain(orderId)
    const [created] = await storageFeesOfOrder(t.db, orderId)
    expect(created).toMatchObject({
      userId,
      type: 1,
      status: 1,
      days: 1,
      amount: 100,
      orderId,
      orderIds: [orderId],
      packageId: null,
      dueDate: day(60),
      paidAt: null,
    })

    // The same day again: the rows stay as they are, and the run reports nothing.
    const rowsBefore = await t.db.select().from(extraFees).orderBy(asc(extraFees.id))
    t.clock.advance(HOUR)
    const again = await sweep()
    expect(again).toEqual({
      ran: true,
      today: day(46),
      expired: [],
      lateFeesCreated: [],
      lateFeesUpdated: [],
      storageFeesCreated: [],
      storageFeesUpdated: [],
      packageStorageFeesCreated: [],
      packageStorageFeesUpdated: [],
      forfeited: [],
      packagesLocked: [],
    })
    expect(await t.db.select().from(extraFees).orderBy(asc(extraFees.id))).toEqual(rowsBefore)

    advanceDays(4)
    const fifthDay = await sweep()
    expect(fifthDay.storageFeesUpdated).toContain(orderId)
    expect(fifthDay.storageFeesCreated).not.toContain(orderId)
    expect(await storageFeesOfOrder(t.db, orderId)).toEqual([
      expect.objectContaining({ id: created?.id, status: 1, days: 5, amount: 500 }),
    ])

    // Paid on day 50; by day 52 two more days are due, on a new record.
    await markPaid(created?.id ?? 0)
    advanceDays(2)
    const afterPaying = await sweep()
    expect(afterPaying.storageFeesCreated).toContain(orderId)
    const [paid, open] = await storageFeesOfOrder(t.db, orderId)
    expect(paid).toMatchObject({ id: created?.id, status: 2, days: 5, amount: 500 })
    expect(open).toMatchObject({ status: 1, days: 2, amount: 200, dueDate: day(60), orderIds: [orderId] })

    // A new daily rate applies to the open record at the next run; the paid one keeps its figure.
    await setStorageRate(t.db, 150)
    try {
      t.clock.advance(HOUR)
      const newRate = await sweep()
      expect(newRate.storageFeesUpdated).toContain(orderId)
      expect(await storageFeesOfOrder(t.db, orderId)).toEqual([
        expect.objectContaining({ status: 2, amount: 500 }),
        expect.objectContaining({ id: open?.id, status: 1, days: 2, amount: 300 }),
      ])
    } finally {
      await setStorageRate(t.db, 100)
    }

    // Day 60, the last day of grace: 15 overdue days, 5 of them paid.
    advanceDays(8)
    await sweep()
    expect(await storageFeesOfOrder(t.db, orderId)).toEqual([
      expect.objectContaining({ status: 2, amount: 500 }),
      expect.objectContaining({ id: open?.id, status: 1, days: 10, amount: 1000 }),
    ])

    advanceDays(1)
    const forfeitDay = await sweep()
    expect(forfeitDay.forfeited).toContain(orderId)
    expect(forfeitDay.storageFeesUpdated).not.toContain(orderId)
    expect(await orderStatuses(t.db, [orderId])).toEqual([15])
    expect(await storageFeesOfOrder(t.db, orderId)).toEqual([
      expect.objectContaining({ status: 2, amount: 500 }),
      expect.objectContaining({ id: open?.id, status: 4, days: 10, amount: 1000, remark: 'forfeited' }),
    ])

    advanceDays(1)
    const later = await sweep()
    expect(later.storageFeesCreated).not.toContain(orderId)
    expect(await storageFeesOfOrder(t.db, orderId)).toHaveLength(2)
  })

  it('stops growing once the order is requested for packaging', async () => {
    const { orderId } = await inFinalPay(addDays(today(), -47))
    const first = await sweep()
    expect(first.storageFeesCreated).toContain(orderId)
    expect(await storageFeesOfOrder(t.db, orderId)).toEqual([
      expect.objectContaining({ status: 1, days: 2, amount: 200 }),
    ])

    await t.db.update(orders).set({ status: 7 }).where(eq(orders.id, orderId))
    advanceDays(3)
    const later = await sweep()
    expect(later.storageFeesUpdated).not.toContain(orderId)
    expect(later.storageFeesCreated).not.toContain(orderId)
    expect(await storageFeesOfOrder(t.db, orderId)).toEqual([
      expect.objectContaining({ status: 1, days: 2, amount: 200 }),
    ])
  })

  it('charges a packed box ¥100 a day after its shipping fee is due, locks it past the grace window and keeps charging', async () => {
    const day0 = today()
    const day = (n: number) => addDays(day0, n)
    const box = await packed(day0, 2)

    advanceDays(7)
    const onDeadline = await sweep()
    expect(onDeadline.packageStorageFeesCreated).not.toContain(box.packageId)
    expect(await feesOfPackage(t.db, box.packageId)).toEqual([])

    advanceDays(1)
    const firstDay = await sweep()
    expect(firstDay.packageStorageFeesCreated).toContain(box.packageId)
    const [fee] = await feesOfPackage(t.db, box.packageId)
    expect(fee).toMatchObject({
      userId,
      type: 4,
      status: 1,
      days: 1,
      amount: 100,
      packageId: box.packageId,
      orderId: null,
      orderIds: [...box.orderIds].sort((a, b) => a - b),
      dueDate: day(22),
    })
    // The orders in the box are packed (9): no per-order storage fee on them.
    for (const orderId of box.orderIds) expect(await storageFeesOfOrder(t.db, orderId)).toEqual([])

    // Day 22, the last day of grace: still 3.
    advanceDays(14)
    const lastDay = await sweep()
    expect(lastDay.packageStorageFeesUpdated).toContain(box.packageId)
    expect(lastDay.packagesLocked).not.toContain(box.packageId)
    expect((await packageRow(t.db, box.packageId)).status).toBe(3)
    expect(await feesOfPackage(t.db, box.packageId)).toEqual([
      expect.objectContaining({ id: fee?.id, days: 15, amount: 1500 }),
    ])

    advanceDays(1)
    const lockDay = await sweep()
    expect(lockDay.packagesLocked).toContain(box.packageId)
    expect((await packageRow(t.db, box.packageId)).status).toBe(7)
    expect(await orderStatuses(t.db, box.orderIds)).toEqual([9, 9])
    expect(await lockAudits(t.db, box.packageId)).toEqual([
      expect.objectContaining({
        actorId: null,
        entity: 'package',
        before: { status: 3 },
        after: expect.objectContaining({ status: 7, deadline: day(7), on: day(23) }),
      }),
    ])
    expect(await feesOfPackage(t.db, box.packageId)).toEqual([
      expect.objectContaining({ id: fee?.id, status: 1, days: 16, amount: 1600 }),
    ])

    // Locked, the box keeps accruing; it is locked once.
    advanceDays(2)
    const later = await sweep()
    expect(later.packagesLocked).not.toContain(box.packageId)
    expect(later.packageStorageFeesUpdated).toContain(box.packageId)
    expect(await feesOfPackage(t.db, box.packageId)).toEqual([
      expect.objectContaining({ id: fee?.id, status: 1, days: 18, amount: 1800 }),
    ])
    expect(await lockAudits(t.db, box.packageId)).toHaveLength(1)
  })

  it('charges a box only for the days its paid fees have not covered', async () => {
    const box = await packed(addDays(today(), -10))
    await sweep()
    const [first] = await feesOfPackage(t.db, box.packageId)
    expect(first).toMatchObject({ status: 1, days: 3, amount: 300 })
    await markPaid(first?.id ?? 0)

    t.clock.advance(HOUR)
    const sameDay = await sweep()
    expect(sameDay.packageStorageFeesCreated).not.toContain(box.packageId)
    advanceDays(1)
    const nextDay = await sweep()
    expect(nextDay.packageStorageFeesCreated).toContain(box.packageId)
    expect(await feesOfPackage(t.db, box.packageId)).toEqual([
      expect.objectContaining({ id: first?.id, status: 2, days: 3, amount: 300 }),
      expect.objectContaining({ status: 1, days: 1, amount: 100 }),
    ])
  })

  it('leaves a box whose shipping fee is paid alone', async () => {
    const box = await packed(addDays(today(), -30))
    await t.db.update(packages).set({ status: 4 }).where(eq(packages.id, box.packageId))
    const result = await sweep()
    expect(result.packageStorageFeesCreated).not.toContain(box.packageId)
    expect(result.packagesLocked).not.toContain(box.packageId)
    expect(await feesOfPackage(t.db, box.packageId)).toEqual([])
    expect((await packageRow(t.db, box.packageId)).status).toBe(4)
  })

  it('does not lock a box while a shipping payment for it is open, and locks it once that ends', async () => {
    const box = await packed(addDays(today(), -23))
    const paymentId = `pay_open_shipping_${engine}_${box.packageId}`
    await t.db.insert(payments).values({
      id: paymentId,
      userId,
      purpose: 'shipping',
      target: [box.packageId],
      route: 'sbps',
      method: 2,
      gateway: 'sandbox',
      amount: 3_900,
      status: 1,
      createdAt: t.clock.now,
      updatedAt: t.clock.now,
    })
    const during = await sweep()
    expect(during.packageStorageFeesCreated).toContain(box.packageId)
    expect(during.packagesLocked).not.toContain(box.packageId)
    expect((await packageRow(t.db, box.packageId)).status).toBe(3)
    expect(await lockAudits(t.db, box.packageId)).toEqual([])

    await t.db.update(payments).set({ status: 4, failure: 'expired' }).where(eq(payments.id, paymentId))
    const after = await sweep()
    expect(after.packagesLocked).toEqual([box.packageId])
    expect((await packageRow(t.db, box.packageId)).status).toBe(7)
  })

  // Two connections at once: PGlite has one.
  if (engine === 'postgres') {
    it('leaves an order whose open storage fee is being paid to the next run', async () => {
      const { orderId } = await inFinalPay(addDays(today(), -46))
      await sweep()
      const [fee] = await storageFeesOfOrder(t.db, orderId)
      expect(fee).toMatchObject({ status: 1, days: 1, amount: 100 })
      advanceDays(1)
      let release = () => {}
      const released = new Promise<void>((resolve) => {
        release = resolve
      })
      let signalLocked = () => {}
      const locked = new Promise<void>((resolve) => {
        signalLocked = resolve
      })
      // What a fee payment holds while it is confirmed: the fee's row lock; it then pays the fee.
      const paying = t.db.transaction(async (tx) => {
        await tx
          .select()
          .from(extraFees)
          .where(eq(extraFees.id, fee?.id ?? 0))
          .for('update')
        signalLocked()
        await released
        await tx
          .update(extraFees)
          .set({ status: 2 })
          .where(eq(extraFees.id, fee?.id ?? 0))
      })
      await locked
      let during: Awaited<ReturnType<typeof sweep>>
      try {
        during = await sweep()
      } finally {
        release()
        await paying
      }
      expect(during.storageFeesUpdated).not.toContain(orderId)
      expect(during.storageFeesCreated).not.toContain(orderId)
      expect(await storageFeesOfOrder(t.db, orderId)).toEqual([
        expect.objectContaining({ id: fee?.id, status: 2, days: 1, amount: 100 }),
      ])

      const next = await sweep()
      expect(next.storageFeesCreated).toContain(orderId)
      expect(await storageFeesOfOrder(t.db, orderId)).toEqual([
        expect.objectContaining({ id: fee?.id, status: 2, days: 1, amount: 100 }),
        expect.objectContaining({ status: 1, days: 1, amount: 100 }),
      ])
    })

    it('keeps one open fee per order and per box when two sweeps run at the same moment', async () => {
      const seeded = await Promise.all(
        Array.from({ length: 40 }, (_, i) => inFinalPay(addDays(today(), -(46 + (i % 14))))),
      )
      const boxes = await Promise.all(
        Array.from({ length: 10 }, (_, i) => packed(addDays(today(), -(8 + i)))),
      )
      const orderIds = seeded.map((order) => order.orderId)
      const packageIds = boxes.map((box) => box.packageId)
      const results = await Promise.all([sweep(), sweep()])
      expect(results.some((result) => result.ran)).toBe(true)
      const created = results.flatMap((result) => result.storageFeesCreated).sort((a, b) => a - b)
      expect(created).toEqual([...orderIds].sort((a, b) => a - b))
      const perOrder = await t.db
        .select({ key: extraFees.orderId, count: sql<number>`count(*)::int` })
        .from(extraFees)
        .where(and(eq(extraFees.type, 1), inArray(extraFees.orderId, orderIds)))
        .groupBy(extraFees.orderId)
      const perPackage = await t.db
        .select({ key: extraFees.packageId, count: sql<number>`count(*)::int` })
        .from(extraFees)
        .where(inArray(extraFees.packageId, packageIds))
        .groupBy(extraFees.packageId)
      expect(perOrder.map((row) => row.count)).toEqual(orderIds.map(() => 1))
      expect(perPackage.map((row) => row.count)).toEqual(packageIds.map(() => 1))
    })
  }
})

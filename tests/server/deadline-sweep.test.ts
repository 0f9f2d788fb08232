import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../server/db/client.ts'
import {
  auditLog,
  extraFees,
  jobRuns,
  orderLines,
  orders,
  payments,
  products,
  reminders,
  users,
} from '../../server/db/schema.ts'
import { runDeadlineSweep, scheduleDeadlineSweep } from '../../server/jobs/deadline-sweep.ts'
import { sweepDeadlines } from '../../server/services/deadlines/deadline-sweep.ts'
import { createMailer } from '../../server/services/mail/mailer.ts'
import type { ReminderDeps } from '../../server/services/reminders/send-reminders.ts'
import type { DeadlineSweepResult } from '../../src/domain/arrival.ts'
import { shopDate } from '../../src/domain/dates.ts'
import { addDays, lateFee } from '../../src/domain/deadlines.ts'
import type { OrderDetailDto } from '../../src/domain/orders.ts'
import type { Envelope } from '../../src/domain/result-code.ts'
import { runNodeScript } from '../support/node-script.ts'
import { logIn } from './support/accounts.ts'
import { captureLog } from './support/captured-log.ts'
import { signedInAccount } from './support/catalog-fixture.ts'
import { insertArrivedOrder, insertWaitPayOrder } from './support/order-fixture.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'
import { engines, openTestDatabase } from './support/test-database.ts'

const HOUR = 3_600_000
const DAY = 24 * HOUR
const TOKYO_OFFSET = 9 * HOUR

async function feesOf(db: Db, orderId: number) {
  return db.select().from(extraFees).where(eq(extraFees.orderId, orderId)).orderBy(asc(extraFees.id))
}

async function orderRow(db: Db, orderId: number) {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId))
  if (!row) throw new Error(`no order ${orderId}`)
  return row
}

async function forfeitAudits(db: Db, orderIds: number[]) {
  return db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, 'order.forfeit'),
        inArray(
          auditLog.entityId,
          orderIds.map((id) => String(id)),
        ),
      ),
    )
    .orderBy(asc(auditLog.id))
}

describe.each(engines)('the deadline sweep on %s', (engine) => {
  let t: TestApp
  let ada: { userId: number; email: string }
  let ops: { email: string }

  const today = () => shopDate(t.clock.now) ?? ''
  const sweep = () => sweepDeadlines(t.db, t.clock.now)
  const advanceDays = (days: number) => t.clock.advance(days * DAY)
  /** A fresh token: the clock moves by weeks here, far past a token's life. */
  const tokenOf = async (email: string) => {
    const token = (await logIn(t, email)).headers.get('token')
    if (!token) throw new Error(`no token for ${email}`)
    return token
  }
  const orderDto = async (orderId: number) => {
    const { body } = await t.getJson<Envelope<OrderDetailDto>>(`/api/mall/order/${orderId}`, {
      token: await tokenOf(ada.email),
    })
    expect(body.code).toBe(200)
    return body.data
  }
  const arrived = (arrivedAt: string, options: { status?: 5 | 6; goods?: number } = {}) =>
    insertArrivedOrder(t.db, { userId: ada.userId, arrivedAt, at: t.clock.now, ...options })
  /** What the job sends reminders with: the app's outbox, and a shopper with no push subscription. */
  const reminderDeps = (): ReminderDeps => ({
    mailer: createMailer({
      smtpUrl: undefined,
      outboxDir: t.outboxDir,
      from: 'Yoyaku <no-reply@yoyaku.test>',
    }),
    publicUrl: 'http://shop.test',
    pushToUser: async () => ({ subscriptions: 0, sent: 0, removed: 0, retryLater: 0, failed: 0 }),
  })

  beforeAll(async () => {
    t = await createTestApp(engine)
    // Noon in Tokyo: the days counted below never straddle the shop's midnight while the test runs.
    const sinceMidnight = (t.clock.now.getTime() + TOKYO_OFFSET) % DAY
    t.clock.advance((12 * HOUR - sinceMidnight + DAY) % DAY)
    ada = { ...(await signedInAccount(t, 'ada-sweep@example.com')), email: 'ada-sweep@example.com' }
    await signedInAccount(t, 'ops-sweep@example.com', { kind: 'operator' })
    ops = { email: 'ops-sweep@example.com' }
  })
  afterAll(async () => {
    await t?.close()
  })

  it('charges 0.5 % a day after the balance due date, stops at the grace window, then forfeits', async () => {
    const day0 = today()
    const goods = 12_345
    const { orderId, productId, paymentIds } = await arrived(day0, { goods })
    const day = (n: number) => addDays(day0, n)

    advanceDays(30)
    const onDueDay = await sweep()
    expect(onDueDay.today).toBe(day(30))
    expect(onDueDay.lateFeesCreated).not.toContain(orderId)
    expect(await feesOf(t.db, orderId)).toEqual([])
    expect(await orderDto(orderId)).toMatchObject({
      status: 5,
      balanceDue: day(30),
      lateFee: 0,
      deadlineState: 'dueSoon',
      forfeitAt: day(46),
    })

    advanceDays(1)
    const firstLateDay = await sweep()
    expect(firstLateDay.lateFeesCreated).toContain(orderId)
    const [created] = await feesOf(t.db, orderId)
    // ceil(0.5 % × 12,345) = ceil(61.725)
    expect(created).toMatchObject({
      userId: ada.userId,
      type: 3,
      status: 1,
      amount: 62,
      orderIds: [orderId],
      dueDate: day(45),
      paidAt: null,
    })
    expect(await orderDto(orderId)).toMatchObject({ lateFee: 62, deadlineState: 'overdue' })

    advanceDays(9)
    const tenthLateDay = await sweep()
    expect(tenthLateDay.lateFeesUpdated).toContain(orderId)
    expect(tenthLateDay.lateFeesCreated).not.toContain(orderId)
    // ceil(5 % × 12,345) = ceil(617.25), on the same record
    expect(await feesOf(t.db, orderId)).toEqual([
      expect.objectContaining({ id: created?.id, amount: 618, status: 1 }),
    ])
    expect(await orderDto(orderId)).toMatchObject({ lateFee: 618, deadlineState: 'overdue' })

    advanceDays(5)
    await sweep()
    // Day 45, the last day of grace: ceil(7.5 % × 12,345) = ceil(925.875); the order still in 5.
    expect(await feesOf(t.db, orderId)).toEqual([expect.objectContaining({ amount: 926, status: 1 })])
    expect(lateFee(goods, day(30), today())).toBe(926)
    expect((await orderRow(t.db, orderId)).status).toBe(5)
    expect(await orderDto(orderId)).toMatchObject({ status: 5, lateFee: 926, deadlineState: 'overdue' })

    advanceDays(1)
    const forfeitDay = await sweep()
    expect(forfeitDay.forfeited).toContain(orderId)
    expect(forfeitDay.lateFeesUpdated).not.toContain(orderId)
    expect((await orderRow(t.db, orderId)).status).toBe(15)
    // Voided with the goods, at the figure it stopped growing at (16 days would be 988).
    expect(await feesOf(t.db, orderId)).toEqual([
      expect.objectContaining({ status: 4, amount: 926, remark: 'forfeited' }),
    ])
    const kept = await t.db.select().from(payments).where(inArray(payments.id, paymentIds))
    expect(kept.map((payment) => payment.status)).toEqual([2])
    const [product] = await t.db
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, productId))
    expect(product?.stock).toBe(4)
    const [line] = await t.db
      .select({ stockReserved: orderLines.stockReserved })
      .from(orderLines)
      .where(eq(orderLines.orderId, orderId))
    expect(line?.stockReserved).toBe(1)
    const audits = await forfeitAudits(t.db, [orderId])
    expect(audits).toEqual([
      expect.objectContaining({
        actorId: null,
        entity: 'order',
        before: { status: 5 },
        after: expect.objectContaining({ status: 15, missed: 'balance', deadline: day(30) }),
      }),
    ])
    expect(await orderDto(orderId)).toMatchObject({ status: 15, lateFee: 0, deadlineState: null })

    advanceDays(1)
    const later = await sweep()
    expect(later.forfeited).not.toContain(orderId)
    expect(await feesOf(t.db, orderId)).toEqual([expect.objectContaining({ status: 4, amount: 926 })])
    expect(await forfeitAudits(t.db, [orderId])).toHaveLength(1)
  })

  it('changes nothing when run a second time on the same day', async () => {
    const overdue = await arrived(addDays(today(), -35))
    const forfeitable = await arrived(addDays(today(), -46))
    const first = await sweep()
    expect(first.lateFeesCreated).toContain(overdue.orderId)
    expect(first.forfeited).toContain(forfeitable.orderId)
    const snapshot = async () => ({
      fees: await t.db.select().from(extraFees).orderBy(asc(extraFees.id)),
      orders: await t.db.select().from(orders).orderBy(asc(orders.id)),
      audits: await t.db.select().from(auditLog).orderBy(asc(auditLog.id)),
    })
    const before = await snapshot()

    t.clock.advance(HOUR)
    const second = await sweep()
    expect(second).toEqual({
      ran: true,
      today: today(),
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
    expect(await snapshot()).toEqual(before)

    // The next day the fee moves to that day's figure: 6 late days of ¥10,000 at 0.5 %.
    expect(await feesOf(t.db, overdue.orderId)).toEqual([expect.objectContaining({ amount: 250 })])
    advanceDays(1)
    const nextDay = await sweep()
    expect(nextDay.lateFeesUpdated).toEqual([overdue.orderId])
    expect(await feesOf(t.db, overdue.orderId)).toEqual([expect.objectContaining({ amount: 300, status: 1 })])
  })

  it('forfeits an order in 6 the day after its packaging deadline’s grace, and leaves 3, 4 and on-time 5 alone', async () => {
    // Arrived 60 days ago: packaging deadline day 45, its last day of grace today.
    const packing = await arrived(addDays(today(), -60), { status: 6 })
    const onTime = await arrived(addDays(today(), -5))
    const waitOrder = await insertWaitPayOrder(t.db, { userId: ada.userId, at: t.clock.now })
    const ordered = await insertWaitPayOrder(t.db, { userId: ada.userId, at: t.clock.now })
    await t.db.update(orders).set({ status: 3, paidAmount: 3000 }).where(eq(orders.id, waitOrder.orderId))
    await t.db.update(orders).set({ status: 4, paidAmount: 3000 }).where(eq(orders.id, ordered.orderId))
    const untouched = [onTime.orderId, waitOrder.orderId, ordered.orderId]
    const rowsBefore = await t.db.select().from(orders).where(inArray(orders.id, untouched))

    const lastDay = await sweep()
    expect(lastDay.forfeited).not.toContain(packing.orderId)
    expect((await orderRow(t.db, packing.orderId)).status).toBe(6)

    advanceDays(1)
    const result = await sweep()
    expect(result.forfeited).toContain(packing.orderId)
    expect((await orderRow(t.db, packing.orderId)).status).toBe(15)
    const kept = await t.db.select().from(payments).where(inArray(payments.id, packing.paymentIds))
    expect(kept.map((payment) => payment.status)).toEqual([2, 2])
    expect(await forfeitAudits(t.db, [packing.orderId])).toEqual([
      expect.objectContaining({
        before: { status: 6 },
        after: expect.objectContaining({ status: 15, missed: 'packaging' }),
      }),
    ])
    for (const id of untouched) {
      expect(result.forfeited).not.toContain(id)
      expect(result.lateFeesCreated).not.toContain(id)
    }
    expect(await t.db.select().from(orders).where(inArray(orders.id, untouched))).toEqual(rowsBefore)
    expect(await t.db.select().from(extraFees).where(inArray(extraFees.orderId, untouched))).toEqual([])
  })

  it('ends the open balance payment of an order it forfeits', async () => {
    const order = await arrived(addDays(today(), -46))
    const paymentId = `pay_open_balance_${engine}_${order.orderId}`
    await t.db.insert(payments).values({
      id: paymentId,
      userId: ada.userId,
      purpose: 'balance',
      target: [order.orderId],
      route: 'sbps',
      method: 2,
      gateway: 'sandbox',
      amount: 7_000,
      status: 1,
      createdAt: t.clock.now,
      updatedAt: t.clock.now,
    })
    const result = await sweep()
    expect(result.forfeited).toContain(order.orderId)
    const [payment] = await t.db.select().from(payments).where(eq(payments.id, paymentId))
    expect(payment).toMatchObject({ status: 4, failure: 'forfeited' })
    expect((await orderRow(t.db, order.orderId)).status).toBe(15)
  })

  // Needs a second connection to hold a payment's lock while the sweep works: PGlite has one.
  if (engine === 'postgres') {
    it('leaves an order whose balance payment is being confirmed to the next run, and forfeits the rest', async () => {
      const busy = await arrived(addDays(today(), -46))
      const other = await arrived(addDays(today(), -46))
      const paymentId = `pay_busy_balance_${busy.orderId}`
      await t.db.insert(payments).values({
        id: paymentId,
        userId: ada.userId,
        purpose: 'balance',
        target: [busy.orderId],
        route: 'card',
        method: 1,
        gateway: 'sandbox',
        amount: 7_000,
        status: 1,
        createdAt: t.clock.now,
        updatedAt: t.clock.now,
      })
      let release = () => {}
      const released = new Promise<void>((resolve) => {
        release = resolve
      })
      let signalLocked = () => {}
      const locked = new Promise<void>((resolve) => {
        signalLocked = resolve
      })
      // What settle() holds while it confirms a payment: the payment's row lock.
      const settling = t.db.transaction(async (tx) => {
        await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update')
        signalLocked()
        await released
      })
      await locked
      let during: DeadlineSweepResult
      try {
        during = await sweep()
      } finally {
        release()
        await settling
      }
      expect(during.forfeited).toContain(other.orderId)
      expect(during.forfeited).not.toContain(busy.orderId)
      expect((await orderRow(t.db, busy.orderId)).status).toBe(5)

      const next = await sweep()
      expect(next.forfeited).toEqual([busy.orderId])
      const [payment] = await t.db.select().from(payments).where(eq(payments.id, paymentId))
      expect(payment?.status).toBe(4)
    })

    it('does the work once when two processes sweep at the same moment', async () => {
      const database = await openTestDatabase('postgres')
      try {
        const { db, url } = database
        if (!url) throw new Error('no database url')
        const [user] = await db
          .insert(users)
          .values({ email: 'race@example.com', passwordHash: 'x', nickname: 'race' })
          .returning({ id: users.id })
        const userId = user?.id ?? 0
        const now = t.clock.now
        const day = shopDate(now) ?? ''
        const seed = async (count: number, daysAgo: (i: number) => number) => {
          const seeded = await Promise.all(
            Array.from({ length: count }, (_, i) =>
              insertArrivedOrder(db, { userId, arrivedAt: addDays(day, -daysAgo(i)), at: now }),
            ),
          )
          return seeded.map((order) => order.orderId).sort((a, b) => a - b)
        }
        // Overdue 1 to 15 days (a fee each), and past the grace window (forfeited).
        const overdue = await seed(150, (i) => 31 + (i % 15))
        const forfeitable = await seed(50, (i) => 46 + i)
        const startAt = Date.now() + 2000
        const results = await Promise.all([0, 1].map(() => sweepInProcess(url, now, startAt)))
        expect(results.some((result) => result.ran)).toBe(true)
        const all = (pick: (result: DeadlineSweepResult) => number[]) =>
          results.flatMap(pick).sort((a, b) => a - b)
        // Disjoint and together complete: each order worked on by exactly one process.
        expect(all((result) => result.lateFeesCreated)).toEqual(overdue)
        expect(all((result) => result.forfeited)).toEqual(forfeitable)
        expect(all((result) => result.lateFeesUpdated)).toEqual([])

        const perOrder = await db
          .select({ orderId: extraFees.orderId, count: sql<number>`count(*)::int` })
          .from(extraFees)
          .groupBy(extraFees.orderId)
        expect(perOrder).toHaveLength(overdue.length)
        expect(perOrder.every((row) => row.count === 1)).toBe(true)
        const audits = await forfeitAudits(db, forfeitable)
        expect(audits).toHaveLength(forfeitable.length)
        expect(new Set(audits.map((row) => row.entityId)).size).toBe(forfeitable.length)
        const statuses = await db
          .select({ status: orders.status, count: sql<number>`count(*)::int` })
          .from(orders)
          .groupBy(orders.status)
          .orderBy(orders.status)
        expect(statuses).toEqual([
          { status: 5, count: overdue.length },
          { status: 15, count: forfeitable.length },
        ])
      } finally {
        await database.close()
      }
    }, 60_000)
  }

  describe('POST /api/ops/jobs/deadlines/run', () => {
    it('runs the sweep for an operator on the shop’s clock', async () => {
      // The tests above ran the sweep moments ago on this clock: forget it, as if an hour had passed.
      await t.db.delete(jobRuns)
      const overdue = await arrived(addDays(today(), -31))
      const { status, body } = await t.sendJson<Envelope<DeadlineSweepResult>>(
        'POST',
        '/api/ops/jobs/deadlines/run',
        undefined,
        { token: await tokenOf(ops.email) },
      )
      expect(status).toBe(200)
      expect(body.data).toEqual({
        ran: true,
        today: today(),
        expired: [],
        lateFeesCreated: [overdue.orderId],
        lateFeesUpdated: [],
        storageFeesCreated: [],
        storageFeesUpdated: [],
        packageStorageFeesCreated: [],
        packageStorageFeesUpdated: [],
        forfeited: [],
        packagesLocked: [],
        reminders: { created: expect.any(Number), mailed: expect.any(Number), pushed: 0 },
      })
      expect(await feesOf(t.db, overdue.orderId)).toEqual([expect.objectContaining({ amount: 50 })])
      // The reminders step ran after the sweep: the overdue balance is reminded, once, by mail.
      expect(
        await t.db
          .select({ kind: reminders.kind, mailStatus: reminders.mailStatus })
          .from(reminders)
          .where(eq(reminders.targetId, overdue.orderId)),
      ).toEqual([{ kind: 'balanceOverdue', mailStatus: 'sent' }])
      expect(body.data.reminders?.created).toBeGreaterThanOrEqual(1)
    })

    it('runs once when pressed twice at once: the other answer says it had just run', async () => {
      await t.db.delete(jobRuns)
      const overdue = await arrived(addDays(today(), -31))
      const token = await tokenOf(ops.email)
      const answers = await Promise.all(
        [1, 2].map(() =>
          t.sendJson<Envelope<DeadlineSweepResult>>('POST', '/api/ops/jobs/deadlines/run', undefined, {
            token,
          }),
        ),
      )
      expect(answers.map(({ status }) => status)).toEqual([200, 200])
      expect(answers.map(({ body }) => body.data.ran).sort()).toEqual([false, true])
      expect(answers.flatMap(({ body }) => body.data.lateFeesCreated)).toEqual([overdue.orderId])
      expect(await feesOf(t.db, overdue.orderId)).toEqual([expect.objectContaining({ amount: 50 })])
      // Five seconds later on the shop's clock it runs again (finding nothing new to do).
      t.clock.advance(6_000)
      const later = await t.sendJson<Envelope<DeadlineSweepResult>>(
        'POST',
        '/api/ops/jobs/deadlines/run',
        undefined,
        { token },
      )
      expect(later.body.data).toMatchObject({ ran: true, lateFeesCreated: [], lateFeesUpdated: [] })
    })

    it('refuses a customer’s token with 403 and no token with 401, changing nothing', async () => {
      const overdue = await arrived(addDays(today(), -31))
      const asCustomer = await t.sendJson<Envelope<null>>('POST', '/api/ops/jobs/deadlines/run', undefined, {
        token: await tokenOf(ada.email),
      })
      expect(asCustomer.status).toBe(403)
      const anonymous = await t.sendJson<Envelope<null>>('POST', '/api/ops/jobs/deadlines/run')
      expect(anonymous.status).toBe(401)
      expect(await feesOf(t.db, overdue.orderId)).toEqual([])
    })
  })

  describe('the job', () => {
    it('runs at start and on schedule, on the shop’s clock, until stopped', async () => {
      const atStart = await arrived(addDays(today(), -31))
      const stop = scheduleDeadlineSweep(t.db, () => t.clock.now, reminderDeps(), 50)
      let stopped = false
      try {
        await expect.poll(async () => (await feesOf(t.db, atStart.orderId)).length, { timeout: 5000 }).toBe(1)
        const onSchedule = await arrived(addDays(today(), -31))
        await expect
          .poll(async () => (await feesOf(t.db, onSchedule.orderId)).length, { timeout: 5000 })
          .toBe(1)
        // Stopping waits for a run under way; none starts after it.
        await stop()
        stopped = true
        const afterStop = await arrived(addDays(today(), -31))
        await new Promise((resolve) => setTimeout(resolve, 300))
        expect(await feesOf(t.db, afterStop.orderId)).toEqual([])
      } finally {
        if (!stopped) await stop()
      }
    })

    it('logs a one-line summary and answers the result, and null when the run fails', async () => {
      const logged = captureLog()
      try {
        // Everything due so far swept and reminded: the run below has one new overdue balance.
        await runDeadlineSweep(t.db, t.clock.now, reminderDeps())
        const overdue = await arrived(addDays(today(), -31))
        const result = await runDeadlineSweep(t.db, t.clock.now, reminderDeps())
        expect(result).toMatchObject({
          ran: true,
          today: today(),
          forfeited: [],
          reminders: { created: 1, mailed: 1, pushed: 0 },
        })
        expect(result?.lateFeesCreated).toEqual([overdue.orderId])
        expect(logged.lines()).toContainEqual(
          expect.objectContaining({
            level: 'info',
            msg: `[deadlines] ${today()}: 0 unpaid order(s) cancelled; late fees 1 created, 0 updated; storage fees 0 created, 0 updated; package storage fees 0 created, 0 updated; 0 order(s) forfeited; 0 package(s) locked; reminders 1 created, 1 mailed, 0 pushed`,
          }),
        )
        expect(await runDeadlineSweep(t.db, new Date(Number.NaN), reminderDeps())).toBeNull()
        expect(logged.lines()).toContainEqual(
          expect.objectContaining({
            level: 'error',
            msg: '[deadlines] run failed',
            err: expect.objectContaining({ type: 'RangeError' }),
          }),
        )
      } finally {
        logged.restore()
      }
    })
  })
})

/** Runs sweep-process.ts in a child process; resolves with the result it prints. */
async function sweepInProcess(url: string, now: Date, startAt: number): Promise<DeadlineSweepResult> {
  const run = await runNodeScript('tests/server/support/sweep-process.ts', [
    url,
    now.toISOString(),
    String(startAt),
  ])
  if (run.code !== 0) throw new Error(`sweep process exited with ${run.code}: ${run.stderr}`)
  return JSON.parse(run.stdout) as DeadlineSweepResult
}

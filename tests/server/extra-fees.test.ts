import { and, asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, extraFees } from '../../server/db/schema.ts'
import { sweepDeadlines } from '../../server/services/deadlines/deadline-sweep.ts'
import { shopDate } from '../../src/domain/dates.ts'
import { addDays } from '../../src/domain/deadlines.ts'
import { ExtraFeeStatus, ExtraFeeType } from '../../src/domain/extra-fee.ts'
import type { ExtraFeeDto, ExtraPayCountDto } from '../../src/domain/extras.ts'
import { PackageStatus } from '../../src/domain/package-status.ts'
import type { PackageApplyRefusalData } from '../../src/domain/packaging.ts'
import { PaymentStatus } from '../../src/domain/payment-status.ts'
import type { Page } from '../../src/domain/queries.ts'
import type { Envelope } from '../../src/domain/result-code.ts'
import { logIn } from './support/accounts.ts'
import { signedInAccount } from './support/catalog-fixture.ts'
import { extraFeeRow, extraPay, insertExtraFee, paymentIdOf } from './support/extra-fee-fixture.ts'
import { insertAddress, insertArrivedOrder, pressSandbox } from './support/order-fixture.ts'
import { insertPackedPackage, packageRow } from './support/package-fixture.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'
import { engines } from './support/test-database.ts'

const HOUR = 3_600_000
const DAY = 24 * HOUR
const TOKYO_OFFSET = 9 * HOUR

interface Shopper {
  email: string
  token: string
  userId: number
}

type FieldErrors = { fields: { field: string; message: string }[] } | null

describe.each(engines)('extra fees on %s', (engine) => {
  let t: TestApp
  let shopperCount = 0

  const today = () => shopDate(t.clock.now) ?? ''
  const sweep = () => sweepDeadlines(t.db, t.clock.now)

  async function shopper(): Promise<Shopper> {
    shopperCount += 1
    const email = `extra-${shopperCount}@example.com`
    return { email, ...(await signedInAccount(t, email)) }
  }

  /** Moves the clock on by whole days; the shoppers sign in again (tokens last hours, not weeks). */
  async function daysLater(days: number, ...who: Shopper[]) {
    t.clock.advance(days * DAY)
    for (const one of who) {
      const token = (await logIn(t, one.email)).headers.get('token')
      if (!token) throw new Error(`${one.email} could not sign in again`)
      one.token = token
    }
  }

  const count = async (who: Shopper) =>
    (await t.getJson<Envelope<ExtraPayCountDto>>('/api/mall/extra_pay/count', { token: who.token })).body
  const list = (who: Shopper, query = '') =>
    t.getJson<Envelope<Page<ExtraFeeDto> | FieldErrors>>(`/api/mall/extra_pay/list${query}`, {
      token: who.token,
    })
  const pageOf = async (who: Shopper, query = '') => (await list(who, query)).body.data as Page<ExtraFeeDto>
  /** Pays the fees through the card route and the sandbox's signed webhook. */
  async function payThroughSandbox(who: Shopper, ids: number[]): Promise<string> {
    const paymentId = paymentIdOf(await extraPay(t, who.token, { ids }))
    const pressed = await pressSandbox(t, paymentId, 'paid')
    if (pressed.status !== 303) throw new Error(`the sandbox answered ${pressed.status}`)
    return paymentId
  }
  const unlockAudits = (packageId: number) =>
    t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'package.unlock'), eq(auditLog.entityId, String(packageId))))
      .orderBy(asc(auditLog.id))
  const packageFees = (packageId: number) =>
    t.db.select().from(extraFees).where(eq(extraFees.packageId, packageId)).orderBy(asc(extraFees.id))

  beforeAll(async () => {
    t = await createTestApp(engine, { listen: true })
    // Noon in Tokyo: the days counted below never straddle the shop's midnight while the test runs.
    const sinceMidnight = (t.clock.now.getTime() + TOKYO_OFFSET) % DAY
    t.clock.advance((12 * HOUR - sinceMidnight + DAY) % DAY)
  })
  afterAll(() => t?.close())

  it('does not count a late fee that rides on an unpaid balance: the balance count has it', async () => {
    const cy = await shopper()
    const waiting = await insertArrivedOrder(t.db, { userId: cy.userId, arrivedAt: today(), status: 5 })
    const lateFee = await insertExtraFee(t.db, { userId: cy.userId, type: 3, orderId: waiting.orderId })
    expect((await count(cy)).data.count).toBe(0)
    // the list still shows it, so the page can say it is paid with the balance
    expect((await pageOf(cy)).list.map((fee) => fee.id)).toEqual([lateFee])
    await insertExtraFee(t.db, { userId: cy.userId, type: 2 })
    expect((await count(cy)).data.count).toBe(1)
  })

  it('counts and lists only the caller’s own fees: unpaid first, then newest first, paged', async () => {
    const ada = await shopper()
    const ben = await shopper()
    const now = t.clock.now.getTime()
    const at = (minutes: number) => new Date(now - minutes * 60_000)
    const { orderId } = await insertArrivedOrder(t.db, { userId: ada.userId, arrivedAt: today(), status: 6 })
    const oldUnpaid = await insertExtraFee(t.db, {
      userId: ada.userId,
      amount: 700,
      orderIds: [orderId],
      dueDate: addDays(today(), 10),
      remark: 'Re-packing',
      createdAt: at(40),
    })
    const paid = await insertExtraFee(t.db, { userId: ada.userId, status: 2, createdAt: at(10) })
    const newUnpaid = await insertExtraFee(t.db, { userId: ada.userId, type: 1, createdAt: at(30) })
    const voided = await insertExtraFee(t.db, { userId: ada.userId, status: 4, createdAt: at(20) })
    await insertExtraFee(t.db, { userId: ben.userId, createdAt: at(5) })

    expect(await count(ada)).toMatchObject({ code: 200, data: { count: 2 } })
    expect((await count(ben)).data.count).toBe(1)

    const all = await pageOf(ada)
    expect(all).toMatchObject({ total: 4, pageNum: 1, pageSize: 30 })
    expect(all.list.map((fee) => fee.id)).toEqual([newUnpaid, oldUnpaid, paid, voided])
    expect(all.list[1]).toEqual({
      id: oldUnpaid,
      orderIds: [orderId],
      packageId: null,
      package: null,
      status: 1,
      type: 2,
      amount: 700,
      createTime: at(40).toISOString(),
      dueDate: addDays(today(), 10),
      remark: 'Re-packing',
    })

    const second = await pageOf(ada, '?pageNum=2&pageSize=3')
    expect(second).toMatchObject({ total: 4, pageNum: 2, pageSize: 3 })
    expect(second.list.map((fee) => fee.id)).toEqual([voided])
    expect((await pageOf(ada, '?status=2')).list.map((fee) => fee.id)).toEqual([paid])
    expect((await pageOf(ada, '?status=')).total).toBe(4)
    const bens = await pageOf(ben)
    expect(bens.total).toBe(1)
    expect(bens.list.map((fee) => fee.id)).not.toContain(oldUnpaid)
  })

  it('answers 400 naming the field for a bad list query, 401 without a token, 403 for an operator', async () => {
    const ada = await shopper()
    for (const [query, field] of [
      ['?status=5', 'status'],
      ['?status=x', 'status'],
      ['?pageSize=0', 'pageSize'],
      ['?pageNum=abc', 'pageNum'],
    ] as const) {
      const answer = await list(ada, query)
      expect(answer.status).toBe(400)
      expect(answer.body.msg).toMatch(new RegExp(`^${field}: `))
      expect((answer.body.data as FieldErrors)?.fields[0]?.field).toBe(field)
    }
    expect((await t.getJson('/api/mall/extra_pay/count')).status).toBe(401)
    expect((await t.getJson('/api/mall/extra_pay/list')).status).toBe(401)
    const operator = await signedInAccount(t, 'extra-operator@example.com', { kind: 'operator' })
    expect((await t.getJson('/api/mall/extra_pay/count', { token: operator.token })).status).toBe(403)
  })

  it('refuses packaging while a fee is unpaid and accepts it once the fee is paid', async () => {
    const ada = await shopper()
    const { addressId } = await insertAddress(t.db, ada.userId)
    const { orderId } = await insertArrivedOrder(t.db, { userId: ada.userId, arrivedAt: today(), status: 6 })
    const feeId = await insertExtraFee(t.db, { userId: ada.userId, amount: 500, orderIds: [orderId] })
    const apply = () =>
      t.sendJson<Envelope<PackageApplyRefusalData | null>>(
        'POST',
        '/api/mall/package_apply/apply',
        { orderIds: [orderId], addressId, remark: null },
        { token: ada.token },
      )
    const refused = await apply()
    expect([refused.status, refused.body.data?.reason]).toEqual([409, 'unpaidFees'])

    await payThroughSandbox(ada, [feeId])
    expect((await extraFeeRow(t.db, feeId)).status).toBe(ExtraFeeStatus.paid)
    expect((await count(ada)).data.count).toBe(0)
    expect((await apply()).status).toBe(200)
  })

  it('money for a fee voided while the shopper paid is kept on record; the other fees are paid', async () => {
    const ada = await shopper()
    const kept = await insertExtraFee(t.db, { userId: ada.userId, amount: 400 })
    const voided = await insertExtraFee(t.db, { userId: ada.userId, amount: 600 })
    const paymentId = paymentIdOf(await extraPay(t, ada.token, { ids: [kept, voided] }))
    await t.db.update(extraFees).set({ status: ExtraFeeStatus.void }).where(eq(extraFees.id, voided))
    expect((await pressSandbox(t, paymentId, 'paid')).status).toBe(303)
    expect(await extraFeeRow(t.db, kept)).toMatchObject({ status: ExtraFeeStatus.paid, paymentId })
    expect(await extraFeeRow(t.db, voided)).toMatchObject({ status: ExtraFeeStatus.void, paymentId: null })
    const status = await t.getJson<Envelope<{ status: number }>>(`/api/mall/pay/status/${paymentId}`, {
      token: ada.token,
    })
    expect(status.body.data.status).toBe(PaymentStatus.pay)
  })

  it('a storage fee being paid keeps the amount the payment charges; the days after go on a new record', async () => {
    const ada = await shopper()
    const box = await insertPackedPackage(t.db, { userId: ada.userId, packedOn: addDays(today(), -10) })
    await sweep()
    const [fee] = await packageFees(box.packageId)
    expect(fee).toMatchObject({ type: ExtraFeeType.packageStorage, status: 1, days: 3, amount: 300 })
    const paymentId = paymentIdOf(await extraPay(t, ada.token, { ids: [fee?.id ?? 0] }))

    await daysLater(1, ada)
    const during = await sweep()
    expect(during.packageStorageFeesUpdated).not.toContain(box.packageId)
    expect(await packageFees(box.packageId)).toEqual([expect.objectContaining({ days: 3, amount: 300 })])

    await pressSandbox(t, paymentId, 'paid')
    await daysLater(1, ada)
    const after = await sweep()
    expect(after.packageStorageFeesCreated).toContain(box.packageId)
    expect(await packageFees(box.packageId)).toEqual([
      expect.objectContaining({ id: fee?.id, status: 2, days: 3, amount: 300, paymentId }),
      expect.objectContaining({ status: 1, days: 2, amount: 200 }),
    ])
  })

  it('a box locked with another unpaid fee on it stays locked until that one is paid too', async () => {
    const ada = await shopper()
    const box = await insertPackedPackage(t.db, { userId: ada.userId, packedOn: addDays(today(), -23) })
    expect((await sweep()).packagesLocked).toContain(box.packageId)
    const [storage] = await packageFees(box.packageId)
    const repacking = await insertExtraFee(t.db, {
      userId: ada.userId,
      packageId: box.packageId,
      amount: 900,
    })
    // each fee names its box as the page links it: number, application and the lock
    const shown = (await pageOf(ada)).list.find((fee) => fee.id === repacking)
    expect(shown?.package).toEqual({
      id: box.packageId,
      applyId: box.applyId,
      packageNo: box.packageNo,
      status: PackageStatus.packageLock,
    })

    await payThroughSandbox(ada, [storage?.id ?? 0])
    expect((await packageRow(t.db, box.packageId)).status).toBe(PackageStatus.packageLock)
    expect(await unlockAudits(box.packageId)).toEqual([])
    const paymentId = await payThroughSandbox(ada, [repacking])
    expect(await packageRow(t.db, box.packageId)).toMatchObject({
      status: PackageStatus.package,
      unlockedOn: today(),
    })
    expect(await unlockAudits(box.packageId)).toEqual([
      expect.objectContaining({
        actorId: null,
        entity: 'package',
        before: { status: 7 },
        after: { status: 3, unlockedOn: today(), by: 'paid', paymentId },
      }),
    ])
  })

  // Last: it moves the clock on by weeks.
  it('a locked box unlocks when its storage fees are paid; the sweep locks it again only after a new grace window', async () => {
    const ada = await shopper()
    const day0 = today()
    const box = await insertPackedPackage(t.db, {
      userId: ada.userId,
      packedOn: addDays(day0, -23),
      orderCount: 2,
    })
    expect((await sweep()).packagesLocked).toContain(box.packageId)
    const [fee] = await packageFees(box.packageId)
    expect(fee).toMatchObject({ status: 1, days: 16, amount: 1_600 })
    expect((await count(ada)).data.count).toBe(1)

    const paymentId = await payThroughSandbox(ada, [fee?.id ?? 0])
    expect(await extraFeeRow(t.db, fee?.id ?? 0)).toMatchObject({ status: 2, paymentId })
    expect(await packageRow(t.db, box.packageId)).toMatchObject({
      status: PackageStatus.package,
      unlockedOn: day0,
    })
    expect(await unlockAudits(box.packageId)).toHaveLength(1)

    // The next day the box owes a new day of storage, but is not locked again.
    await daysLater(1, ada)
    const nextDay = await sweep()
    expect(nextDay.packageStorageFeesCreated).toContain(box.packageId)
    expect(nextDay.packagesLocked).not.toContain(box.packageId)
    expect((await packageRow(t.db, box.packageId)).status).toBe(PackageStatus.package)

    // The unlock day's grace window: its last day (day 15) is still open, the day after locks.
    await daysLater(14, ada)
    expect((await sweep()).packagesLocked).not.toContain(box.packageId)
    expect((await packageRow(t.db, box.packageId)).status).toBe(PackageStatus.package)
    await daysLater(1, ada)
    expect((await sweep()).packagesLocked).toContain(box.packageId)
    expect((await packageRow(t.db, box.packageId)).status).toBe(PackageStatus.packageLock)
    expect(await packageFees(box.packageId)).toEqual([
      expect.objectContaining({ id: fee?.id, status: 2, days: 16 }),
      expect.objectContaining({ status: 1, days: 16, amount: 1_600 }),
    ])
  })
})

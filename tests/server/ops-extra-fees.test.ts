import { and, asc, count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, extraFees, payments } from '../../server/db/schema.ts'
import { sweepDeadlines } from '../../server/services/deadlines/deadline-sweep.ts'
import { NOT_A_CUSTOMER, NOT_THEIR_ORDERS } from '../../server/services/extras/ops-extra-fees.ts'
import { changePoints } from '../../server/services/points.ts'
import { shopDate } from '../../src/domain/dates.ts'
import { addDays } from '../../src/domain/deadlines.ts'
import { ExtraFeeStatus } from '../../src/domain/extra-fee.ts'
import type { ExtraPayCountDto, OpsExtraFeeDto } from '../../src/domain/extras.ts'
import { PackageStatus } from '../../src/domain/package-status.ts'
import { PaymentStatus } from '../../src/domain/payment-status.ts'
import type { Page } from '../../src/domain/queries.ts'
import type { Envelope } from '../../src/domain/result-code.ts'
import { signedInAccount } from './support/catalog-fixture.ts'
import { extraFeeRow, extraPay, insertExtraFee, paymentIdOf } from './support/extra-fee-fixture.ts'
import { insertArrivedOrder, pointsOf, pressSandbox } from './support/order-fixture.ts'
import { insertPackedPackage, packageRow } from './support/package-fixture.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'
import { engines } from './support/test-database.ts'

type FieldErrors = { fields: { field: string; message: string }[] } | null

interface Account {
  token: string
  userId: number
}

describe.each(engines)('the console’s extra fees on %s', (engine) => {
  let t: TestApp
  let operator: Account
  let ada: Account
  let ben: Account
  let adaOrder: number
  let benOrder: number

  const today = () => shopDate(t.clock.now) ?? ''
  const as = (who: Account) => ({ token: who.token })
  const create = (body: Record<string, unknown>, who: Account = operator) =>
    t.sendJson<Envelope<OpsExtraFeeDto | FieldErrors>>('POST', '/api/ops/extra-fees', body, as(who))
  const voidFee = (feeId: number, body: Record<string, unknown>, who: Account = operator) =>
    t.sendJson<Envelope<OpsExtraFeeDto | FieldErrors | { status: number }>>(
      'POST',
      `/api/ops/extra-fees/${feeId}/void`,
      body,
      as(who),
    )
  const listFees = (query: string, who: Account = operator) =>
    t.getJson<Envelope<Page<OpsExtraFeeDto> | FieldErrors>>(`/api/ops/extra-fees${query}`, as(who))
  const pageOf = async (query: string) => (await listFees(query)).body.data as Page<OpsExtraFeeDto>
  const auditsOf = (feeId: number) =>
    t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'extraFee'), eq(auditLog.entityId, String(feeId))))
      .orderBy(asc(auditLog.id))
  const feeCount = async () => (await t.db.select({ n: count() }).from(extraFees))[0]?.n ?? 0

  beforeAll(async () => {
    t = await createTestApp(engine, { listen: true })
    operator = await signedInAccount(t, 'ops-fees@example.com', { kind: 'operator' })
    ada = await signedInAccount(t, 'ada-fees@example.com')
    ben = await signedInAccount(t, 'ben-fees@example.com')
    adaOrder = (await insertArrivedOrder(t.db, { userId: ada.userId, arrivedAt: today(), status: 6 })).orderId
    benOrder = (await insertArrivedOrder(t.db, { userId: ben.userId, arrivedAt: today(), status: 6 })).orderId
  })
  afterAll(() => t?.close())

  it('creates a free-form fee for a customer with their orders, audited; the shopper sees it', async () => {
    const dueDate = addDays(today(), 14)
    const answer = await create({
      userId: ada.userId,
      type: 2,
      amount: 2_500,
      orderIds: [adaOrder, adaOrder],
      remark: '  Re-packing into two boxes  ',
      dueDate,
    })
    expect(answer.status).toBe(200)
    const fee = answer.body.data as OpsExtraFeeDto
    expect(fee).toMatchObject({
      userId: ada.userId,
      userEmail: 'ada-fees@example.com',
      type: 2,
      status: 1,
      amount: 2_500,
      orderIds: [adaOrder],
      packageId: null,
      remark: 'Re-packing into two boxes',
      dueDate,
      paymentId: null,
      paidAt: null,
    })
    expect(await auditsOf(fee.id)).toEqual([
      expect.objectContaining({
        action: 'extraFee.create',
        actorId: operator.userId,
        before: null,
        after: expect.objectContaining({
          userId: ada.userId,
          amount: 2_500,
          orderIds: [adaOrder],
          status: 1,
        }),
      }),
    ])
    const counted = await t.getJson<Envelope<ExtraPayCountDto>>('/api/mall/extra_pay/count', as(ada))
    expect(counted.body.data.count).toBeGreaterThanOrEqual(1)
    const withoutOrders = await create({ userId: ben.userId, type: 2, amount: 1, orderIds: [], remark: 'x' })
    expect(withoutOrders.body.data).toMatchObject({ orderIds: [], dueDate: null })
  })

  it('answers 400 naming the field and writes nothing for a bad fee', async () => {
    const valid = { userId: ada.userId, type: 2, amount: 1_000, orderIds: [adaOrder], remark: 'Re-packing' }
    const before = await feeCount()
    const cases: [Record<string, unknown>, string, string?][] = [
      [{ ...valid, userId: 999_999 }, 'userId', NOT_A_CUSTOMER],
      [{ ...valid, userId: operator.userId }, 'userId', NOT_A_CUSTOMER],
      [{ ...valid, userId: String(ada.userId) }, 'userId'],
      [{ ...valid, orderIds: [adaOrder, benOrder] }, 'orderIds', NOT_THEIR_ORDERS],
      [{ ...valid, orderIds: [999_999] }, 'orderIds', NOT_THEIR_ORDERS],
      [{ ...valid, orderIds: 'all' }, 'orderIds'],
      [{ ...valid, type: 1 }, 'type'],
      [{ ...valid, amount: 0 }, 'amount'],
      [{ ...valid, amount: 12.5 }, 'amount'],
      [{ ...valid, remark: '   ' }, 'remark'],
      [{ ...valid, dueDate: '2026-02-30' }, 'dueDate'],
      [{ userId: ada.userId }, 'type'],
    ]
    for (const [body, field, message] of cases) {
      const answer = await create(body)
      expect([answer.status, (answer.body.data as FieldErrors)?.fields[0]?.field]).toEqual([400, field])
      expect(answer.body.msg).toMatch(new RegExp(`^${field}: `))
      if (message) expect(answer.body.msg).toBe(`${field}: ${message}`)
    }
    expect(await feeCount()).toBe(before)
  })

  it('lists every shopper’s fees newest first, filtered by status, type and shopper', async () => {
    const paidFee = await insertExtraFee(t.db, {
      userId: ben.userId,
      type: 1,
      status: ExtraFeeStatus.paid,
      createdAt: new Date(t.clock.now.getTime() + 60_000),
    })
    const all = await pageOf('?pageSize=100')
    expect(all.list[0]).toMatchObject({ id: paidFee, userId: ben.userId, userEmail: 'ben-fees@example.com' })
    expect(all.total).toBe(all.list.length)
    const times = all.list.map((fee) => fee.createTime)
    expect(times).toEqual([...times].sort().reverse())

    const bens = await pageOf(`?userId=${ben.userId}`)
    expect(bens.list.every((fee) => fee.userId === ben.userId)).toBe(true)
    expect((await pageOf('?status=2')).list.map((fee) => fee.id)).toEqual([paidFee])
    expect((await pageOf('?type=1&status=2')).list.map((fee) => fee.id)).toEqual([paidFee])
    expect((await pageOf('?type=3')).total).toBe(0)
    const paged = await pageOf('?pageNum=2&pageSize=1')
    expect(paged).toMatchObject({ pageNum: 2, pageSize: 1, total: all.total })
    expect(paged.list.map((fee) => fee.id)).toEqual([all.list[1]?.id])

    for (const [query, field] of [
      ['?status=9', 'status'],
      ['?type=0', 'type'],
      ['?userId=x', 'userId'],
    ] as const) {
      const answer = await listFees(query)
      expect([answer.status, (answer.body.data as FieldErrors)?.fields[0]?.field]).toEqual([400, field])
    }
  })

  it('voids or waives an unpaid fee with the reason in the audit log; a closed one is a 409', async () => {
    const voided = await insertExtraFee(t.db, { userId: ada.userId, amount: 300 })
    const waived = await insertExtraFee(t.db, { userId: ada.userId, amount: 400 })
    const answer = await voidFee(voided, { reason: 'Charged twice' })
    expect(answer.status).toBe(200)
    expect(answer.body.data).toMatchObject({ id: voided, status: ExtraFeeStatus.void })
    expect((await voidFee(waived, { waive: true, reason: 'Goodwill' })).status).toBe(200)
    expect((await extraFeeRow(t.db, waived)).status).toBe(ExtraFeeStatus.void)
    expect(await auditsOf(voided)).toEqual([
      expect.objectContaining({
        action: 'extraFee.void',
        actorId: operator.userId,
        before: { status: 1, amount: 300 },
        after: { status: 4, reason: 'Charged twice', endedPayments: [] },
      }),
    ])
    expect(
      (await auditsOf(waived)).map((row) => [row.action, (row.after as { reason: string }).reason]),
    ).toEqual([['extraFee.waive', 'Goodwill']])

    const again = await voidFee(voided, { reason: 'Again' })
    expect([again.status, again.body.data]).toEqual([409, { status: ExtraFeeStatus.void }])
    const paid = await insertExtraFee(t.db, { userId: ada.userId, status: ExtraFeeStatus.paid })
    expect((await voidFee(paid, { waive: true, reason: 'Late' })).status).toBe(409)
    expect((await extraFeeRow(t.db, paid)).status).toBe(ExtraFeeStatus.paid)
    expect((await voidFee(999_999, { reason: 'Unknown' })).status).toBe(404)
    for (const [body, field] of [
      [{}, 'reason'],
      [{ reason: ' ' }, 'reason'],
      [{ reason: 'x', waive: 'yes' }, 'waive'],
    ] as const) {
      const open = await insertExtraFee(t.db, { userId: ada.userId })
      const refused = await voidFee(open, body)
      expect([refused.status, (refused.body.data as FieldErrors)?.fields[0]?.field]).toEqual([400, field])
      expect((await extraFeeRow(t.db, open)).status).toBe(ExtraFeeStatus.waitPay)
    }
    expect(await auditsOf(paid)).toEqual([])
  })

  it('voiding a fee ends the open payment of it first, giving its points back', async () => {
    await changePoints(t.db, { userId: ben.userId, delta: 100, reason: 'earn' })
    const start = await pointsOf(t.db, ben.userId)
    const feeId = await insertExtraFee(t.db, { userId: ben.userId, amount: 1_000 })
    const paymentId = paymentIdOf(await extraPay(t, ben.token, { ids: [feeId], score: 100 }))
    expect(await pointsOf(t.db, ben.userId)).toBe(start - 100)

    expect((await voidFee(feeId, { reason: 'Charged in error' })).status).toBe(200)
    const [payment] = await t.db.select().from(payments).where(eq(payments.id, paymentId))
    expect(payment).toMatchObject({ status: PaymentStatus.cancel, failure: 'cancelled' })
    expect(await pointsOf(t.db, ben.userId)).toBe(start)
    expect((await auditsOf(feeId))[0]?.after).toMatchObject({ endedPayments: [paymentId] })
    // the sandbox page can no longer take the money
    expect((await pressSandbox(t, paymentId, 'paid')).status).toBe(409)
    expect((await extraFeeRow(t.db, feeId)).status).toBe(ExtraFeeStatus.void)
  })

  // Two connections at once: PGlite has one.
  if (engine === 'postgres') {
    it('gives way to a payment of the fee being confirmed at that moment (409), changing nothing', async () => {
      const feeId = await insertExtraFee(t.db, { userId: ben.userId })
      const paymentId = paymentIdOf(await extraPay(t, ben.token, { ids: [feeId] }))
      let release = () => {}
      const released = new Promise<void>((resolve) => {
        release = resolve
      })
      let signalLocked = () => {}
      const locked = new Promise<void>((resolve) => {
        signalLocked = resolve
      })
      // What settle() holds while it confirms: the payment's row lock.
      const confirming = t.db.transaction(async (tx) => {
        await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update')
        signalLocked()
        await released
      })
      await locked
      let answer: Awaited<ReturnType<typeof voidFee>>
      try {
        answer = await voidFee(feeId, { reason: 'Charged in error' })
      } finally {
        release()
        await confirming
      }
      expect([answer.status, answer.body.data]).toEqual([409, { reason: 'beingConfirmed', feeIds: [feeId] }])
      expect((await extraFeeRow(t.db, feeId)).status).toBe(ExtraFeeStatus.waitPay)
      expect(await auditsOf(feeId)).toEqual([])
      const [payment] = await t.db.select().from(payments).where(eq(payments.id, paymentId))
      expect(payment?.status).toBe(PaymentStatus.waitPay)
    })
  }

  it('waiving the last storage fee of a locked box unlocks it, as paying does', async () => {
    const box = await insertPackedPackage(t.db, { userId: ada.userId, packedOn: addDays(today(), -23) })
    expect((await sweepDeadlines(t.db, t.clock.now)).packagesLocked).toContain(box.packageId)
    const [storage] = await t.db.select().from(extraFees).where(eq(extraFees.packageId, box.packageId))
    expect((await voidFee(storage?.id ?? 0, { waive: true, reason: 'Warehouse delay' })).status).toBe(200)
    expect(await packageRow(t.db, box.packageId)).toMatchObject({
      status: PackageStatus.package,
      unlockedOn: today(),
    })
    const unlocks = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'package.unlock'), eq(auditLog.entityId, String(box.packageId))))
    expect(unlocks).toEqual([
      expect.objectContaining({
        actorId: operator.userId,
        before: { status: 7 },
        after: { status: 3, unlockedOn: today(), by: 'waive' },
      }),
    ])
  })

  it('keeps the console to operators: a shopper gets 403, no token 401', async () => {
    const feeId = await insertExtraFee(t.db, { userId: ada.userId })
    const body = { userId: ada.userId, type: 2, amount: 1, orderIds: [], remark: 'x' }
    expect((await listFees('', ada)).status).toBe(403)
    expect((await create(body, ada)).status).toBe(403)
    expect((await voidFee(feeId, { reason: 'x' }, ada)).status).toBe(403)
    expect((await t.getJson('/api/ops/extra-fees')).status).toBe(401)
    expect((await t.sendJson('POST', `/api/ops/extra-fees/${feeId}/void`, { reason: 'x' })).status).toBe(401)
    expect((await extraFeeRow(t.db, feeId)).status).toBe(ExtraFeeStatus.waitPay)
  })
})

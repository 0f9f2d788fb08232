import { and, asc, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../server/db/client.ts'
import { auditLog, tierRuns, users } from '../../server/db/schema.ts'
import { runTierJob } from '../../server/jobs/tier-job.ts'
import type { TierRunResult } from '../../server/services/tiers/monthly-tiers.ts'
import { shopDate } from '../../src/domain/dates.ts'
import { addDays } from '../../src/domain/deadlines.ts'
import { PaymentStatus } from '../../src/domain/payment-status.ts'
import type { Envelope } from '../../src/domain/result-code.ts'
import { shopMonthOf } from '../../src/domain/tier-terms.ts'
import { signedInAccount } from './support/catalog-fixture.ts'
import {
  effectsOf,
  insertAddress,
  insertWaitPayOrder,
  orderPay,
  pressSandbox,
} from './support/order-fixture.ts'
import { insertPaymentRow } from './support/payment-fixture.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'
import { engines } from './support/test-database.ts'

/* The monthly tier job (issue 17): levels from last month's paid spending, once per shop month. */

async function tiersOf(db: Db, userIds: number[]) {
  const rows = await db
    .select({
      id: users.id,
      scoreRate: users.scoreRate,
      scoreTime: users.scoreTime,
      updatedAt: users.updatedAt,
    })
    .from(users)
    .where(inArray(users.id, userIds))
    .orderBy(asc(users.id))
  return rows
}

async function tierOf(db: Db, userId: number) {
  const [row] = await tiersOf(db, [userId])
  return { scoreRate: row?.scoreRate, scoreTime: row?.scoreTime }
}

/** Tokyo time, written as the shop reads it. */
const tokyo = (local: string) => new Date(`${local}+09:00`)

describe.each(engines)('the monthly tier job on %s', (engine) => {
  let t: TestApp
  const ids: Record<string, number> = {}

  const member = async (name: string, options: { role?: number; scoreRate?: string } = {}) => {
    const account = await signedInAccount(t, `${name.toLowerCase()}-tiers@example.com`, options)
    ids[name] = account.userId
    return account
  }
  const membersInShop = async () =>
    (
      await t.db
        .select({ id: users.id })
        .from(users)
        .where(and(inArray(users.role, [1, 2]), eq(users.kind, 'customer')))
    ).length

  beforeAll(async () => {
    t = await createTestApp(engine, { listen: true })
    // A zhCn sign-up is role 2, a member; role 1 is the wholesale member.
    for (const name of ['under', 'level2', 'level3', 'idle', 'almost3', 'lateNight', 'justBefore'])
      await member(name)
    await member('wholesale', { role: 1 })
    // Not members: their rates are the shop's business, never the job's.
    await member('retail', { role: 4 })
    await member('partner', { role: 3, scoreRate: '0.05' })
    await signedInAccount(t, 'ops-tiers@example.com', { kind: 'operator', role: null })

    const october = (day: string, time = '12:00:00') => tokyo(`2026-10-${day}T${time}`)
    const pay = (name: string, amount: number, at: Date, status?: PaymentStatus) =>
      insertPaymentRow(t.db, { userId: ids[name] ?? 0, amount, at, status })
    // 99,999 in two payments; a refunded and an open one do not count, nor September's.
    await pay('under', 60_000, october('03'))
    await pay('under', 39_999, october('29'))
    await pay('under', 50_000, october('10'), PaymentStatus.refund)
    await pay('under', 50_000, october('11'), PaymentStatus.waitPay)
    await pay('under', 500_000, tokyo('2026-09-30T23:59:59'))
    await pay('level2', 100_000, october('01', '00:00:00'))
    await pay('level3', 300_000, october('15'))
    await pay('almost3', 299_999, october('15'))
    await pay('wholesale', 450_000, october('20'))
    // 2026-10-31T15:30Z is 00:30 on 1 November in Tokyo: November's spending, not October's.
    await pay('lateNight', 100_000, new Date('2026-10-31T15:30:00Z'))
    await pay('justBefore', 100_000, october('31', '23:59:59'))
    await pay('retail', 300_000, october('15'))
    await pay('partner', 300_000, october('15'))
  })

  afterAll(async () => {
    await t?.close()
  })

  it('sets every member’s level on 1 November (Tokyo) from October’s paid spending, exactly at the thresholds', async () => {
    const members = await membersInShop()
    const result = await runTierJob(t.db, tokyo('2026-11-01T00:05:00'))
    expect(result).toEqual({ ran: true, month: '2026-11-01', membersUpdated: members })
    const expected: Record<string, string> = {
      under: '0.01',
      level2: '0.015',
      level3: '0.02',
      idle: '0.01',
      almost3: '0.015',
      lateNight: '0.01',
      justBefore: '0.015',
      wholesale: '0.02',
    }
    for (const [name, scoreRate] of Object.entries(expected)) {
      expect({ name, ...(await tierOf(t.db, ids[name] ?? 0)) }).toEqual({
        name,
        scoreRate,
        scoreTime: '2026-11-30',
      })
    }
    const runs = await t.db.select().from(tierRuns)
    expect(runs).toEqual([expect.objectContaining({ month: '2026-11-01', membersUpdated: members })])
  })

  it('leaves shoppers who are not members, and operators, untouched', async () => {
    expect(await tierOf(t.db, ids.retail ?? 0)).toEqual({ scoreRate: null, scoreTime: null })
    expect(await tierOf(t.db, ids.partner ?? 0)).toEqual({ scoreRate: '0.05', scoreTime: null })
    const [operator] = await t.db
      .select({ scoreRate: users.scoreRate, scoreTime: users.scoreTime })
      .from(users)
      .where(eq(users.email, 'ops-tiers@example.com'))
    expect(operator).toEqual({ scoreRate: null, scoreTime: null })
  })

  it('runs once a month: later runs in November change nothing, even after October’s spending changes', async () => {
    const everyone = Object.values(ids)
    const before = await tiersOf(t.db, everyone)
    const auditsBefore = await t.db.select().from(auditLog).where(eq(auditLog.action, 'tiers.run'))
    // One more yen in October would lift 'under' to level 2 — had the month not run already.
    await insertPaymentRow(t.db, { userId: ids.under ?? 0, amount: 1, at: tokyo('2026-10-30T10:00:00') })
    for (const at of ['2026-11-01T01:05:00', '2026-11-17T09:00:00', '2026-11-30T23:59:00']) {
      expect(await runTierJob(t.db, tokyo(at))).toEqual({
        ran: false,
        month: '2026-11-01',
        membersUpdated: 0,
      })
    }
    expect(await tiersOf(t.db, everyone)).toEqual(before)
    expect(await t.db.select().from(auditLog).where(eq(auditLog.action, 'tiers.run'))).toEqual(auditsBefore)
    expect(await t.db.select({ month: tierRuns.month }).from(tierRuns)).toEqual([{ month: '2026-11-01' }])
  })

  it('sets December on its first run, however late in the month (the server was down on the 1st)', async () => {
    await insertPaymentRow(t.db, {
      userId: ids.under ?? 0,
      amount: 300_000,
      at: tokyo('2026-11-20T10:00:00'),
    })
    const result = await runTierJob(t.db, tokyo('2026-12-09T14:00:00'))
    expect(result).toMatchObject({ ran: true, month: '2026-12-01' })
    expect(await tierOf(t.db, ids.under ?? 0)).toEqual({ scoreRate: '0.02', scoreTime: '2026-12-31' })
    // November's only spending for these was the 00:30 payment on the 1st.
    expect(await tierOf(t.db, ids.lateNight ?? 0)).toEqual({ scoreRate: '0.015', scoreTime: '2026-12-31' })
    expect(await tierOf(t.db, ids.level3 ?? 0)).toEqual({ scoreRate: '0.01', scoreTime: '2026-12-31' })
    expect(await tierOf(t.db, ids.retail ?? 0)).toEqual({ scoreRate: null, scoreTime: null })
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'tiers.run'), eq(auditLog.entityId, '2026-12-01')))
    expect(audit).toMatchObject({
      actorId: null,
      entity: 'tierRun',
      after: { membersUpdated: result?.membersUpdated },
    })
  })

  it('earns points at the member’s rate through the tier’s last day, and at the default rate after it', async () => {
    const today = shopDate(t.clock.now) ?? ''
    const earnedAt = async (name: string, scoreTime: string) => {
      const shopper = await member(name, { scoreRate: '0.02' })
      await t.db.update(users).set({ scoreTime }).where(eq(users.id, shopper.userId))
      const { addressId } = await insertAddress(t.db, shopper.userId)
      const { orderId } = await insertWaitPayOrder(t.db, {
        userId: shopper.userId,
        deposit: 3_000,
        at: t.clock.now,
      })
      const paid = await orderPay(t, shopper.token, { orderId, addressId })
      const paymentId = paid.body.data?.paymentId ?? ''
      expect((await pressSandbox(t, paymentId, 'paid')).status).toBe(303)
      return (await effectsOf(t.db, paymentId)).pointsEarned
    }
    // ¥3,000 at 2 % is 60 points; at the default 1 %, 30.
    expect(await earnedAt('lastDay', today)).toBe(60)
    expect(await earnedAt('lapsed', addDays(today, -1))).toBe(30)
  })

  it('runs from the console for operators only, once a month, audited with the operator', async () => {
    // A month none of the runs above touched, whatever today's date.
    t.clock.advance(400 * 86_400_000)
    const month = shopMonthOf(shopDate(t.clock.now) ?? '')
    const run = (token: string) =>
      t.sendJson<Envelope<TierRunResult>>('POST', '/api/ops/jobs/tiers/run', undefined, { token })
    const shopper = await signedInAccount(t, 'shopper-console-tiers@example.com')
    const operator = await signedInAccount(t, 'ops-console-tiers@example.com', { kind: 'operator' })

    const refused = await run(shopper.token)
    expect(refused.status).toBe(403)
    expect(await t.db.select().from(tierRuns).where(eq(tierRuns.month, month))).toEqual([])

    const first = await run(operator.token)
    expect(first.status).toBe(200)
    expect(first.body.data).toEqual({ ran: true, month, membersUpdated: await membersInShop() })
    expect((await run(operator.token)).body.data).toEqual({ ran: false, month, membersUpdated: 0 })
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'tiers.run'), eq(auditLog.entityId, month)))
    expect(audit?.actorId).toBe(operator.userId)
  })
})

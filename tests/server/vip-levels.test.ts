import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, vipLevels } from '../../server/db/schema.ts'
import type { Envelope } from '../../src/domain/result-code.ts'
import { VIP_LEVELS, type VipLevel } from '../../src/domain/tiers.ts'
import { VipLevelsMessage } from '../../src/domain/vip-levels-editor.ts'
import { signedInAccount } from './support/catalog-fixture.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'
import { engines } from './support/test-database.ts'

/* The levels from the database: GET /mall/vip/list and the operators' PUT /api/ops/settings/vip-levels. */

const PATH = '/api/ops/settings/vip-levels'

describe.each(engines)('VIP levels on %s', (engine) => {
  let t: TestApp
  let operator: Record<string, string>
  let operatorId: number
  let shopper: Record<string, string>

  const list = async () => {
    const { status, body } = await t.getJson<Envelope<VipLevel[]>>('/api/mall/vip/list')
    expect(status).toBe(200)
    return body.data
  }
  const put = (body: unknown, headers: Record<string, string> = operator) =>
    t.sendJson<Envelope<VipLevel[] | { fields: { field: string }[] }>>('PUT', PATH, body, headers)
  const audits = () =>
    t.db.select().from(auditLog).where(eq(auditLog.action, 'vipLevels.update')).orderBy(asc(auditLog.id))

  beforeAll(async () => {
    t = await createTestApp(engine)
    const ops = await signedInAccount(t, 'ops-vip@example.com', { kind: 'operator' })
    operator = { token: ops.token }
    operatorId = ops.userId
    shopper = { token: (await signedInAccount(t, 'shopper-vip@example.com')).token }
  })

  afterAll(async () => {
    await t?.close()
  })

  it('lists the levels migration 0010 seeded, to anyone', async () => {
    expect(await list()).toEqual(VIP_LEVELS)
  })

  it('reads the list from the table, by level', async () => {
    await t.db.update(vipLevels).set({ scoreRate: '0.0175' }).where(eq(vipLevels.vip, 2))
    expect((await list())[1]).toEqual({ vip: 2, scoreRate: 0.0175, minMonthlySpend: 100_000 })
    await t.db.update(vipLevels).set({ scoreRate: '0.015' }).where(eq(vipLevels.vip, 2))
  })

  it('refuses a shopper (403) and no token (401), changing nothing', async () => {
    const levels = [{ vip: 1, scoreRate: 0.05, minMonthlySpend: 0 }]
    expect((await put({ levels }, shopper)).status).toBe(403)
    expect((await put({ levels }, {})).status).toBe(401)
    expect(await list()).toEqual(VIP_LEVELS)
    expect(await audits()).toHaveLength(0)
  })

  const seeded = () => VIP_LEVELS.map((level) => ({ ...level }))
  const withLevel = (index: number, change: Partial<Record<keyof VipLevel, unknown>>) => ({
    levels: seeded().map((level, i) => (i === index ? { ...level, ...change } : level)),
  })

  it.each([
    ['no levels field', {}, 'levels'],
    ['no levels', { levels: [] }, 'levels'],
    [
      'eleven levels',
      { levels: Array.from({ length: 11 }, (_, i) => ({ vip: i + 1, scoreRate: 0.01, minMonthlySpend: i })) },
      'levels',
    ],
    ['a gap in the numbering', withLevel(2, { vip: 5 }), 'levels.2.vip'],
    ['the same level twice', withLevel(2, { vip: 2 }), 'levels.2.vip'],
    ['level 1 above 0', withLevel(0, { minMonthlySpend: 500 }), 'levels.0.minMonthlySpend'],
    ['an equal threshold', withLevel(2, { minMonthlySpend: 100_000 }), 'levels.2.minMonthlySpend'],
    ['a negative threshold', withLevel(1, { minMonthlySpend: -1 }), 'levels.1.minMonthlySpend'],
    ['a rate below the previous level’s', withLevel(2, { scoreRate: 0.014 }), 'levels.2.scoreRate'],
    ['a rate above 1', withLevel(2, { scoreRate: 1.01 }), 'levels.2.scoreRate'],
    ['a negative rate', withLevel(0, { scoreRate: -0.01 }), 'levels.0.scoreRate'],
    ['a rate with 5 decimals', withLevel(1, { scoreRate: 0.01505 }), 'levels.1.scoreRate'],
    ['a rate as text', withLevel(1, { scoreRate: '0.015' }), 'levels.1.scoreRate'],
  ])('refuses %s with a 400 naming the field, changing nothing', async (_, body, field) => {
    const { status, body: answer } = await put(body)
    expect(status).toBe(400)
    expect(answer.code).toBe(400)
    expect(answer.msg.split(':')[0]).toBe(field)
    expect((answer.data as { fields: { field: string }[] }).fields[0]?.field).toBe(field)
    expect(await list()).toEqual(VIP_LEVELS)
    expect(await audits()).toHaveLength(0)
  })

  it('says why in the message', async () => {
    const { body } = await put(withLevel(2, { minMonthlySpend: 100_000 }))
    expect(body.msg).toBe(`levels.2.minMonthlySpend: ${VipLevelsMessage.spendOrder}`)
  })

  it('replaces the levels whole, audits before and after, and the list shows them', async () => {
    const levels: VipLevel[] = [
      { vip: 1, scoreRate: 0.01, minMonthlySpend: 0 },
      { vip: 2, scoreRate: 0.0125, minMonthlySpend: 50_000 },
      { vip: 3, scoreRate: 0.0125, minMonthlySpend: 150_000 },
      { vip: 4, scoreRate: 0.03, minMonthlySpend: 500_000 },
    ]
    const { status, body } = await put({ levels })
    expect(status).toBe(200)
    expect(body.data).toEqual(levels)
    expect(await list()).toEqual(levels)
    // Kept as exact decimals, which the tier label and the job compare.
    const rows = await t.db.select().from(vipLevels).orderBy(asc(vipLevels.vip))
    expect(rows.map((row) => row.scoreRate)).toEqual(['0.01', '0.0125', '0.0125', '0.03'])
    const [audit, ...more] = await audits()
    expect(more).toHaveLength(0)
    expect(audit).toMatchObject({
      actorId: operatorId,
      entity: 'settings',
      before: VIP_LEVELS,
      after: levels,
    })

    // Fewer levels drop the rest.
    const two = levels.slice(0, 2)
    expect((await put({ levels: two })).status).toBe(200)
    expect(await list()).toEqual(two)
    expect((await audits()).at(-1)).toMatchObject({ before: levels, after: two })
  })
})

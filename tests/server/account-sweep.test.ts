import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { emailCodes, rateLimitCounters, sessions, users } from '../../server/db/schema.ts'
import { sweepAccountRows } from '../../server/services/accounts/account-sweep.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'
import { engines } from './support/test-database.ts'

const DAY = 24 * 60 * 60 * 1000

describe.each(engines)('the account sweep on %s', (engine) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(engine)
  })
  afterAll(async () => {
    await t.close()
  })

  it('deletes long-over rate windows, codes and ended sessions, and keeps everything still in use', async () => {
    const now = new Date('2026-11-22T12:00:00Z')
    const ago = (days: number) => new Date(now.getTime() - days * DAY)
    const [account] = await t.db
      .insert(users)
      .values({ email: 'sweep@example.com', passwordHash: 'x', nickname: 'S' })
      .returning()
    const userId = account?.id as number
    await t.db.insert(rateLimitCounters).values([
      { bucket: 'login:client:old', windowStart: ago(2), count: 3 },
      { bucket: 'login:client:new', windowStart: ago(0.01), count: 1 },
    ])
    await t.db.insert(emailCodes).values([
      { email: 'a@example.com', type: 1, codeHash: 'h', createdAt: ago(3), expiresAt: ago(2.9) },
      {
        email: 'b@example.com',
        type: 1,
        codeHash: 'h',
        createdAt: ago(0),
        expiresAt: new Date(now.getTime() + 60_000),
      },
    ])
    await t.db.insert(sessions).values([
      { id: 'expired-long-ago', userId, expiresAt: ago(31) },
      { id: 'revoked-long-ago', userId, expiresAt: new Date(now.getTime() + DAY), revokedAt: ago(40) },
      { id: 'revoked-yesterday', userId, expiresAt: new Date(now.getTime() + DAY), revokedAt: ago(1) },
      { id: 'active', userId, expiresAt: new Date(now.getTime() + 29 * DAY) },
    ])

    expect(await sweepAccountRows(t.db, now)).toEqual({ ran: true, sessions: 2, codes: 1, counters: 1 })
    expect((await t.db.select().from(rateLimitCounters)).map((row) => row.bucket)).toEqual([
      'login:client:new',
    ])
    expect((await t.db.select().from(emailCodes)).map((row) => row.email)).toEqual(['b@example.com'])
    expect((await t.db.select().from(sessions)).map((row) => row.id).sort()).toEqual([
      'active',
      'revoked-yesterday',
    ])
  })
})

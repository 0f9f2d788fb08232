import { randomBytes } from 'node:crypto'
import { parse } from 'csv-parse/sync'
import { asc, count, eq, sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog } from '../../server/db/schema.ts'
import { allContracts } from '../../server/routes/openapi.ts'
import { writeAudit } from '../../server/services/ops/audit.ts'
import { AUDIT_CSV_COLUMNS, type AuditEntryDto, type AuditFiltersDto } from '../../src/domain/audit.ts'
import type { Page } from '../../src/domain/queries.ts'
import type { Envelope } from '../../src/domain/result-code.ts'
import { STAFF_PERMISSIONS } from '../../src/domain/staff.ts'
import { signedInAccount } from './support/catalog-fixture.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'
import { engines, openTestDatabase } from './support/test-database.ts'

type Who = { token: string }
type Refusal = { fields?: { field: string; message: string }[] } | null

describe.each(engines)('the audit trail on %s', (engine) => {
  let t: TestApp
  let admin: Who & { userId: number }
  let auditor: Who & { userId: number }
  let noAudit: Who
  let customer: Who

  const list = (query: string, who: Who = auditor) =>
    t.getJson<Envelope<Page<AuditEntryDto> | Refusal>>(`/api/ops/audit${query}`, { token: who.token })
  const page = async (query: string) => {
    const answer = await list(query)
    expect(answer.body.code, answer.body.msg).toBe(200)
    return answer.body.data as Page<AuditEntryDto>
  }
  const csv = (query: string, who: Who = auditor) =>
    t.app.request(`/api/ops/audit?format=csv${query}`, { headers: { token: who.token } })
  const auditRows = async () => (await t.db.select({ n: count() }).from(auditLog))[0]?.n ?? 0

  /** A row of the trail written as a change would write it, at `at`. */
  const audit = (entry: {
    actorId: number | null
    entity: string
    entityId?: string
    at: string
    reason?: string | null
    before?: unknown
    after?: unknown
  }) =>
    writeAudit(t.db, {
      actorId: entry.actorId,
      action: `${entry.entity}.update`,
      entity: entry.entity,
      entityId: entry.entityId ?? '1',
      before: entry.before ?? null,
      after: entry.after ?? { n: 1 },
      reason: entry.reason ?? null,
      at: new Date(entry.at),
    })

  beforeAll(async () => {
    t = await createTestApp(engine)
    admin = await signedInAccount(t, 'audit-admin@example.com', { kind: 'operator' })
    auditor = await signedInAccount(t, 'audit-only@example.com', { kind: 'operator', permissions: ['audit'] })
    noAudit = await signedInAccount(t, 'audit-none@example.com', {
      kind: 'operator',
      permissions: STAFF_PERMISSIONS.filter((permission) => permission !== 'audit'),
    })
    customer = await signedInAccount(t, 'audit-customer@example.com')
  })
  afterAll(() => t?.close())

  it('answers only an account with the audit permission', async () => {
    for (const who of [noAudit, customer]) {
      expect((await list('', who)).status).toBe(403)
      expect((await t.getJson('/api/ops/audit/filters', { token: who.token })).status).toBe(403)
      expect((await csv('', who)).status).toBe(403)
    }
    expect((await t.getJson('/api/ops/audit')).status).toBe(401)
    // an audit-only account reads the trail and its filters' choices, without the staff room
    expect((await list('')).status).toBe(200)
    expect((await t.getJson('/api/ops/audit/filters', { token: auditor.token })).status).toBe(200)
    expect((await t.getJson('/api/ops/staff', { token: auditor.token })).status).toBe(403)
  })

  it('offers no call that changes or removes a row of the trail', () => {
    const calls = allContracts.filter((contract) => contract.path.startsWith('/ops/audit'))
    expect(calls.map((contract) => contract.method)).toEqual(['get', 'get'])
    expect(calls.every((contract) => contract.permission === 'audit')).toBe(true)
  })

  it('lists a console change with its actor, newest first, and offers the actors and entities', async () => {
    const saved = await t.sendJson('PUT', '/api/ops/settings/rate', { rate: 0.0495 }, { token: admin.token })
    expect((saved.body as Envelope<unknown>).code).toBe(200)
    const { list: rows, total } = await page('?entity=settings')
    expect(total).toBe(1)
    expect(rows[0]).toMatchObject({
      actorId: admin.userId,
      actorEmail: 'audit-admin@example.com',
      action: 'settings.rate',
      entity: 'settings',
      entityId: 'rate',
      before: { rate: null },
      after: { rate: 0.0495 },
      reason: null,
    })
    expect(typeof rows[0]?.at).toBe('string')
    const filters = await t.getJson<Envelope<AuditFiltersDto>>('/api/ops/audit/filters', {
      token: auditor.token,
    })
    expect(filters.body.data.actors).toEqual([{ id: admin.userId, email: 'audit-admin@example.com' }])
    expect(filters.body.data.entities).toEqual(['settings'])
  })

  it('filters by actor (0: the shop’s jobs), entity and entity id', async () => {
    await audit({ actorId: admin.userId, entity: 'thing', entityId: '7', at: '2026-03-01T01:00:00Z' })
    await audit({ actorId: auditor.userId, entity: 'thing', entityId: '8', at: '2026-03-01T02:00:00Z' })
    await audit({ actorId: null, entity: 'thing', entityId: '7', at: '2026-03-01T03:00:00Z' })
    await audit({ actorId: admin.userId, entity: 'other', entityId: '7', at: '2026-03-01T04:00:00Z' })

    const ids = async (query: string) => (await page(query)).list.map((row) => [row.entity, row.entityId])
    expect(await ids('?entity=thing')).toEqual([
      ['thing', '7'],
      ['thing', '8'],
      ['thing', '7'],
    ])
    expect(await ids('?entity=thing&entityId=7')).toEqual([
      ['thing', '7'],
      ['thing', '7'],
    ])
    expect(await ids(`?entity=thing&actorId=${admin.userId}`)).toEqual([['thing', '7']])
    expect(await ids(`?actorId=${auditor.userId}`)).toEqual([['thing', '8']])
    expect((await page('?actorId=0&entity=thing')).list).toMatchObject([{ actorId: null, actorEmail: null }])
    expect(await ids('?entityId=7&entity=other')).toEqual([['other', '7']])
    expect((await page('?entity=nothing')).total).toBe(0)

    const filters = await t.getJson<Envelope<AuditFiltersDto>>('/api/ops/audit/filters', {
      token: auditor.token,
    })
    expect(filters.body.data.entities).toEqual(['other', 'settings', 'thing'])
    expect(filters.body.data.actors.map((actor) => actor.id).sort()).toEqual(
      [admin.userId, auditor.userId].sort(),
    )
  })

  it('filters by time: a `to` day runs through the end of that day in Tokyo', async () => {
    // 23:59:59 and 00:00:00 in Tokyo, either side of midnight between 10 and 11 March
    await audit({ actorId: admin.userId, entity: 'clock', entityId: 'late', at: '2026-03-10T14:59:59Z' })
    await audit({ actorId: admin.userId, entity: 'clock', entityId: 'next', at: '2026-03-10T15:00:00Z' })
    await audit({ actorId: admin.userId, entity: 'clock', entityId: 'early', at: '2026-03-09T15:00:00Z' })
    await audit({ actorId: admin.userId, entity: 'clock', entityId: 'before', at: '2026-03-09T14:59:59Z' })

    const ids = async (query: string) => (await page(`?entity=clock${query}`)).list.map((row) => row.entityId)
    expect(await ids('&to=2026-03-10')).toEqual(['late', 'early', 'before'])
    expect(await ids('&from=2026-03-10')).toEqual(['next', 'late', 'early'])
    expect(await ids('&from=2026-03-10&to=2026-03-10')).toEqual(['late', 'early'])
    expect(await ids('&from=2026-03-11')).toEqual(['next'])
    expect(await ids('&to=2026-03-10T23:59:58%2B09:00')).toEqual(['early', 'before'])
    expect(await ids('&to=2026-03-10T14:59:59Z')).toEqual(['late', 'early', 'before'])
    // a time without an offset is Tokyo time
    expect(await ids('&from=2026-03-11T00:00')).toEqual(['next'])
    expect(await ids('&from=2026-03-10T09:00:00.000Z&to=2026-03-11T00:00:00%2B09:00')).toEqual([
      'next',
      'late',
    ])
  })

  it('refuses bad filters with a 400 naming the field', async () => {
    const cases: [string, string][] = [
      ['?from=2026-02-30', 'from'],
      ['?to=yesterday', 'to'],
      ['?from=2026-03-11&to=2026-03-10', 'to'],
      ['?from=2026-03-10T12:00Z&to=2026-03-10T11:00Z', 'to'],
      ['?actorId=-1', 'actorId'],
      ['?actorId=abc', 'actorId'],
      [`?entity=${'x'.repeat(101)}`, 'entity'],
      ['?pageSize=101', 'pageSize'],
      ['?pageNum=0', 'pageNum'],
      ['?format=xlsx', 'format'],
    ]
    for (const [query, field] of cases) {
      const refused = await list(query)
      expect(refused.status, query).toBe(400)
      expect(refused.body.msg, query).toMatch(new RegExp(`^${field}: `))
    }
    // from and to on the same day, as dates, are one day
    expect((await list('?from=2026-03-10&to=2026-03-10')).status).toBe(200)
  })

  it('pages the trail newest first, ties broken by the newer row', async () => {
    for (let index = 0; index < 25; index++) {
      await audit({
        actorId: admin.userId,
        entity: 'paged',
        entityId: String(index),
        // two rows a minute: each pair shares its instant
        at: new Date(Date.UTC(2026, 4, 1, 0, Math.floor(index / 2))).toISOString(),
      })
    }
    const first = await page('?entity=paged&pageSize=10')
    const second = await page('?entity=paged&pageSize=10&pageNum=2')
    const third = await page('?entity=paged&pageSize=10&pageNum=3')
    expect([first.total, first.pageNum, first.pageSize]).toEqual([25, 1, 10])
    expect(third.list).toHaveLength(5)
    const order = [...first.list, ...second.list, ...third.list].map((row) => Number(row.entityId))
    expect(order).toEqual(Array.from({ length: 25 }, (_, index) => 24 - index))
    expect((await page('?entity=paged&pageSize=10&pageNum=4')).list).toEqual([])
  })

  it('exports the filtered rows as CSV: BOM, header, quoting, formulas defused', async () => {
    await audit({
      actorId: admin.userId,
      entity: 'csv',
      entityId: 'a,b',
      at: '2026-06-01T00:00:00Z',
      reason: 'said "no", then\nyes, finally',
      before: { name: 'x' },
      after: { name: 'y, "z"' },
    })
    await audit({
      actorId: null,
      entity: 'csv',
      entityId: '=1+1',
      at: '2026-06-02T00:00:00Z',
      reason: '@sum',
    })
    await audit({ actorId: admin.userId, entity: 'csv-other', at: '2026-06-03T00:00:00Z' })

    const response = await csv('&entity=csv')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="audit-\d{8}\.csv"$/)
    const bytes = new Uint8Array(await response.arrayBuffer())
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)
    expect(text).toContain('"said ""no"", then\nyes, finally"')
    expect(text.split('\r\n')[0]).toBe(`\uFEFF${AUDIT_CSV_COLUMNS.join(',')}`)
    const records = parse(text, { bom: true, columns: true }) as Record<string, string>[]
    expect(records).toEqual([
      {
        id: expect.stringMatching(/^\d+$/),
        at: '2026-06-02T09:00:00+09:00',
        actorId: '',
        actorEmail: '',
        action: 'csv.update',
        entity: 'csv',
        entityId: "'=1+1",
        reason: "'@sum",
        before: 'null',
        after: '{"n":1}',
      },
      {
        id: expect.stringMatching(/^\d+$/),
        at: '2026-06-01T09:00:00+09:00',
        actorId: String(admin.userId),
        actorEmail: 'audit-admin@example.com',
        action: 'csv.update',
        entity: 'csv',
        entityId: 'a,b',
        reason: 'said "no", then\nyes, finally',
        before: '{"name":"x"}',
        after: '{"name":"y, \\"z\\""}',
      },
    ])
    // a refused filter is an envelope, not a file
    const refused = await csv('&from=nonsense')
    expect(refused.status).toBe(400)
    expect(((await refused.json()) as Envelope<unknown>).msg).toMatch(/^from: /)
    // nothing matches: the header alone
    const empty = parse(await (await csv('&entity=nothing')).text(), { bom: true }) as string[][]
    expect(empty).toEqual([[...AUDIT_CSV_COLUMNS]])
  })

  it('exports every filtered row, past one batch, each once and newest first', async () => {
    const rows = Array.from({ length: 1234 }, (_, index) => ({
      actorId: admin.userId,
      action: 'bulk.update',
      entity: 'bulk',
      entityId: String(index),
      before: null,
      after: { index },
      // three rows a second: batches end inside a shared instant too
      createdAt: new Date(Date.UTC(2026, 6, 1, 0, 0, Math.floor(index / 3))),
    }))
    await t.db.insert(auditLog).values(rows)
    const records = parse(await (await csv('&entity=bulk')).text(), { bom: true, columns: true }) as {
      entityId: string
    }[]
    expect(records.map((record) => Number(record.entityId))).toEqual(
      Array.from({ length: 1234 }, (_, index) => 1233 - index),
    )
    // the page of the list ignores format; the list's total agrees
    expect((await page('?entity=bulk')).total).toBe(1234)
  })

  it('records who ran the deadline sweep from the console', async () => {
    const ran = await t.sendJson('POST', '/api/ops/jobs/deadlines/run', {}, { token: admin.token })
    expect(ran.status).toBe(200)
    const { list: rows } = await page('?entity=job')
    expect(rows[0]).toMatchObject({ actorId: admin.userId, action: 'deadlines.run', entityId: 'deadlines' })
  })

  it('refuses UPDATE, DELETE and TRUNCATE of the trail in the database itself', async () => {
    const before = await t.db.select().from(auditLog).orderBy(asc(auditLog.id))
    expect(before.length).toBeGreaterThan(0)
    const refusalOf = async (statement: Promise<unknown>) => {
      try {
        await statement
      } catch (error) {
        const { code, cause } = error as { code?: string; cause?: { code?: string } }
        return code ?? cause?.code
      }
      return 'not refused'
    }
    expect(await refusalOf(t.db.update(auditLog).set({ reason: 'rewritten' }))).toBe('42501')
    expect(await refusalOf(t.db.delete(auditLog).where(eq(auditLog.entity, 'thing')))).toBe('42501')
    expect(await refusalOf(t.db.execute(sql`truncate audit_log`))).toBe('42501')
    expect(await refusalOf(t.db.execute(sql`delete from audit_log`))).toBe('42501')
    expect(await t.db.select().from(auditLog).orderBy(asc(auditLog.id))).toEqual(before)
    expect(await auditRows()).toBe(before.length)
  })
})

// PostgreSQL can also bind the server's role with privileges (README 'Running the shop'): a role that
// does not own the trail and holds only SELECT and INSERT on it cannot change a row or drop the trigger.
describe.each(engines.filter((engine) => engine === 'postgres'))(
  'the audit trail’s grants on %s',
  (engine) => {
    it('lets a role granted SELECT and INSERT add and read rows, and nothing else', async () => {
      const database = await openTestDatabase(engine)
      const client = new pg.Client({ connectionString: database.url })
      await client.connect()
      const role = `yoyaku_app_${randomBytes(4).toString('hex')}`
      const refusal = async (statement: string) => {
        try {
          await client.query(statement)
        } catch (error) {
          const { code, message } = error as { code?: string; message: string }
          return `${code}: ${message}`
        }
        return 'allowed'
      }
      try {
        await client.query(`create role ${role} nologin`)
        await client.query(`grant select, insert on audit_log to ${role}`)
        await client.query(`grant usage on sequence audit_log_id_seq to ${role}`)
        await client.query(`set role ${role}`)
        await client.query(
          `insert into audit_log (action, entity, entity_id) values ('thing.create', 'thing', '1')`,
        )
        expect((await client.query('select count(*)::int as n from audit_log')).rows[0]).toEqual({ n: 1 })
        expect(await refusal(`update audit_log set reason = 'rewritten'`)).toMatch(
          /^42501: permission denied/,
        )
        expect(await refusal('delete from audit_log')).toMatch(/^42501: permission denied/)
        expect(await refusal('truncate audit_log')).toMatch(/^42501: permission denied/)
        expect(await refusal('alter table audit_log disable trigger all')).toMatch(/^42501: must be owner/)
      } finally {
        await client.query('reset role').catch(() => {})
        await client.query(`drop owned by ${role}`).catch(() => {})
        await client.query(`drop role if exists ${role}`).catch(() => {})
        await client.end()
        await database.close()
      }
    })
  },
)

import { and, asc, count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, pointsLedger, sessions, users } from '../../server/db/schema.ts'
import { type RunningCatalogCache, startCatalogCache } from '../../server/http/catalog-cache.ts'
import type { ProductCardDto, ProductDetailDto } from '../../src/domain/catalog.ts'
import type {
  OpsCustomerDetail,
  OpsCustomerListItem,
  OpsCustomerPage,
  OpsPointsRow,
} from '../../src/domain/customer-ops.ts'
import type { Page } from '../../src/domain/queries.ts'
import type { Envelope } from '../../src/domain/result-code.ts'
import { readSessionClaims } from '../../src/domain/session.ts'
import { logIn } from './support/accounts.ts'
import { insertProducts, productRow, signedInAccount } from './support/catalog-fixture.ts'
import { insertAddress, insertWaitPayOrder, pointsOf } from './support/order-fixture.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'
import { engines } from './support/test-database.ts'

interface Account {
  token: string
  userId: number
}

type Refusal = { fields?: { field: string; message: string }[] } | null

/** The price columns an answer carries (not the detail's member price). */
const priceKeys = (card: object) =>
  Object.keys(card).filter((key) => /^(cn|jp|en)(Alone|Batch)Price$/.test(key))

describe.each(engines)('the customers room on %s', (engine) => {
  let t: TestApp
  let cache: RunningCatalogCache
  let admin: Account
  let contentOnly: Account
  let alice: Account
  let bob: Account
  let carol: Account
  let dora: Account
  let productIds: number[]

  const as = (who: { token: string }) => ({ token: who.token })
  const list = (query: string, who: Account = admin) =>
    t.getJson<Envelope<OpsCustomerPage | Refusal>>(`/api/ops/customers${query}`, as(who))
  const listed = async (query: string) => {
    const answer = await list(query)
    expect(answer.body.code, answer.body.msg).toBe(200)
    return answer.body.data as OpsCustomerPage
  }
  const emailsOf = (page: OpsCustomerPage) => page.list.map((row) => row.email)
  const detail = (id: number, who: Account = admin) =>
    t.getJson<Envelope<OpsCustomerDetail | Refusal>>(`/api/ops/customers/${id}`, as(who))
  const setRole = (id: number, body: unknown, who: Account = admin) =>
    t.sendJson<Envelope<OpsCustomerListItem | Refusal>>('PUT', `/api/ops/customers/${id}/role`, body, as(who))
  const setDisabled = (id: number, body: unknown, who: Account = admin) =>
    t.sendJson<Envelope<OpsCustomerListItem | Refusal>>(
      'POST',
      `/api/ops/customers/${id}/disable`,
      body,
      as(who),
    )
  const adjust = (id: number, body: unknown, who: Account = admin) =>
    t.sendJson<Envelope<OpsPointsRow | Refusal>>('POST', `/api/ops/customers/${id}/points`, body, as(who))
  const userInfo = (token: string) => t.getJson<Envelope<unknown>>('/api/mall/user/info', { token })
  const hotList = async (who: Account) =>
    (await t.getJson<Envelope<ProductCardDto[]>>('/api/mall/product/hotList?language=zhCn', as(who))).body
      .data
  const customerAudits = (id: number) =>
    t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'customer'), eq(auditLog.entityId, String(id))))
      .orderBy(asc(auditLog.id))
  const counts = async () => ({
    audits: (await t.db.select({ n: count() }).from(auditLog))[0]?.n ?? 0,
    ledger: (await t.db.select({ n: count() }).from(pointsLedger))[0]?.n ?? 0,
    users: await t.db
      .select({ id: users.id, role: users.role, disabled: users.disabled, score: users.score })
      .from(users)
      .orderBy(asc(users.id)),
  })
  const fieldsOf = (body: Envelope<unknown>) => ((body.data as Refusal)?.fields ?? []).map((f) => f.field)

  /** A customer signed in twice more, as from two devices: two more tokens of their own sessions. */
  async function twoDevices(email: string): Promise<[string, string]> {
    const tokens: string[] = []
    for (const device of ['phone', 'laptop']) {
      const login = await logIn(t, email, undefined, { client: `${device}-${email}` })
      const token = login.headers.get('token')
      if (login.body.code !== 200 || !token) throw new Error(`login refused: ${login.body.msg}`)
      tokens.push(token)
    }
    return tokens as [string, string]
  }

  beforeAll(async () => {
    t = await createTestApp(engine)
    cache = await startCatalogCache(t.db)
    admin = await signedInAccount(t, 'ops-admin@example.com', {
      kind: 'operator',
      permissions: ['customers'],
    })
    contentOnly = await signedInAccount(t, 'ops-writer@example.com', {
      kind: 'operator',
      permissions: ['content'],
    })
    alice = await signedInAccount(t, 'alice.wonder@example.com', { role: 2 })
    bob = await signedInAccount(t, 'bob@example.jp', { language: 'ja' })
    carol = await signedInAccount(t, 'carol@example.com', { language: 'en' })
    dora = await signedInAccount(t, 'dora_x@example.com', { role: 1 })
    await t.db
      .update(users)
      .set({ nickname: '爱丽丝Wonder', telephone: '+86 138 0013 8000' })
      .where(eq(users.id, alice.userId))
    await t.db.update(users).set({ telephone: '+81 90 5555 0101' }).where(eq(users.id, bob.userId))
    await t.db.update(users).set({ disabled: true }).where(eq(users.id, carol.userId))
    await t.db.update(users).set({ nickname: '50% off' }).where(eq(users.id, dora.userId))
    const rows = await insertProducts(t.db, [
      productRow({ hotRank: 1, cnAlonePrice: 2000, cnBatchPrice: 1500 }),
      productRow({ hotRank: 2, cnAlonePrice: 3000, cnBatchPrice: 2500 }),
    ])
    productIds = rows.map((row) => row.id)
    await insertWaitPayOrder(t.db, { userId: alice.userId })
    await insertWaitPayOrder(t.db, { userId: alice.userId, goods: 20_000, deposit: 5_000 })
    await insertAddress(t.db, alice.userId)
  })
  afterAll(async () => {
    await cache?.stop()
    await t?.close()
  })

  describe('the list', () => {
    it('lists customers only, newest first, with role, tier, points, state and order count', async () => {
      const page = await listed('')
      expect(emailsOf(page)).toEqual([
        'dora_x@example.com',
        'carol@example.com',
        'bob@example.jp',
        'alice.wonder@example.com',
      ])
      expect(page).toMatchObject({ total: 4, pageNum: 1, pageSize: 30 })
      const row = page.list.find((entry) => entry.id === alice.userId)
      expect(row).toEqual({
        id: alice.userId,
        email: 'alice.wonder@example.com',
        nickname: '爱丽丝Wonder',
        role: 2,
        tier: 'VIP 1',
        score: 0,
        disabled: false,
        orderCount: 2,
        createTime: expect.any(String),
      })
      // Role 4 (Japanese single price) is no member: no tier.
      expect(page.list.find((entry) => entry.id === bob.userId)).toMatchObject({ role: 4, tier: null })
    })

    it('finds by a part of the e-mail, nickname or telephone in any case, or by the exact id', async () => {
      expect(emailsOf(await listed('?keyword=ALICE.W'))).toEqual(['alice.wonder@example.com'])
      expect(emailsOf(await listed(`?keyword=${encodeURIComponent('丽丝wonder')}`))).toEqual([
        'alice.wonder@example.com',
      ])
      expect(emailsOf(await listed(`?keyword=${encodeURIComponent('5555 01')}`))).toEqual(['bob@example.jp'])
      expect(emailsOf(await listed(`?keyword=${bob.userId}`))).toEqual(['bob@example.jp'])
      // % and _ are plain characters, not patterns.
      expect(emailsOf(await listed('?keyword=_x'))).toEqual(['dora_x@example.com'])
      expect(emailsOf(await listed(`?keyword=${encodeURIComponent('%')}`))).toEqual(['dora_x@example.com'])
      // Operators are never listed, even by their own e-mail or id.
      expect((await listed('?keyword=ops-admin')).total).toBe(0)
      expect((await listed(`?keyword=${admin.userId}`)).list.map((row) => row.id)).not.toContain(admin.userId)
      expect((await listed('?keyword=%20%20')).total).toBe(4)
    })

    it('filters by role and state, and pages', async () => {
      expect(emailsOf(await listed('?role=4'))).toEqual(['bob@example.jp'])
      expect(emailsOf(await listed('?role=1'))).toEqual(['dora_x@example.com'])
      expect(emailsOf(await listed('?disabled=true'))).toEqual(['carol@example.com'])
      expect((await listed('?disabled=false')).total).toBe(3)
      expect(emailsOf(await listed('?role=6&disabled=true'))).toEqual(['carol@example.com'])
      const second = await listed('?pageSize=3&pageNum=2')
      expect(second).toMatchObject({ total: 4, pageNum: 2, pageSize: 3 })
      expect(emailsOf(second)).toEqual(['alice.wonder@example.com'])
    })

    it('answers a bad filter 400 naming it', async () => {
      for (const [query, field] of [
        ['?role=7', 'role'],
        ['?role=x', 'role'],
        ['?disabled=yes', 'disabled'],
        ['?pageSize=101', 'pageSize'],
        [`?keyword=${'x'.repeat(101)}`, 'keyword'],
      ] as const) {
        const answer = await list(query)
        expect(answer.status, query).toBe(400)
        expect(answer.body.msg.startsWith(`${field}: `), answer.body.msg).toBe(true)
      }
    })
  })

  describe('one customer', () => {
    it('shows profile, role, tier, points and ledger, addresses, orders by status and the last sign-in', async () => {
      const answer = await detail(alice.userId)
      expect(answer.body.code).toBe(200)
      const customer = answer.body.data as OpsCustomerDetail
      expect(customer).toMatchObject({
        id: alice.userId,
        email: 'alice.wonder@example.com',
        nickname: '爱丽丝Wonder',
        telephone: '+86 138 0013 8000',
        avatar: null,
        role: 2,
        tier: 'VIP 1',
        scoreRate: 0.01,
        score: 0,
        disabled: false,
        lastDisable: null,
        orderCounts: [{ status: 2, count: 2 }],
        orderCount: 2,
        points: { list: [], total: 0, pageNum: 1, pageSize: 20 },
      })
      expect(Date.parse(customer.lastSignIn ?? '')).not.toBeNaN()
      expect(Date.parse(customer.createTime)).not.toBeNaN()
      expect(customer.addresses).toEqual([
        expect.objectContaining({
          firstName: '太郎',
          lastName: '山田',
          country: '中国香港',
          acquiescent: 0,
        }),
      ])
      expect(customer.recentOrders).toHaveLength(2)
      expect(customer.recentOrders.map((order) => order.total).sort()).toEqual([10_000, 20_000])
    })

    it('answers 404 for an unknown id and for an operator’s', async () => {
      expect((await detail(999_999)).status).toBe(404)
      expect((await detail(admin.userId)).status).toBe(404)
      expect((await t.getJson<Envelope<unknown>>(`/api/ops/customers/999999/points`, as(admin))).status).toBe(
        404,
      )
    })
  })

  describe('the price role', () => {
    it('shows the new column’s prices on the customer’s next call, never a cached answer of the old one', async () => {
      const other = await signedInAccount(t, 'other-single@example.com', { role: 2 })
      // Both role-2 shoppers are served the single-price answer (the second from the cache).
      const before = await hotList(alice)
      expect(before.map(priceKeys)).toEqual([['cnAlonePrice'], ['cnAlonePrice']])
      expect(before.map((card) => card.cnAlonePrice)).toEqual([2000, 3000])
      expect((await hotList(other)).map((card) => card.cnAlonePrice)).toEqual([2000, 3000])
      const detailPath = `/api/mall/product/details/${productIds[0]}?language=zhCn`
      const detailBefore = (await t.getJson<Envelope<ProductDetailDto>>(detailPath, as(alice))).body.data
      expect(detailBefore.cnAlonePrice).toBe(2000)

      const hotListPath = '/api/mall/product/hotList?language=zhCn'
      const quiet = await t.app.request(hotListPath, { headers: as(alice) })
      expect(quiet.headers.get('token'), 'a token that shows the account sends no new one').toBeNull()

      const changed = await setRole(alice.userId, { role: 1 })
      expect(changed.body.code).toBe(200)
      expect(changed.body.data).toMatchObject({ id: alice.userId, role: 1, tier: 'VIP 1' })

      // The next call, a catalog one, hands the shop a token with the new role (its pages pick the
      // price column from it).
      const renewed = (await t.app.request(hotListPath, { headers: as(alice) })).headers.get('token')
      expect(readSessionClaims(renewed ?? '')?.role).toBe(1)

      const after = await hotList(alice)
      expect(after.map(priceKeys)).toEqual([['cnBatchPrice'], ['cnBatchPrice']])
      expect(after.map((card) => card.cnBatchPrice)).toEqual([1500, 2500])
      const detailAfter = (await t.getJson<Envelope<ProductDetailDto>>(detailPath, as(alice))).body.data
      expect(priceKeys(detailAfter)).toEqual(['cnBatchPrice'])
      expect(detailAfter.cnBatchPrice).toBe(1500)
      // The other shopper keeps their column.
      expect((await hotList(other)).map(priceKeys)).toEqual([['cnAlonePrice'], ['cnAlonePrice']])

      expect(await customerAudits(alice.userId)).toEqual([
        expect.objectContaining({
          action: 'customer.role',
          actorId: admin.userId,
          before: { role: 2 },
          after: { role: 1 },
          reason: null,
        }),
      ])
      // The same role again changes nothing and is not audited.
      expect((await setRole(alice.userId, { role: 1 })).body.code).toBe(200)
      expect(await customerAudits(alice.userId)).toHaveLength(1)
    })

    it('answers a bad role 400 on role and an unknown id 404, writing nothing', async () => {
      const before = await counts()
      for (const body of [{ role: 0 }, { role: 7 }, { role: '3' }, { role: 2.5 }, {}, { role: null }]) {
        const answer = await setRole(bob.userId, body)
        expect(answer.status, JSON.stringify(body)).toBe(400)
        expect(fieldsOf(answer.body)).toEqual(['role'])
      }
      expect((await setRole(bob.userId, 'role')).status).toBe(400)
      expect((await setRole(999_999, { role: 3 })).status).toBe(404)
      expect((await setRole(admin.userId, { role: 3 })).status).toBe(404)
      expect(await counts()).toEqual(before)
    })
  })

  describe('disabling', () => {
    it('ends every session at once (9005 on two devices) and enabling revives none', async () => {
      const erin = await signedInAccount(t, 'erin@example.com')
      const [phone, laptop] = await twoDevices('erin@example.com')
      expect((await userInfo(phone)).body.code).toBe(200)

      const disabled = await setDisabled(erin.userId, { disabled: true, reason: ' chargeback fraud ' })
      expect(disabled.body.code).toBe(200)
      expect(disabled.body.data).toMatchObject({ id: erin.userId, disabled: true })
      for (const token of [phone, laptop, erin.token]) expect((await userInfo(token)).body.code).toBe(9005)
      // A catalog call too, so the shop signs out whatever page it is on.
      const browsing = await t.getJson<Envelope<unknown>>('/api/mall/product/hotList?language=zhCn', {
        token: phone,
      })
      expect(browsing.body.code).toBe(9005)
      expect((await logIn(t, 'erin@example.com')).body.code).toBe(9005)
      const open = await t.db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, erin.userId))
        .then((rows) => rows.filter((row) => row.revokedAt === null))
      expect(open).toEqual([])
      const shown = (await detail(erin.userId)).body.data as OpsCustomerDetail
      expect(shown).toMatchObject({ disabled: true, lastDisable: { reason: 'chargeback fraud' } })

      const enabled = await setDisabled(erin.userId, { disabled: false, reason: 'cleared by the bank' })
      expect(enabled.body.data).toMatchObject({ disabled: false })
      for (const token of [phone, laptop, erin.token]) expect((await userInfo(token)).body.code).toBe(9004)
      const again = await logIn(t, 'erin@example.com')
      expect(again.body.code).toBe(200)
      expect((await userInfo(again.headers.get('token') ?? '')).body.code).toBe(200)

      expect(await customerAudits(erin.userId)).toEqual([
        expect.objectContaining({
          action: 'customer.disable',
          actorId: admin.userId,
          before: { disabled: false },
          after: { disabled: true },
          reason: 'chargeback fraud',
        }),
        expect.objectContaining({
          action: 'customer.enable',
          before: { disabled: true },
          after: { disabled: false },
          reason: 'cleared by the bank',
        }),
      ])
      // The state it is already in: nothing changes, nothing audited.
      expect((await setDisabled(erin.userId, { disabled: false, reason: 'again' })).body.code).toBe(200)
      expect(await customerAudits(erin.userId)).toHaveLength(2)
    })

    it('answers a bad body 400 naming the field and an unknown id 404, writing nothing', async () => {
      const before = await counts()
      const cases: [unknown, string][] = [
        [{ disabled: true }, 'reason'],
        [{ disabled: true, reason: '   ' }, 'reason'],
        [{ disabled: true, reason: 'x'.repeat(201) }, 'reason'],
        [{ disabled: 'yes', reason: 'why' }, 'disabled'],
        [{ reason: 'why' }, 'disabled'],
      ]
      for (const [body, field] of cases) {
        const answer = await setDisabled(bob.userId, body)
        expect(answer.status, JSON.stringify(body)).toBe(400)
        expect(fieldsOf(answer.body)).toEqual([field])
      }
      expect((await setDisabled(999_999, { disabled: true, reason: 'why' })).status).toBe(404)
      expect(await counts()).toEqual(before)
      expect((await userInfo(bob.token)).body.code).toBe(200)
    })
  })

  describe('points', () => {
    it('adds and takes points with a ledger row and an audit row each; below 0 is 409 and writes nothing', async () => {
      const added = await adjust(bob.userId, { delta: 50, reason: 'apology for a late parcel' })
      expect(added.body.code).toBe(200)
      expect(added.body.data).toMatchObject({
        delta: 50,
        reason: 'adjust',
        note: 'apology for a late parcel',
        orderId: null,
        balance: 50,
      })
      const taken = await adjust(bob.userId, { delta: -20, reason: 'double credit' })
      expect(taken.body.data).toMatchObject({ delta: -20, balance: 30, note: 'double credit' })
      expect(await pointsOf(t.db, bob.userId)).toBe(30)

      const before = await counts()
      const refused = await adjust(bob.userId, { delta: -31, reason: 'too much' })
      expect(refused.status).toBe(409)
      expect(refused.body.msg).toBe('delta: would take the points balance below 0')
      expect(fieldsOf(refused.body)).toEqual(['delta'])
      expect(await counts()).toEqual(before)

      const ledger = await t.getJson<Envelope<Page<OpsPointsRow>>>(
        `/api/ops/customers/${bob.userId}/points?pageSize=1`,
        as(admin),
      )
      expect(ledger.body.data).toMatchObject({ total: 2, pageSize: 1, list: [{ delta: -20, balance: 30 }] })
      const shown = (await detail(bob.userId)).body.data as OpsCustomerDetail
      expect(shown.score).toBe(30)
      expect(shown.points.list.map((row) => row.delta)).toEqual([-20, 50])

      expect(await customerAudits(bob.userId)).toEqual([
        expect.objectContaining({
          action: 'customer.points',
          before: { score: 0 },
          after: expect.objectContaining({ score: 50, delta: 50 }),
          reason: 'apology for a late parcel',
        }),
        expect.objectContaining({
          action: 'customer.points',
          before: { score: 50 },
          after: expect.objectContaining({ score: 30, delta: -20 }),
          reason: 'double credit',
        }),
      ])
    })

    it('applies a retried adjustment (same Idempotency-Key) once, answering the first result', async () => {
      const dora = await signedInAccount(t, 'dora-retry@example.com')
      const body = { delta: 40, reason: 'a retried correction' }
      const headers = { ...as(admin), 'Idempotency-Key': 'adjust-dora-1' }
      const url = `/api/ops/customers/${dora.userId}/points`
      const [first, second] = await Promise.all([
        t.sendJson<Envelope<OpsPointsRow>>('POST', url, body, headers),
        t.sendJson<Envelope<OpsPointsRow>>('POST', url, body, headers),
      ])
      expect(first.body.code).toBe(200)
      expect(second.body).toEqual(first.body)
      const third = await t.sendJson<Envelope<OpsPointsRow>>('POST', url, body, headers)
      expect(third.body).toEqual(first.body)
      expect(await pointsOf(t.db, dora.userId)).toBe(40)
      expect((await customerAudits(dora.userId)).map((row) => row.action)).toEqual(['customer.points'])
      // the same key for another request is refused, and changes nothing
      const other = await t.sendJson('POST', url, { delta: 5, reason: 'another' }, headers)
      expect(other.status).toBe(409)
      expect(await pointsOf(t.db, dora.userId)).toBe(40)
    })

    it('applies adjustments at once one after the other: 10 × −10 on 50 leaves 0 with 5 refusals', async () => {
      const frank = await signedInAccount(t, 'frank@example.com')
      expect((await adjust(frank.userId, { delta: 50, reason: 'opening balance' })).body.code).toBe(200)
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => adjust(frank.userId, { delta: -10, reason: `take ${i}` })),
      )
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(5)
      expect(answers.filter((answer) => answer.status === 409)).toHaveLength(5)
      expect(await pointsOf(t.db, frank.userId)).toBe(0)
      const rows = await t.db
        .select()
        .from(pointsLedger)
        .where(eq(pointsLedger.userId, frank.userId))
        .orderBy(asc(pointsLedger.id))
      expect(rows.map((row) => row.delta)).toEqual([50, -10, -10, -10, -10, -10])
      let balance = 0
      for (const row of rows) {
        balance += row.delta
        expect(row.balanceAfter).toBe(balance)
      }
      expect(await customerAudits(frank.userId)).toHaveLength(6)
    })

    it('answers a bad body 400 naming the field and an unknown id 404, writing nothing', async () => {
      const before = await counts()
      const cases: [unknown, string][] = [
        [{ delta: 0, reason: 'nothing' }, 'delta'],
        [{ delta: 1.5, reason: 'half' }, 'delta'],
        [{ delta: '5', reason: 'text' }, 'delta'],
        [{ delta: 100_000_000, reason: 'huge' }, 'delta'],
        [{ reason: 'none' }, 'delta'],
        [{ delta: 5 }, 'reason'],
        [{ delta: 5, reason: '' }, 'reason'],
      ]
      for (const [body, field] of cases) {
        const answer = await adjust(bob.userId, body)
        expect(answer.status, JSON.stringify(body)).toBe(400)
        expect(fieldsOf(answer.body)).toEqual([field])
      }
      expect((await adjust(999_999, { delta: 5, reason: 'who' })).status).toBe(404)
      expect((await adjust(admin.userId, { delta: 5, reason: 'operator' })).status).toBe(404)
      expect(await counts()).toEqual(before)
    })
  })

  it('answers 403 to an operator without the customers room and to a customer, changing nothing', async () => {
    const before = await counts()
    const id = dora.userId
    for (const who of [contentOnly, dora]) {
      const answers = await Promise.all([
        list('', who),
        detail(id, who),
        t.getJson<Envelope<unknown>>(`/api/ops/customers/${id}/points`, as(who)),
        setRole(id, { role: 3 }, who),
        setDisabled(id, { disabled: true, reason: 'no' }, who),
        adjust(id, { delta: 5, reason: 'no' }, who),
      ])
      expect(answers.map((answer) => answer.status)).toEqual([403, 403, 403, 403, 403, 403])
    }
    expect((await t.getJson<Envelope<unknown>>('/api/ops/customers')).status).toBe(401)
    expect(await counts()).toEqual(before)
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { changePoints } from '../../server/services/points.ts'
import type { PointsRecordDto } from '../../src/domain/points.ts'
import type { Page } from '../../src/domain/queries.ts'
import type { Envelope } from '../../src/domain/result-code.ts'
import { signedInAccount } from './support/catalog-fixture.ts'
import { insertWaitPayOrder } from './support/order-fixture.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'
import { engines } from './support/test-database.ts'

/* GET /mall/score/list: the caller's own points history, paged, newest first. */

describe.each(engines)('points history on %s', (engine) => {
  let t: TestApp
  let alice: { token: string; userId: number }
  let bob: { token: string; userId: number }
  let orderId: number

  const scoreList = (token: string | undefined, query = '') =>
    t.getJson<Envelope<Page<PointsRecordDto>>>(`/api/mall/score/list${query}`, token ? { token } : {})

  beforeAll(async () => {
    t = await createTestApp(engine)
    alice = await signedInAccount(t, 'alice-points@example.com')
    bob = await signedInAccount(t, 'bob-points@example.com')
    // Alice: 500 earned; then an order holding 200 (two changes in one transaction, the same instant).
    await changePoints(t.db, { userId: alice.userId, delta: 500, reason: 'earn' })
    ;({ orderId } = await insertWaitPayOrder(t.db, { userId: alice.userId, pointsHeld: 200 }))
    // Then the held points come back.
    await changePoints(t.db, { userId: alice.userId, delta: 200, reason: 'return', orderId })
    await changePoints(t.db, { userId: bob.userId, delta: 77, reason: 'earn' })
  })

  afterAll(async () => {
    await t?.close()
  })

  it('lists the caller’s own changes, newest first, with order, points, reason, time and balance', async () => {
    const { status, body } = await scoreList(alice.token)
    expect(status).toBe(200)
    const { list, total, pageNum, pageSize } = body.data
    expect({ total, pageNum, pageSize }).toEqual({ total: 4, pageNum: 1, pageSize: 30 })
    expect(
      list.map(({ orderId, points, remark, balance }) => ({ orderId, points, remark, balance })),
    ).toEqual([
      { orderId, points: 200, remark: 'return', balance: 700 },
      { orderId, points: -200, remark: 'hold', balance: 500 },
      { orderId: null, points: 200, remark: 'earn', balance: 700 },
      { orderId: null, points: 500, remark: 'earn', balance: 500 },
    ])
    // The same instant (hold after its earn, in one transaction) keeps the order they were written in.
    expect(list[1]?.createTime).toBe(list[2]?.createTime)
    expect(list.every((row) => !Number.isNaN(Date.parse(row.createTime)))).toBe(true)
    expect(list.map((row) => row.id)).toEqual([...list.map((row) => row.id)].sort((a, b) => b - a))
  })

  it('never shows another shopper’s changes', async () => {
    const { body } = await scoreList(bob.token)
    expect(body.data.total).toBe(1)
    expect(body.data.list).toEqual([expect.objectContaining({ points: 77, remark: 'earn', balance: 77 })])
  })

  it('pages the history', async () => {
    const all = (await scoreList(alice.token)).body.data.list
    const second = (await scoreList(alice.token, '?pageNum=2&pageSize=3')).body.data
    expect(second).toEqual({ list: all.slice(3), total: 4, pageNum: 2, pageSize: 3 })
    const beyond = (await scoreList(alice.token, '?pageNum=3&pageSize=3')).body.data
    expect(beyond.list).toEqual([])
    expect(beyond.total).toBe(4)
  })

  it.each([
    ['?pageSize=101', 'pageSize'],
    ['?pageSize=0', 'pageSize'],
    ['?pageNum=x', 'pageNum'],
  ])('refuses %s with a 400 naming the field', async (query, field) => {
    const { status, body } = await scoreList(alice.token, query)
    expect(status).toBe(400)
    expect(body.msg.split(':')[0]).toBe(field)
  })

  it('needs a token', async () => {
    const { status, body } = await scoreList(undefined)
    expect(status).toBe(401)
    expect(body.data).toBeNull()
  })
})

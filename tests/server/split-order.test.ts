import { and, asc, eq } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, orderLines, orders } from '../../server/db/schema.ts'
import { OrderStatus } from '../../src/domain/order-status.ts'
import type { OpsOrderDetailDto, OrderDto } from '../../src/domain/orders.ts'
import type { ChargeSettings } from '../../src/domain/pricing.ts'
import type { Page } from '../../src/domain/queries.ts'
import type { Envelope } from '../../src/domain/result-code.ts'
import { signedInAccount } from './support/catalog-fixture.ts'
import { placePaidOrder } from './support/placed-order.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'
import { engines } from './support/test-database.ts'

type FieldErrors = { fields: { field: string; message: string }[] } | null

const MONEY = [
  'goods',
  'discount',
  'platformFee',
  'settlementFee',
  'deposit',
  'balance',
  'total',
  'paidAmount',
  'pointsHeld',
] as const

const LINE_MONEY = ['goods', 'platformFee', 'settlementFee', 'deposit', 'balance', 'total'] as const

const lineArb = fc.record({
  price: fc.integer({ min: 1, max: 60_000 }),
  quantity: fc.integer({ min: 1, max: 6 }),
  isDiscount: fc.boolean(),
  isFront: fc.boolean(),
})

const chargesArb: fc.Arbitrary<ChargeSettings> = fc.record({
  discount: fc.constantFrom(1, 0.95, 0.9, 0.85),
  platPercent: fc.constantFrom(0, 0.03, 0.035),
  // 1 is no deposit at all: such lines are paid in full when ordering.
  frontMoney: fc.constantFrom(0.3, 0.33, 0.5, 1),
  settlePercent: fc.constantFrom(0, 0.035, 0.04),
  rate: fc.constant(null),
})

/** An order of 2–8 lines and a random partition of them into 2 or more groups (by line position). */
const caseArb = fc.array(lineArb, { minLength: 2, maxLength: 8 }).chain((lines) =>
  fc.record({
    lines: fc.constant(lines),
    groupOf: fc
      .array(fc.integer({ min: 0, max: lines.length - 1 }), {
        minLength: lines.length,
        maxLength: lines.length,
      })
      .filter((groupOf) => new Set(groupOf).size >= 2),
    charges: chargesArb,
    points: fc.constantFrom(0, 0, 1, 7, 500, 1_000_000),
    status: fc.constantFrom(OrderStatus.waitOrder, OrderStatus.order),
    // An order whose discount its lines do not explain (older data): shared out by goods instead.
    strayDiscount: fc.option(fc.integer({ min: 0, max: 50_000 }), { freq: 4 }),
  }),
)

describe.each(engines)('splitting orders on %s', (engine) => {
  let t: TestApp
  let operator: Record<string, string>
  let ada: { token: string; userId: number }
  let ben: { token: string; userId: number }

  beforeAll(async () => {
    t = await createTestApp(engine)
    operator = { token: (await signedInAccount(t, 'ops-split@example.com', { kind: 'operator' })).token }
    ada = await signedInAccount(t, 'ada-split@example.com')
    ben = await signedInAccount(t, 'ben-split@example.com')
  })
  afterAll(async () => {
    await t?.close()
  })

  const split = (orderId: number, groups: unknown, headers: Record<string, string> = operator) =>
    t.sendJson<Envelope<OpsOrderDetailDto | FieldErrors>>(
      'POST',
      `/api/ops/orders/${orderId}/split`,
      { groups },
      headers,
    )

  const orderRow = async (orderId: number) => {
    const [row] = await t.db.select().from(orders).where(eq(orders.id, orderId))
    if (!row) throw new Error(`no order ${orderId}`)
    return row
  }
  const linesOf = (orderId: number) =>
    t.db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id))
  const childrenOf = (parentId: number) =>
    t.db.select().from(orders).where(eq(orders.parentId, parentId)).orderBy(asc(orders.id))

  it('gives children whose amounts, payments and points add up to the parent’s to the yen', async () => {
    await fc.assert(
      fc.asyncProperty(caseArb, async ({ lines, groupOf, charges, points, status, strayDiscount }) => {
        const orderId = await placePaidOrder(t.db, { userId: ada.userId, lines, charges, points, status })
        if (strayDiscount !== null) {
          await t.db.update(orders).set({ discount: strayDiscount }).where(eq(orders.id, orderId))
        }
        const parent = await orderRow(orderId)
        const parentLines = await linesOf(orderId)
        // Group indices that are used, in first-use order, each becoming one group of line ids.
        const used = [...new Set(groupOf)]
        const groups = used.map((group) =>
          parentLines.filter((_, position) => groupOf[position] === group).map((line) => line.id),
        )

        const { status: http, body } = await split(orderId, groups)
        expect(http).toBe(200)
        const detail = body.data as OpsOrderDetailDto
        expect(detail.status).toBe(OrderStatus.split)

        const children = await childrenOf(orderId)
        expect(children).toHaveLength(groups.length)
        expect(detail.children.map((child) => child.id)).toEqual(children.map((child) => child.id))
        for (const field of MONEY) {
          const sum = children.reduce((acc, child) => acc + child[field], 0)
          expect(sum, field).toBe(parent[field])
        }
        for (const [index, child] of children.entries()) {
          expect(child.status).toBe(status)
          expect(child.userId).toBe(ada.userId)
          expect(child.refundAmount).toBe(0)
          expect(child.createdAt.getTime()).toBe(parent.createdAt.getTime())
          expect(child.deposit + child.balance).toBe(child.total)
          const copies = await linesOf(child.id)
          expect(copies.map((line) => line.splitFromLineId)).toEqual(groups[index])
          for (const field of LINE_MONEY) {
            expect(child[field], field).toBe(copies.reduce((acc, line) => acc + line[field], 0))
          }
          for (const copy of copies) {
            const source = parentLines.find((line) => line.id === copy.splitFromLineId)
            expect({ ...copy, id: 0, orderId: 0, splitFromLineId: null }).toEqual({
              ...source,
              id: 0,
              orderId: 0,
            })
          }
          // The first payment paid the deposits of the lines: each child received its own lines' deposits.
          expect(child.paidAmount).toBe(child.deposit)
        }
        // The split order keeps its own lines, untouched, for the original list.
        expect(await linesOf(orderId)).toEqual(parentLines)
        expect((await orderRow(orderId)).status).toBe(OrderStatus.split)
      }),
      { numRuns: 25 },
    )
  }, 120_000)

  describe('one order of three lines split in two', () => {
    let orderId: number
    let childIds: number[]

    beforeAll(async () => {
      orderId = await placePaidOrder(t.db, {
        userId: ada.userId,
        lines: [
          { price: 12_800, quantity: 2, isDiscount: true },
          { price: 4_500, quantity: 1 },
          { price: 980, quantity: 3, isFront: false },
        ],
        points: 300,
      })
      const [a, b, c] = (await linesOf(orderId)).map((line) => line.id)
      const { status, body } = await split(orderId, [[b], [c, a]])
      expect(status).toBe(200)
      childIds = (body.data as OpsOrderDetailDto).children.map((child) => child.id)
    })

    const list = (path: string, headers: Record<string, string> = { token: ada.token }) =>
      t.getJson<Envelope<Page<OrderDto>>>(`/api/mall/order/${path}?pageSize=100`, headers)

    it('answers the children in group order, each with its lines in the order’s own order', async () => {
      const [a, b, c] = (await linesOf(orderId)).map((line) => line.id)
      expect(childIds).toHaveLength(2)
      const [first, second] = childIds as [number, number]
      expect((await linesOf(first)).map((line) => line.splitFromLineId)).toEqual([b])
      expect((await linesOf(second)).map((line) => line.splitFromLineId)).toEqual([a, c])
    })

    it('shows the children in the operable list, never the split parent', async () => {
      const { body } = await list('operatorList')
      const ids = body.data.list.map((order) => order.id)
      expect(ids).toEqual(expect.arrayContaining(childIds))
      expect(ids).not.toContain(orderId)
    })

    it('shows the parent in the original list, not the children', async () => {
      const { body } = await list('list')
      const ids = body.data.list.map((order) => order.id)
      expect(ids).toContain(orderId)
      for (const child of childIds) expect(ids).not.toContain(child)
      const parent = body.data.list.find((order) => order.id === orderId)
      expect(parent?.status).toBe(OrderStatus.split)
      expect(parent?.lines).toHaveLength(3)
    })

    it('lists the children under the parent, and not for another shopper', async () => {
      const mine = await t.getJson<Envelope<OrderDto[]>>(`/api/mall/order/childList/${orderId}`, {
        token: ada.token,
      })
      expect(mine.body.data.map((order) => order.id)).toEqual(childIds)
      expect(mine.body.data.every((order) => order.parentId === orderId)).toBe(true)
      const theirs = await t.getJson<Envelope<unknown>>(`/api/mall/order/childList/${orderId}`, {
        token: ben.token,
      })
      expect(theirs.status).toBe(404)
    })

    it('writes the audit row with the children', async () => {
      const rows = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, String(orderId))))
      expect(rows.map((row) => row.action)).toEqual(['order.split'])
      expect(rows[0]?.before).toEqual({ status: OrderStatus.waitOrder })
      expect(rows[0]?.after).toMatchObject({
        status: OrderStatus.split,
        children: childIds.map((id) => ({ id })),
      })
    })

    it('refuses to refund a child whose deposit the original order’s payment paid (409), changing nothing', async () => {
      const [first] = childIds as [number]
      const before = await orderRow(first)
      expect(before.paidAmount).toBeGreaterThan(0)
      const { status, body } = await t.sendJson<Envelope<unknown>>(
        'POST',
        `/api/ops/orders/${first}/refund`,
        { reason: 'damaged' },
        operator,
      )
      expect(status).toBe(409)
      expect(body.msg).toContain(`part of split order ${orderId}`)
      expect(body.data).toEqual({ parentId: orderId, sharedPaid: before.paidAmount })
      expect(await orderRow(first)).toEqual(before)
    })

    it('hangs the children of a split child on the root order', async () => {
      const [, second] = childIds as [number, number]
      const [x, y] = (await linesOf(second)).map((line) => line.id)
      const { status, body } = await split(second, [[y], [x]])
      expect(status).toBe(200)
      expect((body.data as OpsOrderDetailDto).status).toBe(OrderStatus.split)
      const children = await childrenOf(orderId)
      expect(children.map((child) => child.id).slice(0, 2)).toEqual(childIds)
      const grandchildren = children.slice(2)
      expect(grandchildren).toHaveLength(2)
      expect((await orderRow(second)).status).toBe(OrderStatus.split)
      const operable = (await list('operatorList')).body.data.list.map((order) => order.id)
      expect(operable).not.toContain(second)
      for (const grandchild of grandchildren) expect(operable).toContain(grandchild.id)
      const original = (await list('list')).body.data.list.map((order) => order.id)
      for (const grandchild of grandchildren) expect(original).not.toContain(grandchild.id)
    })
  })

  it('refuses an order in 2 waitPay with 409 naming its status, changing nothing', async () => {
    const orderId = await placePaidOrder(t.db, {
      userId: ada.userId,
      lines: [
        { price: 1000, quantity: 1 },
        { price: 2000, quantity: 1 },
      ],
      status: OrderStatus.waitPay,
    })
    const [a, b] = (await linesOf(orderId)).map((line) => line.id)
    const { status, body } = await split(orderId, [[a], [b]])
    expect(status).toBe(409)
    expect(body.data).toEqual({ status: OrderStatus.waitPay })
    expect((await orderRow(orderId)).status).toBe(OrderStatus.waitPay)
    expect(await childrenOf(orderId)).toEqual([])
  })

  it('refuses groups that are not a partition of the order’s lines with 400 on groups', async () => {
    const orderId = await placePaidOrder(t.db, {
      userId: ada.userId,
      lines: [
        { price: 1000, quantity: 1 },
        { price: 2000, quantity: 1 },
        { price: 3000, quantity: 1 },
      ],
    })
    const other = await placePaidOrder(t.db, { userId: ada.userId, lines: [{ price: 500, quantity: 1 }] })
    const [a, b, c] = (await linesOf(orderId)).map((line) => line.id) as [number, number, number]
    const [foreign] = (await linesOf(other)).map((line) => line.id) as [number]
    const bad: unknown[] = [
      [[a], [b]], // c left out
      [
        [a, b],
        [b, c],
      ], // b twice
      [[a], [b, c, foreign]], // another order's line
      [[a, b, c]], // one group only
      [[a, b, c], []], // an empty group
      [[a], ['b']], // not ids
    ]
    for (const groups of bad) {
      const { status, body } = await split(orderId, groups)
      expect(status, JSON.stringify(groups)).toBe(400)
      expect((body.data as FieldErrors)?.fields[0]?.field).toMatch(/^groups/)
    }
    expect((await orderRow(orderId)).status).toBe(OrderStatus.waitOrder)
    expect(await childrenOf(orderId)).toEqual([])
  })

  it('is for operators only and answers 404 for an unknown order', async () => {
    const orderId = await placePaidOrder(t.db, {
      userId: ada.userId,
      lines: [
        { price: 1000, quantity: 1 },
        { price: 2000, quantity: 1 },
      ],
    })
    const [a, b] = (await linesOf(orderId)).map((line) => line.id)
    expect((await split(orderId, [[a], [b]], { token: ada.token })).status).toBe(403)
    expect((await split(orderId, [[a], [b]], {})).status).toBe(401)
    expect((await split(999_999, [[a], [b]])).status).toBe(404)
    expect((await orderRow(orderId)).status).toBe(OrderStatus.waitOrder)
  })
})

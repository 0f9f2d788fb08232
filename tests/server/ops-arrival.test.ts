import { and, asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, orderLines, orders } from '../../server/db/schema.ts'
import { shopDate } from '../../src/domain/dates.ts'
import { addDays, lateFee } from '../../src/domain/deadlines.ts'
import { OrderStatus } from '../../src/domain/order-status.ts'
import type { OpsOrderDetailDto, OpsOrderDto } from '../../src/domain/orders.ts'
import type { Page } from '../../src/domain/queries.ts'
import type { Envelope } from '../../src/domain/result-code.ts'
import { signedInAccount } from './support/catalog-fixture.ts'
import { BUSY_CHARGES, type PlacedOrderOptions, placePaidOrder } from './support/placed-order.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'
import { engines } from './support/test-database.ts'

type FieldErrors = { fields: { field: string; message: string }[] } | null

const HOUR = 3_600_000
/** The first payment paid everything: no line has a deposit. */
const NO_DEPOSIT = { ...BUSY_CHARGES, frontMoney: 1 }

describe.each(engines)('booking arrivals on %s', (engine) => {
  let t: TestApp
  let operator: Record<string, string>
  let operatorId: number
  let ada: { token: string; userId: number }
  let today: string

  beforeAll(async () => {
    t = await createTestApp(engine)
    // Noon in Tokyo, so the shop's day cannot turn while the file runs.
    const now = t.clock.now.getTime()
    const tokyoHour = (now / HOUR + 9) % 24
    t.clock.advance((((12 - tokyoHour + 24) % 24) + 24) * HOUR)
    today = shopDate(t.clock.now) as string
    const ops = await signedInAccount(t, 'ops-arrival@example.com', { kind: 'operator' })
    operator = { token: ops.token }
    operatorId = ops.userId
    ada = await signedInAccount(t, 'ada-arrival@example.com')
  })
  afterAll(async () => {
    await t?.close()
  })

  const place = (options: Partial<PlacedOrderOptions> = {}) =>
    placePaidOrder(t.db, {
      userId: ada.userId,
      lines: [
        { price: 12_800, quantity: 2, isDiscount: true },
        { price: 4_500, quantity: 1 },
      ],
      status: OrderStatus.order,
      at: t.clock.now,
      ...options,
    })

  const arrive = (orderId: number, body: unknown, headers: Record<string, string> = operator) =>
    t.sendJson<Envelope<OpsOrderDetailDto | FieldErrors>>(
      'POST',
      `/api/ops/orders/${orderId}/arrival`,
      body,
      headers,
    )

  const orderRow = async (orderId: number) => {
    const [row] = await t.db.select().from(orders).where(eq(orders.id, orderId))
    if (!row) throw new Error(`no order ${orderId}`)
    return row
  }
  const lineIdsOf = async (orderId: number) =>
    (
      await t.db
        .select({ id: orderLines.id })
        .from(orderLines)
        .where(eq(orderLines.orderId, orderId))
        .orderBy(asc(orderLines.id))
    ).map((line) => line.id)
  const auditOf = (orderId: number) =>
    t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, String(orderId))))
      .orderBy(asc(auditLog.id))

  /** The order as it was: same status, no arrival date, no audit row. */
  async function expectUnchanged(orderId: number, status: OrderStatus) {
    const row = await orderRow(orderId)
    expect(row.status).toBe(status)
    expect(row.arrivedAt).toBeNull()
    expect(await auditOf(orderId)).toEqual([])
    const children = await t.db.select().from(orders).where(eq(orders.parentId, orderId))
    expect(children).toEqual([])
  }

  const fieldOf = (body: Envelope<unknown>) => (body.data as FieldErrors)?.fields[0]?.field

  it('moves an order with a balance owed 4 → 5, with the deadlines of the domain', async () => {
    const orderId = await place()
    const before = await orderRow(orderId)
    expect(before.total - before.paidAmount).toBeGreaterThan(0)

    const { status, body } = await arrive(orderId, { arrivedAt: today })
    expect(status).toBe(200)
    const detail = body.data as OpsOrderDetailDto
    expect(detail.id).toBe(orderId)
    expect(detail.status).toBe(OrderStatus.arrival)
    expect(detail.arrivedAt).toBe(today)
    expect(detail.balanceDue).toBe(addDays(today, 30))
    expect(detail.packagingDeadline).toBe(addDays(today, 45))
    // The balance may be paid until the end of the grace window (day 45); it is forfeited the day after.
    expect(detail.forfeitAt).toBe(addDays(today, 46))
    expect(detail.deadlineState).toBe('onTime')
    expect(detail.lateFee).toBe(0)
    expect(detail.audit.map((entry) => entry.action)).toEqual(['order.arrival'])

    const row = await orderRow(orderId)
    expect(row.status).toBe(OrderStatus.arrival)
    expect(row.arrivedAt).toBe(today)
    const [audit] = await auditOf(orderId)
    expect(audit?.actorId).toBe(operatorId)
    expect(audit?.before).toEqual({ status: OrderStatus.order, arrivedAt: null })
    expect(audit?.after).toEqual({ status: OrderStatus.arrival, arrivedAt: today })
  })

  it('moves an order paid in full 4 → 6, its next deadline the packaging request', async () => {
    const orderId = await place({ charges: NO_DEPOSIT })
    const before = await orderRow(orderId)
    expect(before.paidAmount).toBe(before.total)

    const arrivedAt = addDays(today, -2)
    const { status, body } = await arrive(orderId, { arrivedAt })
    expect(status).toBe(200)
    const detail = body.data as OpsOrderDetailDto
    expect(detail.status).toBe(OrderStatus.finalPay)
    expect(detail.arrivedAt).toBe(arrivedAt)
    expect(detail.balanceDue).toBe(addDays(arrivedAt, 30))
    expect(detail.packagingDeadline).toBe(addDays(arrivedAt, 45))
    expect(detail.forfeitAt).toBe(addDays(arrivedAt, 61))
    expect(detail.deadlineState).toBe('onTime')
    expect(detail.lateFee).toBe(0)
  })

  it('allows 3 → 5 (the goods were already in the warehouse)', async () => {
    const orderId = await place({ status: OrderStatus.waitOrder })
    const { status, body } = await arrive(orderId, { arrivedAt: today })
    expect(status).toBe(200)
    expect((body.data as OpsOrderDetailDto).status).toBe(OrderStatus.arrival)
    expect((await auditOf(orderId))[0]?.before).toEqual({ status: OrderStatus.waitOrder, arrivedAt: null })
  })

  it('books a back-dated arrival: 35 days ago is overdue, with the late fee so far', async () => {
    const orderId = await place()
    const arrivedAt = addDays(today, -35)
    const { status, body } = await arrive(orderId, { arrivedAt })
    expect(status).toBe(200)
    const detail = body.data as OpsOrderDetailDto
    expect(detail.status).toBe(OrderStatus.arrival)
    expect(detail.deadlineState).toBe('overdue')
    const goods = (await orderRow(orderId)).goods
    // Five days late at 0.5 % a day: 2.5 % of the goods, rounded up once.
    expect(detail.lateFee).toBe(lateFee(goods, addDays(arrivedAt, 30), today))
    expect(detail.lateFee).toBe(Math.ceil((goods * 25) / 1000))
  })

  it('refuses a date in the future with 400 on arrivedAt, changing nothing', async () => {
    const orderId = await place()
    const { status, body } = await arrive(orderId, { arrivedAt: addDays(today, 1) })
    expect(status).toBe(400)
    expect(fieldOf(body)).toBe('arrivedAt')
    expect(body.msg).toBe('arrivedAt: must be today or earlier (shop time)')
    await expectUnchanged(orderId, OrderStatus.order)
  })

  it('refuses a date so old the goods would be forfeited at once, to the day', async () => {
    // Balance owed: the balance is due on day 30 and may be paid until day 45.
    const owing = await place()
    const tooOld = await arrive(owing, { arrivedAt: addDays(today, -46) })
    expect(tooOld.status).toBe(400)
    expect(fieldOf(tooOld.body)).toBe('arrivedAt')
    expect(tooOld.body.msg).toBe('arrivedAt: is so long ago that the goods would already be forfeited')
    await expectUnchanged(owing, OrderStatus.order)
    const lastDay = await arrive(owing, { arrivedAt: addDays(today, -45) })
    expect(lastDay.status).toBe(200)
    expect((lastDay.body.data as OpsOrderDetailDto).deadlineState).toBe('overdue')

    // Paid in full: packaging is due on day 45 and may be requested until day 60.
    const paid = await place({ charges: NO_DEPOSIT })
    expect((await arrive(paid, { arrivedAt: addDays(today, -61) })).status).toBe(400)
    await expectUnchanged(paid, OrderStatus.order)
    expect((await arrive(paid, { arrivedAt: addDays(today, -60) })).status).toBe(200)
  })

  it('refuses a date that is not a calendar date with 400 on arrivedAt', async () => {
    const orderId = await place()
    for (const arrivedAt of ['2026-02-30', 'tomorrow', '', null]) {
      const { status, body } = await arrive(orderId, { arrivedAt })
      expect(status, String(arrivedAt)).toBe(400)
      expect(fieldOf(body)).toBe('arrivedAt')
    }
    await expectUnchanged(orderId, OrderStatus.order)
  })

  it('splits off the named lines and books only their child; the rest stays ordered', async () => {
    const orderId = await place({
      lines: [
        { price: 12_800, quantity: 2, isDiscount: true },
        { price: 4_500, quantity: 1 },
        { price: 980, quantity: 3 },
      ],
    })
    const [a, b, c] = await lineIdsOf(orderId)
    const arrivedAt = addDays(today, -3)
    const { status, body } = await arrive(orderId, { arrivedAt, lineIds: [c, a] })
    expect(status).toBe(200)
    const detail = body.data as OpsOrderDetailDto
    expect(detail.parentId).toBe(orderId)
    expect(detail.status).toBe(OrderStatus.arrival)
    expect(detail.arrivedAt).toBe(arrivedAt)
    expect(detail.lines.map((line) => line.productId)).toHaveLength(2)

    const parent = await orderRow(orderId)
    expect(parent.status).toBe(OrderStatus.split)
    expect(parent.arrivedAt).toBeNull()
    const children = await t.db
      .select()
      .from(orders)
      .where(eq(orders.parentId, orderId))
      .orderBy(asc(orders.id))
    expect(children.map((child) => child.id)).toEqual([detail.id, expect.any(Number)])
    const rest = children[1]
    expect(rest?.status).toBe(OrderStatus.order)
    expect(rest?.arrivedAt).toBeNull()
    const arrivedLines = await t.db
      .select({ from: orderLines.splitFromLineId })
      .from(orderLines)
      .where(eq(orderLines.orderId, detail.id))
      .orderBy(asc(orderLines.id))
    expect(arrivedLines.map((line) => line.from)).toEqual([a, c])
    const restLines = await t.db
      .select({ from: orderLines.splitFromLineId })
      .from(orderLines)
      .where(eq(orderLines.orderId, rest?.id ?? 0))
    expect(restLines.map((line) => line.from)).toEqual([b])

    expect((await auditOf(orderId)).map((row) => row.action)).toEqual(['order.split'])
    const [arrival] = await auditOf(detail.id)
    expect(arrival?.action).toBe('order.arrival')
    expect(arrival?.after).toEqual({
      status: OrderStatus.arrival,
      arrivedAt,
      split: { orderId, children: children.map((child) => child.id) },
    })
  })

  it('books the whole order when lineIds names every line', async () => {
    const orderId = await place()
    const lineIds = await lineIdsOf(orderId)
    const { status, body } = await arrive(orderId, { arrivedAt: today, lineIds: [...lineIds].reverse() })
    expect(status).toBe(200)
    expect((body.data as OpsOrderDetailDto).id).toBe(orderId)
    expect((await orderRow(orderId)).status).toBe(OrderStatus.arrival)
    expect(await t.db.select().from(orders).where(eq(orders.parentId, orderId))).toEqual([])
  })

  it('refuses unknown, duplicate or malformed line ids with 400 on lineIds, changing nothing', async () => {
    const orderId = await place({
      lines: [
        { price: 1000, quantity: 1 },
        { price: 2000, quantity: 1 },
        { price: 3000, quantity: 1 },
      ],
    })
    const other = await place()
    const [a, b] = await lineIdsOf(orderId)
    const [foreign] = await lineIdsOf(other)
    for (const lineIds of [[a, foreign], [a, a], [b, b, a], [999_999], [], ['x'], 'all']) {
      const { status, body } = await arrive(orderId, { arrivedAt: today, lineIds })
      expect(status, JSON.stringify(lineIds)).toBe(400)
      expect(fieldOf(body), JSON.stringify(lineIds)).toMatch(/^lineIds/)
    }
    await expectUnchanged(orderId, OrderStatus.order)
  })

  it('refuses orders that are not waiting for their goods with 409 naming the status', async () => {
    const unpaid = await place({ status: OrderStatus.waitPay })
    const unpaidAnswer = await arrive(unpaid, { arrivedAt: today })
    expect(unpaidAnswer.status).toBe(409)
    expect(unpaidAnswer.body.data).toEqual({ status: OrderStatus.waitPay })
    await expectUnchanged(unpaid, OrderStatus.waitPay)

    const arrived = await place()
    expect((await arrive(arrived, { arrivedAt: today })).status).toBe(200)
    const again = await arrive(arrived, { arrivedAt: addDays(today, -1) })
    expect(again.status).toBe(409)
    expect(again.body.data).toEqual({ status: OrderStatus.arrival })
    expect((await orderRow(arrived)).arrivedAt).toBe(today)
    expect(await auditOf(arrived)).toHaveLength(1)
  })

  it('is for operators only (403 for a customer, 401 without a token) and 404 for an unknown order', async () => {
    const orderId = await place()
    expect((await arrive(orderId, { arrivedAt: today }, { token: ada.token })).status).toBe(403)
    expect((await arrive(orderId, { arrivedAt: today }, {})).status).toBe(401)
    await expectUnchanged(orderId, OrderStatus.order)
    expect((await arrive(999_999, { arrivedAt: today })).status).toBe(404)
  })

  describe('the arrivals search', () => {
    let byJan: number
    let byItem: number

    beforeAll(async () => {
      byJan = await place({
        lines: [{ price: 1000, quantity: 1 }],
        products: [{ janCode: '4901234567894', itemNo: 'ARR-JAN-1' }],
      })
      byItem = await place({
        lines: [
          { price: 1000, quantity: 1 },
          { price: 2000, quantity: 1 },
        ],
        products: [{ itemNo: 'ARR-Item-7' }, { itemNo: 'ARR-OTHER-8' }],
        status: OrderStatus.waitOrder,
      })
    })

    const search = async (query: string) => {
      const { status, body } = await t.getJson<Envelope<Page<OpsOrderDto>>>(
        `/api/ops/orders?pageSize=100&${query}`,
        operator,
      )
      expect(status).toBe(200)
      return body.data.list.map((order) => order.id)
    }

    it('finds an order by its number, a JAN code or an item number in any case', async () => {
      expect(await search(`keyword=${byJan}`)).toEqual([byJan])
      expect(await search('keyword=4901234567894')).toEqual([byJan])
      // The item number of a product with a JAN code still finds it.
      expect(await search('keyword=arr-jan-1')).toEqual([byJan])
      expect(await search('keyword=arr-item-7')).toEqual([byItem])
      expect(await search('keyword=%20ARR-OTHER-8%20')).toEqual([byItem])
      expect(await search('keyword=ARR-ITEM')).toEqual([])
      expect(await search('keyword=4901234567')).toEqual([])
    })

    it('keeps the other filters working beside the keyword', async () => {
      expect(await search(`keyword=ARR-ITEM-7&status=${OrderStatus.waitOrder}`)).toEqual([byItem])
      expect(await search(`keyword=ARR-ITEM-7&status=${OrderStatus.order}`)).toEqual([])
      expect(await search(`keyword=ARR-ITEM-7&userId=${ada.userId}`)).toEqual([byItem])
      expect(await search(`keyword=ARR-ITEM-7&orderId=${byJan}`)).toEqual([])
      // A blank keyword is no filter at all.
      expect((await search('keyword=%20')).length).toBeGreaterThan(2)
    })

    it('refuses a keyword longer than 50 characters with 400 on keyword', async () => {
      const { status, body } = await t.getJson<Envelope<FieldErrors>>(
        `/api/ops/orders?keyword=${'x'.repeat(51)}`,
        operator,
      )
      expect(status).toBe(400)
      expect(body.data?.fields[0]?.field).toBe('keyword')
    })
  })
})

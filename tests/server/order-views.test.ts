import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../server/db/client.ts'
import { orderLines, orders, payments } from '../../server/db/schema.ts'
import { shopDate } from '../../src/domain/dates.ts'
import { addDays } from '../../src/domain/deadlines.ts'
import type { MediaImageDto } from '../../src/domain/media.ts'
import type { OrderDetailDto, OrderDto, SettleDetailsDto } from '../../src/domain/orders.ts'
import type { Page } from '../../src/domain/queries.ts'
import type { Envelope } from '../../src/domain/result-code.ts'
import { insertProducts, productRow, signedInAccount } from './support/catalog-fixture.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'
import { engines } from './support/test-database.ts'

interface FixtureLine {
  productId: number
  unitPrice: number
  quantity: number
}

/**
 * An order straight into the database (createOrder is another part's): each line's deposit is half its
 * goods rounded up, no fees, so deposit + balance = total as the table's check requires.
 */
async function insertOrder(
  db: Db,
  order: {
    userId: number
    status: number
    createdAt: string
    parentId?: number
    arrivedAt?: string
    pointsHeld?: number
    address?: Record<string, unknown>
    lines: FixtureLine[]
  },
): Promise<number> {
  const lines = order.lines.map((line) => {
    const goods = line.unitPrice * line.quantity
    const deposit = Math.ceil(goods / 2)
    return { ...line, goods, deposit, balance: goods - deposit }
  })
  const sum = (pick: (line: (typeof lines)[number]) => number) => lines.reduce((s, l) => s + pick(l), 0)
  const createdAt = new Date(order.createdAt)
  const [row] = await db
    .insert(orders)
    .values({
      userId: order.userId,
      parentId: order.parentId ?? null,
      status: order.status,
      goods: sum((l) => l.goods),
      platformFee: 0,
      settlementFee: 0,
      deposit: sum((l) => l.deposit),
      balance: sum((l) => l.balance),
      total: sum((l) => l.goods),
      pointsHeld: order.pointsHeld ?? 0,
      address: order.address ?? null,
      payDueAt: new Date(createdAt.getTime() + 30 * 60_000),
      arrivedAt: order.arrivedAt ?? null,
      createdAt,
      updatedAt: createdAt,
    })
    .returning({ id: orders.id })
  if (!row) throw new Error('order insert failed')
  if (lines.length > 0) {
    await db.insert(orderLines).values(
      lines.map((line) => ({
        orderId: row.id,
        productId: line.productId,
        productName: `商品${line.productId}`,
        jpProductName: `商品JP${line.productId}`,
        enProductName: `Product ${line.productId}`,
        barcode: `49000000${line.productId}`,
        productType: 1,
        basePrice: line.unitPrice,
        unitPrice: line.unitPrice,
        quantity: line.quantity,
        goods: line.goods,
        platformFee: 0,
        settlementFee: 0,
        deposit: line.deposit,
        balance: line.balance,
        total: line.goods,
      })),
    )
  }
  return row.id
}

const jst = (dateTime: string) => `${dateTime}+09:00`

describe.each(engines)('the shopper’s order views on %s', (engine) => {
  let t: TestApp
  let ada: Record<string, string>
  let ben: Record<string, string>
  let operator: Record<string, string>
  let productA: number
  let productB: number
  const ids = {} as Record<
    'waitPay' | 'cancelled' | 'forfeited' | 'parent' | 'arrived' | 'ordered' | 'processing' | 'bens',
    number
  >
  let today: string
  let arrivedAt: string

  const get = <T>(path: string, headers = ada) => t.getJson<Envelope<T>>(`/api${path}`, headers)
  const idsOf = (page: Page<OrderDto>) => page.list.map((order) => order.id)

  /** Product A's uploaded cover, which its order lines carry for the page's srcset. */
  const aCover: MediaImageDto = {
    id: 41,
    width: 800,
    height: 800,
    placeholder: 'data:image/webp;base64,AA',
    variants: [{ width: 320, format: 'avif', url: '/media/m/a-cover-320.avif' }],
  }

  beforeAll(async () => {
    t = await createTestApp(engine)
    const products = await insertProducts(t.db, [
      productRow({ imgList: ['/media/a-cover.jpg', '/media/a-side.jpg'], images: [aCover] }),
      productRow({ imgList: [] }),
    ])
    productA = products[0]?.id ?? 0
    productB = products[1]?.id ?? 0
    const adaAccount = await signedInAccount(t, 'ada-orders@example.com')
    const benAccount = await signedInAccount(t, 'ben-orders@example.com')
    const opsAccount = await signedInAccount(t, 'ops-orders@example.com', { kind: 'operator' })
    ada = { token: adaAccount.token }
    ben = { token: benAccount.token }
    operator = { token: opsAccount.token }
    today = shopDate(t.clock.now) ?? ''
    // Arrived 32 days ago: the balance was due 2 days ago.
    arrivedAt = addDays(today, -32)

    const line = (unitPrice: number, quantity = 1) => [{ productId: productA, unitPrice, quantity }]
    const userId = adaAccount.userId
    // The edges of the date filter: the first and the last second of a shop day.
    ids.waitPay = await insertOrder(t.db, {
      userId,
      status: 2,
      createdAt: jst('2026-03-01T23:59:59'),
      pointsHeld: 300,
      lines: [
        { productId: productA, unitPrice: 1000, quantity: 2 },
        { productId: productB, unitPrice: 500, quantity: 1 },
      ],
    })
    ids.cancelled = await insertOrder(t.db, {
      userId,
      status: 1,
      createdAt: jst('2026-03-02T00:00:00'),
      lines: line(800),
    })
    ids.forfeited = await insertOrder(t.db, {
      userId,
      status: 15,
      createdAt: jst('2026-03-03T23:59:59'),
      lines: line(900),
    })
    ids.parent = await insertOrder(t.db, {
      userId,
      status: 0,
      createdAt: jst('2026-03-04T00:00:00'),
      lines: [
        { productId: productA, unitPrice: 10_000, quantity: 1 },
        { productId: productB, unitPrice: 3000, quantity: 1 },
      ],
    })
    ids.arrived = await insertOrder(t.db, {
      userId,
      status: 5,
      parentId: ids.parent,
      arrivedAt,
      createdAt: jst('2026-03-05T10:00:00'),
      lines: line(10_000),
    })
    ids.ordered = await insertOrder(t.db, {
      userId,
      status: 4,
      parentId: ids.parent,
      createdAt: jst('2026-03-05T10:00:00'),
      lines: [{ productId: productB, unitPrice: 3000, quantity: 1 }],
    })
    ids.processing = await insertOrder(t.db, {
      userId,
      status: 3,
      createdAt: jst('2026-03-06T09:00:00'),
      address: {
        firstName: '太郎',
        lastName: '山田',
        country: '中国香港',
        postCode: '999077',
        acquiescent: 1,
      },
      lines: line(1200, 3),
    })
    ids.bens = await insertOrder(t.db, {
      userId: benAccount.userId,
      status: 2,
      createdAt: jst('2026-03-03T12:00:00'),
      lines: line(700),
    })
    const paymentRow = (
      id: string,
      target: number[],
      purpose: 'deposit' | 'shipping',
      status: number,
      at: string,
    ) => ({
      id,
      userId,
      purpose,
      target,
      route: 'card' as const,
      method: 1,
      gateway: 'sandbox',
      amount: 1000,
      pointsUsed: 0,
      status,
      createdAt: new Date(at),
      settledAt: status === 2 ? new Date(at) : null,
    })
    await t.db.insert(payments).values([
      paymentRow('pay_declined', [ids.processing], 'deposit', 4, jst('2026-03-06T09:05:00')),
      paymentRow('pay_paid', [ids.processing], 'deposit', 2, jst('2026-03-06T09:10:00')),
      paymentRow('pay_other_order', [ids.waitPay], 'deposit', 1, jst('2026-03-06T09:10:00')),
      // A shipping payment targets packages, whose ids may equal an order's: not the order's payment.
      paymentRow('pay_shipping', [ids.processing], 'shipping', 2, jst('2026-03-06T09:20:00')),
    ])
  })

  afterAll(async () => {
    await t?.close()
  })

  describe('the two lists', () => {
    it('lists the original orders as placed, newest first: split parents and orders never split', async () => {
      const { status, body } = await get<Page<OrderDto>>('/mall/order/list')
      expect(status).toBe(200)
      expect(idsOf(body.data)).toEqual([
        ids.processing,
        ids.parent,
        ids.forfeited,
        ids.cancelled,
        ids.waitPay,
      ])
      expect(body.data).toMatchObject({ total: 5, pageNum: 1, pageSize: 30 })
    })

    it('lists the operable orders: children and orders never split, never the split parent', async () => {
      const { body } = await get<Page<OrderDto>>('/mall/order/operatorList')
      // The two children share their creation time: the later id comes first.
      expect(idsOf(body.data)).toEqual([
        ids.processing,
        ids.ordered,
        ids.arrived,
        ids.forfeited,
        ids.cancelled,
        ids.waitPay,
      ])
      expect(body.data.list.find((order) => order.id === ids.arrived)?.parentId).toBe(ids.parent)
    })

    it('finds cancelled and forfeited orders under "cancelled" (1), and only forfeited ones under 15', async () => {
      const cancelled = await get<Page<OrderDto>>('/mall/order/list?status=1')
      expect(idsOf(cancelled.body.data)).toEqual([ids.forfeited, ids.cancelled])
      const forfeited = await get<Page<OrderDto>>('/mall/order/operatorList?status=15')
      expect(idsOf(forfeited.body.data)).toEqual([ids.forfeited])
      const arrived = await get<Page<OrderDto>>('/mall/order/operatorList?status=5')
      expect(idsOf(arrived.body.data)).toEqual([ids.arrived])
    })

    it('takes both dates inclusively, as whole days in Tokyo time', async () => {
      const { body } = await get<Page<OrderDto>>('/mall/order/list?startDate=2026-03-02&endDate=2026-03-03')
      expect(idsOf(body.data)).toEqual([ids.forfeited, ids.cancelled])
      const oneDay = await get<Page<OrderDto>>('/mall/order/list?startDate=2026-03-01&endDate=2026-03-01')
      expect(idsOf(oneDay.body.data)).toEqual([ids.waitPay])
      const from = await get<Page<OrderDto>>('/mall/order/operatorList?startDate=2026-03-05')
      expect(idsOf(from.body.data)).toEqual([ids.processing, ids.ordered, ids.arrived])
    })

    it('finds one order by its number', async () => {
      const { body } = await get<Page<OrderDto>>(`/mall/order/list?orderId=${ids.cancelled}`)
      expect(idsOf(body.data)).toEqual([ids.cancelled])
      expect(body.data.total).toBe(1)
    })

    it('pages the list and counts every match', async () => {
      const { body } = await get<Page<OrderDto>>('/mall/order/list?pageNum=2&pageSize=2')
      expect(body.data).toMatchObject({ total: 5, pageNum: 2, pageSize: 2 })
      expect(idsOf(body.data)).toEqual([ids.forfeited, ids.cancelled])
      const past = await get<Page<OrderDto>>('/mall/order/list?pageNum=4&pageSize=2')
      expect(past.body.data).toMatchObject({ list: [], total: 5 })
    })

    it('never lists another shopper’s orders', async () => {
      const adas = await get<Page<OrderDto>>('/mall/order/operatorList?pageSize=100')
      expect(idsOf(adas.body.data)).not.toContain(ids.bens)
      const bens = await get<Page<OrderDto>>('/mall/order/list', ben)
      expect(idsOf(bens.body.data)).toEqual([ids.bens])
      const byNumber = await get<Page<OrderDto>>(`/mall/order/list?orderId=${ids.bens}`)
      expect(byNumber.body.data).toMatchObject({ list: [], total: 0 })
    })

    it('refuses a bad query with 400 naming the field, for either list', async () => {
      const cases: [string, string][] = [
        ['/mall/order/list?status=13', 'status: must be one of the order status codes'],
        [
          '/mall/order/operatorList?startDate=2026-02-30',
          'startDate: must be a real date written YYYY-MM-DD',
        ],
        [
          '/mall/order/list?startDate=2026-03-05&endDate=2026-03-04',
          'endDate: must not be before the start date',
        ],
        ['/mall/order/list?pageSize=101', 'pageSize: must be a whole number from 1 to 100'],
        ['/mall/order/operatorList?orderId=abc', 'orderId: must be a whole number from 1 to 999999999'],
      ]
      for (const [path, msg] of cases) {
        const { status, body } = await get<null>(path)
        expect({ path, status, code: body.code, msg: body.msg }).toEqual({
          path,
          status: 400,
          code: 400,
          msg,
        })
      }
    })

    it('lists a split parent’s children, and a 404 for another shopper’s order', async () => {
      const { body } = await get<OrderDto[]>(`/mall/order/childList/${ids.parent}`)
      expect(body.data.map((order) => order.id)).toEqual([ids.arrived, ids.ordered])
      const never = await get<OrderDto[]>(`/mall/order/childList/${ids.waitPay}`)
      expect(never.body.data).toEqual([])
      const others = await get<null>(`/mall/order/childList/${ids.bens}`)
      expect(others.status).toBe(404)
      expect(others.body.code).toBe(404)
    })

    it('is for signed-in customers only', async () => {
      expect((await t.getJson<Envelope<null>>('/api/mall/order/list')).status).toBe(401)
      const asOperator = await get<null>('/mall/order/operatorList', operator)
      expect(asOperator.status).toBe(403)
      expect((await get<null>(`/mall/order/${ids.waitPay}`, operator)).status).toBe(403)
    })
  })

  describe('an order', () => {
    it('shows its amounts and frozen lines, with the product’s first image', async () => {
      const { status, body } = await get<OrderDetailDto>(`/mall/order/${ids.waitPay}`)
      expect(status).toBe(200)
      const order = body.data
      expect(order).toMatchObject({
        id: ids.waitPay,
        parentId: null,
        status: 2,
        createTime: '2026-03-01T14:59:59.000Z',
        // The payment window closes 30 minutes after the order.
        payDueTime: '2026-03-01T15:29:59.000Z',
        goods: 2500,
        deposit: 1250,
        balance: 1250,
        total: 2500,
        pointsHeld: 300,
        paidAmount: 0,
        refundAmount: 0,
        arrivedAt: null,
        balanceDue: null,
        packagingDeadline: null,
        forfeitAt: null,
        lateFee: 0,
        deadlineState: null,
        children: [],
        address: null,
      })
      expect(order.lines).toEqual([
        expect.objectContaining({
          productId: productA,
          productName: `商品${productA}`,
          jpProductName: `商品JP${productA}`,
          enProductName: `Product ${productA}`,
          imgUrl: '/media/a-cover.jpg',
          image: aCover,
          unitPrice: 1000,
          quantity: 2,
          total: 2000,
          deposit: 1000,
        }),
        expect.objectContaining({ productId: productB, imgUrl: null, total: 500, deposit: 250 }),
      ])
      // a product with no upload: its line has the plain URL alone
      expect(order.lines[1]).not.toHaveProperty('image')
    })

    it('lists every deposit or balance payment of the order, oldest first, and its address', async () => {
      const { body } = await get<OrderDetailDto>(`/mall/order/${ids.processing}`)
      expect(body.data.payments.map((payment) => [payment.id, payment.status])).toEqual([
        ['pay_declined', 4],
        ['pay_paid', 2],
      ])
      expect(body.data.payments[1]).toMatchObject({
        purpose: 'deposit',
        route: 'card',
        method: 1,
        gateway: 'sandbox',
        amount: 1000,
        pointsUsed: 0,
        settleTime: '2026-03-06T00:10:00.000Z',
        refundTime: null,
      })
      expect(body.data.address).toEqual({
        firstName: '太郎',
        lastName: '山田',
        country: '中国香港',
        postCode: '999077',
        acquiescent: 1,
      })
    })

    it('shows a split parent with its children', async () => {
      const { body } = await get<OrderDetailDto>(`/mall/order/${ids.parent}`)
      expect(body.data.status).toBe(0)
      expect(body.data.children.map((child) => [child.id, child.status])).toEqual([
        [ids.arrived, 5],
        [ids.ordered, 4],
      ])
      // Each child's lines, not the parent's.
      expect(body.data.children[0]?.lines.map((line) => line.total)).toEqual([10_000])
    })

    it('shows an arrived order’s deadlines: balance due 30 days after arrival, late fee since', async () => {
      const { body } = await get<OrderDetailDto>(`/mall/order/${ids.arrived}`)
      const balanceDue = addDays(arrivedAt, 30)
      expect(body.data).toMatchObject({
        arrivedAt,
        balanceDue,
        payDueTime: balanceDue,
        packagingDeadline: addDays(arrivedAt, 45),
        // 15 days' grace after the balance's due date; forfeited the day after.
        forfeitAt: addDays(arrivedAt, 46),
        // Two days late: 0.5 % of ¥10,000 a day.
        lateFee: 100,
        deadlineState: 'overdue',
      })
    })

    it('answers 404 for another shopper’s order, and for what is not an order number', async () => {
      for (const path of [`/mall/order/${ids.bens}`, '/mall/order/999999', '/mall/order/abc']) {
        const { status, body } = await get<null>(path)
        expect({ path, status, code: body.code }).toEqual({ path, status: 404, code: 404 })
      }
    })
  })

  describe('the settlement of a first payment', () => {
    it('charges the deposit less the held points, while payments are open, in test mode', async () => {
      const { status, body } = await get<SettleDetailsDto>(`/mall/order/settleDetails/${ids.waitPay}`)
      expect(status).toBe(200)
      expect(body.data).toMatchObject({
        amountDue: 1250,
        pointsUsed: 300,
        payable: 950,
        payOpen: true,
        payMessage: null,
        testMode: true,
      })
      expect(body.data.order.id).toBe(ids.waitPay)
    })

    it('refuses an order that is not awaiting payment with 409, and another shopper’s with 404', async () => {
      const paid = await get<{ status: number }>(`/mall/order/settleDetails/${ids.processing}`)
      expect(paid.status).toBe(409)
      expect(paid.body.data).toEqual({ status: 3 })
      const others = await get<null>(`/mall/order/settleDetails/${ids.bens}`)
      expect(others.status).toBe(404)
    })
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../server/db/client.ts'
import type { Envelope } from '../../src/domain/result-code.ts'
import { insertProducts, productRow, signedInAccount } from '../server/support/catalog-fixture.ts'
import { insertAddress, orderPay, pressSandbox } from '../server/support/order-fixture.ts'
import { createTestApp, type TestApp } from '../server/support/test-app.ts'
import { engines } from '../server/support/test-database.ts'
import { checkInvariants, describeBroken, type InvariantReport } from './invariants.ts'

/**
 * Each invariant holds after a clean flow (an order placed over HTTP and its deposit paid through the
 * sandbox's signed webhook, another order cancelled), and each one reports a row corrupted the way it
 * guards against. Every corruption runs in a transaction that is rolled back, so the cases share one
 * clean database per engine.
 */
const STARTING_STOCK = 5

interface Flow {
  userId: number
  productId: number
  /** The paid order (3 waitOrder) and its settled deposit payment. */
  paidOrderId: number
  paymentId: string
  /** The order the shopper cancelled (1 cancel1), its stock given back. */
  cancelledOrderId: number
}

const run = async (db: Db, text: string) => {
  await db.execute(text)
}

class Rollback extends Error {}

/** Corrupts inside a transaction, checks there, and rolls the corruption back. */
async function reportAfter(
  db: Db,
  corrupt: (tx: Db, flow: Flow) => Promise<void>,
  flow: Flow,
  startingStock?: Map<number, number>,
): Promise<InvariantReport> {
  let report: InvariantReport | undefined
  await db
    .transaction(async (tx) => {
      await corrupt(tx, flow)
      report = await checkInvariants(tx, { startingStock })
      throw new Rollback()
    })
    .catch((error: unknown) => {
      if (!(error instanceof Rollback)) throw error
    })
  if (!report) throw new Error('no report')
  return report
}

const OPEN_PAYMENT = (id: string, flow: Flow, target: string, purpose = 'deposit') =>
  `insert into payments (id, user_id, purpose, target, route, method, gateway, amount, status)
   values ('${id}', ${flow.userId}, '${purpose}', '${target}'::jsonb, 'card', 1, 'sandbox', 100, 1)`

/** [the broken invariant's name contains…, how to break it]. */
const CORRUPTIONS: [string, (tx: Db, flow: Flow) => Promise<void>][] = [
  [
    'paid twice',
    (tx, f) =>
      run(
        tx,
        `insert into payments (id, user_id, purpose, target, route, method, gateway, amount, status, settled_at)
         select 'pay_twice', user_id, purpose, target, route, method, gateway, amount, 2, now()
         from payments where id = '${f.paymentId}'`,
      ),
  ],
  [
    'extra fee was paid twice',
    async (tx, f) => {
      await run(
        tx,
        `insert into extra_fees (id, user_id, type, status, amount, order_id, payment_id)
         values (900001, ${f.userId}, 3, 2, 100, ${f.paidOrderId}, '${f.paymentId}')`,
      )
      await run(
        tx,
        `insert into payments (id, user_id, purpose, target, route, method, gateway, amount, status, settled_at)
         values ('pay_fee_again', ${f.userId}, 'extra', '[900001]'::jsonb, 'card', 1, 'sandbox', 100, 2, now())`,
      )
    },
  ],
  [
    'recorded twice',
    async (tx) => {
      await run(tx, 'alter table webhook_events drop constraint webhook_events_gateway_event_id_pk')
      await run(
        tx,
        `insert into webhook_events (gateway, event_id, payment_id, kind)
         select gateway, event_id, payment_id, kind from webhook_events`,
      )
    },
  ],
  [
    'webhook event names a payment that does not exist',
    (tx) =>
      run(
        tx,
        `insert into webhook_events (gateway, event_id, payment_id, kind) values ('sandbox', 'evt_lost', 'pay_gone', 'succeeded')`,
      ),
  ],
  [
    'status disagrees with its times',
    (tx, f) => run(tx, `update payments set settled_at = null where id = '${f.paymentId}'`),
  ],
  [
    'paid_amount differs',
    (tx, f) => run(tx, `update orders set paid_amount = paid_amount + 1 where id = ${f.paidOrderId}`),
  ],
  [
    'split order family',
    async (tx, f) => {
      await run(
        tx,
        `insert into orders (user_id, parent_id, status, goods, platform_fee, settlement_fee, deposit, balance, total, paid_amount, pay_due_at)
         select user_id, id, 3, goods, platform_fee, settlement_fee, deposit, balance, total, paid_amount + 500, pay_due_at
         from orders where id = ${f.paidOrderId}`,
      )
      await run(tx, `update orders set status = 0 where id = ${f.paidOrderId}`)
    },
  ],
  [
    'refund_amount differs',
    (tx, f) => run(tx, `update orders set refund_amount = 100 where id = ${f.paidOrderId}`),
  ],
  [
    'an order has no lines',
    (tx, f) =>
      run(
        tx,
        `insert into orders (user_id, status, goods, platform_fee, settlement_fee, deposit, balance, total, pay_due_at)
         values (${f.userId}, 2, 0, 0, 0, 0, 0, 0, now())`,
      ),
  ],
  [
    'not the sums of its lines',
    (tx, f) =>
      run(
        tx,
        `update order_lines set balance = balance + 1, total = total + 1 where order_id = ${f.paidOrderId}`,
      ),
  ],
  [
    'outside 0…its quantity',
    (tx, f) =>
      run(tx, `update order_lines set stock_reserved = quantity + 1 where order_id = ${f.paidOrderId}`),
  ],
  [
    'cancelled (1) order still holds stock',
    (tx, f) => run(tx, `update order_lines set stock_reserved = 1 where order_id = ${f.cancelledOrderId}`),
  ],
  [
    'in-stock type',
    (tx, f) => run(tx, `update order_lines set stock_reserved = 0 where order_id = ${f.paidOrderId}`),
  ],
  ['points balance differs', (tx, f) => run(tx, `update users set score = score + 5 where id = ${f.userId}`)],
  [
    'running sum',
    async (tx, f) => {
      await run(
        tx,
        `insert into points_ledger (user_id, delta, reason, balance_after) values (${f.userId}, 7, 'adjust', 9999)`,
      )
      await run(tx, `update users set score = score + 7 where id = ${f.userId}`)
    },
  ],
  ['payment has no target', (tx, f) => run(tx, OPEN_PAYMENT('pay_untargeted', f, '[]'))],
  [
    'targets an order, package or extra fee that does not exist',
    (tx, f) => run(tx, OPEN_PAYMENT('pay_nowhere', f, '[999999]', 'shipping')),
  ],
  [
    'ledger row names a payment',
    (tx, f) => run(tx, `update points_ledger set payment_id = 'pay_gone' where user_id = ${f.userId}`),
  ],
  [
    'extra fee names a payment or a related order',
    (tx, f) =>
      run(
        tx,
        `insert into extra_fees (user_id, type, status, amount, order_ids) values (${f.userId}, 2, 1, 100, '[999999]'::jsonb)`,
      ),
  ],
  [
    'marked paid (2) by a payment that is not settled',
    async (tx, f) => {
      await run(tx, OPEN_PAYMENT('pay_open_fee', f, '[]', 'extra'))
      await run(
        tx,
        `insert into extra_fees (user_id, type, status, amount, payment_id) values (${f.userId}, 2, 2, 100, 'pay_open_fee')`,
      )
    },
  ],
  [
    'package names a shipping payment',
    async (tx, f) => {
      await run(
        tx,
        `insert into package_applies (user_id, status, address) values (${f.userId}, 3, '{}'::jsonb)`,
      )
      await run(
        tx,
        `insert into packages (apply_id, user_id, package_no, status, weight_g, length_mm, width_mm, height_mm,
                               billed_weight_g, amount, packed_at, packed_on, payment_id)
         select max(id), ${f.userId}, 'PK-LOST', 4, 100, 10, 10, 10, 100, 0, now(), current_date, 'pay_gone'
         from package_applies`,
      )
    },
  ],
]

describe.each(engines)('the shared invariants on %s', (engine) => {
  let t: TestApp
  let flow: Flow

  beforeAll(async () => {
    t = await createTestApp(engine, { listen: true })
    const shopper = await signedInAccount(t, 'shopper@invariants.test')
    const { addressId } = await insertAddress(t.db, shopper.userId)
    const [product] = await insertProducts(t.db, [
      productRow({ type: 2, stock: STARTING_STOCK, cnAlonePrice: 4000, isFront: true }),
    ])
    if (!product) throw new Error('no product')
    const headers = { token: shopper.token }
    const placeOrder = async (amount: number): Promise<number> => {
      const added = await t.sendJson<Envelope<{ cartId: number } | null>>(
        'POST',
        '/api/mall/cart/addToCart',
        { productId: product.id, productAmount: amount, productType: 2 },
        headers,
      )
      const cartId = added.body.data?.cartId
      if (!cartId) throw new Error(`addToCart refused: ${added.body.msg}`)
      const created = await t.sendJson<Envelope<{ id: number } | null>>(
        'POST',
        '/api/mall/order/createOrder',
        { cartLineIds: [cartId] },
        headers,
      )
      const orderId = created.body.data?.id
      if (!orderId) throw new Error(`createOrder refused: ${created.body.msg}`)
      return orderId
    }
    const paidOrderId = await placeOrder(2)
    const paid = await orderPay(t, shopper.token, { orderId: paidOrderId, addressId })
    const paymentId = paid.body.data?.paymentId
    if (!paymentId) throw new Error(`orderPay refused: ${paid.body.msg}`)
    expect((await pressSandbox(t, paymentId, 'paid')).status).toBe(303)
    const cancelledOrderId = await placeOrder(1)
    const cancelled = await t.sendJson<Envelope<unknown>>(
      'POST',
      `/api/mall/order/cancel/${cancelledOrderId}`,
      undefined,
      headers,
    )
    expect(cancelled.body.code).toBe(200)
    flow = { userId: shopper.userId, productId: product.id, paidOrderId, paymentId, cancelledOrderId }
  })
  afterAll(() => t.close())

  it('hold after an order paid through the sandbox and another cancelled', async () => {
    const rows = (await t.db.execute(
      `select o.status, o.paid_amount, p.status as payment_status, u.score
       from orders o, payments p, users u
       where o.id = ${flow.paidOrderId} and p.id = '${flow.paymentId}' and u.id = ${flow.userId}`,
    )) as unknown as {
      rows: { status: number; paid_amount: number; payment_status: number; score: number }[]
    }
    // the flow did what it should before the invariants are asked about it
    expect(rows.rows[0]).toMatchObject({ status: 3, payment_status: 2 })
    expect(Number(rows.rows[0]?.paid_amount)).toBeGreaterThan(0)
    expect(Number(rows.rows[0]?.score)).toBeGreaterThan(0)
    const report = await checkInvariants(t.db, { startingStock: new Map([[flow.productId, STARTING_STOCK]]) })
    expect(describeBroken(report)).toBe('')
    expect(report.broken).toEqual([])
    expect(report.checked).toBeGreaterThanOrEqual(20)
  })

  it.each(CORRUPTIONS)('report “%s” when a row breaks it', async (fragment, corrupt) => {
    const report = await reportAfter(t.db, corrupt, flow)
    const hit = report.broken.find((result) => result.name.includes(fragment))
    expect(hit, `no broken invariant names “${fragment}”:\n${describeBroken(report)}`).toBeDefined()
    expect(hit?.violations.length).toBeGreaterThan(0)
  })

  it('report stock that does not add up to the starting stock', async () => {
    const clean = await reportAfter(t.db, async () => {}, flow, new Map([[flow.productId, STARTING_STOCK]]))
    expect(clean.broken).toEqual([])
    const report = await reportAfter(
      t.db,
      (tx, f) => run(tx, `update products set stock = stock - 1 where id = ${f.productId}`),
      flow,
      new Map([[flow.productId, STARTING_STOCK]]),
    )
    expect(report.broken.map((result) => result.name)).toEqual([
      expect.stringContaining('starting stock (units lost or sold twice)'),
    ])
  })
})

import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { payments } from '../../server/db/schema.ts'
import { readPayLatch, writePayLatch } from '../../server/services/payments/pay-latch.ts'
import type { PayLatchDto } from '../../src/domain/payments.ts'
import type { Envelope } from '../../src/domain/result-code.ts'
import { signedInAccount } from './support/catalog-fixture.ts'
import { insertAddress, insertWaitPayOrder, orderPay } from './support/order-fixture.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'
import { engines } from './support/test-database.ts'

describe.each(engines)('the pay latch on %s', (engine) => {
  let t: TestApp

  beforeAll(async () => {
    t = await createTestApp(engine)
  })
  afterAll(() => t.close())

  const latch = () => t.getJson<Envelope<PayLatchDto>>('/api/mall/pay/latch')

  it('is open on a new shop, for anyone to read', async () => {
    const { status, body } = await latch()
    expect(status).toBe(200)
    expect(body.data).toEqual({ open: true, message: null })
  })

  it('closed, refuses every pay call and creates nothing; reopened, payments work again', async () => {
    const account = await signedInAccount(t, 'latch@pay.test')
    const { addressId } = await insertAddress(t.db, account.userId)
    const { orderId } = await insertWaitPayOrder(t.db, { userId: account.userId })
    await t.db.transaction((tx) =>
      writePayLatch(tx, { open: false, message: 'Maintenance until 03:00' }, t.clock.now),
    )
    expect((await latch()).body.data).toEqual({ open: false, message: 'Maintenance until 03:00' })

    for (const route of ['card', 'sbps', 'paypal'] as const) {
      const { status, body } = await orderPay(t, account.token, {
        route,
        orderId,
        addressId,
        key: `closed-${route}`,
      })
      expect(status).toBe(409)
      expect(body.msg).toBe('Payment is currently unavailable')
      expect(body.data).toEqual({ message: 'Maintenance until 03:00' })
    }
    const created = await t.db
      .select()
      .from(payments)
      .where(sql`${payments.target} @> ${JSON.stringify([orderId])}::jsonb`)
    expect(created).toEqual([])

    expect(await t.db.transaction((tx) => writePayLatch(tx, { open: true }))).toEqual({
      open: true,
      message: null,
    })
    expect(await readPayLatch(t.db)).toEqual({ open: true, message: null })
    // The refused key was not spent: the same attempt now goes through.
    const { status } = await orderPay(t, account.token, { orderId, addressId, key: 'closed-card' })
    expect(status).toBe(200)
  })
})

import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orders, webhookEvents } from '../../server/db/schema.ts'
import { sandboxKey, signSandboxPayload } from '../../server/services/payments/sandbox.ts'
import { OrderStatus } from '../../src/domain/order-status.ts'
import { PaymentStatus } from '../../src/domain/payment-status.ts'
import type { PayStatusDto } from '../../src/domain/payments.ts'
import type { Envelope } from '../../src/domain/result-code.ts'
import { signedInAccount } from './support/catalog-fixture.ts'
import { effectsOf, insertAddress, insertWaitPayOrder, orderPay } from './support/order-fixture.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'
import { engines } from './support/test-database.ts'

type Kind = 'succeeded' | 'failed' | 'cancelled' | 'pending'

interface EventFields {
  id: string
  kind: Kind
  paymentId: string
  amount: number
  currency?: string
  failure?: string | null
  /** The provider's attempt; the payment's own unless said. */
  providerRef?: string
}

/** The provider reference each payment got from the sandbox's begin. */
const refs = new Map<string, string | null>()

const bodyOf = (event: EventFields, created: number) =>
  JSON.stringify({
    id: event.id,
    type: `payment.${event.kind}`,
    created,
    data: {
      paymentId: event.paymentId,
      amount: event.amount,
      currency: event.currency ?? 'JPY',
      providerRef: event.providerRef ?? refs.get(event.paymentId) ?? null,
      failure: event.failure ?? null,
    },
  })

describe.each(engines)('payment webhooks on %s', (engine) => {
  let t: TestApp
  let shopper: { token: string; userId: number; addressId: number }
  let counter = 0
  const eventId = () => `evt_test${++counter}`

  /** Signs like the sandbox (or, with `signature`, not) and delivers to the webhook endpoint. */
  async function deliver(body: string, options: { signature?: string; at?: Date; gateway?: string } = {}) {
    const key = await sandboxKey(t.db)
    const at = Math.floor((options.at ?? t.clock.now).getTime() / 1000)
    const signature = options.signature ?? signSandboxPayload(key, at, new TextEncoder().encode(body))
    const response = await t.app.request(`/api/pay/webhook/${options.gateway ?? 'sandbox'}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'Yoyaku-Signature': signature },
      body,
    })
    return {
      status: response.status,
      body: (await response.json()) as Envelope<{ duplicate: boolean } | null>,
    }
  }
  const send = (event: EventFields) => deliver(bodyOf(event, Math.floor(t.clock.now.getTime() / 1000)))

  async function startPayment(deposit = 5000) {
    const { orderId } = await insertWaitPayOrder(t.db, { userId: shopper.userId, deposit })
    const { body } = await orderPay(t, shopper.token, { orderId, addressId: shopper.addressId })
    if (!body.data) throw new Error(body.msg)
    const { paymentId } = body.data
    refs.set(paymentId, (await effectsOf(t.db, paymentId)).payment.providerRef)
    return { orderId, paymentId, amount: deposit }
  }

  const inboxOf = (paymentId: string) =>
    t.db.select().from(webhookEvents).where(eq(webhookEvents.paymentId, paymentId))

  beforeAll(async () => {
    t = await createTestApp(engine)
    const account = await signedInAccount(t, 'hooks@pay.test')
    shopper = { ...account, ...(await insertAddress(t.db, account.userId)) }
  })
  afterAll(() => t.close())

  it('applies every event once however often and in whatever order it arrives', async () => {
    const { paymentId, amount } = await startPayment(5000)
    const events: EventFields[] = [
      { id: eventId(), kind: 'pending', paymentId, amount },
      { id: eventId(), kind: 'succeeded', paymentId, amount },
      // an earlier attempt of this payment at the provider, declined, reported late
      {
        id: eventId(),
        kind: 'failed',
        paymentId,
        amount,
        failure: 'card_declined',
        providerRef: 'sbx_older',
      },
    ]
    // Each event three times, all at once, the stale failure and pending interleaved with the success.
    const deliveries = [...events, ...events.reverse(), ...events]
    const answers = await Promise.all(deliveries.map(send))
    expect(answers.map((a) => a.status)).toEqual(deliveries.map(() => 200))
    expect(answers.filter((a) => a.body.data?.duplicate === false)).toHaveLength(3)

    const { payment, order, earnRows, pointsEarned } = await effectsOf(t.db, paymentId)
    const effects = payment.status === PaymentStatus.pay ? 1 : 0
    console.log(
      `[replay] engine=${engine} deliveries=${deliveries.length} effects=${effects} earnRows=${earnRows} points=${pointsEarned} paidAmount=${order.paidAmount}`,
    )
    expect(effects).toBe(1)
    expect(order).toMatchObject({ status: OrderStatus.waitOrder, paidAmount: 5000 })
    expect([earnRows, pointsEarned]).toEqual([1, 50])
    expect(await inboxOf(paymentId)).toHaveLength(3)
  })

  it('never moves a paid payment back', async () => {
    const { paymentId, amount } = await startPayment(2000)
    expect((await send({ id: eventId(), kind: 'succeeded', paymentId, amount })).status).toBe(200)
    for (const kind of ['failed', 'cancelled', 'pending'] as const) {
      expect((await send({ id: eventId(), kind, paymentId, amount })).status).toBe(200)
    }
    const { payment, order, earnRows } = await effectsOf(t.db, paymentId)
    expect(payment.status).toBe(PaymentStatus.pay)
    expect(order.status).toBe(OrderStatus.waitOrder)
    expect(earnRows).toBe(1)
  })

  it('refuses a tampered, unsigned, stale or malformed delivery, an unknown payment and another amount', async () => {
    const { paymentId, amount } = await startPayment(3000)
    const now = Math.floor(t.clock.now.getTime() / 1000)
    const good = bodyOf({ id: eventId(), kind: 'succeeded', paymentId, amount }, now)
    const key = await sandboxKey(t.db)
    const signed = signSandboxPayload(key, now, new TextEncoder().encode(good))

    const refusals = [
      // the body changed after signing (the amount)
      await deliver(good.replace('"amount":3000', '"amount":3'), { signature: signed }),
      // a signature made with another key
      await deliver(good, {
        signature: signSandboxPayload(new Uint8Array(32), now, new TextEncoder().encode(good)),
      }),
      await deliver(good, { signature: '' }),
      await deliver(good, { signature: `t=${now},v1=zz` }),
      // signed 301 s ago
      await deliver(good, { at: new Date(t.clock.now.getTime() - 301_000) }),
      await deliver('{"id":'),
      await deliver(JSON.stringify({ id: eventId(), type: 'payment.succeeded' })),
      await send({ id: eventId(), kind: 'succeeded', paymentId: `pay_${'Q'.repeat(24)}`, amount }),
      await send({ id: eventId(), kind: 'succeeded', paymentId, amount: amount - 1 }),
      await send({ id: eventId(), kind: 'succeeded', paymentId, amount, currency: 'USD' }),
    ]
    expect(refusals.map((r) => r.status)).toEqual(refusals.map(() => 400))
    const { payment, order, earnRows } = await effectsOf(t.db, paymentId)
    expect(payment.status).toBe(PaymentStatus.waitPay)
    expect(order).toMatchObject({ status: OrderStatus.waitPay, paidAmount: 0 })
    expect(earnRows).toBe(0)
    expect(await inboxOf(paymentId)).toEqual([])

    // The genuine delivery still works afterwards.
    expect((await deliver(good, { signature: signed })).status).toBe(200)
    expect((await effectsOf(t.db, paymentId)).payment.status).toBe(PaymentStatus.pay)
  })

  it('has no endpoint for a provider that is not configured', async () => {
    const { paymentId, amount } = await startPayment()
    const body = bodyOf(
      { id: eventId(), kind: 'succeeded', paymentId, amount },
      Math.floor(Date.now() / 1000),
    )
    for (const gateway of ['stripe', 'sbps', 'paypal', 'nobody']) {
      expect((await deliver(body, { gateway })).status).toBe(404)
    }
    expect((await effectsOf(t.db, paymentId)).payment.status).toBe(PaymentStatus.waitPay)
  })

  it('a webhook racing the return page’s polling applies once; the polls only read', async () => {
    const { paymentId, amount } = await startPayment(6000)
    const poll = () =>
      t.getJson<Envelope<PayStatusDto>>(`/api/mall/pay/status/${paymentId}`, { token: shopper.token })
    const event = { id: eventId(), kind: 'succeeded' as const, paymentId, amount }
    const results = await Promise.all([
      poll(),
      send(event),
      poll(),
      send({ ...event, id: eventId() }),
      poll(),
      send(event),
      poll(),
    ])
    const polls = [results[0], results[2], results[4], results[6]] as Awaited<ReturnType<typeof poll>>[]
    for (const p of polls) expect([PaymentStatus.waitPay, PaymentStatus.pay]).toContain(p.body.data.status)
    const after = await poll()
    expect(after.body.data.status).toBe(PaymentStatus.pay)
    const { order, earnRows, pointsEarned } = await effectsOf(t.db, paymentId)
    expect(order).toMatchObject({ status: OrderStatus.waitOrder, paidAmount: 6000 })
    expect([earnRows, pointsEarned]).toEqual([1, 60])
  })

  it('keeps the money on record when the order closed before the payment arrived', async () => {
    const { orderId, paymentId, amount } = await startPayment(2500)
    await t.db.update(orders).set({ status: OrderStatus.cancel1 }).where(eq(orders.id, orderId))
    expect((await send({ id: eventId(), kind: 'succeeded', paymentId, amount })).status).toBe(200)
    const { payment, order, earnRows } = await effectsOf(t.db, paymentId)
    expect(payment.status).toBe(PaymentStatus.pay)
    expect(order).toMatchObject({ status: OrderStatus.cancel1, paidAmount: 0 })
    expect(earnRows).toBe(0)
  })
})

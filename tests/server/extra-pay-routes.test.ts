import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { payments, pointsLedger, webhookEvents } from '../../server/db/schema.ts'
import { FEE_BEING_CONFIRMED_MESSAGE } from '../../server/services/extras/fee-payments.ts'
import { writePayLatch } from '../../server/services/payments/pay-latch.ts'
import {
  LATE_FEE_WITH_BALANCE_MESSAGE,
  NOT_PAYABLE_MESSAGE,
} from '../../server/services/payments/purposes/extra.ts'
import { changePoints } from '../../server/services/points.ts'
import { shopDate } from '../../src/domain/dates.ts'
import { ExtraFeeStatus, ExtraFeeType } from '../../src/domain/extra-fee.ts'
import type { ExtraPayCountDto } from '../../src/domain/extras.ts'
import { PaymentStatus } from '../../src/domain/payment-status.ts'
import type { PayAnswer, PayStatusDto } from '../../src/domain/payments.ts'
import type { Envelope } from '../../src/domain/result-code.ts'
import { signedInAccount } from './support/catalog-fixture.ts'
import { extraFeeRow, extraPay, insertExtraFee, paymentIdOf } from './support/extra-fee-fixture.ts'
import { insertArrivedOrder, pointsOf, pressSandbox } from './support/order-fixture.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'
import { engines } from './support/test-database.ts'

interface Shopper {
  token: string
  userId: number
}

describe.each(engines)('paying extra fees on %s', (engine) => {
  let t: TestApp
  let ada: Shopper
  let ben: Shopper

  const fee = (shopper: Shopper, options: { amount?: number; status?: ExtraFeeStatus } = {}) =>
    insertExtraFee(t.db, { userId: shopper.userId, createdAt: t.clock.now, ...options })
  const feeStatuses = async (ids: number[]) =>
    Promise.all(ids.map(async (id) => (await extraFeeRow(t.db, id)).status))
  const paymentRow = async (paymentId: string) => {
    const [row] = await t.db.select().from(payments).where(eq(payments.id, paymentId))
    if (!row) throw new Error(`no payment ${paymentId}`)
    return row
  }
  const extraPaymentsOf = async (feeId: number) =>
    (
      await t.db.select().from(payments).where(eq(payments.purpose, 'extra')).orderBy(asc(payments.createdAt))
    ).filter((row) => row.target.includes(feeId))
  const count = async (shopper: Shopper) =>
    (await t.getJson<Envelope<ExtraPayCountDto>>('/api/mall/extra_pay/count', { token: shopper.token })).body
      .data.count
  const givePoints = (shopper: Shopper, points: number) =>
    changePoints(t.db, { userId: shopper.userId, delta: points, reason: 'earn' })

  beforeAll(async () => {
    t = await createTestApp(engine, { listen: true })
    ada = await signedInAccount(t, 'ada@extra-pay.test')
    ben = await signedInAccount(t, 'ben@extra-pay.test')
  })
  afterAll(() => t?.close())

  it.each([
    ['card', 1],
    ['card', 2],
    ['sbps', 1],
    ['sbps', 2],
    ['sbps', 3],
    ['paypal', 0],
  ] as const)(
    'the %s route (type %s) charges the fees’ sum; the webhook marks each paid once',
    async (route, type) => {
      const first = await fee(ada, { amount: 1_200 })
      const second = await fee(ada, { amount: 300 })
      const before = await count(ada)
      // named in any order: the payment targets them sorted
      const answer = await extraPay(t, ada.token, { route, type, ids: [second, first] })
      expect(answer.status).toBe(200)
      const paymentId = paymentIdOf(answer)
      expect((answer.body.data as PayAnswer).redirectUrl).toBe(`/sandbox-pay/${paymentId}`)
      expect(await paymentRow(paymentId)).toMatchObject({
        purpose: 'extra',
        target: [first, second],
        route,
        method: type,
        gateway: 'sandbox',
        amount: 1_500,
        pointsUsed: 0,
        status: PaymentStatus.waitPay,
      })
      expect(await feeStatuses([first, second])).toEqual([1, 1])

      const paid = await pressSandbox(t, paymentId, 'paid')
      expect([paid.status, paid.location]).toEqual([303, `/extra-success?paymentId=${paymentId}`])
      for (const id of [first, second]) {
        expect(await extraFeeRow(t.db, id)).toMatchObject({
          status: ExtraFeeStatus.paid,
          paymentId,
          paidAt: expect.any(Date),
        })
      }
      expect(await count(ada)).toBe(before - 2)
      // no points are earned on extra fees
      expect(await t.db.select().from(pointsLedger).where(eq(pointsLedger.paymentId, paymentId))).toEqual([])
      const status = await t.getJson<Envelope<PayStatusDto>>(`/api/mall/pay/status/${paymentId}`, {
        token: ada.token,
      })
      expect(status.body.data).toMatchObject({
        status: PaymentStatus.pay,
        purpose: 'extra',
        amount: 1_500,
        target: [first, second],
      })
    },
  )

  it('a replayed or late webhook has one effect', async () => {
    const id = await fee(ada, { amount: 800 })
    const paymentId = paymentIdOf(await extraPay(t, ada.token, { ids: [id] }))
    expect((await pressSandbox(t, paymentId, 'paid', '?twice=1&outOfOrder=1')).status).toBe(303)
    const paid = await extraFeeRow(t.db, id)
    expect(paid).toMatchObject({ status: ExtraFeeStatus.paid, paymentId })
    const inbox = await t.db.select().from(webhookEvents).where(eq(webhookEvents.paymentId, paymentId))
    expect(inbox.map((event) => event.kind).sort()).toEqual(['failed', 'pending', 'succeeded'])
    // the first confirmation's time stands: the repeats changed nothing
    expect(await extraFeeRow(t.db, id)).toEqual(paid)
    expect((await pressSandbox(t, paymentId, 'paid')).status).toBe(409)
  })

  it('holds the points used, gives them back on a cancel, and caps them by the sum and the balance', async () => {
    await givePoints(ben, 500)
    const start = await pointsOf(t.db, ben.userId)
    const id = await fee(ben, { amount: 1_000 })
    const paymentId = paymentIdOf(
      await extraPay(t, ben.token, { route: 'sbps', type: 2, ids: [id], score: 300 }),
    )
    expect(await paymentRow(paymentId)).toMatchObject({ amount: 700, pointsUsed: 300 })
    expect(await pointsOf(t.db, ben.userId)).toBe(start - 300)

    const cancelled = await pressSandbox(t, paymentId, 'cancelled', '?twice=1')
    expect(cancelled.location).toBe(`/order-cancel?paymentId=${paymentId}`)
    expect(await paymentRow(paymentId)).toMatchObject({ status: PaymentStatus.cancel, failure: 'cancelled' })
    expect(await pointsOf(t.db, ben.userId)).toBe(start)
    expect((await extraFeeRow(t.db, id)).status).toBe(ExtraFeeStatus.waitPay)
    const ledger = await t.db
      .select({ reason: pointsLedger.reason, delta: pointsLedger.delta })
      .from(pointsLedger)
      .where(eq(pointsLedger.paymentId, paymentId))
      .orderBy(asc(pointsLedger.id))
    expect(ledger).toEqual([
      { reason: 'hold', delta: -300 },
      { reason: 'return', delta: 300 },
    ])

    // more points than the shopper has: all of theirs; a fee below the balance: the fee
    const capped = paymentIdOf(await extraPay(t, ben.token, { route: 'paypal', ids: [id], score: 99_999 }))
    expect(await paymentRow(capped)).toMatchObject({ amount: 500, pointsUsed: 500 })
    const small = await fee(ben, { amount: 100 })
    await givePoints(ben, 1_000)
    const free = paymentIdOf(await extraPay(t, ben.token, { ids: [small], score: 5_000 }))
    expect(await paymentRow(free)).toMatchObject({ amount: 0, pointsUsed: 100 })
  })

  it('settles at once when points cover it all', async () => {
    const shopper = await signedInAccount(t, 'cy@extra-pay.test')
    await givePoints(shopper, 2_000)
    const ids = [await fee(shopper, { amount: 900 }), await fee(shopper, { amount: 600 })]
    const answer = await extraPay(t, shopper.token, { route: 'sbps', type: 1, ids, score: 1_500 })
    expect(answer.status).toBe(200)
    const paymentId = paymentIdOf(answer)
    expect((answer.body.data as PayAnswer).redirectUrl).toBe(`/extra-success?paymentId=${paymentId}`)
    expect(await paymentRow(paymentId)).toMatchObject({
      gateway: 'points',
      amount: 0,
      pointsUsed: 1_500,
      status: PaymentStatus.pay,
    })
    expect(await feeStatuses(ids)).toEqual([2, 2])
    expect(await pointsOf(t.db, shopper.userId)).toBe(500)
    expect(await count(shopper)).toBe(0)
  })

  it('a new attempt replaces an open one covering the same fee, giving its points back', async () => {
    await givePoints(ada, 200)
    const start = await pointsOf(t.db, ada.userId)
    const [a, b, c] = [await fee(ada), await fee(ada), await fee(ada)]
    const first = paymentIdOf(await extraPay(t, ada.token, { ids: [a, b], score: 200 }))
    expect(await pointsOf(t.db, ada.userId)).toBe(start - 200)
    const second = paymentIdOf(await extraPay(t, ada.token, { route: 'paypal', ids: [b, c] }))
    expect(await paymentRow(first)).toMatchObject({ status: PaymentStatus.cancel, failure: 'superseded' })
    expect(await pointsOf(t.db, ada.userId)).toBe(start)
    expect((await pressSandbox(t, first, 'paid')).status).toBe(409)
    await pressSandbox(t, second, 'paid')
    expect(await feeStatuses([a, b, c])).toEqual([1, 2, 2])
    expect((await extraPaymentsOf(b)).map((p) => [p.id, p.status])).toEqual([
      [first, PaymentStatus.cancel],
      [second, PaymentStatus.pay],
    ])
  })

  it('refuses another shopper’s or an unknown fee alike, and fees no longer payable, changing nothing', async () => {
    const own = await fee(ada)
    const others = await fee(ben)
    const paid = await fee(ada, { status: ExtraFeeStatus.paid })
    const voided = await fee(ada, { status: ExtraFeeStatus.void })
    const { orderId: waiting } = await insertArrivedOrder(t.db, {
      userId: ada.userId,
      arrivedAt: shopDate(t.clock.now) ?? '',
      status: 5,
    })
    const late = await insertExtraFee(t.db, { userId: ada.userId, type: ExtraFeeType.late, orderId: waiting })

    for (const ids of [[others], [own, others], [999_999_999]]) {
      for (const route of ['card', 'sbps', 'paypal'] as const) {
        const answer = await extraPay(t, ada.token, { route, ids })
        expect([answer.status, answer.body.msg]).toEqual([404, 'Extra fee not found'])
      }
    }
    const closed = await extraPay(t, ada.token, { ids: [own, paid, voided] })
    expect([closed.status, closed.body.msg, closed.body.data]).toEqual([
      409,
      NOT_PAYABLE_MESSAGE,
      { reason: 'notPayable', feeIds: [paid, voided] },
    ])
    const withBalance = await extraPay(t, ada.token, { route: 'paypal', ids: [late, own] })
    expect([withBalance.status, withBalance.body.msg, withBalance.body.data]).toEqual([
      409,
      LATE_FEE_WITH_BALANCE_MESSAGE,
      { reason: 'notPayable', feeIds: [late] },
    ])
    expect((await t.sendJson('POST', `/api/mall/paypal/extraPay/${own}/0`)).status).toBe(401)

    for (const id of [own, others, paid, voided, late]) expect(await extraPaymentsOf(id)).toEqual([])
    expect(await feeStatuses([own, others, paid, voided, late])).toEqual([1, 1, 2, 4, 1])
  })

  it('answers 400 naming ids for a malformed, repeated or too long list, and type for a method not offered', async () => {
    const own = await fee(ada)
    const tooMany = Array.from({ length: 51 }, (_, i) => own + i).join(',')
    for (const ids of ['1,,2', '1,1', tooMany, '0', 'x']) {
      for (const route of ['card', 'sbps', 'paypal'] as const) {
        const answer = await extraPay(t, ada.token, { route, ids })
        expect(answer.status).toBe(400)
        expect(answer.body.msg).toMatch(/^ids: /)
      }
    }
    const badScore = await extraPay(t, ada.token, { route: 'sbps', ids: [own], score: -1 })
    expect(badScore.status).toBe(400)
    expect(badScore.body.msg).toMatch(/^score: /)
    const notOffered = await extraPay(t, ada.token, { route: 'card', type: 3, ids: [own] })
    expect(notOffered.status).toBe(400)
    expect(notOffered.body.msg).toMatch(/^type: /)
    expect(await extraPaymentsOf(own)).toEqual([])
  })

  it('answers the same payment to a repeated key; the key with other points is refused', async () => {
    await givePoints(ada, 100)
    const id = await fee(ada)
    const key = 'extra-attempt-1'
    const first = await extraPay(t, ada.token, { ids: [id], key })
    const again = await extraPay(t, ada.token, { ids: [id], key })
    expect(again.status).toBe(200)
    expect(again.body.data).toEqual(first.body.data)
    expect((await extraPay(t, ada.token, { ids: [id], key, score: 100 })).status).toBe(409)
    expect((await extraPaymentsOf(id)).map((p) => p.id)).toEqual([paymentIdOf(first)])
  })

  it('answers "Payment is currently unavailable" while payments are closed', async () => {
    const id = await fee(ada)
    await t.db.transaction((tx) => writePayLatch(tx, { open: false, message: 'Maintenance' }, t.clock.now))
    try {
      const closed = await extraPay(t, ada.token, { ids: [id] })
      expect([closed.status, closed.body.msg]).toEqual([409, 'Payment is currently unavailable'])
      expect(await extraPaymentsOf(id)).toEqual([])
    } finally {
      await t.db.transaction((tx) => writePayLatch(tx, { open: true }, t.clock.now))
    }
  })

  // Two connections at once: PGlite has one.
  if (engine === 'postgres') {
    it('gives way to a payment of the fee being confirmed at that moment (409 beingConfirmed)', async () => {
      const id = await fee(ada)
      const open = paymentIdOf(await extraPay(t, ada.token, { ids: [id] }))
      let release = () => {}
      const released = new Promise<void>((resolve) => {
        release = resolve
      })
      let signalLocked = () => {}
      const locked = new Promise<void>((resolve) => {
        signalLocked = resolve
      })
      // What settle() holds while it confirms: the payment's row lock.
      const confirming = t.db.transaction(async (tx) => {
        await tx.select().from(payments).where(eq(payments.id, open)).for('update')
        signalLocked()
        await released
      })
      await locked
      let answer: Awaited<ReturnType<typeof extraPay>>
      try {
        answer = await extraPay(t, ada.token, { route: 'paypal', ids: [id] })
      } finally {
        release()
        await confirming
      }
      expect([answer.status, answer.body.msg, answer.body.data]).toEqual([
        409,
        FEE_BEING_CONFIRMED_MESSAGE,
        { reason: 'beingConfirmed', feeIds: [id] },
      ])
      expect((await extraPaymentsOf(id)).map((p) => [p.id, p.status])).toEqual([
        [open, PaymentStatus.waitPay],
      ])
    })
  }
})

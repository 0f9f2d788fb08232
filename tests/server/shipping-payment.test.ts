import { and, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../server/db/client.ts'
import {
  orderLines,
  orders,
  packageLines,
  packages,
  payments,
  pointsLedger,
  shippingDestinations,
  shippingMethods,
  shippingRates,
  webhookEvents,
} from '../../server/db/schema.ts'
import { writePayLatch } from '../../server/services/payments/pay-latch.ts'
import {
  PACKAGE_LOCKED_MESSAGE,
  SHIPPING_PAID_MESSAGE,
  SHIPPING_REFUSAL_MESSAGES,
} from '../../server/services/payments/purposes/shipping.ts'
import { refundOrder } from '../../server/services/payments/refund.ts'
import { sandboxDeliveriesSettled } from '../../server/services/payments/sandbox.ts'
import { shopDate } from '../../src/domain/dates.ts'
import { OrderStatus } from '../../src/domain/order-status.ts'
import { PackageStatus } from '../../src/domain/package-status.ts'
import type { ShippingPayRefusalData } from '../../src/domain/packaging.ts'
import { PaymentStatus } from '../../src/domain/payment-status.ts'
import type { PayAnswer, PayStatusDto } from '../../src/domain/payments.ts'
import type { Envelope } from '../../src/domain/result-code.ts'
import { type StripeEmulator, startStripeEmulator } from '../support/stripe-emulator.ts'
import { signedInAccount } from './support/catalog-fixture.ts'
import { pressSandbox } from './support/order-fixture.ts'
import { insertPackedPackage, type PackedPackage, packageRow } from './support/package-fixture.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'
import { engines } from './support/test-database.ts'

type Route = 'card' | 'sbps' | 'paypal'

interface Shopper {
  token: string
  userId: number
}

/** One shipping-fee call of a route, as the client makes it. */
function expressPay(
  t: TestApp,
  token: string,
  call: { route?: Route; type?: number; packageId: number; shippingMethodId?: number; key?: string },
) {
  const route = call.route ?? 'card'
  const type = call.type ?? 1
  const path =
    route === 'card'
      ? `/api/mall/package/expressPay/${type}/${call.packageId}`
      : route === 'sbps'
        ? `/api/mall/sb_pay/expressPay/${type}/${call.packageId}`
        : `/api/mall/paypal/expressPay/${call.packageId}`
  const query = call.shippingMethodId === undefined ? '' : `?shippingMethodId=${call.shippingMethodId}`
  const headers: Record<string, string> = { token }
  if (call.key) headers['Idempotency-Key'] = call.key
  return t.sendJson<Envelope<PayAnswer | ShippingPayRefusalData | null>>(
    'POST',
    `${path}${query}`,
    undefined,
    headers,
  )
}

const paymentIdOf = (answer: { body: Envelope<unknown> }) => {
  const data = answer.body.data as PayAnswer | null
  if (!data?.paymentId) throw new Error(`the pay call was refused: ${answer.body.msg}`)
  return data.paymentId
}

interface MethodFixture {
  code: string
  minWeightG?: number
  maxWeightG: number
  sizeRule: 'ems' | 'small' | 'none'
  billingRule?: 'actual' | 'volumetric'
  stepG?: number
  active?: boolean
  /** Country value → zone; every destination available. */
  destinations: Record<string, number>
  /** Bands of every zone it serves. */
  bands: { upToG: number; fee: number }[]
}

/** A method of our own (distinct codes), so the tests never depend on what the seed holds. */
async function insertMethod(db: Db, fixture: MethodFixture): Promise<number> {
  const [row] = await db
    .insert(shippingMethods)
    .values({
      code: fixture.code,
      nameZh: fixture.code,
      nameJa: fixture.code,
      nameEn: fixture.code,
      carrier: 'japanpost',
      minWeightG: fixture.minWeightG ?? 0,
      maxWeightG: fixture.maxWeightG,
      sizeRule: fixture.sizeRule,
      billingRule: fixture.billingRule ?? 'actual',
      stepG: fixture.stepG ?? 0,
      active: fixture.active ?? true,
    })
    .returning({ id: shippingMethods.id })
  if (!row) throw new Error('no method')
  const zones = Object.entries(fixture.destinations)
  await db
    .insert(shippingDestinations)
    .values(zones.map(([country, zone]) => ({ methodId: row.id, country, zone })))
  const zoneIds = [...new Set(zones.map(([, zone]) => zone))]
  await db
    .insert(shippingRates)
    .values(zoneIds.flatMap((zone) => fixture.bands.map((band) => ({ methodId: row.id, zone, ...band }))))
  return row.id
}

const HONG_KONG = '中国香港'

const ordersOf = async (t: TestApp, orderIds: number[]) =>
  (await t.db.select().from(orders).where(inArray(orders.id, orderIds))).map((o) => o.status)

const shippingPaymentsOf = (t: TestApp, packageId: number) =>
  t.db
    .select()
    .from(payments)
    .where(eq(payments.purpose, 'shipping'))
    .then((rows) => rows.filter((row) => row.target.includes(packageId)))
    .then((rows) => rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()))

const paymentRow = async (t: TestApp, paymentId: string) => {
  const [row] = await t.db.select().from(payments).where(eq(payments.id, paymentId))
  if (!row) throw new Error(`no payment ${paymentId}`)
  return row
}

/** A second box in the same application holding a second line of the first order: one order, two boxes. */
async function addSecondBox(db: Db, packed: PackedPackage): Promise<number> {
  const orderId = packed.orderIds[0] ?? 0
  const [line] = await db.select().from(orderLines).where(eq(orderLines.orderId, orderId))
  const first = await packageRow(db, packed.packageId)
  if (!line) throw new Error('no line')
  const { id: _id, ...copy } = line
  const [second] = await db.insert(orderLines).values(copy).returning({ id: orderLines.id })
  const [box] = await db
    .insert(packages)
    .values({
      applyId: packed.applyId,
      userId: first.userId,
      packageNo: `T${packed.applyId}-2`,
      status: PackageStatus.package,
      weightG: 800,
      lengthMm: 200,
      widthMm: 150,
      heightMm: 100,
      billedWeightG: 800,
      amount: line.total,
      packedAt: first.packedAt,
      packedOn: first.packedOn,
    })
    .returning({ id: packages.id })
  if (!second || !box) throw new Error('no second box')
  await db.insert(packageLines).values({
    packageId: box.id,
    orderLineId: second.id,
    orderId,
    requested: line.quantity,
    actual: line.quantity,
  })
  return box.id
}

describe.each(engines)('the shipping fee on %s', (engine) => {
  let t: TestApp
  let ada: Shopper
  let ben: Shopper
  /** ePacket-Light-like: up to 2 kg, small size rule, Hong Kong zone 2. */
  let air: number
  /** Only from 5 kg (a band at 2 kg, so a light box bills below the minimum). */
  let heavyOnly: number
  /** Serves the US only. */
  let usOnly: number
  let switchedOff: number

  const today = () => shopDate(t.clock.now) ?? ''
  /** A packed box of `shopper`'s (1.2 kg, 30 × 20 × 10 cm to Hong Kong unless told otherwise). */
  const packed = (shopper: Shopper, options: { orderCount?: number; weightG?: number } = {}) =>
    insertPackedPackage(t.db, { userId: shopper.userId, packedOn: today(), ...options })

  beforeAll(async () => {
    t = await createTestApp(engine, { listen: true })
    ada = await signedInAccount(t, 'ada@shipping.test')
    ben = await signedInAccount(t, 'ben@shipping.test')
    air = await insertMethod(t.db, {
      code: 'test-pay-air',
      maxWeightG: 2_000,
      sizeRule: 'small',
      destinations: { [HONG_KONG]: 2 },
      bands: [
        { upToG: 500, fee: 1_230 },
        { upToG: 1_000, fee: 1_830 },
        { upToG: 2_000, fee: 3_030 },
      ],
    })
    heavyOnly = await insertMethod(t.db, {
      code: 'test-pay-heavy',
      minWeightG: 5_000,
      maxWeightG: 30_000,
      sizeRule: 'ems',
      destinations: { [HONG_KONG]: 2 },
      bands: [
        { upToG: 2_000, fee: 4_550 },
        { upToG: 10_000, fee: 13_350 },
      ],
    })
    usOnly = await insertMethod(t.db, {
      code: 'test-pay-us',
      maxWeightG: 30_000,
      sizeRule: 'ems',
      destinations: { 美国: 4 },
      bands: [{ upToG: 30_000, fee: 75_100 }],
    })
    switchedOff = await insertMethod(t.db, {
      code: 'test-pay-off',
      maxWeightG: 30_000,
      sizeRule: 'ems',
      active: false,
      destinations: { [HONG_KONG]: 2 },
      bands: [{ upToG: 30_000, fee: 9_000 }],
    })
  })
  afterAll(() => t.close())

  it.each([
    ['card', 1],
    ['card', 2],
    ['sbps', 1],
    ['sbps', 2],
    ['sbps', 3],
    ['paypal', 0],
  ] as const)(
    'the %s route (type %s) charges the quoted fee; the webhook moves the package 3 → 4 and its orders 9 → 10',
    async (route, type) => {
      const box = await packed(ada, { orderCount: 2 })
      const { status, body } = await expressPay(t, ada.token, {
        route,
        type,
        packageId: box.packageId,
        shippingMethodId: air,
      })
      expect(status).toBe(200)
      const paymentId = paymentIdOf({ body })
      expect((body.data as PayAnswer).redirectUrl).toBe(`/sandbox-pay/${paymentId}`)
      // 1,200 g bills as the 2 kg band
      expect(await shippingPaymentsOf(t, box.packageId)).toMatchObject([
        {
          id: paymentId,
          purpose: 'shipping',
          target: [box.packageId],
          route,
          method: type,
          gateway: 'sandbox',
          amount: 3_030,
          pointsUsed: 0,
          shippingMethodId: air,
          billedWeightG: 2_000,
          status: PaymentStatus.waitPay,
        },
      ])

      const paid = await pressSandbox(t, paymentId, 'paid')
      expect([paid.status, paid.location]).toEqual([303, `/express-success?paymentId=${paymentId}`])
      expect((await paymentRow(t, paymentId)).status).toBe(PaymentStatus.pay)
      expect(await packageRow(t.db, box.packageId)).toMatchObject({
        status: PackageStatus.waitSend,
        shippingMethodId: air,
        shippingCost: 3_030,
        billedWeightG: 2_000,
        paymentId,
      })
      expect(await ordersOf(t, box.orderIds)).toEqual([OrderStatus.waitSend, OrderStatus.waitSend])
      // no points are earned on a shipping fee
      expect(await t.db.select().from(pointsLedger).where(eq(pointsLedger.paymentId, paymentId))).toEqual([])

      const payStatus = await t.getJson<Envelope<PayStatusDto>>(`/api/mall/pay/status/${paymentId}`, {
        token: ada.token,
      })
      expect(payStatus.body.data).toMatchObject({
        paymentId,
        status: PaymentStatus.pay,
        purpose: 'shipping',
        amount: 3_030,
        target: [box.packageId],
      })
    },
  )

  it('a replayed or late webhook has one effect', async () => {
    const box = await packed(ada)
    const paymentId = paymentIdOf(
      await expressPay(t, ada.token, { packageId: box.packageId, shippingMethodId: air }),
    )
    expect((await pressSandbox(t, paymentId, 'paid', '?twice=1&outOfOrder=1')).status).toBe(303)
    expect(await packageRow(t.db, box.packageId)).toMatchObject({ status: PackageStatus.waitSend, paymentId })
    expect(await ordersOf(t, box.orderIds)).toEqual([OrderStatus.waitSend])
    const inbox = await t.db.select().from(webhookEvents).where(eq(webhookEvents.paymentId, paymentId))
    expect(inbox.map((event) => event.kind).sort()).toEqual(['failed', 'pending', 'succeeded'])
    // the page cannot take the money twice either
    expect((await pressSandbox(t, paymentId, 'paid')).status).toBe(409)

    const late = await packed(ada)
    const lateId = paymentIdOf(
      await expressPay(t, ada.token, {
        route: 'sbps',
        type: 2,
        packageId: late.packageId,
        shippingMethodId: air,
      }),
    )
    const pressed = await pressSandbox(t, lateId, 'paid', '?delayMs=200&twice=1')
    expect(pressed.location).toBe(`/express-success?paymentId=${lateId}`)
    const waiting = await t.getJson<Envelope<PayStatusDto>>(`/api/mall/pay/status/${lateId}`, {
      token: ada.token,
    })
    expect(waiting.body.data?.status).toBe(PaymentStatus.waitPay)
    expect((await packageRow(t.db, late.packageId)).status).toBe(PackageStatus.package)
    await sandboxDeliveriesSettled()
    expect((await paymentRow(t, lateId)).status).toBe(PaymentStatus.pay)
    expect(await packageRow(t.db, late.packageId)).toMatchObject({
      status: PackageStatus.waitSend,
      shippingCost: 3_030,
    })
    expect(await ordersOf(t, late.orderIds)).toEqual([OrderStatus.waitSend])
  })

  it('two boxes of one order: the order waits for both fees', async () => {
    const box = await packed(ada)
    const secondBox = await addSecondBox(t.db, box)
    const first = paymentIdOf(
      await expressPay(t, ada.token, { packageId: box.packageId, shippingMethodId: air }),
    )
    await pressSandbox(t, first, 'paid')
    expect((await packageRow(t.db, box.packageId)).status).toBe(PackageStatus.waitSend)
    expect(await ordersOf(t, box.orderIds)).toEqual([OrderStatus.waitExpressPay])

    const second = paymentIdOf(
      await expressPay(t, ada.token, { route: 'paypal', packageId: secondBox, shippingMethodId: air }),
    )
    // 800 g bills as the 1 kg band
    expect(await paymentRow(t, second)).toMatchObject({ amount: 1_830, billedWeightG: 1_000 })
    await pressSandbox(t, second, 'paid')
    expect(await packageRow(t.db, secondBox)).toMatchObject({
      status: PackageStatus.waitSend,
      shippingCost: 1_830,
      billedWeightG: 1_000,
    })
    expect(await ordersOf(t, box.orderIds)).toEqual([OrderStatus.waitSend])
  })

  it('a decline leaves the package payable; a new attempt replaces an open one', async () => {
    const box = await packed(ben)
    const declined = paymentIdOf(
      await expressPay(t, ben.token, { packageId: box.packageId, shippingMethodId: air }),
    )
    await pressSandbox(t, declined, 'declined')
    expect(await paymentRow(t, declined)).toMatchObject({
      status: PaymentStatus.cancel,
      failure: 'card_declined',
    })
    expect((await packageRow(t.db, box.packageId)).status).toBe(PackageStatus.package)
    expect(await ordersOf(t, box.orderIds)).toEqual([OrderStatus.waitExpressPay])

    const first = paymentIdOf(
      await expressPay(t, ben.token, { packageId: box.packageId, shippingMethodId: air }),
    )
    const second = paymentIdOf(
      await expressPay(t, ben.token, {
        route: 'sbps',
        type: 3,
        packageId: box.packageId,
        shippingMethodId: air,
      }),
    )
    expect((await shippingPaymentsOf(t, box.packageId)).map((p) => [p.id, p.status, p.failure])).toEqual([
      [declined, PaymentStatus.cancel, 'card_declined'],
      [first, PaymentStatus.cancel, 'superseded'],
      [second, PaymentStatus.waitPay, null],
    ])
    expect((await pressSandbox(t, first, 'paid')).status).toBe(409)
    await pressSandbox(t, second, 'paid')
    expect(await packageRow(t.db, box.packageId)).toMatchObject({
      status: PackageStatus.waitSend,
      paymentId: second,
    })
    expect(await ordersOf(t, box.orderIds)).toEqual([OrderStatus.waitSend])
  })

  it('refuses someone else’s package, a locked or paid one and a method that cannot carry it, changing nothing', async () => {
    const others = await packed(ben)
    const locked = await packed(ada)
    await t.db
      .update(packages)
      .set({ status: PackageStatus.packageLock })
      .where(eq(packages.id, locked.packageId))
    const shipped = await packed(ada)
    await t.db.update(packages).set({ status: PackageStatus.send }).where(eq(packages.id, shipped.packageId))
    const light = await packed(ada)
    const heavy = await packed(ada, { weightG: 3_000 })

    expect(
      (await expressPay(t, ada.token, { packageId: others.packageId, shippingMethodId: air })).status,
    ).toBe(404)
    expect((await expressPay(t, ada.token, { packageId: 999_999, shippingMethodId: air })).status).toBe(404)

    const lockedAnswer = await expressPay(t, ada.token, {
      route: 'paypal',
      packageId: locked.packageId,
      shippingMethodId: air,
    })
    expect([lockedAnswer.status, lockedAnswer.body.msg]).toEqual([409, PACKAGE_LOCKED_MESSAGE])
    const paidAnswer = await expressPay(t, ada.token, { packageId: shipped.packageId, shippingMethodId: air })
    expect([paidAnswer.status, paidAnswer.body.msg]).toEqual([409, SHIPPING_PAID_MESSAGE])

    for (const shippingMethodId of [999_999, switchedOff]) {
      const unknown = await expressPay(t, ada.token, { packageId: light.packageId, shippingMethodId })
      expect(unknown.status).toBe(400)
      expect(unknown.body.msg).toMatch(/^shippingMethodId: /)
    }
    const missing = await expressPay(t, ada.token, { route: 'sbps', packageId: light.packageId })
    expect(missing.status).toBe(400)
    expect(missing.body.msg).toMatch(/^shippingMethodId: /)
    const notOffered = await expressPay(t, ada.token, {
      route: 'card',
      type: 3,
      packageId: light.packageId,
      shippingMethodId: air,
    })
    expect(notOffered.status).toBe(400)
    expect(notOffered.body.msg).toMatch(/^type: /)

    const refusals = [
      [heavy.packageId, air, 'aboveMaximum'],
      [light.packageId, usOnly, 'wrongAddress'],
      [light.packageId, heavyOnly, 'belowMinimum'],
    ] as const
    for (const [packageId, shippingMethodId, reason] of refusals) {
      const answer = await expressPay(t, ada.token, { route: 'sbps', packageId, shippingMethodId })
      expect([answer.status, answer.body.msg, answer.body.data]).toEqual([
        409,
        SHIPPING_REFUSAL_MESSAGES[reason],
        { reason },
      ])
    }
    expect(
      (await t.sendJson('POST', `/api/mall/paypal/expressPay/${light.packageId}?shippingMethodId=${air}`))
        .status,
    ).toBe(401)

    for (const box of [others, locked, shipped, light, heavy]) {
      expect(await shippingPaymentsOf(t, box.packageId)).toEqual([])
    }
    expect((await packageRow(t.db, locked.packageId)).status).toBe(PackageStatus.packageLock)
    expect((await packageRow(t.db, light.packageId)).status).toBe(PackageStatus.package)
    // the heavy box by a method that carries it
    const heavyPaid = await expressPay(t, ada.token, {
      packageId: heavy.packageId,
      shippingMethodId: heavyOnly,
    })
    expect(heavyPaid.status).toBe(200)
    expect(await paymentRow(t, paymentIdOf(heavyPaid))).toMatchObject({
      amount: 13_350,
      billedWeightG: 10_000,
    })
  })

  it('money for a package locked meanwhile is kept on record and moves nothing', async () => {
    const box = await packed(ada)
    const paymentId = paymentIdOf(
      await expressPay(t, ada.token, { packageId: box.packageId, shippingMethodId: air }),
    )
    await t.db
      .update(packages)
      .set({ status: PackageStatus.packageLock })
      .where(and(eq(packages.id, box.packageId), eq(packages.status, PackageStatus.package)))
    expect((await pressSandbox(t, paymentId, 'paid')).status).toBe(303)
    expect((await paymentRow(t, paymentId)).status).toBe(PaymentStatus.pay)
    expect(await packageRow(t.db, box.packageId)).toMatchObject({
      status: PackageStatus.packageLock,
      shippingCost: null,
      paymentId: null,
    })
    expect(await ordersOf(t, box.orderIds)).toEqual([OrderStatus.waitExpressPay])
  })

  it('answers the same payment to a repeated key; the key with another method is refused', async () => {
    const box = await packed(ada, { weightG: 1_500 })
    const key = 'shipping-attempt-1'
    const first = await expressPay(t, ada.token, { packageId: box.packageId, shippingMethodId: air, key })
    const again = await expressPay(t, ada.token, { packageId: box.packageId, shippingMethodId: air, key })
    expect(again.status).toBe(200)
    expect(again.body.data).toEqual(first.body.data)
    const other = await expressPay(t, ada.token, {
      packageId: box.packageId,
      shippingMethodId: heavyOnly,
      key,
    })
    expect(other.status).toBe(409)
    expect((await shippingPaymentsOf(t, box.packageId)).map((p) => p.id)).toEqual([paymentIdOf(first)])
  })

  it('answers "Payment is currently unavailable" while payments are closed', async () => {
    const box = await packed(ada)
    await t.db.transaction((tx) => writePayLatch(tx, { open: false, message: 'Maintenance' }, t.clock.now))
    try {
      const closed = await expressPay(t, ada.token, { packageId: box.packageId, shippingMethodId: air })
      expect([closed.status, closed.body.msg]).toEqual([409, 'Payment is currently unavailable'])
      expect(await shippingPaymentsOf(t, box.packageId)).toEqual([])
    } finally {
      await t.db.transaction((tx) => writePayLatch(tx, { open: true }, t.clock.now))
    }
  })

  it('an order whose shipping fee is paid cannot be refunded through the order refund', async () => {
    const box = await packed(ada)
    const paymentId = paymentIdOf(
      await expressPay(t, ada.token, { packageId: box.packageId, shippingMethodId: air }),
    )
    await pressSandbox(t, paymentId, 'paid')
    const deps = {
      db: t.db,
      now: () => t.clock.now,
      payments: { sandbox: true, selfUrl: () => '', providers: {} },
      publicUrl: 'http://shop.test',
    }
    const orderId = box.orderIds[0] ?? 0
    await expect(refundOrder(t.db, deps, { orderId, reason: null, actorId: null })).rejects.toThrow(
      'This order cannot be refunded in its status',
    )
    expect((await paymentRow(t, paymentId)).status).toBe(PaymentStatus.pay)
    expect(await ordersOf(t, box.orderIds)).toEqual([OrderStatus.waitSend])
  })
})

const SECRET_KEY = 'sk_test_emulator'
const WEBHOOK_SECRET = 'whsec_test'

describe.each(engines)('the shipping fee through the Stripe emulator on %s', (engine) => {
  let t: TestApp
  let stripe: StripeEmulator
  let shopper: Shopper
  let ems: number

  beforeAll(async () => {
    t = await createTestApp(engine, { listen: true })
    stripe = await startStripeEmulator({
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      webhookUrl: `${t.baseUrl}/api/pay/webhook/stripe`,
      now: () => t.clock.now,
    })
    t.providers.stripe = { secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiBase: stripe.baseUrl }
    shopper = await signedInAccount(t, 'stripe@shipping.test')
    ems = await insertMethod(t.db, {
      code: 'test-pay-ems',
      maxWeightG: 30_000,
      sizeRule: 'ems',
      destinations: { [HONG_KONG]: 2 },
      bands: [
        { upToG: 1_000, fee: 3_150 },
        { upToG: 1_250, fee: 3_500 },
        { upToG: 2_000, fee: 4_550 },
      ],
    })
  })
  afterAll(async () => {
    await stripe?.settled()
    await stripe?.close()
    await t?.close()
  })

  it('the fee settles 3 → 4 and 9 → 10 on the signed webhook', async () => {
    const box = await insertPackedPackage(t.db, {
      userId: shopper.userId,
      packedOn: shopDate(t.clock.now) ?? '',
    })
    const answer = await expressPay(t, shopper.token, { packageId: box.packageId, shippingMethodId: ems })
    expect(answer.status).toBe(200)
    const paymentId = paymentIdOf(answer)
    const payment = await paymentRow(t, paymentId)
    // 1,200 g by EMS bills as the 1,250 g band
    expect(payment).toMatchObject({ gateway: 'stripe', amount: 3_500, billedWeightG: 1_250 })
    const sessionId = payment.providerRef ?? ''
    expect((answer.body.data as PayAnswer).redirectUrl).toBe(`${stripe.baseUrl}/pay/${sessionId}`)
    expect(stripe.session(sessionId)).toMatchObject({ status: 'open', amount_total: 3_500, currency: 'jpy' })

    const paid = await fetch(`${stripe.baseUrl}/pay/${sessionId}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      redirect: 'manual',
    })
    expect(paid.status).toBe(303)
    const back = await fetch(paid.headers.get('location') ?? '', { redirect: 'manual' })
    expect(back.headers.get('location')).toBe(`/express-success?paymentId=${paymentId}`)

    expect(await paymentRow(t, paymentId)).toMatchObject({
      status: PaymentStatus.pay,
      providerRef: sessionId,
    })
    expect(await packageRow(t.db, box.packageId)).toMatchObject({
      status: PackageStatus.waitSend,
      shippingMethodId: ems,
      shippingCost: 3_500,
      billedWeightG: 1_250,
      paymentId,
    })
    expect(await ordersOf(t, box.orderIds)).toEqual([OrderStatus.waitSend])
  })
})

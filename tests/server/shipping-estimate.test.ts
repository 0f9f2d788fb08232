import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  orderLines,
  packageApplies,
  packages,
  products,
  shippingDestinations,
  shippingRates,
} from '../../server/db/schema.ts'
import { shopDate } from '../../src/domain/dates.ts'
import { PackageStatus } from '../../src/domain/package-status.ts'
import type {
  EstimatedMethodDto,
  PackageApplyDto,
  PackageApplyRefusalData,
  PackageDto,
} from '../../src/domain/packaging.ts'
import { PACKING_ALLOWANCE } from '../../src/domain/packaging.ts'
import type { Envelope } from '../../src/domain/result-code.ts'
import { signedInAccount } from './support/catalog-fixture.ts'
import { FIXTURE_ADDRESS, insertAddress, insertArrivedOrder } from './support/order-fixture.ts'
import { insertShippingMethod } from './support/package-fixture.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'
import { engines } from './support/test-database.ts'

/* GET /mall/package_apply/methods?addressId=&orderIds=: each method's fee estimated before packing. */

interface Shopper {
  token: string
  userId: number
  addressId: number
}

/** The bands the test's methods have in zone 2 (the fixture address's zone), upper bound → fee. */
const ACTUAL_BANDS = [
  { upToG: 500, fee: 1_900 },
  { upToG: 1_000, fee: 3_150 },
  { upToG: 2_000, fee: 4_550 },
  { upToG: 5_000, fee: 8_150 },
]
const STEPPED_BANDS = [
  { upToG: 1_000, fee: 5_000 },
  { upToG: 1_500, fee: 6_000 },
  { upToG: 2_000, fee: 7_000 },
  { upToG: 5_000, fee: 12_000 },
]
const STEP_G = 500

/**
 * The expected estimate from the rows above, worked out by hand: the allowance by its stated rule
 * (a percentage, at least a minimum), the weight rounded up to the step, then the smallest band that
 * carries it.
 */
function expected(goodsG: number, bands: readonly { upToG: number; fee: number }[], stepG: number) {
  const allowanceG = Math.max(PACKING_ALLOWANCE.minG, Math.ceil((goodsG * PACKING_ALLOWANCE.percent) / 100))
  const weight = goodsG + allowanceG
  const stepped = stepG > 0 ? Math.ceil(weight / stepG) * stepG : weight
  const band = bands.filter((b) => b.upToG >= stepped).sort((a, b) => a.upToG - b.upToG)[0]
  if (!band) throw new Error('no band carries the weight')
  return { billedWeightG: band.upToG, fee: band.fee, allowanceG }
}

describe.each(engines)('shipping estimates before packing on %s', (engine) => {
  let t: TestApp
  let shopperCount = 0
  const ids = { actual: 0, stepped: 0, small: 0, elsewhere: 0 }

  beforeAll(async () => {
    t = await createTestApp(engine)
    const method = (code: string, values: Parameters<typeof insertShippingMethod>[2]) =>
      insertShippingMethod(t.db, code, values)
    ids.actual = await method('est_actual', {})
    ids.stepped = await method('est_stepped', {
      carrier: 'dhl',
      sizeRule: 'none',
      billingRule: 'volumetric',
      stepG: STEP_G,
    })
    ids.small = await method('est_small', { maxWeightG: 1_000, sizeRule: 'small' })
    ids.elsewhere = await method('est_elsewhere', {})
    const here = FIXTURE_ADDRESS.country
    await t.db.insert(shippingDestinations).values([
      { methodId: ids.actual, country: here, zone: 2 },
      { methodId: ids.stepped, country: here, zone: 2 },
      { methodId: ids.small, country: here, zone: 2 },
      { methodId: ids.elsewhere, country: '美国', zone: 4 },
    ])
    await t.db
      .insert(shippingRates)
      .values([
        ...ACTUAL_BANDS.map((band) => ({ methodId: ids.actual, zone: 2, ...band })),
        ...STEPPED_BANDS.map((band) => ({ methodId: ids.stepped, zone: 2, ...band })),
        ...ACTUAL_BANDS.slice(0, 2).map((band) => ({ methodId: ids.small, zone: 2, ...band })),
        ...ACTUAL_BANDS.map((band) => ({ methodId: ids.elsewhere, zone: 4, ...band })),
      ])
  })
  afterAll(async () => {
    await t?.close()
  })

  async function shopper(): Promise<Shopper> {
    shopperCount += 1
    const account = await signedInAccount(t, `estimate-${shopperCount}@example.com`)
    const { addressId } = await insertAddress(t.db, account.userId)
    return { ...account, addressId }
  }

  /** A paid order (6 finalPay) of one line: `quantity` units of a product weighing `unitG` (null: unknown). */
  async function paidOrder(userId: number, unitG: number | null, quantity: number, status: 5 | 6 = 6) {
    const { orderId, productId } = await insertArrivedOrder(t.db, {
      userId,
      arrivedAt: shopDate(t.clock.now) as string,
      status,
      at: t.clock.now,
    })
    await t.db.update(products).set({ weightG: unitG }).where(eq(products.id, productId))
    await t.db.update(orderLines).set({ quantity }).where(eq(orderLines.orderId, orderId))
    return orderId
  }

  const methods = (who: Shopper, orderIds?: number[]) =>
    t.getJson<Envelope<EstimatedMethodDto[] | PackageApplyRefusalData | null>>(
      `/api/mall/package_apply/methods?addressId=${who.addressId}${orderIds ? `&orderIds=${orderIds.join(',')}` : ''}`,
      { token: who.token },
    )
  async function estimates(who: Shopper, orderIds?: number[]) {
    const { status, body } = await methods(who, orderIds)
    expect(status).toBe(200)
    return new Map((body.data as EstimatedMethodDto[]).map((method) => [method.methodId, method]))
  }

  it('estimates the tariff’s fee for the summed catalog weight plus the packing allowance', async () => {
    const ada = await shopper()
    // 2 × 300 g + 1 × 450 g = 1,050 g of goods: the allowance's minimum applies
    const first = await paidOrder(ada.userId, 300, 2)
    const second = await paidOrder(ada.userId, 450, 1)
    const byId = await estimates(ada, [second, first])
    expect(byId.get(ids.actual)?.estimate).toEqual(expected(1_050, ACTUAL_BANDS, 0))
    expect(byId.get(ids.stepped)?.estimate).toEqual(expected(1_050, STEPPED_BANDS, STEP_G))
    expect(byId.get(ids.actual)?.estimate).toEqual({ billedWeightG: 2_000, fee: 4_550, allowanceG: 200 })
    expect(byId.get(ids.stepped)?.estimate).toEqual({ billedWeightG: 1_500, fee: 6_000, allowanceG: 200 })
    // one box of that weight is too heavy for the small method: no estimate, still offered
    expect(byId.get(ids.small)).toMatchObject({ available: true, fromFee: 1_900, estimate: null })
    // a method that does not serve the address: no estimate
    expect(byId.get(ids.elsewhere)).toMatchObject({
      available: false,
      reason: 'wrongAddress',
      estimate: null,
    })

    // 3 × 1,200 g = 3,600 g: the percentage applies (360 g)
    const heavy = await paidOrder(ada.userId, 1_200, 3)
    const heavier = await estimates(ada, [heavy])
    expect(heavier.get(ids.actual)?.estimate).toEqual(expected(3_600, ACTUAL_BANDS, 0))
    expect(heavier.get(ids.actual)?.estimate).toEqual({ billedWeightG: 5_000, fee: 8_150, allowanceG: 360 })
    expect(heavier.get(ids.stepped)?.estimate).toEqual(expected(3_600, STEPPED_BANDS, STEP_G))
  })

  it('has no estimate without chosen orders', async () => {
    const ada = await shopper()
    await paidOrder(ada.userId, 300, 1)
    for (const byId of [await estimates(ada), await estimates(ada, [])]) {
      expect(byId.get(ids.actual)).toMatchObject({ available: true, fromFee: 1_900, estimate: null })
      expect([...byId.values()].every((method) => method.estimate === null)).toBe(true)
    }
  })

  it('never guesses a product without a weight', async () => {
    const ada = await shopper()
    const weighed = await paidOrder(ada.userId, 300, 1)
    const unknown = await paidOrder(ada.userId, null, 1)
    const byId = await estimates(ada, [weighed, unknown])
    expect(byId.get(ids.actual)).toMatchObject({ available: true, estimate: null })
    expect([...byId.values()].every((method) => method.estimate === null)).toBe(true)
  })

  it('judges the orders as a packaging request does: another shopper’s is a 404, one not paid a 409', async () => {
    const ada = await shopper()
    const bob = await shopper()
    const mine = await paidOrder(ada.userId, 300, 1)
    const bobs = await paidOrder(bob.userId, 300, 1)
    const foreign = await methods(ada, [mine, bobs])
    expect(foreign.status).toBe(404)
    expect(foreign.body.data).toEqual({ reason: 'orderNotReady', orderIds: [bobs] })

    const unpaid = await paidOrder(ada.userId, 300, 1, 5)
    const notReady = await methods(ada, [mine, unpaid])
    expect(notReady.status).toBe(409)
    expect(notReady.body.data).toEqual({ reason: 'orderNotReady', orderIds: [unpaid] })

    const malformed = await methods(ada, [mine, mine])
    expect(malformed.status).toBe(400)
  })

  it('keeps the preferred method’s estimate on the request, and each of its packages carries it', async () => {
    const ada = await shopper()
    const first = await paidOrder(ada.userId, 300, 2)
    const second = await paidOrder(ada.userId, 450, 1)
    const applied = await t.sendJson<Envelope<PackageApplyDto>>(
      'POST',
      '/api/mall/package_apply/apply',
      { orderIds: [first, second], addressId: ada.addressId, shippingMethodId: ids.stepped, remark: null },
      { token: ada.token },
    )
    expect(applied.status).toBe(200)
    const applyId = applied.body.data.id
    const estimate = expected(1_050, STEPPED_BANDS, STEP_G)
    const [row] = await t.db.select().from(packageApplies).where(eq(packageApplies.id, applyId))
    expect(row).toMatchObject({
      estimatedFee: estimate.fee,
      estimatedBilledWeightG: estimate.billedWeightG,
      estimatedAllowanceG: estimate.allowanceG,
    })

    // packed into one box, written as the operator's pack call leaves it
    const packedAt = t.clock.now
    const [box] = await t.db
      .insert(packages)
      .values({
        applyId,
        userId: ada.userId,
        packageNo: `E${applyId}-1`,
        status: PackageStatus.package,
        weightG: 1_400,
        lengthMm: 300,
        widthMm: 200,
        heightMm: 100,
        billedWeightG: 1_500,
        amount: 20_000,
        packedAt,
        packedOn: shopDate(packedAt) as string,
        createdAt: packedAt,
      })
      .returning({ id: packages.id })
    if (!box) throw new Error('no package')
    const detail = await t.getJson<Envelope<PackageDto>>(`/api/mall/package/detail/${applyId}/${box.id}`, {
      token: ada.token,
    })
    expect(detail.status).toBe(200)
    expect(detail.body.data.applyEstimate).toEqual({ methodId: ids.stepped, ...estimate })

    // no preferred method: nothing kept
    const third = await paidOrder(ada.userId, 300, 1)
    const plain = await t.sendJson<Envelope<PackageApplyDto>>(
      'POST',
      '/api/mall/package_apply/apply',
      { orderIds: [third], addressId: ada.addressId, remark: null },
      { token: ada.token },
    )
    const [plainRow] = await t.db
      .select()
      .from(packageApplies)
      .where(eq(packageApplies.id, plain.body.data.id))
    expect(plainRow).toMatchObject({
      estimatedFee: null,
      estimatedBilledWeightG: null,
      estimatedAllowanceG: null,
    })
  })
})

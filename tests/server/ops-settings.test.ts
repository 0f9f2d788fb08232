import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, orderLines, orders, products, shopSettings } from '../../server/db/schema.ts'
import type { ExchangeRateDto, ExchangeRateLimitsDto } from '../../src/domain/catalog.ts'
import type { OrderDto } from '../../src/domain/orders.ts'
import type { ChargeSettings } from '../../src/domain/pricing.ts'
import type { Envelope } from '../../src/domain/result-code.ts'
import {
  fractionOfPercentText,
  hasSixDecimals,
  type OpsChargeSettingsDto,
  type OpsRateDto,
  percentTextOf,
  SettingsMessage,
} from '../../src/domain/settings-ops.ts'
import { STAFF_PERMISSIONS } from '../../src/domain/staff.ts'
import { insertProducts, productRow, signedInAccount } from './support/catalog-fixture.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'
import { engines } from './support/test-database.ts'

type Who = { token: string }
type Refusal = { fields?: { field: string; message: string }[] } | null

const CHARGES: OpsChargeSettingsDto = {
  frontMoney: 0.3,
  discount: 0.9,
  platPercent: 0.03,
  settlePercent: 0.035,
  storageFeePerDay: 100,
  maxRate: 0.06,
}

describe('percent texts of the settings room', () => {
  it('turns fractions into percent texts and back without float noise', () => {
    expect(percentTextOf(0.035)).toBe('3.5')
    expect(percentTextOf(1)).toBe('100')
    expect(percentTextOf(0.123456)).toBe('12.3456')
    expect(percentTextOf(0.07)).toBe('7')
    expect(percentTextOf(0.000001)).toBe('0.0001')
    expect(fractionOfPercentText('3.5')).toBe(0.035)
    expect(fractionOfPercentText('7')).toBe(0.07)
    expect(fractionOfPercentText('12.3456')).toBe(0.123456)
    expect(fractionOfPercentText(' 100 ')).toBe(1)
    expect(fractionOfPercentText('1.23456')).toBeUndefined()
    expect(fractionOfPercentText('-1')).toBeUndefined()
    expect(fractionOfPercentText('abc')).toBeUndefined()
    for (let units = 0; units <= 1_000_000; units += 997) {
      const fraction = units / 1_000_000
      expect(hasSixDecimals(fraction)).toBe(true)
      expect(fractionOfPercentText(percentTextOf(fraction))).toBe(fraction)
    }
    expect(hasSixDecimals(0.0000001)).toBe(false)
  })
})

describe.each(engines)('the settings room’s charges and rate on %s', (engine) => {
  let t: TestApp
  let admin: Who & { userId: number }
  let noSettings: Who
  let shopper: Who & { userId: number }

  const getCharges = (who: Who = admin) =>
    t.getJson<Envelope<OpsChargeSettingsDto | Refusal>>('/api/ops/settings/charges', { token: who.token })
  const putCharges = (body: unknown, who: Who = admin) =>
    t.sendJson<Envelope<OpsChargeSettingsDto | Refusal>>('PUT', '/api/ops/settings/charges', body, {
      token: who.token,
    })
  const getRate = (who: Who = admin) =>
    t.getJson<Envelope<OpsRateDto | Refusal>>('/api/ops/settings/rate', { token: who.token })
  const putRate = (body: unknown, who: Who = admin) =>
    t.sendJson<Envelope<OpsRateDto | Refusal>>('PUT', '/api/ops/settings/rate', body, { token: who.token })
  const settingsRow = async () => (await t.db.select().from(shopSettings))[0]
  const settingsAudits = () =>
    t.db.select().from(auditLog).where(eq(auditLog.entity, 'settings')).orderBy(asc(auditLog.id))

  /** A pre-order of one product at `price` yen, placed through the cart and createOrder. */
  async function placeOrder(price: number): Promise<number> {
    const [product] = await insertProducts(t.db, [
      productRow({ type: 1, cnAlonePrice: price, isFront: true }),
    ])
    if (!product) throw new Error('no product')
    const [row] = await t.db.select({ type: products.type }).from(products).where(eq(products.id, product.id))
    const added = await t.sendJson<Envelope<{ cartId: number }>>(
      'POST',
      '/api/mall/cart/addToCart',
      { productId: product.id, productAmount: 1, productType: row?.type },
      { token: shopper.token },
    )
    expect(added.body.code).toBe(200)
    const created = await t.sendJson<Envelope<OrderDto>>(
      'POST',
      '/api/mall/order/createOrder',
      { cartLineIds: [added.body.data.cartId] },
      { token: shopper.token },
    )
    expect(created.body.code).toBe(200)
    return created.body.data.id
  }

  const depositOf = async (orderId: number) => {
    const [order] = await t.db.select({ deposit: orders.deposit }).from(orders).where(eq(orders.id, orderId))
    const [line] = await t.db
      .select({ deposit: orderLines.deposit })
      .from(orderLines)
      .where(eq(orderLines.orderId, orderId))
    const answer = await t.getJson<Envelope<OrderDto>>(`/api/mall/order/${orderId}`, { token: shopper.token })
    return { order: order?.deposit, line: line?.deposit, answer: answer.body.data.deposit }
  }

  beforeAll(async () => {
    t = await createTestApp(engine)
    admin = await signedInAccount(t, 'settings-admin@example.com', { kind: 'operator' })
    noSettings = await signedInAccount(t, 'settings-none@example.com', {
      kind: 'operator',
      permissions: STAFF_PERMISSIONS.filter((permission) => permission !== 'settings'),
    })
    // zhCn sign-up: role 2, the cnAlonePrice column.
    shopper = await signedInAccount(t, 'settings-shopper@example.com')
  })
  afterAll(() => t?.close())

  it('refuses an account without the settings permission, and a customer', async () => {
    const before = await settingsRow()
    for (const who of [noSettings, shopper]) {
      expect((await getCharges(who)).status).toBe(403)
      expect((await putCharges(CHARGES, who)).status).toBe(403)
      expect((await getRate(who)).status).toBe(403)
      expect((await putRate({ rate: 0.05 }, who)).status).toBe(403)
    }
    expect(await settingsRow()).toEqual(before)
    expect(await settingsAudits()).toEqual([])
  })

  it('answers the charges, changes them with an audit row, and a repeat changes nothing', async () => {
    const first = await getCharges()
    expect(first.body.code).toBe(200)
    const before = first.body.data as OpsChargeSettingsDto
    const saved = await putCharges(CHARGES)
    expect(saved.body).toEqual({ code: 200, msg: 'success', data: CHARGES })
    expect((await getCharges()).body.data).toEqual(CHARGES)
    const audits = await settingsAudits()
    expect(audits).toHaveLength(1)
    expect(audits[0]).toMatchObject({
      actorId: admin.userId,
      action: 'settings.charges',
      entity: 'settings',
      entityId: 'charges',
      before,
      after: CHARGES,
    })
    // /mall/charge/details shows them to shoppers.
    const details = await t.getJson<Envelope<ChargeSettings>>('/api/mall/charge/details', {
      token: shopper.token,
    })
    expect(details.body.data).toMatchObject({
      frontMoney: 0.3,
      discount: 0.9,
      platPercent: 0.03,
      settlePercent: 0.035,
    })
    expect((await putCharges(CHARGES)).body.data).toEqual(CHARGES)
    expect(await settingsAudits()).toHaveLength(1)
    // maxRate may be cleared
    const cleared = await putCharges({ ...CHARGES, maxRate: null })
    expect((cleared.body.data as OpsChargeSettingsDto).maxRate).toBeNull()
    expect((await putCharges(CHARGES)).body.code).toBe(200)
  })

  it('refuses a value out of range or too precise with a 400 naming the field, writing nothing', async () => {
    const before = await settingsRow()
    const auditsBefore = (await settingsAudits()).length
    const cases: [Partial<Record<keyof OpsChargeSettingsDto, unknown>>, string, string][] = [
      [{ frontMoney: 0 }, 'frontMoney', SettingsMessage.openFraction],
      [{ frontMoney: 1.01 }, 'frontMoney', SettingsMessage.openFraction],
      [{ frontMoney: '0.3' }, 'frontMoney', SettingsMessage.openFraction],
      [{ frontMoney: 0.1234567 }, 'frontMoney', SettingsMessage.decimals],
      [{ discount: 0 }, 'discount', SettingsMessage.openFraction],
      [{ discount: 2 }, 'discount', SettingsMessage.openFraction],
      [{ platPercent: -0.01 }, 'platPercent', SettingsMessage.closedFraction],
      [{ platPercent: 1.5 }, 'platPercent', SettingsMessage.closedFraction],
      [{ settlePercent: -1 }, 'settlePercent', SettingsMessage.closedFraction],
      [{ settlePercent: 0.0000005 }, 'settlePercent', SettingsMessage.decimals],
      [{ storageFeePerDay: -1 }, 'storageFeePerDay', SettingsMessage.storageFee],
      [{ storageFeePerDay: 1.5 }, 'storageFeePerDay', SettingsMessage.storageFee],
      [{ storageFeePerDay: 100_001 }, 'storageFeePerDay', SettingsMessage.storageFee],
      [{ maxRate: 0 }, 'maxRate', SettingsMessage.maxRate],
      [{ maxRate: 10_000 }, 'maxRate', SettingsMessage.maxRate],
      [{ maxRate: 0.0512345 }, 'maxRate', SettingsMessage.decimals],
    ]
    for (const [change, field, message] of cases) {
      const refused = await putCharges({ ...CHARGES, ...change })
      expect(refused.status, JSON.stringify(change)).toBe(400)
      expect(refused.body.msg).toBe(`${field}: ${message}`)
      expect((refused.body.data as Refusal)?.fields?.[0]).toEqual({ field, message })
    }
    const { frontMoney: _left, ...missing } = CHARGES
    const absent = await putCharges(missing)
    expect(absent.status).toBe(400)
    expect(absent.body.msg).toMatch(/^frontMoney: /)
    expect((await putCharges('nonsense')).status).toBe(400)
    // the edges are accepted
    const edges = { ...CHARGES, frontMoney: 1, discount: 0.000001, platPercent: 0, settlePercent: 1 }
    expect((await putCharges({ ...edges, storageFeePerDay: 0 })).body.code).toBe(200)
    expect((await putCharges(CHARGES)).body.code).toBe(200)
    const after = await settingsRow()
    expect({ ...after, updatedAt: null }).toEqual({ ...before, updatedAt: null })
    expect(await settingsAudits()).toHaveLength(auditsBefore + 2)
  })

  it('applies new charges to orders created afterwards; an existing order keeps its deposit', async () => {
    expect((await putCharges({ ...CHARGES, frontMoney: 0.3 })).body.code).toBe(200)
    const older = await placeOrder(10_000)
    expect(await depositOf(older)).toEqual({ order: 3_000, line: 3_000, answer: 3_000 })

    expect((await putCharges({ ...CHARGES, frontMoney: 0.5 })).body.code).toBe(200)
    expect(await depositOf(older)).toEqual({ order: 3_000, line: 3_000, answer: 3_000 })
    const newer = await placeOrder(10_000)
    expect(await depositOf(newer)).toEqual({ order: 5_000, line: 5_000, answer: 5_000 })

    const [frozen] = await t.db.select().from(orders).where(eq(orders.id, older))
    const [fresh] = await t.db.select().from(orders).where(eq(orders.id, newer))
    // the fees were frozen too: same charges but for the deposit share
    expect(fresh?.platformFee).toBe(frozen?.platformFee)
    expect(fresh?.total).toBe(frozen?.total)
    expect((await putCharges(CHARGES)).body.code).toBe(200)
  })

  it('sets the rate, which /mall/exchange_rate/get and get2 answer at once, with an audit row', async () => {
    const rateOf = async () =>
      (await t.getJson<Envelope<ExchangeRateDto>>('/api/mall/exchange_rate/get', { token: shopper.token }))
        .body.data.rate
    const before = (await getRate()).body.data as OpsRateDto
    expect(await rateOf()).toBe(before.rate)

    const saved = await putRate({ rate: 0.048123 })
    expect(saved.body).toEqual({ code: 200, msg: 'success', data: { rate: 0.048123 } })
    expect((await getRate()).body.data).toEqual({ rate: 0.048123 })
    expect(await rateOf()).toBe(0.048123)
    const limits = await t.getJson<Envelope<ExchangeRateLimitsDto>>('/api/mall/exchange_rate/get2', {
      token: shopper.token,
    })
    expect(limits.body.data).toEqual({ rate: 0.048123, maxRate: CHARGES.maxRate })
    const details = await t.getJson<Envelope<ChargeSettings>>('/api/mall/charge/details', {
      token: shopper.token,
    })
    expect(details.body.data.rate).toBe(0.048123)

    const audit = (await settingsAudits()).at(-1)
    expect(audit).toMatchObject({
      actorId: admin.userId,
      action: 'settings.rate',
      entity: 'settings',
      entityId: 'rate',
      before,
      after: { rate: 0.048123 },
    })

    expect((await putRate({ rate: 0.051 })).body.data).toEqual({ rate: 0.051 })
    expect(await rateOf()).toBe(0.051)
  })

  it('refuses a rate that is not a positive number with at most 6 decimals, writing nothing', async () => {
    const before = await settingsRow()
    const audits = (await settingsAudits()).length
    for (const [body, message] of [
      [{ rate: 0 }, SettingsMessage.rate],
      [{ rate: -0.05 }, SettingsMessage.rate],
      [{ rate: '0.05' }, SettingsMessage.rate],
      [{ rate: null }, SettingsMessage.rate],
      [{ rate: 10_000 }, SettingsMessage.rate],
      [{ rate: 0.0512345 }, SettingsMessage.decimals],
    ] as const) {
      const refused = await putRate(body)
      expect(refused.status, JSON.stringify(body)).toBe(400)
      expect(refused.body.msg).toBe(`rate: ${message}`)
    }
    const missing = await putRate({})
    expect(missing.status).toBe(400)
    expect(missing.body.msg).toMatch(/^rate: /)
    expect(await settingsRow()).toEqual(before)
    expect(await settingsAudits()).toHaveLength(audits)
  })
})

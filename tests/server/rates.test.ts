import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedDemoCatalog } from '../../server/db/seed/seed.ts'
import { ensureOperatorAccount } from '../../server/services/accounts/operator-account.ts'
import { readShopSettings, writeShopSettings } from '../../server/services/shop-settings.ts'
import type { ExchangeRateDto, ExchangeRateLimitsDto } from '../../src/domain/catalog.ts'
import type { ChargeSettings } from '../../src/domain/pricing.ts'
import type { Envelope } from '../../src/domain/result-code.ts'
import { logIn, signUp } from './support/accounts.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'
import { engines } from './support/test-database.ts'

describe.each(engines)('rate calls on %s', (engine) => {
  let t: TestApp
  let customer: string
  beforeAll(async () => {
    t = await createTestApp(engine)
    customer = (await signUp(t, 'rates@example.com')).token
  })
  afterAll(async () => {
    await t.close()
  })

  const rate = (token: string) =>
    t.getJson<Envelope<ExchangeRateDto>>('/api/mall/exchange_rate/get', { token })
  const limits = (token: string) =>
    t.getJson<Envelope<ExchangeRateLimitsDto>>('/api/mall/exchange_rate/get2', { token })
  const charge = (token: string) => t.getJson<Envelope<ChargeSettings>>('/api/mall/charge/details', { token })

  it.each(['exchange_rate/get', 'exchange_rate/get2', 'charge/details'])(
    'refuses a visitor on %s with 401',
    async (path) => {
      const { status, body } = await t.getJson<Envelope<null>>(`/api/mall/${path}`)
      expect(status).toBe(401)
      expect(body).toMatchObject({ code: 401, data: null })
    },
  )

  it('answers the neutral settings of a new shop: no rate, no discount, no fees, paid in full', async () => {
    expect((await rate(customer)).body).toEqual({ code: 200, msg: 'success', data: { rate: null } })
    expect((await limits(customer)).body.data).toEqual({ rate: null, maxRate: null })
    expect((await charge(customer)).body.data).toEqual({
      discount: 1,
      platPercent: 0,
      frontMoney: 1,
      settlePercent: 0,
      rate: null,
    })
  })

  it('answers the demo settings once the demo catalog is seeded, to customers and operators', async () => {
    expect((await seedDemoCatalog(t.db, { products: 12 })).seeded).toBe(true)
    await ensureOperatorAccount(t.db, { email: 'ops@example.com', password: 'Op3rator!Pass' })
    const operator = (await logIn(t, 'ops@example.com', 'Op3rator!Pass')).headers.get('token') ?? ''
    for (const token of [customer, operator]) {
      expect((await rate(token)).body.data).toEqual({ rate: 0.0476 })
      expect((await limits(token)).body.data).toEqual({ rate: 0.0476, maxRate: 0.05 })
      expect((await charge(token)).body.data).toEqual({
        discount: 0.95,
        platPercent: 0.03,
        frontMoney: 0.3,
        settlePercent: 0.035,
        rate: 0.0476,
      })
    }
  })

  it('reads back what was written, and refuses values outside the checks without a change', async () => {
    await writeShopSettings(t.db, {
      charge: { discount: 0.9, platPercent: 0.05, frontMoney: 0.2, settlePercent: 0, rate: null },
      maxRate: 0.06,
    })
    expect((await limits(customer)).body.data).toEqual({ rate: null, maxRate: 0.06 })
    expect((await charge(customer)).body.data).toMatchObject({ discount: 0.9, frontMoney: 0.2, rate: null })

    const before = await readShopSettings(t.db)
    await expect(
      writeShopSettings(t.db, { charge: { ...before.charge, discount: 0 }, maxRate: before.maxRate }),
    ).rejects.toThrow()
    expect(await readShopSettings(t.db)).toEqual(before)
  })
})

import { and, asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, shippingDestinations, shippingMethods, shippingRates } from '../../server/db/schema.ts'
import { tariffRows } from '../../server/db/seed/shipping-tariff.ts'
import { loadTariff, quoteTariff } from '../../server/services/shipping/tariff.ts'
import type { Envelope } from '../../src/domain/result-code.ts'
import type { Box } from '../../src/domain/shipping.ts'
import type { ShippingMethodAdminDto, ShippingMethodsDto } from '../../src/domain/shipping-editor.ts'
import { signedInAccount } from './support/catalog-fixture.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'
import { engines } from './support/test-database.ts'

/* The seeded tariff (migration 0009) and the operators' editor, GET/PUT /api/ops/shipping-methods. */

const PATH = '/api/ops/shipping-methods'
const box1kg: Box = { weightG: 1000, lengthMm: 300, widthMm: 200, heightMm: 100 }

describe.each(engines)('shipping methods on %s', (engine) => {
  let t: TestApp
  let operator: Record<string, string>
  let operatorId: number
  let shopper: Record<string, string>

  const get = (headers: Record<string, string>) => t.getJson<Envelope<ShippingMethodsDto>>(PATH, headers)
  const put = (body: unknown, headers: Record<string, string> = operator) =>
    t.sendJson<Envelope<ShippingMethodsDto>>('PUT', PATH, body, headers)
  const current = async () => {
    const { status, body } = await get(operator)
    expect(status).toBe(200)
    return body.data.methods
  }
  const audits = () =>
    t.db.select().from(auditLog).where(eq(auditLog.entity, 'shippingMethod')).orderBy(asc(auditLog.id))
  const quote = async (code: string, box: Box, country: string) => {
    const tariff = (await loadTariff(t.db)).find((m) => m.method.code === code)
    if (!tariff) throw new Error(`no method ${code}`)
    return quoteTariff(tariff, box, country)
  }
  const byCode = (methods: ShippingMethodAdminDto[], code: string) => {
    const method = methods.find((m) => m.code === code)
    if (!method) throw new Error(`no method ${code}`)
    return method
  }

  beforeAll(async () => {
    t = await createTestApp(engine)
    const ops = await signedInAccount(t, 'ops-shipping@example.com', { kind: 'operator' })
    operator = { token: ops.token }
    operatorId = ops.userId
    shopper = { token: (await signedInAccount(t, 'shopper-shipping@example.com')).token }
  })

  afterAll(async () => {
    await t?.close()
  })

  it('starts with exactly the seeded tariff (migration 0009 = tariffRows())', async () => {
    const expected = tariffRows()
    const methods = await t.db.select().from(shippingMethods).orderBy(asc(shippingMethods.id))
    expect(methods.map(({ updatedAt: _, ...row }) => row)).toEqual(expected.methods)
    const destinations = await t.db
      .select()
      .from(shippingDestinations)
      .orderBy(asc(shippingDestinations.methodId), asc(shippingDestinations.country))
    const key = (d: { methodId: number; country: string }) => `${d.methodId}:${d.country}`
    expect(destinations).toEqual(
      [...expected.destinations].sort((a, b) => a.methodId - b.methodId || (key(a) < key(b) ? -1 : 1)),
    )
    const rates = await t.db
      .select()
      .from(shippingRates)
      .orderBy(asc(shippingRates.methodId), asc(shippingRates.zone), asc(shippingRates.upToG))
    expect(rates).toEqual(expected.rates)
    expect(rates).toHaveLength(1170)
  })

  it('gives the next method an id after the seeded ones', async () => {
    const [added] = await t.db
      .insert(shippingMethods)
      .values({
        code: 'test_courier',
        nameZh: '测试',
        nameJa: 'テスト',
        nameEn: 'Test',
        carrier: 'dhl',
        maxWeightG: 1000,
        sizeRule: 'none',
        billingRule: 'actual',
      })
      .returning({ id: shippingMethods.id })
    expect(added?.id).toBe(7)
    await t.db.delete(shippingMethods).where(eq(shippingMethods.code, 'test_courier'))
  })

  it('quotes the seeded methods for a destination', async () => {
    expect(await quote('ems', box1kg, '中国')).toEqual({ available: true, billedWeightG: 1000, fee: 2200 })
    expect(await quote('ems', box1kg, '美国')).toMatchObject({ available: false, reason: 'wrongAddress' })
    // 30 × 20 × 10 cm is 1.2 kg by volume: DHL bills 1.5 kg.
    expect(await quote('dhl', box1kg, '美国')).toMatchObject({ available: true, billedWeightG: 1500 })
    expect(await quote('parcel_surface', box1kg, '以色列')).toMatchObject({ reason: 'wrongAddress' })
    expect(await quote('parcel_surface', box1kg, '德国')).toMatchObject({ available: true, fee: 2500 })
  })

  it('refuses a shopper with 403 and no token with 401, changing nothing', async () => {
    const methods = await current()
    expect((await get(shopper)).status).toBe(403)
    expect((await get({})).status).toBe(401)
    expect((await put({ methods }, shopper)).status).toBe(403)
    expect((await put({ methods }, {})).status).toBe(401)
    expect(await audits()).toEqual([])
  })

  it('lists every method with its limits, destinations and bands, in the operators’ order', async () => {
    const methods = await current()
    expect(methods.map((m) => [m.id, m.code])).toEqual([
      [1, 'ems'],
      [2, 'epacket_light'],
      [3, 'small_packet'],
      [4, 'parcel_air'],
      [5, 'parcel_surface'],
      [6, 'dhl'],
    ])
    const ems = byCode(methods, 'ems')
    expect(ems).toMatchObject({
      name: { zhCn: 'EMS 国际特快专递', ja: '国際スピード郵便（EMS）', en: 'EMS (Express Mail Service)' },
      carrier: 'japanpost',
      minWeightG: 0,
      maxWeightG: 30_000,
      sizeRule: 'ems',
      billingRule: 'actual',
      stepG: 0,
      tracked: true,
      active: true,
      sortOrder: 1,
    })
    expect(ems.destinations).toHaveLength(40)
    expect(ems.destinations[0]).toEqual({ country: '中国台湾', zone: 1, available: true })
    expect(ems.destinations.find((d) => d.country === '美国')).toEqual({
      country: '美国',
      zone: 4,
      available: false,
    })
    expect(ems.rates).toHaveLength(42 * 5)
    expect(ems.rates[0]).toEqual({ zone: 1, upToG: 500, fee: 1450 })
    expect(byCode(methods, 'dhl')).toMatchObject({
      billingRule: 'volumetric',
      stepG: 500,
      maxWeightG: 70_000,
    })
    expect(byCode(methods, 'dhl').note).toContain('SYNTHETIC')
    expect(byCode(methods, 'parcel_air').destinations).toHaveLength(24)
  })

  it('replaces a method’s rates and availability, changes the quote, and audits only what changed', async () => {
    const methods = await current()
    const ems = byCode(methods, 'ems')
    const editedEms: ShippingMethodAdminDto = {
      ...ems,
      note: 'Raised zone 1 at 1 kg; US reopened',
      destinations: ems.destinations.map((d) => (d.country === '美国' ? { ...d, available: true } : d)),
      rates: ems.rates.map((r) => (r.zone === 1 && r.upToG === 1000 ? { ...r, fee: 2300 } : r)),
    }
    const epacket = byCode(methods, 'epacket_light')
    // Every method sent back, only EMS and ePacket Light changed.
    const body = {
      methods: methods.map((m) =>
        m.code === 'ems' ? editedEms : m.code === 'epacket_light' ? { ...epacket, active: false } : m,
      ),
    }
    const before = Date.now()
    const { status, body: answer } = await put(body)
    expect(status).toBe(200)
    expect(byCode(answer.data.methods, 'ems')).toEqual(editedEms)
    expect(byCode(answer.data.methods, 'epacket_light').active).toBe(false)
    expect(await current()).toEqual(answer.data.methods)

    expect(await quote('ems', box1kg, '中国')).toEqual({ available: true, billedWeightG: 1000, fee: 2300 })
    expect(await quote('ems', box1kg, '中国台湾')).toMatchObject({ fee: 2300 })
    expect(await quote('ems', box1kg, '中国香港')).toMatchObject({ fee: 3150 })
    expect(await quote('ems', box1kg, '美国')).toEqual({ available: true, billedWeightG: 1000, fee: 5300 })
    expect(await quote('epacket_light', box1kg, '中国')).toMatchObject({
      available: false,
      reason: 'wrongAddress',
    })

    const rows = await audits()
    expect(rows.map((row) => [row.action, row.entityId, row.actorId])).toEqual([
      ['shippingMethod.update', '1', operatorId],
      ['shippingMethod.update', '2', operatorId],
    ])
    const [emsAudit] = rows
    expect(emsAudit?.before).toEqual(ems)
    expect(emsAudit?.after).toEqual(editedEms)
    expect(emsAudit?.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000)
    const [updated] = await t.db
      .select({ updatedAt: shippingMethods.updatedAt })
      .from(shippingMethods)
      .where(eq(shippingMethods.id, 1))
    expect(updated?.updatedAt.getTime()).toBe(emsAudit?.createdAt.getTime())

    // Saving the same again changes and audits nothing.
    expect((await put({ methods: answer.data.methods })).status).toBe(200)
    expect(await audits()).toHaveLength(2)
  })

  it('keeps the method’s code whatever is sent', async () => {
    const [dhl] = (await current()).filter((m) => m.code === 'dhl')
    const { status, body } = await put({ methods: [{ ...dhl, code: 'fedex', sortOrder: 0 }] })
    expect(status).toBe(200)
    expect(body.data.methods.map((m) => m.code)).toEqual([
      'dhl',
      'ems',
      'epacket_light',
      'small_packet',
      'parcel_air',
      'parcel_surface',
    ])
  })

  describe('refuses a bad edit with 400 naming the field, changing nothing', () => {
    const cases: [string, (ems: ShippingMethodAdminDto) => unknown, string][] = [
      [
        'an empty name',
        (ems) => ({ methods: [{ ...ems, name: { ...ems.name, en: ' ' } }] }),
        'methods.0.name.en',
      ],
      [
        'a name over 50 characters',
        (ems) => ({ methods: [{ ...ems, name: { ...ems.name, ja: 'あ'.repeat(51) } }] }),
        'methods.0.name.ja',
      ],
      ['an unknown carrier', (ems) => ({ methods: [{ ...ems, carrier: 'fedex' }] }), 'methods.0.carrier'],
      ['an unknown size rule', (ems) => ({ methods: [{ ...ems, sizeRule: 'big' }] }), 'methods.0.sizeRule'],
      [
        'an unknown billing rule',
        (ems) => ({ methods: [{ ...ems, billingRule: 'dim' }] }),
        'methods.0.billingRule',
      ],
      [
        'a minimum not below the maximum',
        (ems) => ({ methods: [{ ...ems, minWeightG: 30_000 }] }),
        'methods.0.maxWeightG',
      ],
      [
        'a maximum over 70 kg',
        (ems) => ({ methods: [{ ...ems, maxWeightG: 70_001 }] }),
        'methods.0.maxWeightG',
      ],
      ['a step over 10 kg', (ems) => ({ methods: [{ ...ems, stepG: 10_001 }] }), 'methods.0.stepG'],
      [
        'a country not in the list',
        (ems) => ({
          methods: [{ ...ems, destinations: [{ country: 'Atlantis', zone: 1, available: true }] }],
        }),
        'methods.0.destinations.0.country',
      ],
      [
        'a country twice',
        (ems) => ({ methods: [{ ...ems, destinations: [...ems.destinations, ems.destinations[0]] }] }),
        'methods.0.destinations',
      ],
      [
        'zone 10',
        (ems) => ({ methods: [{ ...ems, rates: [{ zone: 10, upToG: 500, fee: 1 }, ...ems.rates] }] }),
        'methods.0.rates.0.zone',
      ],
      [
        'a band twice',
        (ems) => ({ methods: [{ ...ems, rates: [...ems.rates, { ...ems.rates[0], fee: 9 }] }] }),
        'methods.0.rates',
      ],
      [
        'a negative fee',
        (ems) => ({ methods: [{ ...ems, rates: [{ zone: 1, upToG: 400, fee: -1 }, ...ems.rates] }] }),
        'methods.0.rates.0.fee',
      ],
      [
        'a fee over ¥10,000,000',
        (ems) => ({ methods: [{ ...ems, rates: [{ zone: 1, upToG: 400, fee: 10_000_001 }, ...ems.rates] }] }),
        'methods.0.rates.0.fee',
      ],
      [
        'a band of 0 g',
        (ems) => ({ methods: [{ ...ems, rates: [{ zone: 1, upToG: 0, fee: 10 }, ...ems.rates] }] }),
        'methods.0.rates.0.upToG',
      ],
      [
        'a destination zone without bands',
        (ems) => ({ methods: [{ ...ems, rates: ems.rates.filter((r) => r.zone !== 5) }] }),
        'methods.0.rates',
      ],
      [
        'a fractional weight',
        (ems) => ({ methods: [{ ...ems, maxWeightG: 29_999.5 }] }),
        'methods.0.maxWeightG',
      ],
      ['no methods', () => ({ methods: [] }), 'methods'],
      ['the same method twice', (ems) => ({ methods: [ems, ems] }), 'methods'],
      [
        'an id that is not a method, after a valid change',
        (ems) => ({
          methods: [
            { ...ems, active: false },
            { ...ems, id: 999 },
          ],
        }),
        'methods.1.id',
      ],
    ]

    it.each(cases)('%s', async (_, make, field) => {
      const before = await current()
      const auditCount = (await audits()).length
      const ems = byCode(before, 'ems')
      const { status, body } = await put(make(ems))
      expect(status).toBe(400)
      expect(body.code).toBe(400)
      expect(body.msg.split(':')[0]).toBe(field)
      expect(await current()).toEqual(before)
      expect(await audits()).toHaveLength(auditCount)
    })
  })

  it('answers the audit rows of a method by entity and id', async () => {
    const rows = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'shippingMethod'), eq(auditLog.entityId, '6')))
    expect(rows).toEqual([{ action: 'shippingMethod.update' }])
  })
})

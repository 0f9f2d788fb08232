import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  DHL_BANDS_G,
  EMS_BANDS_G,
  EMS_PUBLISHED,
  EPACKET_LIGHT_PUBLISHED,
  PARCEL_AIR_PUBLISHED_ZONE3,
  PARCEL_SURFACE_PUBLISHED_ZONE3,
  type TariffMethodCode,
  tariffRows,
} from '../../server/db/seed/shipping-tariff.ts'
import { COUNTRY_VALUES } from '../../src/domain/countries.ts'
import {
  type Box,
  fitsSize,
  type MethodDestination,
  quoteShipping,
  type RateBand,
  type ShippingMethod,
  type ShippingQuote,
} from '../../src/domain/shipping.ts'

/* The shipping fee of the seeded tariff, through quoteShipping (flows §5, shipping-facts.md). */

const rows = tariffRows()
const CODES: TariffMethodCode[] = [
  'ems',
  'epacket_light',
  'small_packet',
  'parcel_air',
  'parcel_surface',
  'dhl',
]

function methodOf(code: TariffMethodCode): ShippingMethod {
  const row = rows.methods.find((m) => m.code === code)
  if (!row) throw new Error(`no method ${code}`)
  return {
    id: row.id,
    code: row.code,
    name: { zhCn: row.nameZh, ja: row.nameJa, en: row.nameEn },
    carrier: row.carrier,
    minWeightG: row.minWeightG,
    maxWeightG: row.maxWeightG,
    sizeRule: row.sizeRule,
    billingRule: row.billingRule,
    stepG: row.stepG,
    tracked: row.tracked,
    active: row.active,
  }
}

function bandsOf(code: TariffMethodCode, zone: number): RateBand[] {
  const method = methodOf(code)
  return rows.rates
    .filter((r) => r.methodId === method.id && r.zone === zone)
    .map(({ upToG, fee }) => ({ upToG, fee }))
}

function destinationOf(code: TariffMethodCode, country: string): MethodDestination | undefined {
  const method = methodOf(code)
  const row = rows.destinations.find((d) => d.methodId === method.id && d.country === country)
  return row && { zone: row.zone, available: row.available }
}

/** The quote for a box sent to a country, as the server computes it from the seeded rows. */
function quoteTo(code: TariffMethodCode, country: string, box: Box): ShippingQuote {
  const destination = destinationOf(code, country)
  return quoteShipping(methodOf(code), box, destination, destination ? bandsOf(code, destination.zone) : [])
}

/** The quote in a zone, the destination available (zone 4 is the US, where Japan Post is suspended). */
function quoteInZone(code: TariffMethodCode, zone: number, box: Box): ShippingQuote {
  return quoteShipping(methodOf(code), box, { zone, available: true }, bandsOf(code, zone))
}

const smallBox = (weightG: number): Box => ({ weightG, lengthMm: 300, widthMm: 200, heightMm: 100 })
const ZONES = [1, 2, 3, 4, 5] as const

describe('EMS', () => {
  const cases = EMS_PUBLISHED.flatMap(([weightG, fees]) =>
    ZONES.map((zone) => ({ weightG, zone, fee: fees[zone - 1] as number })),
  )

  it.each(cases)('bills $weightG g to zone $zone at the published ¥$fee', ({ weightG, zone, fee }) => {
    expect(quoteInZone('ems', zone, smallBox(weightG))).toEqual({
      available: true,
      billedWeightG: weightG,
      fee,
    })
  })

  it('has the published bands: 500 g, 100 g to 1 kg, 250 g to 2 kg, 500 g to 6 kg, 1 kg to 30 kg', () => {
    for (const zone of ZONES) expect(bandsOf('ems', zone).map((b) => b.upToG)).toEqual(EMS_BANDS_G)
    expect(EMS_BANDS_G.slice(0, 8)).toEqual([500, 600, 700, 800, 900, 1000, 1250, 1500])
    expect(EMS_BANDS_G.slice(-3)).toEqual([28000, 29000, 30000])
  })

  it('bills a weight between bands as the next band, priced between the published figures', () => {
    // 1,234 g → the 1,250 g band: zone 1 is 2,200 + (3,400 − 2,200) × 250 / 1,000 = 2,500.
    expect(quoteInZone('ems', 1, smallBox(1234))).toEqual({ available: true, billedWeightG: 1250, fee: 2500 })
    // Zone 3 at 5.5 kg: 13,000 + 10,500 × 500 / 5,000 = 14,050.
    expect(quoteInZone('ems', 3, smallBox(5001))).toEqual({
      available: true,
      billedWeightG: 5500,
      fee: 14050,
    })
    // Anything up to 500 g bills 500 g.
    expect(quoteInZone('ems', 2, smallBox(1))).toEqual({ available: true, billedWeightG: 500, fee: 1900 })
  })

  it('rounds interpolated bands to 10 yen', () => {
    // Zone 2 between 2 and 5 kg rises 3,600 over 3 kg: 2.5 kg is 4,550 + 600 = 5,150; 900 g: 1,900 + 1,250 × 0.8 = 2,900.
    expect(quoteInZone('ems', 2, smallBox(2500))).toMatchObject({ fee: 5150 })
    expect(quoteInZone('ems', 2, smallBox(900))).toMatchObject({ fee: 2900 })
    for (const rate of rows.rates) expect(rate.fee % 10).toBe(0)
  })

  it('refuses more than 30 kg and a box over 1.5 m or 3 m length + girth', () => {
    expect(quoteInZone('ems', 1, smallBox(30_000))).toMatchObject({ available: true, fee: 26600 })
    expect(quoteInZone('ems', 1, smallBox(30_001))).toMatchObject({
      available: false,
      reason: 'aboveMaximum',
    })
    const long = { weightG: 1000, lengthMm: 1501, widthMm: 100, heightMm: 100 }
    const girthy = { weightG: 1000, lengthMm: 1000, widthMm: 600, heightMm: 501 }
    expect(quoteInZone('ems', 1, long)).toMatchObject({ available: false, reason: 'aboveMaximum' })
    expect(quoteInZone('ems', 1, girthy)).toMatchObject({ available: false, reason: 'aboveMaximum' })
  })
})

describe('DHL Express', () => {
  it('bills a light, big box by its volume, rounded up to the next 0.5 kg', () => {
    // 61 × 50 × 40 cm / 5000 = 24.4 kg → 24.5 kg, though the scale reads 2 kg.
    const box = { weightG: 2000, lengthMm: 610, widthMm: 500, heightMm: 400 }
    const quote = quoteTo('dhl', '德国', box)
    const band = bandsOf('dhl', 3).find((b) => b.upToG === 24_500)
    expect(quote).toEqual({ available: true, billedWeightG: 24_500, fee: band?.fee })
  })

  it('bills a heavy, small box by its actual weight', () => {
    // 20 × 20 × 20 cm is 1.6 kg by volume; 5.2 kg on the scale → 5.5 kg.
    const box = { weightG: 5200, lengthMm: 200, widthMm: 200, heightMm: 200 }
    expect(quoteTo('dhl', '中国', box)).toMatchObject({ available: true, billedWeightG: 5500 })
  })

  it('takes up to 70 kg of any size, billed weight included', () => {
    expect(DHL_BANDS_G).toHaveLength(140)
    expect(quoteTo('dhl', '巴西', smallBox(70_000))).toMatchObject({ available: true, billedWeightG: 70_000 })
    expect(quoteTo('dhl', '巴西', smallBox(70_001))).toMatchObject({
      available: false,
      reason: 'aboveMaximum',
    })
    const huge = { weightG: 10_000, lengthMm: 1000, widthMm: 1000, heightMm: 400 } // 80 kg by volume
    expect(quoteTo('dhl', '巴西', huge)).toMatchObject({ available: false, reason: 'aboveMaximum' })
  })
})

describe('ePacket Light and small packets', () => {
  it('bills the published figures at 100 g, 500 g, 1 kg and 2 kg', () => {
    for (const [weightG, fees] of EPACKET_LIGHT_PUBLISHED) {
      for (const zone of ZONES) {
        expect(quoteInZone('epacket_light', zone, smallBox(weightG))).toEqual({
          available: true,
          billedWeightG: weightG,
          fee: fees[zone - 1],
        })
      }
    }
  })

  it('takes 2,000 g but not 2,001 g', () => {
    expect(quoteTo('epacket_light', '中国台湾', smallBox(2000))).toEqual({
      available: true,
      billedWeightG: 2000,
      fee: 2620,
    })
    expect(quoteTo('epacket_light', '中国台湾', smallBox(2001))).toMatchObject({
      available: false,
      reason: 'aboveMaximum',
    })
  })

  it('refuses a side over 60 cm or L + W + H over 90 cm', () => {
    const longSide = { weightG: 500, lengthMm: 610, widthMm: 100, heightMm: 50 }
    const bulky = { weightG: 500, lengthMm: 400, widthMm: 300, heightMm: 201 }
    for (const code of ['epacket_light', 'small_packet'] as const) {
      expect(quoteTo(code, '韩国', longSide)).toMatchObject({ available: false, reason: 'aboveMaximum' })
      expect(quoteTo(code, '韩国', bulky)).toMatchObject({ available: false, reason: 'aboveMaximum' })
    }
    expect(quoteTo('epacket_light', '韩国', { ...bulky, heightMm: 200 })).toMatchObject({ available: true })
  })

  it('prices a small packet ¥370 below ePacket Light in every zone and band', () => {
    for (const zone of ZONES) {
      const epacket = bandsOf('epacket_light', zone)
      expect(bandsOf('small_packet', zone)).toEqual(
        epacket.map((b) => ({ upToG: b.upToG, fee: b.fee - 370 })),
      )
      expect(epacket.map((b) => b.upToG)).toEqual(Array.from({ length: 20 }, (_, i) => (i + 1) * 100))
    }
    expect(quoteTo('small_packet', '中国香港', smallBox(1000))).toEqual({
      available: true,
      billedWeightG: 1000,
      fee: 1830 - 370,
    })
  })
})

describe('parcels by air and by sea', () => {
  const cases = [
    ...PARCEL_AIR_PUBLISHED_ZONE3.map(([weightG, [fee]]) => ({ code: 'parcel_air' as const, weightG, fee })),
    ...PARCEL_SURFACE_PUBLISHED_ZONE3.map(([weightG, [fee]]) => ({
      code: 'parcel_surface' as const,
      weightG,
      fee,
    })),
  ]

  it.each(cases)('$code bills $weightG g to zone 3 at the published ¥$fee', ({ code, weightG, fee }) => {
    expect(quoteTo(code, '英国', smallBox(weightG))).toEqual({ available: true, billedWeightG: weightG, fee })
  })

  it('bills by the kilogram', () => {
    expect(quoteTo('parcel_air', '法国', smallBox(1001))).toMatchObject({ billedWeightG: 2000, fee: 6000 })
    // 3 kg: 6,000 + 6,450 / 3 = 8,150.
    expect(quoteTo('parcel_air', '法国', smallBox(2500))).toMatchObject({ billedWeightG: 3000, fee: 8150 })
  })

  it('goes only to zone-3 destinations (published rates): elsewhere it is the wrong address', () => {
    for (const code of ['parcel_air', 'parcel_surface'] as const) {
      expect(quoteTo(code, '中国', smallBox(1000))).toMatchObject({
        available: false,
        reason: 'wrongAddress',
      })
      expect(quoteTo(code, '巴西', smallBox(1000))).toMatchObject({
        available: false,
        reason: 'wrongAddress',
      })
    }
  })
})

describe('destinations', () => {
  it('serves every one of the 40 countries by EMS, ePacket Light, small packet and DHL, on the EMS zones', () => {
    for (const code of ['ems', 'epacket_light', 'small_packet', 'dhl'] as const) {
      const countries = COUNTRY_VALUES.filter((country) => destinationOf(code, country) !== undefined)
      expect(countries).toEqual(COUNTRY_VALUES)
    }
    const zoneOf = (country: string) => destinationOf('ems', country)?.zone
    expect(['中国台湾', '韩国', '中国'].map(zoneOf)).toEqual([1, 1, 1])
    expect(['中国香港', '中国澳门', '新加坡', '马来西亚'].map(zoneOf)).toEqual([2, 2, 2, 2])
    expect(['澳大利亚', '以色列', '英国', '葡萄牙'].map(zoneOf)).toEqual([3, 3, 3, 3])
    expect([zoneOf('美国'), zoneOf('巴西')]).toEqual([4, 5])
    for (const country of COUNTRY_VALUES) expect(destinationOf('dhl', country)?.zone).toBe(zoneOf(country))
  })

  it('sends to the United States by DHL only (Japan Post goods suspended)', () => {
    const offered = CODES.filter((code) => quoteTo(code, '美国', smallBox(1000)).available)
    expect(offered).toEqual(['dhl'])
    expect(quoteTo('ems', '美国', smallBox(1000))).toMatchObject({ available: false, reason: 'wrongAddress' })
  })

  it('sends to Israel by everything but surface mail', () => {
    const offered = CODES.filter((code) => quoteTo(code, '以色列', smallBox(1000)).available)
    expect(offered).toEqual(['ems', 'epacket_light', 'small_packet', 'parcel_air', 'dhl'])
    expect(quoteTo('parcel_surface', '以色列', smallBox(1000))).toMatchObject({ reason: 'wrongAddress' })
  })

  it('has bands for every zone a destination uses', () => {
    for (const d of rows.destinations) {
      expect(rows.rates.some((r) => r.methodId === d.methodId && r.zone === d.zone)).toBe(true)
    }
  })
})

describe('properties of the seeded tariff', () => {
  const zonesOf = (code: TariffMethodCode) => [
    ...new Set(rows.rates.filter((r) => r.methodId === methodOf(code).id).map((r) => r.zone)),
  ]
  const methodAndZone = fc.constantFrom(
    ...CODES.flatMap((code) => zonesOf(code).map((zone) => ({ code, zone }))),
  )
  const side = fc.integer({ min: 1, max: 2000 })
  const box = fc.record({
    weightG: fc.integer({ min: 1, max: 80_000 }),
    lengthMm: side,
    widthMm: side,
    heightMm: side,
  })

  it('never charges less for a heavier box of the same size', () => {
    fc.assert(
      fc.property(
        methodAndZone,
        box,
        fc.integer({ min: 0, max: 20_000 }),
        ({ code, zone }, lighter, extra) => {
          const heavier = { ...lighter, weightG: lighter.weightG + extra }
          const a = quoteInZone(code, zone, lighter)
          const b = quoteInZone(code, zone, heavier)
          expect(b.billedWeightG).toBeGreaterThanOrEqual(a.billedWeightG)
          if (a.available && b.available) expect(b.fee).toBeGreaterThanOrEqual(a.fee)
        },
      ),
      { numRuns: 2000 },
    )
  })

  it('has fees that never fall as the bands rise', () => {
    for (const code of CODES) {
      for (const zone of zonesOf(code)) {
        const fees = bandsOf(code, zone).map((b) => b.fee)
        expect(fees).toEqual([...fees].sort((x, y) => x - y))
      }
    }
  })

  it('never offers a box over the method’s weight or size limit', () => {
    fc.assert(
      fc.property(methodAndZone, box, ({ code, zone }, parcel) => {
        const method = methodOf(code)
        const quote = quoteInZone(code, zone, parcel)
        if (parcel.weightG > method.maxWeightG || !fitsSize(method.sizeRule, parcel)) {
          expect(quote).toMatchObject({ available: false, reason: 'aboveMaximum' })
        }
        if (quote.available) expect(quote.billedWeightG).toBeLessThanOrEqual(method.maxWeightG)
      }),
      { numRuns: 2000 },
    )
  })

  it('bills at least the weight on the scale, on one of the method’s bands when offered', () => {
    fc.assert(
      fc.property(methodAndZone, box, ({ code, zone }, parcel) => {
        const quote = quoteInZone(code, zone, parcel)
        expect(quote.billedWeightG).toBeGreaterThanOrEqual(parcel.weightG)
        if (quote.available) {
          expect(bandsOf(code, zone)).toContainEqual({ upToG: quote.billedWeightG, fee: quote.fee })
        }
      }),
    )
  })
})

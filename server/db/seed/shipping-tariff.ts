import { COUNTRY_VALUES, type CountryValue } from '../../../src/domain/countries.ts'
import type { BillingRule, Carrier, SizeRule } from '../../../src/domain/shipping.ts'

/*
 * The shipping methods every shop starts with (flows §5), from ../shared/design/shipping-facts.md:
 * Japan Post's June 2022 tariff (EMS, ePacket Light, small packet, parcels by air and by sea) and DHL
 * Express with synthetic demo rates. Migration 0009_shipping_tariff inserts exactly `tariffRows()`
 * (written by scripts/shipping-tariff-sql.ts; a server test checks that the two agree); operators edit
 * the rows afterwards (PUT /api/ops/shipping-methods).
 *
 * Rates: the published figures are exact at their weights. A band between two published weights a < w
 * < b is priced linearly, fee(a) + (fee(b) − fee(a)) × (w − a) / (b − a), rounded to the nearest 10 yen
 * (halves up), computed in integers so the SQL and this module can never differ by a float.
 */

export interface TariffMethodRow {
  id: number
  code: string
  nameZh: string
  nameJa: string
  nameEn: string
  carrier: Carrier
  minWeightG: number
  maxWeightG: number
  sizeRule: SizeRule
  billingRule: BillingRule
  stepG: number
  tracked: boolean
  active: boolean
  sortOrder: number
  note: string
}

export interface TariffDestinationRow {
  methodId: number
  country: CountryValue
  zone: number
  available: boolean
}

export interface TariffRateRow {
  methodId: number
  zone: number
  upToG: number
  fee: number
}

export interface TariffRows {
  methods: TariffMethodRow[]
  destinations: TariffDestinationRow[]
  rates: TariffRateRow[]
}

/** The fixed ids of the seeded methods (the migration moves the id sequence past them). */
export const TARIFF_METHOD_IDS = {
  ems: 1,
  epacket_light: 2,
  small_packet: 3,
  parcel_air: 4,
  parcel_surface: 5,
  dhl: 6,
} as const
export type TariffMethodCode = keyof typeof TARIFF_METHOD_IDS

/** Japan Post's EMS zones (June 2022) of the 40 destinations (src/domain/countries.ts). */
export const TARIFF_ZONES: Readonly<Record<CountryValue, 1 | 2 | 3 | 4 | 5>> = {
  中国台湾: 1,
  韩国: 1,
  中国: 1,
  中国香港: 2,
  中国澳门: 2,
  印度: 2,
  印度尼西亚: 2,
  柬埔寨: 2,
  新加坡: 2,
  泰国: 2,
  菲律宾: 2,
  不丹: 2,
  越南: 2,
  马来西亚: 2,
  澳大利亚: 3,
  新西兰: 3,
  加拿大: 3,
  墨西哥: 3,
  以色列: 3,
  土耳其: 3,
  爱尔兰: 3,
  意大利: 3,
  英国: 3,
  奥地利: 3,
  荷兰: 3,
  希腊: 3,
  瑞士: 3,
  瑞典: 3,
  西班牙: 3,
  丹麦: 3,
  德国: 3,
  挪威: 3,
  匈牙利: 3,
  芬兰: 3,
  法国: 3,
  比利时: 3,
  波兰: 3,
  葡萄牙: 3,
  美国: 4,
  巴西: 5,
}

export const TARIFF_ZONE_NUMBERS = [1, 2, 3, 4, 5] as const

/** A published tariff: at each weight (g), the fees of its zones in order (zones 1–5, or zone 3 alone). */
type Published = readonly (readonly [weightG: number, fees: readonly number[]])[]

/** EMS, June 2022 (shipping-facts.md), zones 1–5. */
export const EMS_PUBLISHED: Published = [
  [500, [1450, 1900, 3150, 3900, 3600]],
  [1000, [2200, 3150, 4400, 5300, 5100]],
  [2000, [3400, 4550, 6700, 7900, 8100]],
  [5000, [6400, 8150, 13000, 15100, 17100]],
  [10000, [10600, 13350, 23500, 27100, 29700]],
  [30000, [26600, 33350, 65500, 75100, 77700]],
]

/** ePacket Light, zones 1–5. */
export const EPACKET_LIGHT_PUBLISHED: Published = [
  [100, [720, 750, 880, 1200, 920]],
  [500, [1120, 1230, 1600, 2040, 1960]],
  [1000, [1620, 1830, 2500, 3090, 3260]],
  [2000, [2620, 3030, 4300, 5190, 5860]],
]

/** Small packet (air) costs this much less than ePacket Light in every band. */
export const SMALL_PACKET_DISCOUNT = 370

/** Parcels by air and by sea: published for zone 3 only (the one-element fee lists are zone 3's). */
export const PARCEL_AIR_PUBLISHED_ZONE3: Published = [
  [1000, [3850]],
  [2000, [6000]],
  [5000, [12450]],
  [10000, [23200]],
  [30000, [55200]],
]
export const PARCEL_SURFACE_PUBLISHED_ZONE3: Published = [
  [1000, [2500]],
  [2000, [3100]],
  [5000, [4900]],
  [10000, [7900]],
  [30000, [15900]],
]

/**
 * DHL Express, synthetic demo figures (no public yen card): per zone the first 0.5 kg, then a fixed
 * increment per further 0.5 kg up to 10 kg and a smaller one above (a courier's heavier-weight rate).
 */
export const DHL_DEMO_CURVE: Readonly<
  Record<1 | 2 | 3 | 4 | 5, { first: number; upTo10Kg: number; above10Kg: number }>
> = {
  1: { first: 4800, upTo10Kg: 950, above10Kg: 700 },
  2: { first: 5200, upTo10Kg: 1050, above10Kg: 780 },
  3: { first: 7600, upTo10Kg: 1500, above10Kg: 1100 },
  4: { first: 8200, upTo10Kg: 1650, above10Kg: 1200 },
  5: { first: 9400, upTo10Kg: 1900, above10Kg: 1400 },
}

/** Weights from `from` to `to` inclusive every `step` grams. */
function range(from: number, to: number, step: number): number[] {
  const out: number[] = []
  for (let w = from; w <= to; w += step) out.push(w)
  return out
}

/** EMS bands: 500 g, then every 100 g to 1 kg, every 250 g to 2 kg, every 500 g to 6 kg, every 1 kg to 30 kg. */
export const EMS_BANDS_G: readonly number[] = [
  500,
  ...range(600, 1000, 100),
  ...range(1250, 2000, 250),
  ...range(2500, 6000, 500),
  ...range(7000, 30000, 1000),
]
/** ePacket Light and small packet: every 100 g to 2 kg. */
export const SMALL_BANDS_G: readonly number[] = range(100, 2000, 100)
/** Parcels: every 1 kg to 30 kg. */
export const PARCEL_BANDS_G: readonly number[] = range(1000, 30000, 1000)
/** DHL: every 500 g to 70 kg. */
export const DHL_BANDS_G: readonly number[] = range(500, 70000, 500)

/** n / d rounded to the nearest 10, halves up (n ≥ 0, d > 0, integers). */
function roundTo10(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + 10 * denominator) / (20 * denominator)) * 10
}

/** The fee of `zoneIndex` at `weightG`: exact at a published weight, linear in between, nearest 10 yen. */
export function interpolatedFee(published: Published, zoneIndex: number, weightG: number): number {
  for (let i = 0; i < published.length; i++) {
    const [b, feesB] = published[i] as Published[number]
    const feeB = feesB[zoneIndex] as number
    if (weightG === b) return feeB
    if (weightG < b) {
      if (i === 0) throw new Error(`${weightG} g is below the first published weight ${b} g`)
      const [a, feesA] = published[i - 1] as Published[number]
      const feeA = feesA[zoneIndex] as number
      return roundTo10(feeA * (b - a) + (feeB - feeA) * (weightG - a), b - a)
    }
  }
  throw new Error(`${weightG} g is above the last published weight`)
}

/** The synthetic DHL fee of a zone for a band (multiples of 500 g). */
export function dhlDemoFee(zone: 1 | 2 | 3 | 4 | 5, upToG: number): number {
  const curve = DHL_DEMO_CURVE[zone]
  const steps = upToG / 500 - 1
  const stepsTo10Kg = Math.min(steps, 19)
  return curve.first + stepsTo10Kg * curve.upTo10Kg + (steps - stepsTo10Kg) * curve.above10Kg
}

const INTERPOLATION_NOTE =
  'Bands between published weights are interpolated linearly and rounded to the nearest 10 yen.'

const METHODS: readonly TariffMethodRow[] = [
  {
    id: TARIFF_METHOD_IDS.ems,
    code: 'ems',
    nameZh: 'EMS 国际特快专递',
    nameJa: '国際スピード郵便（EMS）',
    nameEn: 'EMS (Express Mail Service)',
    carrier: 'japanpost',
    minWeightG: 0,
    maxWeightG: 30000,
    sizeRule: 'ems',
    billingRule: 'actual',
    stepG: 0,
    tracked: true,
    active: true,
    sortOrder: 1,
    note: `Japan Post EMS, June 2022 tariff (demo figures; published at 0.5, 1, 2, 5, 10 and 30 kg). ${INTERPOLATION_NOTE} US: Japan Post goods suspended since 27 Aug 2025.`,
  },
  {
    id: TARIFF_METHOD_IDS.epacket_light,
    code: 'epacket_light',
    nameZh: 'ePacket Light 国际轻型小包',
    nameJa: '国際eパケットライト',
    nameEn: 'ePacket Light',
    carrier: 'japanpost',
    minWeightG: 0,
    maxWeightG: 2000,
    sizeRule: 'small',
    billingRule: 'actual',
    stepG: 0,
    tracked: true,
    active: true,
    sortOrder: 2,
    note: `Japan Post ePacket Light (air), June 2022 tariff (demo figures; published at 100 g, 0.5, 1 and 2 kg). Tracked, no compensation. ${INTERPOLATION_NOTE} US: Japan Post goods suspended since 27 Aug 2025.`,
  },
  {
    id: TARIFF_METHOD_IDS.small_packet,
    code: 'small_packet',
    nameZh: '航空小包',
    nameJa: '小形包装物（航空便）',
    nameEn: 'Small Packet (Air)',
    carrier: 'japanpost',
    minWeightG: 0,
    maxWeightG: 2000,
    sizeRule: 'small',
    billingRule: 'actual',
    stepG: 0,
    tracked: false,
    active: true,
    sortOrder: 3,
    note: `Japan Post small packet (air), June 2022 tariff (demo figures): ePacket Light minus ¥${SMALL_PACKET_DISCOUNT} in every band. Not tracked. ${INTERPOLATION_NOTE} US: Japan Post goods suspended since 27 Aug 2025.`,
  },
  {
    id: TARIFF_METHOD_IDS.parcel_air,
    code: 'parcel_air',
    nameZh: '航空包裹',
    nameJa: '国際小包（航空便）',
    nameEn: 'International Parcel (Air)',
    carrier: 'japanpost',
    minWeightG: 0,
    maxWeightG: 30000,
    sizeRule: 'ems',
    billingRule: 'actual',
    stepG: 0,
    tracked: true,
    active: true,
    sortOrder: 4,
    note: `Japan Post international parcel (air), June 2022 tariff (demo figures; published for zone 3 only, at 1, 2, 5, 10 and 30 kg), so seeded for zone-3 destinations only. ${INTERPOLATION_NOTE}`,
  },
  {
    id: TARIFF_METHOD_IDS.parcel_surface,
    code: 'parcel_surface',
    nameZh: '海运包裹',
    nameJa: '国際小包（船便）',
    nameEn: 'International Parcel (Surface)',
    carrier: 'japanpost',
    minWeightG: 0,
    maxWeightG: 30000,
    sizeRule: 'ems',
    billingRule: 'actual',
    stepG: 0,
    tracked: true,
    active: true,
    sortOrder: 5,
    note: `Japan Post international parcel (surface, 1–3 months), June 2022 tariff (demo figures; published for zone 3 only, at 1, 2, 5, 10 and 30 kg), so seeded for zone-3 destinations only. ${INTERPOLATION_NOTE} Israel: no surface mail.`,
  },
  {
    id: TARIFF_METHOD_IDS.dhl,
    code: 'dhl',
    nameZh: 'DHL 国际快递',
    nameJa: 'DHL エクスプレス',
    nameEn: 'DHL Express',
    carrier: 'dhl',
    minWeightG: 0,
    maxWeightG: 70000,
    sizeRule: 'none',
    billingRule: 'volumetric',
    stepG: 500,
    tracked: true,
    active: true,
    sortOrder: 6,
    note: 'DHL Express: SYNTHETIC demo rates (no public yen tariff) on the EMS zones: per zone a first-0.5 kg price plus a fixed price per further 0.5 kg (lower above 10 kg). Billed weight max(actual, L×W×H cm / 5000 kg), rounded up to 0.5 kg.',
  },
]

const ALL_COUNTRIES: readonly CountryValue[] = COUNTRY_VALUES
const ZONE3_COUNTRIES: readonly CountryValue[] = COUNTRY_VALUES.filter((c) => TARIFF_ZONES[c] === 3)

/** Where Japan Post goods are suspended (courier only since 27 Aug 2025). */
const JAPAN_POST_SUSPENDED: ReadonlySet<CountryValue> = new Set<CountryValue>(['美国'])
/** Where surface mail is not offered. */
const NO_SURFACE: ReadonlySet<CountryValue> = new Set<CountryValue>(['以色列'])

function destinationsOf(
  methodId: number,
  countries: readonly CountryValue[],
  unavailable: ReadonlySet<CountryValue>,
): TariffDestinationRow[] {
  return countries.map((country) => ({
    methodId,
    country,
    zone: TARIFF_ZONES[country],
    available: !unavailable.has(country),
  }))
}

function ratesOf(
  methodId: number,
  zones: readonly number[],
  bands: readonly number[],
  fee: (zone: number, upToG: number) => number,
): TariffRateRow[] {
  return zones.flatMap((zone) => bands.map((upToG) => ({ methodId, zone, upToG, fee: fee(zone, upToG) })))
}

/** The seeded rows of shipping_methods, shipping_destinations and shipping_rates (migration 0009). */
export function tariffRows(): TariffRows {
  const id = TARIFF_METHOD_IDS
  const zones = TARIFF_ZONE_NUMBERS
  const epacket = (zone: number, upToG: number) => interpolatedFee(EPACKET_LIGHT_PUBLISHED, zone - 1, upToG)
  const destinations = [
    ...destinationsOf(id.ems, ALL_COUNTRIES, JAPAN_POST_SUSPENDED),
    ...destinationsOf(id.epacket_light, ALL_COUNTRIES, JAPAN_POST_SUSPENDED),
    ...destinationsOf(id.small_packet, ALL_COUNTRIES, JAPAN_POST_SUSPENDED),
    ...destinationsOf(id.parcel_air, ZONE3_COUNTRIES, JAPAN_POST_SUSPENDED),
    ...destinationsOf(id.parcel_surface, ZONE3_COUNTRIES, new Set([...JAPAN_POST_SUSPENDED, ...NO_SURFACE])),
    ...destinationsOf(id.dhl, ALL_COUNTRIES, new Set()),
  ]
  const rates = [
    ...ratesOf(id.ems, zones, EMS_BANDS_G, (zone, w) => interpolatedFee(EMS_PUBLISHED, zone - 1, w)),
    ...ratesOf(id.epacket_light, zones, SMALL_BANDS_G, epacket),
    ...ratesOf(id.small_packet, zones, SMALL_BANDS_G, (zone, w) => epacket(zone, w) - SMALL_PACKET_DISCOUNT),
    ...ratesOf(id.parcel_air, [3], PARCEL_BANDS_G, (_, w) =>
      interpolatedFee(PARCEL_AIR_PUBLISHED_ZONE3, 0, w),
    ),
    ...ratesOf(id.parcel_surface, [3], PARCEL_BANDS_G, (_, w) =>
      interpolatedFee(PARCEL_SURFACE_PUBLISHED_ZONE3, 0, w),
    ),
    ...ratesOf(id.dhl, zones, DHL_BANDS_G, (zone, w) => dhlDemoFee(zone as 1 | 2 | 3 | 4 | 5, w)),
  ]
  return { methods: METHODS.map((m) => ({ ...m })), destinations, rates }
}

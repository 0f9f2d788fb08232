import * as v from 'valibot'
import { payloadObject } from './fields.ts'

/*
 * The settings room's charges and exchange rate (backoffice §5). The ranges are the shop_settings
 * table's checks; fractions are stored with six decimals (numeric(7,6), the rates numeric(10,6)), so
 * a value with more would be rounded by the database: it is refused instead. Changes apply to orders
 * created after them; an order keeps the amounts frozen on it when it was placed (flows §1).
 */

/** The phrases the settings calls report after a field name (the console translates each). */
export const SettingsMessage = {
  openFraction: 'must be more than 0 and at most 1',
  closedFraction: 'must be from 0 to 1',
  decimals: 'must have at most 6 decimal places',
  storageFee: 'must be a whole number of yen from 0 to 100000',
  rate: 'must be a positive number below 10000',
  maxRate: 'must be empty or a positive number below 10000',
} as const

/** Decimal places a fraction or a rate may have (the columns' scale). */
export const SETTINGS_DECIMALS = 6
/** The rates' columns are numeric(10,6): below 10 000. */
export const RATE_LIMIT = 10_000
/** The highest daily storage fee the console takes, in yen. */
export const STORAGE_FEE_MAX = 100_000

/** Whether `x` has at most six decimal places (0.035 yes, 0.0000001 no). */
export function hasSixDecimals(x: number): boolean {
  return Number.isFinite(x) && Number(x.toFixed(SETTINGS_DECIMALS)) === x
}

const number = (message: string) => v.pipe(v.number(message), v.finite(message))
const sixDecimals = v.check(hasSixDecimals, SettingsMessage.decimals)

const fraction = (lowerBound: 'open' | 'closed') => {
  const message = lowerBound === 'open' ? SettingsMessage.openFraction : SettingsMessage.closedFraction
  return v.pipe(
    number(message),
    v.check((x) => (lowerBound === 'open' ? x > 0 : x >= 0) && x <= 1, message),
    sixDecimals,
  )
}

const rateValue = (message: string) =>
  v.pipe(
    number(message),
    v.check((x) => x > 0 && x < RATE_LIMIT, message),
    sixDecimals,
  )

/** GET/PUT /api/ops/settings/charges: what the shop charges, as fractions (0.3 = 30 %), and yen. */
export interface OpsChargeSettingsDto {
  /** The deposit share of a pre-order's goods, (0, 1]. */
  frontMoney: number
  /** What a member pays of a discounted product's price, (0, 1] (0.9 = 10 % off). */
  discount: number
  /** The platform fee on the goods, [0, 1]. */
  platPercent: number
  /** The settlement fee on goods and platform fee, [0, 1]. */
  settlePercent: number
  /** Yen per overdue day for goods or a package left in storage, a whole number ≥ 0. */
  storageFeePerDay: number
  /** The highest yen → renminbi rate a payment converts at; null when the shop sets none. */
  maxRate: number | null
}

/** PUT /api/ops/settings/charges: every charge, as GET answers them. */
export const opsChargeSettingsBody = payloadObject({
  frontMoney: fraction('open'),
  discount: fraction('open'),
  platPercent: fraction('closed'),
  settlePercent: fraction('closed'),
  storageFeePerDay: v.pipe(
    v.number(SettingsMessage.storageFee),
    v.integer(SettingsMessage.storageFee),
    v.minValue(0, SettingsMessage.storageFee),
    v.maxValue(STORAGE_FEE_MAX, SettingsMessage.storageFee),
  ),
  maxRate: v.nullable(rateValue(SettingsMessage.maxRate)),
})
export type OpsChargeSettingsBody = v.InferOutput<typeof opsChargeSettingsBody>

/** GET/PUT /api/ops/settings/rate: renminbi per yen shown to shoppers; null until the shop sets one. */
export interface OpsRateDto {
  rate: number | null
}

/** PUT /api/ops/settings/rate. */
export const opsRateBody = payloadObject({ rate: rateValue(SettingsMessage.rate) })
export type OpsRateBody = v.InferOutput<typeof opsRateBody>

/** Which charges are percentages (fractions on the wire, percent in the console). */
export const PERCENT_CHARGES = ['frontMoney', 'discount', 'platPercent', 'settlePercent'] as const
export type PercentCharge = (typeof PERCENT_CHARGES)[number]

/**
 * A fraction as a percent text without float noise: 0.035 → '3.5', 1 → '100', 0.123456 → '12.3456'.
 * The fraction's six decimals are the percent's four.
 */
export function percentTextOf(fraction: number): string {
  const units = Math.round(fraction * 10 ** SETTINGS_DECIMALS)
  const sign = units < 0 ? '-' : ''
  const abs = Math.abs(units)
  const whole = Math.floor(abs / 10_000)
  const decimals = String(abs % 10_000)
    .padStart(4, '0')
    .replace(/0+$/, '')
  return `${sign}${whole}${decimals ? `.${decimals}` : ''}`
}

/**
 * The fraction of a percent text, exactly: '3.5' → 0.035. Undefined for anything but digits with at
 * most four decimals (more would be more than the six a fraction keeps).
 */
export function fractionOfPercentText(text: string): number | undefined {
  const match = /^(\d{1,6})(?:\.(\d{1,4}))?$/.exec(text.trim())
  if (!match) return undefined
  const units = Number(`${match[1]}${(match[2] ?? '').padEnd(4, '0')}`)
  return units / 10 ** SETTINGS_DECIMALS
}

import type { LocalizedText } from './localized.ts'

/* Shipping methods, billed weight and the shipping fee (flows §5; facts: shipping-facts.md). */

export const CARRIERS = ['japanpost', 'dhl'] as const
export type Carrier = (typeof CARRIERS)[number]

/**
 * Size limits: `ems` (EMS and Japan Post parcels: longest side ≤ 1.5 m, length + girth ≤ 3 m), `small`
 * (ePacket Light and small packets: L + W + H ≤ 90 cm, longest side ≤ 60 cm), `none` (courier).
 */
export const SIZE_RULES = ['ems', 'small', 'none'] as const
export type SizeRule = (typeof SIZE_RULES)[number]

/** `actual`: the weight on the scale (Japan Post); `volumetric`: max(actual, L×W×H cm / 5000 kg) (couriers). */
export const BILLING_RULES = ['actual', 'volumetric'] as const
export type BillingRule = (typeof BILLING_RULES)[number]

export interface ShippingMethod {
  id: number
  code: string
  name: LocalizedText
  carrier: Carrier
  minWeightG: number
  maxWeightG: number
  sizeRule: SizeRule
  billingRule: BillingRule
  /** Volumetric methods round the billed weight up to a multiple of this; actual-weight methods bill their band. */
  stepG: number
  tracked: boolean
  active: boolean
}

/** A rate band: a billed weight up to `upToG` grams (inclusive) costs `fee` yen. */
export interface RateBand {
  upToG: number
  fee: number
}

/** A method's zone for one destination and whether it serves that destination now. */
export interface MethodDestination {
  zone: number
  available: boolean
}

/** A packed box: weight on the scale and outside dimensions. */
export interface Box {
  weightG: number
  lengthMm: number
  widthMm: number
  heightMm: number
}

/** Why a method cannot carry a box (spec §5: below the minimum, above the maximum, wrong address). */
export const SHIPPING_REFUSALS = ['belowMinimum', 'aboveMaximum', 'wrongAddress'] as const
export type ShippingRefusal = (typeof SHIPPING_REFUSALS)[number]

export type ShippingQuote =
  | { available: true; billedWeightG: number; fee: number }
  | { available: false; billedWeightG: number; reason: ShippingRefusal }

/** Courier volumetric divisor: L×W×H in cm³ / 5000 = kg, so L×W×H in mm³ / 5000 = g. */
export const VOLUMETRIC_DIVISOR = 5000

/** Volumetric weight in grams, rounded up to the gram. */
export function volumetricWeightG(box: Box): number {
  return Math.ceil((box.lengthMm * box.widthMm * box.heightMm) / VOLUMETRIC_DIVISOR)
}

/** Whether a box fits a method's size rule. */
export function fitsSize(rule: SizeRule, box: Box): boolean {
  const [longest, middle, shortest] = [box.lengthMm, box.widthMm, box.heightMm].sort((a, b) => b - a) as [
    number,
    number,
    number,
  ]
  switch (rule) {
    case 'ems':
      return longest <= 1500 && longest + 2 * (middle + shortest) <= 3000
    case 'small':
      return longest <= 600 && longest + middle + shortest <= 900
    case 'none':
      return true
  }
}

/** The cheapest band that carries `weightG`, from bands in any order; undefined above the last band. */
export function bandFor(bands: readonly RateBand[], weightG: number): RateBand | undefined {
  let best: RateBand | undefined
  for (const band of bands) {
    if (band.upToG >= weightG && (best === undefined || band.upToG < best.upToG)) best = band
  }
  return best
}

/**
 * The weight a method charges for: for actual-weight methods the weight on the scale rounded up to
 * its band (1,234 g by EMS bills as 1,250 g); for volumetric ones max(actual, volumetric) rounded up
 * to the step (DHL: the next 0.5 kg). Without a band that carries the weight, the raw figure.
 */
export function billedWeightG(method: ShippingMethod, box: Box, bands: readonly RateBand[]): number {
  const weight =
    method.billingRule === 'volumetric' ? Math.max(box.weightG, volumetricWeightG(box)) : box.weightG
  const stepped = method.stepG > 0 ? Math.ceil(weight / method.stepG) * method.stepG : weight
  return bandFor(bands, stepped)?.upToG ?? stepped
}

/**
 * What sending `box` by `method` to a destination costs, or why it cannot: the destination must be one
 * the method serves (with bands for its zone), the box must fit the size rule and the method's weight
 * range, and the billed weight must fall in a band. `bands` are the method's bands for that zone.
 */
export function quoteShipping(
  method: ShippingMethod,
  box: Box,
  destination: MethodDestination | undefined,
  bands: readonly RateBand[],
): ShippingQuote {
  const billed = billedWeightG(method, box, bands)
  if (!method.active || destination === undefined || !destination.available || bands.length === 0) {
    return { available: false, billedWeightG: billed, reason: 'wrongAddress' }
  }
  if (billed < method.minWeightG) return { available: false, billedWeightG: billed, reason: 'belowMinimum' }
  if (box.weightG > method.maxWeightG || billed > method.maxWeightG || !fitsSize(method.sizeRule, box)) {
    return { available: false, billedWeightG: billed, reason: 'aboveMaximum' }
  }
  const band = bandFor(bands, billed)
  if (band === undefined) return { available: false, billedWeightG: billed, reason: 'aboveMaximum' }
  return { available: true, billedWeightG: billed, fee: band.fee }
}

/** The tracked-parcel number formats: UPU S10 for Japan Post (…JP), a 10-digit waybill for DHL Express. */
const S10_WEIGHTS = [8, 6, 4, 2, 3, 5, 9, 7] as const

/** UPU S10 check digit over eight serial digits: 11 − (Σ wᵢdᵢ mod 11), 10 → 0, 11 → 5. */
export function s10CheckDigit(serial: string): number {
  let sum = 0
  for (let i = 0; i < 8; i++) sum += Number(serial[i]) * (S10_WEIGHTS[i] as number)
  const check = 11 - (sum % 11)
  return check === 10 ? 0 : check === 11 ? 5 : check
}

/** Whether `trackingNo` is a well-formed number of the carrier with a correct check digit. */
export function isValidTrackingNo(carrier: Carrier, trackingNo: string): boolean {
  if (carrier === 'japanpost') {
    const match = /^[A-Z]{2}(\d{8})(\d)JP$/.exec(trackingNo)
    return match !== null && s10CheckDigit(match[1] as string) === Number(match[2])
  }
  const match = /^(\d{9})(\d)$/.exec(trackingNo)
  return match !== null && Number(match[1]) % 7 === Number(match[2])
}

/** The carrier's public tracking page for a number. */
export function trackingUrl(carrier: Carrier, trackingNo: string): string {
  const no = encodeURIComponent(trackingNo)
  return carrier === 'japanpost'
    ? `https://trackings.post.japanpost.jp/services/srv/search/direct?reqCodeNo1=${no}&locale=en`
    : `https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id=${no}`
}

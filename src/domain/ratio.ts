/**
 * Exact fractions for rates. A rate such as 0.035 arrives as a binary float that is not exactly
 * 0.035, and 0.035 × 200 in floats is 7.000000000000001: one yen invented by ceil. So every rate is
 * read from its shortest decimal spelling ("0.035" → 35/1000) and applied to integer yen with
 * bigint arithmetic; floats never decide a yen.
 */
export interface Ratio {
  readonly num: bigint
  readonly den: bigint
}

const DECIMAL = /^(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/i

/** The exact fraction a non-negative decimal rate spells; throws RangeError for anything else. */
export function ratioOf(rate: number | string): Ratio {
  const text = typeof rate === 'number' ? String(rate) : rate.trim()
  const match = DECIMAL.exec(text)
  if (!match || (typeof rate === 'number' && !Number.isFinite(rate))) {
    throw new RangeError(`not a non-negative decimal rate: ${text}`)
  }
  const [, whole = '0', fraction = '', exponentText = '0'] = match
  const exponent = Number(exponentText) - fraction.length
  const digits = BigInt(whole + fraction)
  return exponent >= 0
    ? { num: digits * 10n ** BigInt(exponent), den: 1n }
    : { num: digits, den: 10n ** BigInt(-exponent) }
}

export function isOne(ratio: Ratio): boolean {
  return ratio.num === ratio.den
}

export function isZero(ratio: Ratio): boolean {
  return ratio.num === 0n
}

/** a/b compared as fractions: negative, zero or positive. */
export function compareRatio(a: Ratio, b: Ratio): number {
  const left = a.num * b.den
  const right = b.num * a.den
  return left < right ? -1 : left > right ? 1 : 0
}

function yenToBigInt(yen: number): bigint {
  if (!Number.isSafeInteger(yen)) throw new RangeError(`not a whole amount: ${yen}`)
  return BigInt(yen)
}

function toSafeNumber(value: bigint): number {
  const result = Number(value)
  if (!Number.isSafeInteger(result)) throw new RangeError(`amount out of range: ${value}`)
  return result
}

/** floor(amount × ratio), exact. */
export function mulFloor(amount: number, ratio: Ratio): number {
  const product = yenToBigInt(amount) * ratio.num
  const quotient = product / ratio.den
  // bigint division truncates toward zero; floor needs one less for a negative remainder
  return toSafeNumber(product % ratio.den < 0n ? quotient - 1n : quotient)
}

/** ceil(amount × ratio), exact. */
export function mulCeil(amount: number, ratio: Ratio): number {
  const product = yenToBigInt(amount) * ratio.num
  const quotient = product / ratio.den
  return toSafeNumber(product % ratio.den > 0n ? quotient + 1n : quotient)
}

/** The ratio as a plain decimal string, exactly, when its denominator is a power of ten ("1.5" for 15/10). */
export function decimalText(ratio: Ratio): string {
  let den = ratio.den
  let places = 0
  while (den % 10n === 0n) {
    den /= 10n
    places += 1
  }
  if (den !== 1n) throw new RangeError('not a decimal fraction')
  const digits = ratio.num.toString().padStart(places + 1, '0')
  const whole = digits.slice(0, digits.length - places)
  const fraction = digits.slice(digits.length - places).replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : whole
}

/** ratio × factor, exactly. */
export function scaleRatio(ratio: Ratio, factor: bigint): Ratio {
  return { num: ratio.num * factor, den: ratio.den }
}

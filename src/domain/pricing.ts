import * as v from 'valibot'
import { isOne, isZero, mulCeil, mulFloor, type Ratio, ratioOf } from './ratio.ts'

/**
 * The shop's charge settings (spec §3 'Charge settings'), as fractions: discount 0.9 means the
 * shopper pays 90 %; platPercent 0.03 is a 3 % platform fee; frontMoney 0.3 a 30 % deposit;
 * settlePercent 0.035 a 3.5 % settlement fee. `rate` (yen → renminbi) is display-only.
 */
export interface ChargeSettings {
  discount: number
  platPercent: number
  frontMoney: number
  settlePercent: number
  rate?: number | null
}

const fraction = (min: 'open' | 'closed', message: string) =>
  v.pipe(
    v.number(message),
    v.finite(message),
    v.check((x) => (min === 'open' ? x > 0 : x >= 0) && x <= 1, message),
  )

export const chargeSettingsSchema = v.object({
  discount: fraction('open', 'must be more than 0 and at most 1'),
  platPercent: fraction('closed', 'must be from 0 to 1'),
  frontMoney: fraction('open', 'must be more than 0 and at most 1'),
  settlePercent: fraction('closed', 'must be from 0 to 1'),
  rate: v.nullish(
    v.pipe(v.number('must be a positive number'), v.finite(), v.gtValue(0, 'must be a positive number')),
  ),
})

/** The rates of a charge setting, read exactly once (see ratio.ts for why). */
export interface ChargeRates {
  discount: Ratio
  platform: Ratio
  deposit: Ratio
  settlement: Ratio
}

export function chargeRates(settings: ChargeSettings): ChargeRates {
  return {
    discount: ratioOf(settings.discount),
    platform: ratioOf(settings.platPercent),
    deposit: ratioOf(settings.frontMoney),
    settlement: ratioOf(settings.settlePercent),
  }
}

/** One order line as priced: the unit price of the shopper's column, how many, and the product's flags. */
export interface LineInput {
  /** Base unit price in yen, ≥ 0 (a negative base is partner-only and never priced here). */
  unitPrice: number
  quantity: number
  /** The product takes part in the member discount. */
  isDiscount: boolean
  /** The product is sold with a deposit (front money). */
  isFront: boolean
}

/** Every yen of a line. deposit + balance = total, always. */
export interface LineQuote {
  unitPrice: number
  /** floor(unitPrice × discount) when the discount applies and is not 1, else unitPrice. */
  discountedUnitPrice: number
  quantity: number
  /** discountedUnitPrice × quantity. */
  goods: number
  /** ceil(platPercent × goods). */
  platformFee: number
  /** ceil(settlePercent × (goods + platformFee)). */
  settlementFee: number
  /** goods + platformFee + settlementFee. */
  total: number
  /** Whether the line is paid as a deposit now and a balance on arrival. */
  hasDeposit: boolean
  /** Paid when ordering: ceil(frontMoney × goods) with a deposit, else the whole total. */
  deposit: number
  /** ceil(frontMoney × (goods + platformFee)): the deposit share of the fee-inclusive price, for display. */
  depositWithFee: number
  /** Paid on arrival: the rest of the goods plus the platform and settlement fees; 0 without a deposit. */
  balance: number
}

function assertWhole(name: string, value: number, min: number): void {
  if (!Number.isSafeInteger(value) || value < min)
    throw new RangeError(`${name} must be a whole number ≥ ${min}`)
}

/** The discounted unit price (spec §5: rounded down; none when the discount is 1). */
export function discountedPrice(unitPrice: number, rates: ChargeRates, isDiscount: boolean): number {
  assertWhole('unitPrice', unitPrice, 0)
  return isDiscount && !isOne(rates.discount) ? mulFloor(unitPrice, rates.discount) : unitPrice
}

/** Box price: a box holds boxIn units (spec §5); a boxIn of 0 or 1 means the product is sold singly. */
export function boxPrice(unitPrice: number, boxIn: number): number {
  assertWhole('unitPrice', unitPrice, 0)
  return boxIn > 1 ? unitPrice * boxIn : unitPrice
}

export function quoteLine(line: LineInput, rates: ChargeRates): LineQuote {
  assertWhole('quantity', line.quantity, 1)
  const discountedUnitPrice = discountedPrice(line.unitPrice, rates, line.isDiscount)
  const goods = discountedUnitPrice * line.quantity
  assertWhole('goods', goods, 0)
  const platformFee = mulCeil(goods, rates.platform)
  const settlementFee = mulCeil(goods + platformFee, rates.settlement)
  const total = goods + platformFee + settlementFee
  // a deposit of 100 % (or 0 %) is no deposit at all: the line is paid in one go
  const hasDeposit = line.isFront && !isOne(rates.deposit) && !isZero(rates.deposit)
  const depositOfGoods = mulCeil(goods, rates.deposit)
  const deposit = hasDeposit ? depositOfGoods : total
  return {
    unitPrice: line.unitPrice,
    discountedUnitPrice,
    quantity: line.quantity,
    goods,
    platformFee,
    settlementFee,
    total,
    hasDeposit,
    deposit,
    depositWithFee: hasDeposit ? mulCeil(goods + platformFee, rates.deposit) : total,
    balance: total - deposit,
  }
}

export interface OrderQuote {
  lines: LineQuote[]
  goods: number
  platformFee: number
  settlementFee: number
  total: number
  deposit: number
  balance: number
}

/**
 * An order's totals are the sums of its lines, each line rounded on its own: a split order's
 * children then add up to the parent to the yen, and a refunded line never re-rounds the others.
 */
export function quoteOrder(lines: readonly LineInput[], rates: ChargeRates): OrderQuote {
  const quoted = lines.map((line) => quoteLine(line, rates))
  const sum = (pick: (q: LineQuote) => number) => quoted.reduce((acc, q) => acc + pick(q), 0)
  return {
    lines: quoted,
    goods: sum((q) => q.goods),
    platformFee: sum((q) => q.platformFee),
    settlementFee: sum((q) => q.settlementFee),
    total: sum((q) => q.total),
    deposit: sum((q) => q.deposit),
    balance: sum((q) => q.balance),
  }
}

/** Default points rate (spec §9): 1 point earned per 100 yen paid. */
export const DEFAULT_SCORE_RATE = 0.01

export interface PointsApplied {
  /** Points taken, one point per yen. */
  pointsUsed: number
  /** Yen left to pay after the points. */
  payable: number
}

/**
 * Points pay one yen each (`?score=` on the pay calls). The shopper asks for some; they get at most
 * what they hold and at most the amount due, so points never turn into change.
 */
export function applyPoints(amountDue: number, pointsHeld: number, pointsRequested: number): PointsApplied {
  assertWhole('amountDue', amountDue, 0)
  assertWhole('pointsHeld', pointsHeld, 0)
  assertWhole('pointsRequested', pointsRequested, 0)
  const pointsUsed = Math.min(amountDue, pointsHeld, pointsRequested)
  return { pointsUsed, payable: amountDue - pointsUsed }
}

/** Points earned on yen actually paid (not on points spent), rounded down: floor(paid × scoreRate). */
export function pointsEarned(yenPaid: number, scoreRate: number = DEFAULT_SCORE_RATE): number {
  assertWhole('yenPaid', yenPaid, 0)
  return mulFloor(yenPaid, ratioOf(scoreRate))
}

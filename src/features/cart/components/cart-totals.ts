import type { CartViewLine } from '../../../../machines/cart/cart-changes.ts'
import { MAX_CART_AMOUNT } from '../../../domain/cart.ts'
import {
  type ChargeRates,
  type ChargeSettings,
  chargeRates,
  type LineInput,
  type LineQuote,
  type OrderQuote,
  quoteLine,
  quoteOrder,
} from '../../../domain/pricing.ts'

/** Without the shop's charge settings: no discount, no fees, no deposit (everything paid at once). */
export const NEUTRAL_CHARGE: ChargeSettings = { discount: 1, platPercent: 0, frontMoney: 1, settlePercent: 0 }

export function cartRates(charge: ChargeSettings | null | undefined): ChargeRates {
  return chargeRates(charge ?? NEUTRAL_CHARGE)
}

/** A line the summary can price: orderable, with a unit price and a whole amount. */
export function isPricedLine(line: CartViewLine): line is CartViewLine & { price: number } {
  return (
    line.orderable &&
    line.price !== undefined &&
    Number.isSafeInteger(line.price) &&
    line.price >= 0 &&
    Number.isSafeInteger(line.productAmount) &&
    line.productAmount >= 1
  )
}

function lineInput(line: CartViewLine & { price: number }, quantity = line.productAmount): LineInput {
  return { unitPrice: line.price, quantity, isDiscount: line.isDiscount, isFront: line.isFront }
}

/** The line as priced (goods, fees, deposit), or undefined when it cannot be ordered or has no price. */
export function quoteCartLine(line: CartViewLine, rates: ChargeRates): LineQuote | undefined {
  return isPricedLine(line) ? quoteLine(lineInput(line), rates) : undefined
}

/** One unit of the line as priced: its member price and deposit. */
export function quoteCartUnit(line: CartViewLine, rates: ChargeRates): LineQuote | undefined {
  return line.price !== undefined && Number.isSafeInteger(line.price) && line.price >= 0
    ? quoteLine(lineInput({ ...line, price: line.price }, 1), rates)
    : undefined
}

export interface CartTotals extends OrderQuote {
  /** What the member discount saves: Σ (unit price − discounted unit price) × amount. */
  saved: number
  /** How many lines and pieces are counted. */
  lineCount: number
  pieces: number
}

/** The amount due of the chosen lines (src/domain/pricing.ts); lines that cannot be ordered are left out. */
export function cartTotals(lines: readonly CartViewLine[], rates: ChargeRates): CartTotals {
  const priced = lines.filter(isPricedLine)
  const quote = quoteOrder(
    priced.map((line) => lineInput(line)),
    rates,
  )
  return {
    ...quote,
    saved: quote.lines.reduce((sum, q) => sum + (q.unitPrice - q.discountedUnitPrice) * q.quantity, 0),
    lineCount: priced.length,
    pieces: priced.reduce((sum, line) => sum + line.productAmount, 0),
  }
}

/** The stepper's bounds for a line: steps of the order base, up to the counted stock when there is one. */
export function lineQuantityRule(line: Pick<CartViewLine, 'orderBase' | 'stock'>): {
  min: number
  step: number
  max: number
} {
  const step = Math.max(1, Math.floor(line.orderBase))
  const limit = line.stock === null ? MAX_CART_AMOUNT : Math.min(Math.max(0, line.stock), MAX_CART_AMOUNT)
  return { min: step, step, max: limit }
}

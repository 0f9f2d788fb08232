/**
 * Cost of the exact (bigint) price engine: how many order lines a second one core prices, so a
 * 100-line cart or a sweep over every open order can be judged against it.
 */
import { chargeRates, type LineInput, quoteLine } from '../../src/domain/pricing.ts'

export interface PriceEngineCost {
  lines: number
  linesPerSecond: number
  microsPerLine: number
}

export function measurePriceEngine(lines = 200_000): PriceEngineCost {
  const rates = chargeRates({ discount: 0.9, platPercent: 0.03, frontMoney: 0.3, settlePercent: 0.035 })
  const inputs: LineInput[] = Array.from({ length: 1000 }, (_, i) => ({
    unitPrice: 500 + ((i * 7919) % 50_000),
    quantity: 1 + (i % 12),
    isDiscount: i % 3 !== 0,
    isFront: i % 2 === 0,
  }))
  let sink = 0
  for (let i = 0; i < 20_000; i++) sink += quoteLine(inputs[i % 1000] as LineInput, rates).total // warm-up
  const start = performance.now()
  for (let i = 0; i < lines; i++) sink += quoteLine(inputs[i % 1000] as LineInput, rates).total
  const ms = performance.now() - start
  if (sink < 0) throw new Error('unreachable: keeps the work from being optimised away')
  return {
    lines,
    linesPerSecond: Math.round((lines / ms) * 1000),
    microsPerLine: Number(((ms * 1000) / lines).toFixed(2)),
  }
}

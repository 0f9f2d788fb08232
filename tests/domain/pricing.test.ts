import fc from 'fast-check'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import {
  applyPoints,
  boxPrice,
  type ChargeSettings,
  chargeRates,
  chargeSettingsSchema,
  type LineInput,
  pointsEarned,
  quoteLine,
  quoteOrder,
} from '../../src/domain/pricing.ts'
import { mulCeil, mulFloor, ratioOf } from '../../src/domain/ratio.ts'

const shop: ChargeSettings = { discount: 0.9, platPercent: 0.03, frontMoney: 0.3, settlePercent: 0.035 }
const rates = chargeRates(shop)
const preOrder = (unitPrice: number, quantity = 1): LineInput => ({
  unitPrice,
  quantity,
  isDiscount: true,
  isFront: true,
})

describe('price engine, worked by hand', () => {
  it('prices a discounted pre-order line with a deposit', () => {
    const quote = quoteLine(preOrder(12_800, 2), rates)
    // discounted unit: floor(12800 × 0.9) = floor(11520) = 11520; goods 11520 × 2 = 23040
    expect(quote.discountedUnitPrice).toBe(11_520)
    expect(quote.goods).toBe(23_040)
    // platform fee: ceil(23040 × 0.03) = ceil(691.2) = 692
    expect(quote.platformFee).toBe(692)
    // settlement fee: ceil((23040 + 692) × 0.035) = ceil(830.62) = 831
    expect(quote.settlementFee).toBe(831)
    // total: 23040 + 692 + 831 = 24563
    expect(quote.total).toBe(24_563)
    // deposit: ceil(23040 × 0.3) = 6912; with fee: ceil(23732 × 0.3) = ceil(7119.6) = 7120
    expect(quote.deposit).toBe(6912)
    expect(quote.depositWithFee).toBe(7120)
    // balance: 23040 − 6912 + 692 + 831 = 17651
    expect(quote.balance).toBe(17_651)
  })

  it('rounds the discount down and the fees and deposit up', () => {
    // floor(999 × 0.9) = floor(899.1) = 899; ceil(899 × 0.03) = ceil(26.97) = 27
    // ceil((899 + 27) × 0.035) = ceil(32.41) = 33; deposit ceil(899 × 0.3) = ceil(269.7) = 270
    const quote = quoteLine(preOrder(999), rates)
    expect([quote.discountedUnitPrice, quote.platformFee, quote.settlementFee, quote.deposit]).toEqual([
      899, 27, 33, 270,
    ])
    expect(quote.balance).toBe(899 - 270 + 27 + 33)
  })

  it('applies no discount when the discount is 1 or the product is not discounted', () => {
    const full = chargeRates({ ...shop, discount: 1 })
    expect(quoteLine(preOrder(1000), full).discountedUnitPrice).toBe(1000)
    expect(quoteLine({ ...preOrder(1000), isDiscount: false }, rates).discountedUnitPrice).toBe(1000)
  })

  it('takes the whole total up front when there is no deposit (in stock, or front money 1)', () => {
    // goods 5000; fee ceil(150) = 150; settlement ceil(5150 × 0.035 = 180.25) = 181; total 5331
    const inStock = quoteLine({ unitPrice: 5000, quantity: 1, isDiscount: false, isFront: false }, rates)
    expect(inStock).toMatchObject({ goods: 5000, platformFee: 150, settlementFee: 181, total: 5331 })
    expect(inStock).toMatchObject({ hasDeposit: false, deposit: 5331, balance: 0 })
    const whole = quoteLine({ ...preOrder(5000), isDiscount: false }, chargeRates({ ...shop, frontMoney: 1 }))
    expect(whole).toMatchObject({ hasDeposit: false, deposit: 5331, balance: 0 })
  })

  it('never lets a float invent a yen: 3.5 % of 200 is exactly 7', () => {
    expect(Math.ceil(200 * 0.035)).toBe(8) // the float trap this engine avoids
    const quote = quoteLine(
      { unitPrice: 200, quantity: 1, isDiscount: false, isFront: false },
      chargeRates({ ...shop, platPercent: 0 }),
    )
    expect(quote.settlementFee).toBe(7)
  })

  it('multiplies the box price by units per box', () => {
    expect(boxPrice(1200, 12)).toBe(14_400)
    expect(boxPrice(1200, 1)).toBe(1200)
    expect(boxPrice(1200, 0)).toBe(1200)
  })

  it('adds up an order from its lines, each rounded on its own', () => {
    const order = quoteOrder([preOrder(999), preOrder(12_800, 2)], rates)
    expect(order.goods).toBe(899 + 23_040)
    expect(order.platformFee).toBe(27 + 692)
    expect(order.settlementFee).toBe(33 + 831)
    expect(order.total).toBe(899 + 27 + 33 + 24_563)
    expect(order.deposit).toBe(270 + 6912)
    expect(order.balance).toBe(order.total - order.deposit)
  })

  it('rejects amounts that are not whole yen', () => {
    expect(() => quoteLine(preOrder(10.5), rates)).toThrow(RangeError)
    expect(() => quoteLine(preOrder(-1), rates)).toThrow(RangeError)
    expect(() => quoteLine(preOrder(100, 0), rates)).toThrow(RangeError)
  })
})

describe('charge settings', () => {
  it('accepts fractions and refuses a zero discount, a fee over 100 % or a negative rate, naming the field', () => {
    expect(v.safeParse(chargeSettingsSchema, { ...shop, rate: 0.0482 }).success).toBe(true)
    expect(v.safeParse(chargeSettingsSchema, { ...shop, rate: null }).success).toBe(true)
    const field = (settings: object) => {
      const issues = v.safeParse(chargeSettingsSchema, settings).issues
      return issues?.[0] ? v.getDotPath(issues[0]) : undefined
    }
    expect(field({ ...shop, discount: 0 })).toBe('discount')
    expect(field({ ...shop, platPercent: 1.5 })).toBe('platPercent')
    expect(field({ ...shop, frontMoney: Number.NaN })).toBe('frontMoney')
    expect(field({ ...shop, rate: -1 })).toBe('rate')
  })
})

describe('points', () => {
  it('pays one yen a point, capped by points held and the amount due', () => {
    expect(applyPoints(5000, 300, 1000)).toEqual({ pointsUsed: 300, payable: 4700 })
    expect(applyPoints(200, 5000, 1000)).toEqual({ pointsUsed: 200, payable: 0 })
    expect(applyPoints(5000, 5000, 0)).toEqual({ pointsUsed: 0, payable: 5000 })
  })

  it('earns floor(paid × rate), 1 % by default', () => {
    expect(pointsEarned(24_563)).toBe(245) // floor(245.63)
    expect(pointsEarned(99)).toBe(0)
    expect(pointsEarned(10_000, 0.015)).toBe(150)
  })
})

// Rates as shops type them: up to 4 decimals (e.g. 0.035, 0.1234), between 0 and 1.
const rate = (min: number) => fc.integer({ min, max: 10_000 }).map((n) => n / 10_000)
const settings = fc.record({
  discount: rate(1),
  platPercent: rate(0),
  frontMoney: rate(1),
  settlePercent: rate(0),
})
const line = fc.record({
  unitPrice: fc.integer({ min: 0, max: 5_000_000 }),
  quantity: fc.integer({ min: 1, max: 500 }),
  isDiscount: fc.boolean(),
  isFront: fc.boolean(),
})

describe('price engine properties', () => {
  it('deposit + balance = total, and no amount is negative', () => {
    fc.assert(
      fc.property(settings, line, (s, l) => {
        const q = quoteLine(l, chargeRates(s))
        expect(q.deposit + q.balance).toBe(q.total)
        expect(q.goods + q.platformFee + q.settlementFee).toBe(q.total)
        for (const amount of Object.values(q))
          if (typeof amount === 'number') expect(amount).toBeGreaterThanOrEqual(0)
        expect(q.deposit).toBeLessThanOrEqual(q.total)
        expect(q.discountedUnitPrice).toBeLessThanOrEqual(q.unitPrice)
      }),
    )
  })

  it('rounds each share within one yen of the exact value, in the stated direction', () => {
    fc.assert(
      fc.property(settings, line, (s, l) => {
        const q = quoteLine(l, chargeRates(s))
        // exact values with integer arithmetic on the rate's decimal digits (×10000)
        const r = (x: number) => BigInt(Math.round(x * 10_000))
        const within = (value: number, exactTimes10000: bigint, direction: 'up' | 'down') => {
          const scaled = BigInt(value) * 10_000n
          if (direction === 'up')
            expect(scaled >= exactTimes10000 && scaled - exactTimes10000 < 10_000n).toBe(true)
          else expect(scaled <= exactTimes10000 && exactTimes10000 - scaled < 10_000n).toBe(true)
        }
        if (l.isDiscount && s.discount !== 1)
          within(q.discountedUnitPrice, BigInt(l.unitPrice) * r(s.discount), 'down')
        within(q.platformFee, BigInt(q.goods) * r(s.platPercent), 'up')
        within(q.settlementFee, BigInt(q.goods + q.platformFee) * r(s.settlePercent), 'up')
        if (q.hasDeposit) within(q.deposit, BigInt(q.goods) * r(s.frontMoney), 'up')
      }),
    )
  })

  it('an order is the sum of its lines, so splitting it never gains or loses a yen', () => {
    fc.assert(
      fc.property(settings, fc.array(line, { minLength: 2, maxLength: 8 }), fc.nat(), (s, lines, cut) => {
        const r = chargeRates(s)
        const at = 1 + (cut % (lines.length - 1))
        const whole = quoteOrder(lines, r)
        const first = quoteOrder(lines.slice(0, at), r)
        const second = quoteOrder(lines.slice(at), r)
        for (const key of ['goods', 'platformFee', 'settlementFee', 'total', 'deposit', 'balance'] as const) {
          expect(first[key] + second[key]).toBe(whole[key])
        }
      }),
    )
  })

  it('exact multiplication agrees with bigint arithmetic for any decimal rate', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e9 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (amount, micro) => {
          const ratio = ratioOf(micro / 1_000_000)
          const exact = BigInt(amount) * BigInt(micro)
          expect(BigInt(mulFloor(amount, ratio))).toBe(exact / 1_000_000n)
          expect(BigInt(mulCeil(amount, ratio))).toBe((exact + 999_999n) / 1_000_000n)
        },
      ),
    )
  })

  it('points never exceed the amount due or the points held, and never leave a negative payable', () => {
    fc.assert(
      fc.property(fc.nat(1e7), fc.nat(1e7), fc.nat(1e7), (due, held, asked) => {
        const { pointsUsed, payable } = applyPoints(due, held, asked)
        expect(pointsUsed).toBeLessThanOrEqual(Math.min(due, held, asked))
        expect(payable).toBeGreaterThanOrEqual(0)
        expect(pointsUsed + payable).toBe(due)
      }),
    )
  })
})

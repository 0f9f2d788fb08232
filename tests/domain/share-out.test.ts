import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { shareOut } from '../../src/domain/arrival.ts'

const amounts = fc.integer({ min: 0, max: 100_000_000 })
const weightLists = fc.array(fc.integer({ min: 0, max: 10_000_000 }), { minLength: 1, maxLength: 12 })

describe('shareOut', () => {
  it('shares to the yen: the shares add up to the amount exactly', () => {
    fc.assert(
      fc.property(amounts, weightLists, (amount, weights) => {
        const shares = shareOut(amount, weights)
        expect(shares).toHaveLength(weights.length)
        expect(shares.reduce((a, b) => a + b, 0)).toBe(amount)
        for (const share of shares) expect(Number.isInteger(share) && share >= 0).toBe(true)
      }),
    )
  })

  it('gives each group its proportional share, less than one yen off', () => {
    fc.assert(
      fc.property(
        amounts,
        weightLists.filter((weights) => weights.some((weight) => weight > 0)),
        (amount, weights) => {
          const total = weights.reduce((a, b) => a + b, 0)
          const shares = shareOut(amount, weights)
          for (const [index, weight] of weights.entries()) {
            // Compared in bigint: share × total against amount × weight, exactly.
            const scaledShare = BigInt(shares[index] ?? -1) * BigInt(total)
            const exact = BigInt(amount) * BigInt(weight)
            expect(scaledShare > exact - BigInt(total)).toBe(true)
            expect(scaledShare < exact + BigInt(total)).toBe(true)
          }
          // A group with no weight gets nothing while others have some.
          for (const [index, weight] of weights.entries()) {
            if (weight === 0) expect(shares[index]).toBe(0)
          }
        },
      ),
    )
  })

  it('shares evenly when no group has any weight', () => {
    fc.assert(
      fc.property(amounts, fc.integer({ min: 1, max: 12 }), (amount, groups) => {
        const shares = shareOut(amount, Array(groups).fill(0))
        expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(1)
        expect(shares.reduce((a, b) => a + b, 0)).toBe(amount)
      }),
    )
  })

  it('gives the leftover yen to the largest remainders, earlier groups first on ties', () => {
    // 100 by 1:1:1 is 33.33 each: the first group takes the one yen left.
    expect(shareOut(100, [1, 1, 1])).toEqual([34, 33, 33])
    // 10 by 1:2 is 3.33 and 6.67: the larger remainder takes it.
    expect(shareOut(10, [1, 2])).toEqual([3, 7])
    expect(shareOut(3000, [900, 2100])).toEqual([900, 2100])
    expect(shareOut(5, [])).toEqual([])
  })

  it('refuses an amount that is not whole yen', () => {
    expect(() => shareOut(1.5, [1])).toThrow(RangeError)
    expect(() => shareOut(-1, [1])).toThrow(RangeError)
  })
})

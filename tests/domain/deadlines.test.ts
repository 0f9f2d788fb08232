import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  addDays,
  balanceDueDate,
  classifyDeadline,
  daysBetween,
  FORFEIT_GRACE_DAYS,
  forfeitureDate,
  lateDays,
  lateFee,
  packagingDeadline,
  shippingFeeDeadline,
} from '../../src/domain/deadlines.ts'

describe('deadlines after arrival', () => {
  it('counts 30, 45 and 7 calendar days, across months and leap days', () => {
    expect(balanceDueDate('2026-11-01')).toBe('2026-12-01')
    expect(packagingDeadline('2026-11-01')).toBe('2026-12-16')
    expect(shippingFeeDeadline('2026-12-28')).toBe('2027-01-04')
    expect(balanceDueDate('2028-02-01')).toBe('2028-03-02') // 2028 is a leap year: Feb has 29 days
    expect(forfeitureDate(balanceDueDate('2026-11-01'))).toBe(packagingDeadline('2026-11-01'))
  })

  it('classifies on time, due soon (3 days or fewer), overdue and forfeited', () => {
    const due = '2026-12-01'
    expect(classifyDeadline(due, '2026-11-27')).toEqual({ state: 'onTime', daysLeft: 4 })
    expect(classifyDeadline(due, '2026-11-28')).toEqual({ state: 'dueSoon', daysLeft: 3 })
    expect(classifyDeadline(due, '2026-12-01')).toEqual({ state: 'dueSoon', daysLeft: 0 })
    expect(classifyDeadline(due, '2026-12-02')).toEqual({ state: 'overdue', daysLeft: -1 })
    expect(classifyDeadline(due, '2026-12-16')).toEqual({ state: 'overdue', daysLeft: -15 })
    expect(classifyDeadline(due, '2026-12-17')).toEqual({ state: 'forfeited', daysLeft: -16 })
  })

  it('rejects dates that are not calendar dates', () => {
    expect(() => addDays('2026-02-30', 1)).toThrow(RangeError)
    expect(() => daysBetween('2026/12/01', '2026-12-02')).toThrow(RangeError)
  })
})

describe('late fee', () => {
  it('is 0.5 % of the goods value a day after the due date, rounded up once', () => {
    const due = '2026-12-01'
    expect(lateFee(12_345, due, '2026-12-01')).toBe(0) // the due day is on time
    // 3 days: 12345 × 0.005 × 3 = 185.175 → 186
    expect(lateFee(12_345, due, '2026-12-04')).toBe(186)
    // 3 days on 100 yen: 100 × 0.015 = 1.5 → 2 (rounding each day up would have charged 1 + 1 + 1 = 3)
    expect(lateFee(100, due, '2026-12-04')).toBe(2)
    // 7 days on 1000: 35 exactly
    expect(lateFee(1000, due, '2026-12-08')).toBe(35)
    // capped at the 15-day window before forfeiture: 10000 × 0.005 × 15 = 750
    expect(lateFee(10_000, due, '2027-03-01')).toBe(750)
    expect(lateDays(due, '2027-03-01')).toBe(FORFEIT_GRACE_DAYS)
  })

  it('grows with each day, never beyond the window, and is the exact value rounded up', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 50_000_000 }),
        fc.integer({ min: -10, max: 40 }),
        (goods, offset) => {
          const due = '2026-12-01'
          const today = addDays(due, offset)
          const fee = lateFee(goods, due, today)
          const days = Math.min(Math.max(offset, 0), FORFEIT_GRACE_DAYS)
          // exact fee in thousandths of a yen: goods × 5 × days
          const exact = BigInt(goods) * 5n * BigInt(days)
          expect(BigInt(fee) * 1000n >= exact && BigInt(fee) * 1000n - exact < 1000n).toBe(true)
          expect(lateFee(goods, due, addDays(today, 1))).toBeGreaterThanOrEqual(fee)
        },
      ),
    )
  })
})

import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { DEFAULT_SCORE_RATE } from '../../src/domain/pricing.ts'
import {
  addMonths,
  effectiveTier,
  lastDayOfMonth,
  scoreRateText,
  shopMonthOf,
  shopMonthSpan,
} from '../../src/domain/tier-terms.ts'
import { VIP_LEVELS } from '../../src/domain/tiers.ts'
import { VipLevelsMessage, vipLevelsBody } from '../../src/domain/vip-levels-editor.ts'

describe('shop months', () => {
  it('names a month by its first day and counts across years', () => {
    expect(shopMonthOf('2026-11-17')).toBe('2026-11-01')
    expect(addMonths('2026-11-01', -1)).toBe('2026-10-01')
    expect(addMonths('2026-01-01', -1)).toBe('2025-12-01')
    expect(addMonths('2026-12-01', 1)).toBe('2027-01-01')
    expect(addMonths('2026-03-01', -14)).toBe('2025-01-01')
  })

  it('ends a month on its last calendar day, leap Februaries included', () => {
    expect(lastDayOfMonth('2026-11-01')).toBe('2026-11-30')
    expect(lastDayOfMonth('2026-12-01')).toBe('2026-12-31')
    expect(lastDayOfMonth('2028-02-01')).toBe('2028-02-29')
    expect(lastDayOfMonth('2027-02-01')).toBe('2027-02-28')
  })

  it('spans a month from Tokyo midnight to the next month’s', () => {
    const { from, to } = shopMonthSpan('2026-11-01')
    expect(from.toISOString()).toBe('2026-10-31T15:00:00.000Z')
    expect(to.toISOString()).toBe('2026-11-30T15:00:00.000Z')
  })

  it('refuses a day that does not start a month', () => {
    expect(() => addMonths('2026-11-02', 1)).toThrow(RangeError)
    expect(() => shopMonthSpan('2026-13-01')).toThrow(RangeError)
  })
})

describe('effective tier', () => {
  it('keeps a member’s rate through the last day of the tier, inclusive', () => {
    const stored = { scoreRate: '0.015', scoreTime: '2026-11-30' }
    expect(effectiveTier(stored, '2026-11-30')).toEqual({ scoreRate: 0.015, scoreTime: '2026-11-30' })
  })

  it('falls back to the default rate, with no end, once the tier has lapsed', () => {
    const stored = { scoreRate: '0.02', scoreTime: '2026-11-30' }
    expect(effectiveTier(stored, '2026-12-01')).toEqual({ scoreRate: DEFAULT_SCORE_RATE, scoreTime: null })
  })

  it('reads no rate, or an unreadable one, as the default; a rate without an end holds', () => {
    expect(effectiveTier({ scoreRate: null, scoreTime: null }, '2026-12-01').scoreRate).toBe(
      DEFAULT_SCORE_RATE,
    )
    expect(effectiveTier({ scoreRate: 'n/a', scoreTime: null }, '2026-12-01').scoreRate).toBe(
      DEFAULT_SCORE_RATE,
    )
    expect(effectiveTier({ scoreRate: '0.025', scoreTime: null }, '2099-01-01').scoreRate).toBe(0.025)
  })

  it('writes a rate as its exact decimal', () => {
    expect(scoreRateText(0.015)).toBe('0.015')
    expect(scoreRateText(0.1)).toBe('0.1')
    expect(scoreRateText(1)).toBe('1')
  })
})

describe('level editor body', () => {
  const levels = VIP_LEVELS.map((level) => ({ ...level }))
  const firstField = (body: unknown) => {
    const result = v.safeParse(vipLevelsBody, body)
    return result.success ? undefined : `${v.getDotPath(result.issues[0])}: ${result.issues[0].message}`
  }
  const edited = (index: number, change: Record<string, unknown>) => ({
    levels: levels.map((level, i) => (i === index ? { ...level, ...change } : level)),
  })

  it('accepts the shop’s levels, equal rates and a single level', () => {
    expect(firstField({ levels })).toBeUndefined()
    expect(firstField(edited(1, { scoreRate: 0.01 }))).toBeUndefined()
    expect(firstField({ levels: [{ vip: 1, scoreRate: 0.0125, minMonthlySpend: 0 }] })).toBeUndefined()
  })

  it.each([
    ['no levels', { levels: [] }, `levels: ${VipLevelsMessage.levels}`],
    [
      'eleven levels',
      {
        levels: Array.from({ length: 11 }, (_, i) => ({ vip: i + 1, scoreRate: 0.01, minMonthlySpend: i })),
      },
      `levels: ${VipLevelsMessage.levels}`,
    ],
    ['a gap in the numbers', edited(2, { vip: 4 }), `levels.2.vip: ${VipLevelsMessage.vip}`],
    [
      'level 1 with a threshold',
      edited(0, { minMonthlySpend: 1 }),
      `levels.0.minMonthlySpend: ${VipLevelsMessage.firstSpend}`,
    ],
    [
      'a threshold not above the last',
      edited(2, { minMonthlySpend: 100_000 }),
      `levels.2.minMonthlySpend: ${VipLevelsMessage.spendOrder}`,
    ],
    ['a falling rate', edited(2, { scoreRate: 0.012 }), `levels.2.scoreRate: ${VipLevelsMessage.rateOrder}`],
    ['a rate above 1', edited(1, { scoreRate: 1.5 }), `levels.1.scoreRate: ${VipLevelsMessage.scoreRate}`],
    ['five decimals', edited(1, { scoreRate: 0.01501 }), `levels.1.scoreRate: ${VipLevelsMessage.scoreRate}`],
    [
      'a fractional threshold',
      edited(1, { minMonthlySpend: 100_000.5 }),
      `levels.1.minMonthlySpend: ${VipLevelsMessage.minMonthlySpend}`,
    ],
    ['a missing rate', edited(1, { scoreRate: undefined }), 'levels.1.scoreRate: is required'],
  ])('refuses %s, naming the field', (_, body, expected) => {
    expect(firstField(body)).toBe(expected)
  })
})

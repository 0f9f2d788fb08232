import { describe, expect, it } from 'vitest'
import { badgeText, headerBadgeCounts, headerBadgeTotal } from '../../src/domain/badges.ts'
import { levelForMonthlySpend, ratePercentText, tierLabel, tierName } from '../../src/domain/tiers.ts'

const vipList = [
  { vip: 1, scoreRate: 0.01 },
  { vip: 2, scoreRate: 0.015 },
  { vip: 3, scoreRate: 0.02 },
]

describe('tier label', () => {
  it('is SVIP, valid long-term, when the score switch is off', () => {
    const label = tierLabel({ role: 1, scoreSwitch: false, vipList, scoreRate: 0.01, scoreTime: null })
    expect(label).toEqual({ kind: 'svip', validity: 'longTerm' })
    expect(tierName(label)).toBe('SVIP')
  })

  it('is VIP n for the level whose rate matches, with the score time as expiry', () => {
    const label = tierLabel({
      role: 2,
      scoreSwitch: true,
      vipList,
      scoreRate: 0.015,
      scoreTime: '2026-12-31',
    })
    expect(label).toEqual({ kind: 'vip', level: 2, expires: '2026-12-31' })
    expect(tierName(label)).toBe('VIP 2')
    expect(tierLabel({ role: 2, scoreSwitch: true, vipList, scoreRate: 0.01, scoreTime: null })).toEqual({
      kind: 'vip',
      level: 1,
      expires: null,
    })
  })

  it('shows nothing for other roles or an unmatched rate', () => {
    expect(tierLabel({ role: 4, scoreSwitch: false, vipList, scoreRate: 0.01, scoreTime: null })).toEqual({
      kind: 'none',
    })
    expect(tierLabel({ role: 1, scoreSwitch: true, vipList, scoreRate: 0.03, scoreTime: null })).toEqual({
      kind: 'none',
    })
  })

  it('shows the rate as rate × 100 %, exactly', () => {
    expect(ratePercentText(0.01)).toBe('1%')
    expect(ratePercentText(0.015)).toBe('1.5%')
    expect(ratePercentText(0.07)).toBe('7%') // 0.07 × 100 is 7.000000000000001 in floats
    expect(ratePercentText(0)).toBe('0%')
  })

  it('picks the level a month’s spending earns', () => {
    const levels = [
      { vip: 1, scoreRate: 0.01, minMonthlySpend: 0 },
      { vip: 3, scoreRate: 0.02, minMonthlySpend: 300_000 },
      { vip: 2, scoreRate: 0.015, minMonthlySpend: 100_000 },
    ]
    expect(levelForMonthlySpend(0, levels)?.vip).toBe(1)
    expect(levelForMonthlySpend(99_999, levels)?.vip).toBe(1)
    expect(levelForMonthlySpend(100_000, levels)?.vip).toBe(2)
    expect(levelForMonthlySpend(1_000_000, levels)?.vip).toBe(3)
    expect(levelForMonthlySpend(5, levels.slice(1))).toBeUndefined()
  })
})

describe('header badge', () => {
  it('adds balances, packaging, shipping and extra fees, and caps the text at 99+', () => {
    const total = headerBadgeTotal({
      finalBadgeCount: 3,
      applyBadgeCount: 2,
      expressBadgeCount: 1,
      extraPayCount: 4,
    })
    expect(total).toBe(10)
    expect(badgeText(total)).toBe('10')
    expect(badgeText(99)).toBe('99')
    expect(badgeText(100)).toBe('99+')
    expect(badgeText(0)).toBeUndefined()
  })

  it('counts the balances due, the orders waiting for packaging, the unpaid shipping fees and the extra fees', () => {
    const counts = headerBadgeCounts({ orderFinalCount: 3, applyCount: 4, expressCount: 1, extraPayCount: 2 })
    expect(counts).toEqual({ finalBadgeCount: 3, applyBadgeCount: 4, expressBadgeCount: 1, extraPayCount: 2 })
    expect(headerBadgeTotal(counts)).toBe(10)
    const none = { orderFinalCount: 0, applyCount: 0, expressCount: 0, extraPayCount: 0 }
    expect(badgeText(headerBadgeTotal(headerBadgeCounts({ ...none, orderFinalCount: 120 })))).toBe('99+')
    expect(
      badgeText(headerBadgeTotal(headerBadgeCounts({ ...none, applyCount: 60, expressCount: 40 }))),
    ).toBe('99+')
  })
})

import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Language } from '../../src/domain/language.ts'
import {
  fenText,
  formatYen,
  type PriceColumn,
  priceColumnFor,
  rmbEstimateFen,
  rmbFloorFen,
  SIGN_UP_ROLE,
  shownPrice,
  visiblePriceFields,
} from '../../src/domain/price-display.ts'

const prices: Record<PriceColumn, number> = {
  cnBatchPrice: 1100,
  cnAlonePrice: 1200,
  jpBatchPrice: 1300,
  jpAlonePrice: 1400,
  enBatchPrice: 1500,
  enAlonePrice: 1600,
}

describe('which price a shopper sees', () => {
  it.each<[number, Language, string | undefined]>([
    [1, 'zhCn', 'cnBatchPrice'],
    [1, 'ja', 'jpAlonePrice'],
    [1, 'en', 'enAlonePrice'],
    [2, 'zhCn', 'cnAlonePrice'],
    [2, 'en', 'cnAlonePrice'],
    [3, 'zhCn', 'jpBatchPrice'],
    [4, 'ja', 'jpAlonePrice'],
    [5, 'ja', 'enBatchPrice'],
    [6, 'en', 'enAlonePrice'],
    [0, 'zhCn', undefined],
    [7, 'ja', undefined],
  ])('role %i in %s sees %s', (role, language, column) => {
    expect(priceColumnFor(role, language)).toBe(column)
  })

  it('hides prices from visitors, shows partner-only for a negative base, generic when nothing fits', () => {
    expect(shownPrice(null, 'zhCn', prices)).toEqual({ kind: 'loginRequired' })
    expect(shownPrice(2, 'zhCn', { partnerOnly: true })).toEqual({ kind: 'partnerOnly' })
    expect(shownPrice(2, 'zhCn', { ...prices, cnAlonePrice: -1 })).toEqual({ kind: 'partnerOnly' })
    expect(shownPrice(9, 'zhCn', prices)).toEqual({ kind: 'generic' })
    expect(shownPrice(4, 'ja', { cnAlonePrice: 1200 })).toEqual({ kind: 'generic' })
    expect(shownPrice(1, 'ja', prices)).toEqual({ kind: 'price', yen: 1400 })
    expect(shownPrice(2, 'zhCn', { cnAlonePrice: 0 })).toEqual({ kind: 'price', yen: 0 })
  })

  it('sends a visitor no price field, a customer only their column, an operator all six', () => {
    expect(visiblePriceFields({ kind: 'visitor' }, 'zhCn', prices)).toEqual({})
    expect(visiblePriceFields({ kind: 'customer', role: 2 }, 'zhCn', prices)).toEqual({ cnAlonePrice: 1200 })
    expect(visiblePriceFields({ kind: 'customer', role: 1 }, 'ja', prices)).toEqual({ jpAlonePrice: 1400 })
    expect(visiblePriceFields({ kind: 'customer', role: 5 }, 'en', prices)).toEqual({ enBatchPrice: 1500 })
    expect(visiblePriceFields({ kind: 'customer', role: null }, 'en', prices)).toEqual({})
    expect(visiblePriceFields({ kind: 'customer', role: 4 }, 'ja', { ...prices, jpAlonePrice: -1 })).toEqual({
      partnerOnly: true,
    })
    expect(visiblePriceFields({ kind: 'operator' }, 'ja', prices)).toEqual(prices)
  })

  it('shows a customer exactly the price the server chose for them', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        fc.constantFrom<Language>('zhCn', 'ja', 'en'),
        fc.integer({ min: -1, max: 1_000_000 }),
        (role, language, yen) => {
          const columns = { ...prices, [priceColumnFor(role, language) as PriceColumn]: yen }
          const sent = visiblePriceFields({ kind: 'customer', role }, language, columns)
          expect(shownPrice(role, language, sent)).toEqual(
            yen < 0 ? { kind: 'partnerOnly' } : { kind: 'price', yen },
          )
        },
      ),
    )
  })

  it('gives a new account the single-price role of its sign-up language', () => {
    expect(SIGN_UP_ROLE).toEqual({ zhCn: 2, ja: 4, en: 6 })
  })
})

describe('formatting', () => {
  it('writes yen with ¥, or a Yen suffix in English', () => {
    expect(formatYen(12_800, 'zhCn')).toBe('¥12,800')
    expect(formatYen(12_800, 'ja')).toBe('¥12,800')
    expect(formatYen(12_800, 'en')).toBe('12,800 Yen')
    expect(formatYen(0, 'en')).toBe('0 Yen')
  })

  it('estimates renminbi rounded up to the fen; the plain helper rounds down', () => {
    // 12800 × 0.0482 = 616.96 exactly; 999 × 0.0483 = 48.2517 → 48.26 up, 48.25 down
    expect(rmbEstimateFen(12_800, 0.0482)).toBe(61_696)
    expect(rmbEstimateFen(999, 0.0483)).toBe(4826)
    expect(rmbFloorFen(999, 0.0483)).toBe(4825)
    expect(fenText(4826)).toBe('48.26')
    expect(fenText(5)).toBe('0.05')
  })

  it('keeps the estimate within one fen above the plain conversion', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e8 }),
        fc.integer({ min: 1, max: 100_000 }),
        (yen, rateMicro) => {
          const rate = rateMicro / 1_000_000
          const up = rmbEstimateFen(yen, rate)
          const down = rmbFloorFen(yen, rate)
          expect(up - down === 0 || up - down === 1).toBe(true)
          // exact: yen × rateMicro / 10_000 fen
          const exact = BigInt(yen) * BigInt(rateMicro)
          expect(BigInt(down)).toBe(exact / 10_000n)
        },
      ),
    )
  })
})

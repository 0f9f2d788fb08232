import { describe, expect, it } from 'vitest'
import { productNameIn } from '../../src/domain/catalog.ts'
import { shopDate } from '../../src/domain/dates.ts'
import { nameIn } from '../../src/domain/language.ts'
import { httpStatusOf, isFailureCode } from '../../src/domain/result-code.ts'

describe('names by language', () => {
  const product = {
    productName: '艾琳 手办',
    jpProductName: 'エリン フィギュア',
    enProductName: 'Erin figure',
  }

  it('shows the Japanese name in ja, the Chinese in zhCn, the English otherwise', () => {
    expect(productNameIn('ja', product)).toBe('エリン フィギュア')
    expect(productNameIn('zhCn', product)).toBe('艾琳 手办')
    expect(productNameIn('en', product)).toBe('Erin figure')
  })

  it('falls back to the Chinese name when a translation is missing', () => {
    const untranslated = { productName: '艾琳 手办', jpProductName: null, enProductName: '' }
    expect(productNameIn('ja', untranslated)).toBe('艾琳 手办')
    expect(productNameIn('en', untranslated)).toBe('艾琳 手办')
    expect(nameIn('en', { name: '手办', jpName: 'フィギュア', enName: null })).toBe('手办')
    expect(nameIn('ja', { name: '手办', jpName: 'フィギュア', enName: null })).toBe('フィギュア')
  })
})

describe('shop dates', () => {
  it('are Tokyo calendar days', () => {
    // 14:59 UTC is 23:59 in Tokyo; 15:00 UTC is already the next day there.
    expect(shopDate('2026-11-30T14:59:00Z')).toBe('2026-11-30')
    expect(shopDate('2026-11-30T15:00:00Z')).toBe('2026-12-01')
  })

  it('are undefined for a missing or unreadable value', () => {
    expect(shopDate(null)).toBeUndefined()
    expect(shopDate('')).toBeUndefined()
    expect(shopDate('not a date')).toBeUndefined()
  })
})

describe('result codes', () => {
  it('treat 300 and above as failures', () => {
    expect(isFailureCode(200)).toBe(false)
    expect(isFailureCode(299)).toBe(false)
    expect(isFailureCode(300)).toBe(true)
    expect(isFailureCode(9004)).toBe(true)
  })

  it('mirror their class in the HTTP status', () => {
    expect([200, 400, 401, 403, 404, 409, 429, 500].map(httpStatusOf)).toEqual([
      200, 400, 401, 403, 404, 409, 429, 500,
    ])
    expect(httpStatusOf(9004)).toBe(401)
    expect(httpStatusOf(9005)).toBe(403)
  })
})

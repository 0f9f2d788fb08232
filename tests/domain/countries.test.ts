import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import {
  COUNTRIES,
  COUNTRY_VALUES,
  countryByValue,
  countryNameIn,
  countrySchema,
  isCountryValue,
} from '../../src/domain/countries.ts'

// Spec §3, in its order.
const SPEC_ORDER = [
  'Taiwan',
  'South Korea',
  'China',
  'Hong Kong',
  'Macau',
  'India',
  'Indonesia',
  'Cambodia',
  'Singapore',
  'Thailand',
  'Philippines',
  'Bhutan',
  'Vietnam',
  'Malaysia',
  'Australia',
  'New Zealand',
  'Canada',
  'Mexico',
  'Israel',
  'Turkey',
  'Ireland',
  'Italy',
  'United Kingdom',
  'Austria',
  'Netherlands',
  'Greece',
  'Switzerland',
  'Sweden',
  'Spain',
  'Denmark',
  'Germany',
  'Norway',
  'Hungary',
  'Finland',
  'France',
  'Belgium',
  'Poland',
  'Portugal',
  'United States',
  'Brazil',
]

describe('countries and regions', () => {
  it('are the 40 of the spec, in its order', () => {
    expect(COUNTRIES).toHaveLength(40)
    expect(COUNTRIES.map((country) => country.enName)).toEqual(SPEC_ORDER)
  })

  it('store the Chinese name as name and value, and no two share a value', () => {
    for (const country of COUNTRIES) {
      expect(country.name, country.enName).toBe(country.cnName)
      expect(country.value, country.enName).toBe(country.cnName)
    }
    expect(new Set(COUNTRY_VALUES).size).toBe(40)
    expect(COUNTRY_VALUES).toEqual(COUNTRIES.map((country) => country.value))
  })

  it('have a name in all three languages', () => {
    for (const country of COUNTRIES) {
      for (const name of [country.cnName, country.jpName, country.enName]) {
        expect(name.trim(), country.enName).not.toBe('')
      }
    }
    expect(new Set(COUNTRIES.map((country) => country.jpName)).size).toBe(40)
  })

  it('use the shop naming for the regions of China and everyday Japanese names', () => {
    const byEnglish = (enName: string) => COUNTRIES.find((country) => country.enName === enName)
    expect(byEnglish('Taiwan')).toMatchObject({ value: '中国台湾', jpName: '台湾' })
    expect(byEnglish('Hong Kong')).toMatchObject({ value: '中国香港', jpName: '香港' })
    expect(byEnglish('Macau')).toMatchObject({ value: '中国澳门', jpName: 'マカオ' })
    expect(byEnglish('China')).toMatchObject({ value: '中国', jpName: '中国' })
    expect(byEnglish('South Korea')).toMatchObject({ value: '韩国', jpName: '韓国' })
    expect(byEnglish('United States')).toMatchObject({ value: '美国', jpName: 'アメリカ' })
  })

  it('are named in the shopper’s language, from an entry or a stored value', () => {
    const korea = countryByValue('韩国')
    expect(korea?.enName).toBe('South Korea')
    expect(korea && countryNameIn('ja', korea)).toBe('韓国')
    expect(countryNameIn('en', '中国香港')).toBe('Hong Kong')
    expect(countryNameIn('ja', '中国香港')).toBe('香港')
    expect(countryNameIn('zhCn', '中国香港')).toBe('中国香港')
    // An address stored with a name the list no longer has is shown as stored.
    expect(countryNameIn('en', '日本')).toBe('日本')
    expect(countryByValue('日本')).toBeUndefined()
  })

  it('are recognised by value only', () => {
    expect(isCountryValue('中国台湾')).toBe(true)
    for (const other of ['Taiwan', '台湾', '日本', '', ' 中国', 1, null, undefined]) {
      expect(isCountryValue(other), String(other)).toBe(false)
    }
  })

  it('validate: every value passes, anything else is rejected with the countries message', () => {
    for (const value of COUNTRY_VALUES) expect(v.parse(countrySchema, value)).toBe(value)
    for (const other of ['Taiwan', '台湾', 'Japan', '日本', '', '中国 ', 86, null]) {
      const result = v.safeParse(countrySchema, other)
      expect(result.success, String(other)).toBe(false)
      expect(result.issues?.[0]?.message).toBe("must be one of the shop's countries and regions")
    }
  })
})

import * as v from 'valibot'
import { type Language, nameIn } from './language.ts'
import { ValidationMessage } from './validation-messages.ts'

/**
 * The countries and regions the shop ships to, in the spec's order (§3), as [Chinese, Japanese, English].
 * The Chinese name is the stored value. It follows the usual simplified-Chinese shop naming: regions of
 * China carry the 中国 prefix (中国台湾, 中国香港, 中国澳门) and the mainland is 中国; the Japanese
 * names are the everyday ones (台湾, 香港, マカオ).
 */
const NAMES = [
  ['中国台湾', '台湾', 'Taiwan'],
  ['韩国', '韓国', 'South Korea'],
  ['中国', '中国', 'China'],
  ['中国香港', '香港', 'Hong Kong'],
  ['中国澳门', 'マカオ', 'Macau'],
  ['印度', 'インド', 'India'],
  ['印度尼西亚', 'インドネシア', 'Indonesia'],
  ['柬埔寨', 'カンボジア', 'Cambodia'],
  ['新加坡', 'シンガポール', 'Singapore'],
  ['泰国', 'タイ', 'Thailand'],
  ['菲律宾', 'フィリピン', 'Philippines'],
  ['不丹', 'ブータン', 'Bhutan'],
  ['越南', 'ベトナム', 'Vietnam'],
  ['马来西亚', 'マレーシア', 'Malaysia'],
  ['澳大利亚', 'オーストラリア', 'Australia'],
  ['新西兰', 'ニュージーランド', 'New Zealand'],
  ['加拿大', 'カナダ', 'Canada'],
  ['墨西哥', 'メキシコ', 'Mexico'],
  ['以色列', 'イスラエル', 'Israel'],
  ['土耳其', 'トルコ', 'Turkey'],
  ['爱尔兰', 'アイルランド', 'Ireland'],
  ['意大利', 'イタリア', 'Italy'],
  ['英国', 'イギリス', 'United Kingdom'],
  ['奥地利', 'オーストリア', 'Austria'],
  ['荷兰', 'オランダ', 'Netherlands'],
  ['希腊', 'ギリシャ', 'Greece'],
  ['瑞士', 'スイス', 'Switzerland'],
  ['瑞典', 'スウェーデン', 'Sweden'],
  ['西班牙', 'スペイン', 'Spain'],
  ['丹麦', 'デンマーク', 'Denmark'],
  ['德国', 'ドイツ', 'Germany'],
  ['挪威', 'ノルウェー', 'Norway'],
  ['匈牙利', 'ハンガリー', 'Hungary'],
  ['芬兰', 'フィンランド', 'Finland'],
  ['法国', 'フランス', 'France'],
  ['比利时', 'ベルギー', 'Belgium'],
  ['波兰', 'ポーランド', 'Poland'],
  ['葡萄牙', 'ポルトガル', 'Portugal'],
  ['美国', 'アメリカ', 'United States'],
  ['巴西', 'ブラジル', 'Brazil'],
] as const

/** The stored value of a country or region: its Chinese name. */
export type CountryValue = (typeof NAMES)[number][0]

/** A country entry as the spec shapes it: name and value both hold the Chinese name. */
export interface Country {
  readonly name: CountryValue
  readonly value: CountryValue
  readonly cnName: CountryValue
  readonly jpName: string
  readonly enName: string
}

export const COUNTRIES: readonly Country[] = NAMES.map(([cnName, jpName, enName]) => ({
  name: cnName,
  value: cnName,
  cnName,
  jpName,
  enName,
}))

export const COUNTRY_VALUES: readonly CountryValue[] = COUNTRIES.map((country) => country.value)

export function isCountryValue(value: unknown): value is CountryValue {
  return typeof value === 'string' && (COUNTRY_VALUES as readonly string[]).includes(value)
}

export function countryByValue(value: string): Country | undefined {
  return COUNTRIES.find((country) => country.value === value)
}

/**
 * A country's name in a language. Takes an entry or a stored value; a stored value that is not in the
 * list (an address saved before the list changed) is shown as it was stored.
 */
export function countryNameIn(language: Language, country: Country | string): string {
  if (typeof country !== 'string') return nameIn(language, country)
  const entry = countryByValue(country)
  return entry ? nameIn(language, entry) : country
}

export const countrySchema = v.picklist(COUNTRY_VALUES, ValidationMessage.country)

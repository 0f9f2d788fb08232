import type { AddressDto } from '../../domain/address.ts'
import { countryNameIn } from '../../domain/countries.ts'
import type { Language } from '../../domain/language.ts'

/** The field in the shown language's pair: English shows the English field where filled, the others the Chinese/Japanese one. */
function pick(language: Language, local: string | null, english: string | null): string {
  const first = language === 'en' ? english : local
  const second = language === 'en' ? local : english
  return first?.trim() || second?.trim() || ''
}

/** The recipient: family name first in Chinese and Japanese; in English the English name where given. */
export function recipientNameIn(language: Language, address: AddressDto): string {
  if (language === 'en') return address.nameEn?.trim() || `${address.firstName} ${address.lastName}`
  return `${address.lastName} ${address.firstName}`
}

/**
 * The whole address on one line in the shown language: largest place first in Chinese and Japanese
 * (country, province, city, district, street), smallest first in English, with the shop name and the
 * country named in that language.
 */
export function fullAddressIn(language: Language, address: AddressDto): string {
  const country = countryNameIn(language, address.country)
  const parts = [
    pick(language, address.province, address.provinceEn),
    pick(language, address.city, address.cityEn),
    pick(language, address.district, address.districtEn),
    pick(language, address.address, address.addressEn),
    pick(language, address.shopName, address.shopNameEn),
  ]
  if (language === 'en') {
    const [province, city, district, street, shop] = parts
    return [shop, street, district, city, province, country].filter(Boolean).join(', ')
  }
  return [country, ...parts].filter(Boolean).join(' ')
}

import type { AddressDto } from '../../domain/address.ts'
import { shopDateTime } from '../../domain/date-time.ts'
import { ORDER_STATUS_INFO } from '../../domain/order-status.ts'
import type { OrderAddressDto } from '../../domain/orders.ts'
import type { CodeInfo } from '../../domain/status-flow.ts'

/** An instant in shop time, or '-' when there is none. */
export function dateTimeText(iso: string | null | undefined): string {
  return shopDateTime(iso) ?? '-'
}

/** The label and tone of an order status; an unknown code (a newer server) shows as itself in blue. */
export function orderStatusInfo(status: number): CodeInfo {
  const known = (ORDER_STATUS_INFO as Record<number, CodeInfo | undefined>)[status]
  return known ?? { tone: 'other', label: { zhCn: String(status), ja: String(status), en: String(status) } }
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '')
const textOrNull = (value: unknown): string | null => (typeof value === 'string' && value ? value : null)

/** The address copied onto an order, read as an address book entry (spec §3 'Address' fields). */
export function orderAddressOf(address: OrderAddressDto): AddressDto {
  return {
    id: typeof address.id === 'number' ? address.id : 0,
    firstName: text(address.firstName),
    lastName: text(address.lastName),
    nameEn: textOrNull(address.nameEn),
    telephone: text(address.telephone),
    postCode: text(address.postCode),
    country: text(address.country),
    countryEn: textOrNull(address.countryEn),
    province: textOrNull(address.province),
    provinceEn: textOrNull(address.provinceEn),
    city: textOrNull(address.city),
    cityEn: textOrNull(address.cityEn),
    district: textOrNull(address.district),
    districtEn: textOrNull(address.districtEn),
    shopName: textOrNull(address.shopName),
    shopNameEn: textOrNull(address.shopNameEn),
    address: text(address.address),
    addressEn: textOrNull(address.addressEn),
    acquiescent: 0,
    isBill: 0,
  }
}

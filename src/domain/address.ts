import * as v from 'valibot'
import { phoneSchema } from './account.ts'
import { countrySchema } from './countries.ts'
import { boundedText, optionalText, orRequired, payloadObject, requiredText, rowId } from './fields.ts'
import { ValidationMessage } from './validation-messages.ts'

const idSchema = rowId()

/** The default and billing flags travel as numbers (spec §3); a boolean or '1' is a client bug, not a yes. */
const flagSchema = v.optional(v.picklist([0, 1], ValidationMessage.flag), 0)

/** Letters, digits, spaces and hyphens cover the postcode formats of the shop's countries (SW1A 1AA, 100-0001). */
const postCodeSchema = v.pipe(
  v.string(orRequired(ValidationMessage.postCode)),
  v.normalize('NFKC'), // full-width input from a Japanese or Chinese input method
  v.trim(),
  v.nonEmpty(ValidationMessage.required),
  v.maxLength(16, ValidationMessage.postCode),
  v.regex(/^[A-Za-z\d -]+$/, ValidationMessage.postCode),
)

const optional100 = optionalText(boundedText(100, ValidationMessage.atMost100))

const addressEntries = {
  id: v.optional(idSchema),
  firstName: requiredText(50, ValidationMessage.atMost50),
  lastName: requiredText(50, ValidationMessage.atMost50),
  nameEn: optional100,
  telephone: phoneSchema,
  postCode: postCodeSchema,
  country: countrySchema,
  countryEn: optional100,
  province: optional100,
  provinceEn: optional100,
  city: optional100,
  cityEn: optional100,
  district: optional100,
  districtEn: optional100,
  shopName: optional100,
  shopNameEn: optional100,
  address: requiredText(200, ValidationMessage.atMost200),
  addressEn: optionalText(boundedText(200, ValidationMessage.atMost200)),
  acquiescent: flagSchema,
  isBill: flagSchema,
}

/** POST /mall/address/save. An id, when sent, is checked but a new address gets its id from the server. */
export const addressSchema = payloadObject(addressEntries)
export type AddressInput = v.InferInput<typeof addressSchema>
export type Address = v.InferOutput<typeof addressSchema>

/** PUT /mall/address/update: the same fields, with the id of the address to change. */
export const addressUpdateSchema = payloadObject({ ...addressEntries, id: idSchema })
export type AddressUpdateInput = v.InferInput<typeof addressUpdateSchema>
export type AddressUpdate = v.InferOutput<typeof addressUpdateSchema>

/** The most addresses one shopper keeps; more is a mistake or a script, not an address book. */
export const MAX_ADDRESSES = 50

/** An address as GET /mall/address/list sends it (spec §3 'Address'): every field, flags as 0/1. */
export interface AddressDto {
  id: number
  firstName: string
  lastName: string
  nameEn: string | null
  telephone: string
  postCode: string
  country: string
  countryEn: string | null
  province: string | null
  provinceEn: string | null
  city: string | null
  cityEn: string | null
  district: string | null
  districtEn: string | null
  shopName: string | null
  shopNameEn: string | null
  address: string
  addressEn: string | null
  acquiescent: 0 | 1
  isBill: 0 | 1
}

/** A US ZIP code, five digits, optionally ZIP+4 (12345-6789); full-width digits from an IME are accepted. */
export const usZipQuery = v.object({
  zip: v.pipe(
    v.string(orRequired(ValidationMessage.zip)),
    v.normalize('NFKC'),
    v.trim(),
    v.regex(/^\d{5}(?:-?\d{4})?$/, ValidationMessage.zip),
    v.transform((zip) => zip.slice(0, 5)),
  ),
})

/** GET /mall/uszip/state-city (flows §9): `cities` lists every place a ZIP serves when there are several. */
export interface UsZipDto {
  zip: string
  state: string
  stateCode: string
  city: string
  cities: string[]
}

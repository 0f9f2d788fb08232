import * as v from 'valibot'
import type { AddressDto } from '../../src/domain/address.ts'
import { answerOf, id, named } from './shape.ts'

const flag = v.picklist([0, 1] as const)

export const addressAnswer = named(
  'AddressDto',
  answerOf<AddressDto>()(
    v.strictObject({
      id,
      firstName: v.string(),
      lastName: v.string(),
      nameEn: v.nullable(v.string()),
      telephone: v.string(),
      postCode: v.string(),
      country: v.string(),
      countryEn: v.nullable(v.string()),
      province: v.nullable(v.string()),
      provinceEn: v.nullable(v.string()),
      city: v.nullable(v.string()),
      cityEn: v.nullable(v.string()),
      district: v.nullable(v.string()),
      districtEn: v.nullable(v.string()),
      shopName: v.nullable(v.string()),
      shopNameEn: v.nullable(v.string()),
      address: v.string(),
      addressEn: v.nullable(v.string()),
      acquiescent: v.pipe(flag, v.description('1: the default address')),
      isBill: flag,
    }),
  ),
)

export const addressListAnswer = v.array(addressAnswer)

/** DELETE /mall/address/del/{id} */
export const addressRemovedAnswer = answerOf<{ removed: 1 }>()(v.strictObject({ removed: v.literal(1) }))

// GET /mall/uszip/state-city answers a UsZipDto; its schema is kept in shipping.ts (one definition per name).
export { usZipAnswer } from './shipping.ts'

import * as v from 'valibot'
import type { UsZipDto } from '../../src/domain/address.ts'
import type { LocalizedText } from '../../src/domain/localized.ts'
import type { ShippingOptionDto } from '../../src/domain/packaging.ts'
import { BILLING_RULES, CARRIERS, SHIPPING_REFUSALS, SIZE_RULES } from '../../src/domain/shipping.ts'
import type {
  ShippingDestinationDto,
  ShippingMethodAdminDto,
  ShippingMethodsDto,
  ShippingRateDto,
} from '../../src/domain/shipping-editor.ts'
import { answerOf, count, id, named } from './shape.ts'

/** A label in the three languages (src/domain/localized.ts `LocalizedText`). */
export const localizedText = answerOf<LocalizedText>()(
  v.strictObject({ zhCn: v.string(), ja: v.string(), en: v.string() }),
)

export const carrier = v.picklist(CARRIERS)
export const shippingRefusal = v.picklist(SHIPPING_REFUSALS)

/** A shipping method as a shopper chooses it: which, its limit and whether it serves the parcel. */
export const methodChoiceEntries = {
  methodId: id,
  name: localizedText,
  carrier,
  tracked: v.boolean(),
  maxWeightG: count,
  available: v.boolean(),
  reason: v.nullable(shippingRefusal),
}

export const shippingOptionAnswer = named(
  'ShippingOptionDto',
  answerOf<ShippingOptionDto>()(
    v.strictObject({ ...methodChoiceEntries, fee: v.nullable(count), billedWeightG: count }),
  ),
)
export const shippingOptionListAnswer = v.array(shippingOptionAnswer)

export const shippingDestinationAnswer = named(
  'ShippingDestinationDto',
  answerOf<ShippingDestinationDto>()(
    v.strictObject({
      country: v.pipe(v.string(), v.description('The stored country value (src/domain/countries.ts)')),
      zone: count,
      available: v.boolean(),
    }),
  ),
)

export const shippingRateAnswer = named(
  'ShippingRateDto',
  answerOf<ShippingRateDto>()(v.strictObject({ zone: count, upToG: count, fee: count })),
)

export const shippingMethodAdminAnswer = named(
  'ShippingMethodAdminDto',
  answerOf<ShippingMethodAdminDto>()(
    v.strictObject({
      id,
      code: v.string(),
      name: localizedText,
      carrier,
      minWeightG: count,
      maxWeightG: count,
      sizeRule: v.picklist(SIZE_RULES),
      billingRule: v.picklist(BILLING_RULES),
      stepG: count,
      tracked: v.boolean(),
      active: v.boolean(),
      sortOrder: count,
      note: v.nullable(v.string()),
      destinations: v.array(shippingDestinationAnswer),
      rates: v.array(shippingRateAnswer),
    }),
  ),
)

export const shippingMethodsAnswer = named(
  'ShippingMethodsDto',
  answerOf<ShippingMethodsDto>()(v.strictObject({ methods: v.array(shippingMethodAdminAnswer) })),
)

export const usZipAnswer = named(
  'UsZipDto',
  answerOf<UsZipDto>()(
    v.strictObject({
      zip: v.string(),
      state: v.string(),
      stateCode: v.string(),
      city: v.string(),
      cities: v.array(v.string()),
    }),
  ),
)

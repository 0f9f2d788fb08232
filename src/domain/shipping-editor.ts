import * as v from 'valibot'
import { COUNTRY_VALUES, countrySchema } from './countries.ts'
import { boundedText, optionalText, orRequired, payloadObject, requiredText } from './fields.ts'
import { BILLING_RULES, CARRIERS, type ShippingMethod, SIZE_RULES } from './shipping.ts'
import { ValidationMessage } from './validation-messages.ts'

/* The operators' shipping-method editor (GET/PUT /api/ops/shipping-methods, flows §7). */

export interface ShippingDestinationDto {
  /** The stored country value (src/domain/countries.ts). */
  country: string
  zone: number
  available: boolean
}

export interface ShippingRateDto {
  zone: number
  upToG: number
  fee: number
}

/** One method with everything an operator edits: limits, rules, destinations and rate bands. */
export interface ShippingMethodAdminDto extends ShippingMethod {
  sortOrder: number
  note: string | null
  destinations: ShippingDestinationDto[]
  rates: ShippingRateDto[]
}

/** GET answers `{ methods }`; PUT takes `{ methods }` (each replaces the method of its id) and answers the new GET. */
export interface ShippingMethodsDto {
  methods: ShippingMethodAdminDto[]
}

/**
 * The English phrases of the editor's 400s (`${field}: ${message}`), beside ValidationMessage's, which
 * they extend for this payload only.
 */
export const ShippingEditorMessage = {
  methods: 'must be 1 to 50 methods, each id once',
  unknownMethod: 'is not a shipping method',
  flag: 'must be true or false',
  sizeRule: 'must be ems, small or none',
  billingRule: 'must be actual or volumetric',
  weightG: 'must be a whole number of grams from 0 to 70000',
  maxAboveMin: 'must be more than the minimum weight',
  stepG: 'must be a whole number of grams from 0 to 10000',
  sortOrder: 'must be a whole number from 0 to 9999',
  zone: 'must be a zone from 1 to 9',
  destinations: 'must name each country at most once',
  upToG: 'must be a whole number of grams from 1 to 70000',
  fee: 'must be a whole number of yen from 0 to 10000000',
  ratesOnce: 'must hold each band (zone and weight) once',
  zoneWithoutRates: 'must hold at least one band for every zone of a destination',
} as const

/** The editor's limits: the heaviest box any method may take (70 kg), zones, fees. */
export const EDITOR_MAX_WEIGHT_G = 70_000
export const EDITOR_MAX_STEP_G = 10_000
export const EDITOR_MAX_ZONE = 9
export const EDITOR_MAX_FEE = 10_000_000
export const EDITOR_MAX_METHODS = 50
/** Bands one method may hold: 9 zones of 100 g bands to 70 kg would be 6,300; 2,000 is plenty. */
export const EDITOR_MAX_RATES = 2_000

const wholeIn = (min: number, max: number, message: string) =>
  v.pipe(
    v.number(orRequired(message)),
    v.integer(message),
    v.minValue(min, message),
    v.maxValue(max, message),
  )
const flag = v.boolean(orRequired(ShippingEditorMessage.flag))

const destinationEntry = payloadObject({
  country: countrySchema,
  zone: wholeIn(1, EDITOR_MAX_ZONE, ShippingEditorMessage.zone),
  available: flag,
})

const rateEntry = payloadObject({
  zone: wholeIn(1, EDITOR_MAX_ZONE, ShippingEditorMessage.zone),
  upToG: wholeIn(1, EDITOR_MAX_WEIGHT_G, ShippingEditorMessage.upToG),
  fee: wholeIn(0, EDITOR_MAX_FEE, ShippingEditorMessage.fee),
})

/**
 * One method as PUT sends it: the admin DTO's editable fields. `code` is the method's stable name and
 * is not edited (left out, or ignored when sent with the rest of the DTO).
 */
const methodEntry = v.pipe(
  payloadObject({
    id: wholeIn(1, 999_999_999, ValidationMessage.id),
    name: payloadObject({
      zhCn: requiredText(50, ValidationMessage.atMost50),
      ja: requiredText(50, ValidationMessage.atMost50),
      en: requiredText(50, ValidationMessage.atMost50),
    }),
    carrier: v.picklist(CARRIERS, orRequired(ValidationMessage.carrier)),
    minWeightG: wholeIn(0, EDITOR_MAX_WEIGHT_G, ShippingEditorMessage.weightG),
    maxWeightG: wholeIn(0, EDITOR_MAX_WEIGHT_G, ShippingEditorMessage.weightG),
    sizeRule: v.picklist(SIZE_RULES, orRequired(ShippingEditorMessage.sizeRule)),
    billingRule: v.picklist(BILLING_RULES, orRequired(ShippingEditorMessage.billingRule)),
    stepG: wholeIn(0, EDITOR_MAX_STEP_G, ShippingEditorMessage.stepG),
    tracked: flag,
    active: flag,
    sortOrder: wholeIn(0, 9999, ShippingEditorMessage.sortOrder),
    note: v.pipe(
      optionalText(boundedText(2048, ValidationMessage.atMost2048)),
      v.transform((x) => x ?? null),
    ),
    destinations: v.pipe(
      v.array(destinationEntry, orRequired(ShippingEditorMessage.destinations)),
      v.maxLength(COUNTRY_VALUES.length, ShippingEditorMessage.destinations),
      v.check(
        (list) => new Set(list.map((d) => d.country)).size === list.length,
        ShippingEditorMessage.destinations,
      ),
    ),
    rates: v.pipe(
      v.array(rateEntry, orRequired(ShippingEditorMessage.ratesOnce)),
      v.maxLength(EDITOR_MAX_RATES, ShippingEditorMessage.ratesOnce),
      v.check(
        (list) => new Set(list.map((r) => `${r.zone}:${r.upToG}`)).size === list.length,
        ShippingEditorMessage.ratesOnce,
      ),
    ),
  }),
  v.forward(
    v.partialCheck(
      [['minWeightG'], ['maxWeightG']],
      ({ minWeightG, maxWeightG }) => minWeightG < maxWeightG,
      ShippingEditorMessage.maxAboveMin,
    ),
    ['maxWeightG'],
  ),
  v.forward(
    v.partialCheck(
      [['destinations'], ['rates']],
      ({ destinations, rates }) => {
        const zonesWithRates = new Set(rates.map((r) => r.zone))
        return destinations.every((d) => zonesWithRates.has(d.zone))
      },
      ShippingEditorMessage.zoneWithoutRates,
    ),
    ['rates'],
  ),
)

/** PUT /api/ops/shipping-methods { methods }: each listed method (its id must exist) is replaced whole. */
export const shippingMethodsBody = payloadObject({
  methods: v.pipe(
    v.array(methodEntry, orRequired(ShippingEditorMessage.methods)),
    v.minLength(1, ShippingEditorMessage.methods),
    v.maxLength(EDITOR_MAX_METHODS, ShippingEditorMessage.methods),
    v.check((list) => new Set(list.map((m) => m.id)).size === list.length, ShippingEditorMessage.methods),
  ),
})
export type ShippingMethodsBody = v.InferOutput<typeof shippingMethodsBody>
export type ShippingMethodEdit = ShippingMethodsBody['methods'][number]

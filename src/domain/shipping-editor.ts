import type { ShippingMethod } from './shipping.ts'

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

import type { ShippingMethodAdminDto, ShippingMethodsDto } from '../../../domain/shipping-editor.ts'
import { apiPut } from '../../../lib/api-client.ts'

/**
 * PUT /api/ops/shipping-methods { methods }: each method replaces the one of its id (limits, rules,
 * destinations, bands); answers every method as GET does. 400 names the field (`methods.0.…`).
 */
export const saveShippingMethods = (methods: ShippingMethodAdminDto[]) =>
  apiPut<ShippingMethodsDto>('/ops/shipping-methods', { methods }, { systemNotify: false })

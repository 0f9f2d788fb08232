import type { ShippingMethodsDto } from '../../../domain/shipping-editor.ts'
import { apiGet } from '../../../lib/api-client.ts'

/** GET /api/ops/shipping-methods: every method with its limits, destinations and rate bands. */
export const getShippingMethods = () =>
  apiGet<ShippingMethodsDto>('/ops/shipping-methods', {}, { systemNotify: false })

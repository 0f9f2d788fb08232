import * as v from 'valibot'

/**
 * The search of the payment result pages: the gateway sends the shopper back with ?paymentId=; junk
 * reads as none (the page says so).
 */
export const paymentReturnSearch = v.object({
  paymentId: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(100))), undefined),
})

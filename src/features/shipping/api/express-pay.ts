import { IDEMPOTENCY_KEY_HEADER, type PayAnswer, type PayRoute } from '../../../domain/payments.ts'
import { type ApiCallOptions, apiPost } from '../../../lib/api-client.ts'

export interface ExpressPayRequest {
  route: PayRoute
  /** `{type}` of the card (1 card, 2 bank transfer) and sbps (1 card, 2 konbini, 3 PayPay) routes. */
  method: number
  packageId: number
  /** `?shippingMethodId=`: the method the fee is quoted for. */
  methodId: number
  /** One per attempt, kept for every retry of that attempt. */
  key: string
}

/** The shipping fee's path on each of the spec's three routes (flows §3). */
export function expressPayPath(request: Pick<ExpressPayRequest, 'route' | 'method' | 'packageId'>): string {
  switch (request.route) {
    case 'card':
      return `/mall/package/expressPay/${request.method}/${request.packageId}`
    case 'sbps':
      return `/mall/sb_pay/expressPay/${request.method}/${request.packageId}`
    case 'paypal':
      return `/mall/paypal/expressPay/${request.packageId}`
  }
}

/**
 * POST the route's shipping-fee call for the chosen method: the server quotes the fee again and
 * answers where to send the shopper (`redirectUrl`), or refuses a method the box breaks.
 */
export const expressPay = (request: ExpressPayRequest, options: ApiCallOptions = {}) =>
  apiPost<PayAnswer>(expressPayPath(request), undefined, {
    ...options,
    query: { shippingMethodId: request.methodId },
    headers: { ...options.headers, [IDEMPOTENCY_KEY_HEADER]: request.key },
  })

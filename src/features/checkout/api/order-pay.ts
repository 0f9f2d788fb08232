import { IDEMPOTENCY_KEY_HEADER, type PayAnswer, type PayRoute } from '../../../domain/payments.ts'
import { type ApiCallOptions, apiPost } from '../../../lib/api-client.ts'

export interface OrderPayRequest {
  route: PayRoute
  /** `{type}` of the card (1 card, 2 bank transfer) and sbps (1 card, 2 konbini, 3 PayPay) routes. */
  method: number
  orderId: number
  addressId: number
  /** One per attempt, kept for every retry of that attempt. */
  key: string
}

/** The first payment's path on each of the spec's three routes (§7). */
export function orderPayPath(request: Pick<OrderPayRequest, 'route' | 'method' | 'orderId'>): string {
  switch (request.route) {
    case 'card':
      return `/mall/order/orderPay/${request.method}/${request.orderId}`
    case 'sbps':
      return `/mall/sb_pay/orderPay/${request.method}/${request.orderId}`
    case 'paypal':
      return `/mall/paypal/orderPay/${request.orderId}`
  }
}

/** POST the route's orderPay call: answers where to send the shopper (`redirectUrl`). */
export const orderPay = (request: OrderPayRequest, options: ApiCallOptions = {}) =>
  apiPost<PayAnswer>(orderPayPath(request), undefined, {
    ...options,
    query: { addressId: request.addressId },
    headers: { ...options.headers, [IDEMPOTENCY_KEY_HEADER]: request.key },
  })

import { IDEMPOTENCY_KEY_HEADER, type PayAnswer, type PayRoute } from '../../../domain/payments.ts'
import { type ApiCallOptions, apiPost } from '../../../lib/api-client.ts'

export interface FinalPayRequest {
  route: PayRoute
  /** `{type}` of the card (1 card, 2 bank transfer) and sbps (1 card, 2 konbini, 3 PayPay) routes. */
  method: number
  orderId: number
  /** `?score=`: points to use (the server caps them by what is due and what the shopper has). */
  points: number
  /** One per attempt, kept for every retry of that attempt. */
  key: string
}

/** The final payment's path on each of the spec's three routes (§7). */
export function finalPayPath(request: Pick<FinalPayRequest, 'route' | 'method' | 'orderId'>): string {
  switch (request.route) {
    case 'card':
      return `/mall/order/finallyPay/${request.method}/${request.orderId}`
    case 'sbps':
      return `/mall/sb_pay/finalPay/${request.method}/${request.orderId}`
    case 'paypal':
      return `/mall/paypal/finallyPay/${request.orderId}`
  }
}

/**
 * POST the route's final-payment call: the balance owed plus the late fee so far, in one payment.
 * Answers where to send the shopper (`redirectUrl`).
 */
export const finalPay = (request: FinalPayRequest, options: ApiCallOptions = {}) =>
  apiPost<PayAnswer>(finalPayPath(request), undefined, {
    ...options,
    query: { score: request.points },
    headers: { ...options.headers, [IDEMPOTENCY_KEY_HEADER]: request.key },
  })

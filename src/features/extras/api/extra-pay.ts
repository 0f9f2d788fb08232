import { IDEMPOTENCY_KEY_HEADER, type PayAnswer, type PayRoute } from '../../../domain/payments.ts'
import { type ApiCallOptions, apiPost } from '../../../lib/api-client.ts'

export interface ExtraPayRequest {
  route: PayRoute
  /** `{type}` of the card (1 card, 2 bank transfer) and sbps (1 card, 2 konbini, 3 PayPay) routes. */
  method: number
  /** The fees paid together, each once. */
  feeIds: readonly number[]
  /** The points to use (the server refuses more than the fees' total or the shopper's balance). */
  points: number
  /** One per attempt, kept for every retry of that attempt. */
  key: string
}

/** The extra fees' path on each of the spec's three routes (§7): `{ids}` comma-separated. */
export function extraPayPath(request: Omit<ExtraPayRequest, 'key'>): string {
  const ids = request.feeIds.join(',')
  switch (request.route) {
    case 'card':
      return `/mall/extra_pay/pay/${request.method}/${ids}/${request.points}`
    case 'sbps':
      return `/mall/sb_pay/extraPay/${request.method}/${ids}`
    case 'paypal':
      return `/mall/paypal/extraPay/${ids}/${request.points}`
  }
}

/**
 * POST the route's extra-pay call: one payment for the chosen fees less the points. Answers where to
 * send the shopper (`redirectUrl`: the gateway's page, or the result page when points paid it all).
 */
export const extraPay = (request: ExtraPayRequest, options: ApiCallOptions = {}) =>
  apiPost<PayAnswer>(extraPayPath(request), undefined, {
    ...options,
    // the Japanese gateway's route takes the points in the query, the others in the path
    ...(request.route === 'sbps' ? { query: { score: request.points } } : {}),
    headers: { ...options.headers, [IDEMPOTENCY_KEY_HEADER]: request.key },
  })

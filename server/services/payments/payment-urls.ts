import type { PayReturnOutcome } from '../../../src/domain/payments.ts'

/*
 * The shop's own addresses a provider is given for one payment: where it sends the shopper back and
 * where it posts its webhooks. A leaf module: the adapters and the pay call build them the same way.
 */

/** Where a provider sends the shopper back: the shop's server first, then the result page. */
export const providerReturnPath = (paymentId: string, outcome: PayReturnOutcome) =>
  `/api/pay/return/${paymentId}/${outcome}`

/** The three absolute return URLs of a payment. */
export function providerReturnUrls(publicUrl: string, paymentId: string): Record<PayReturnOutcome, string> {
  const back = (outcome: PayReturnOutcome) => `${publicUrl}${providerReturnPath(paymentId, outcome)}`
  return { success: back('success'), cancel: back('cancel'), error: back('error') }
}

/** `/api/pay/webhook/{gateway}`: where a gateway's webhooks arrive. */
export const webhookPath = (gateway: string) => `/api/pay/webhook/${gateway}`

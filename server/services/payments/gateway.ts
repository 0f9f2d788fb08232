import type { PaymentPurpose, PayRoute } from '../../../src/domain/payments.ts'

/**
 * One payment provider behind the spec's routes (flows §3). The sandbox is one module implementing this;
 * Stripe, SB Payment Service and PayPal each become one more module beside it. Every adapter takes and
 * gives integer yen: converting to a provider's unit happens inside the adapter and nowhere else.
 */
export interface PaymentGateway {
  /** sandbox | stripe | sbps | paypal: the `{gateway}` of /api/pay/webhook/{gateway} and payments.gateway. */
  readonly name: string
  /** Starts a payment at the provider and says where to send the shopper. */
  begin(attempt: PaymentAttempt): Promise<{ redirectUrl: string; providerRef: string | null }>
  /**
   * Verifies a webhook on its raw bytes (signature, timestamp tolerance) before anything is parsed, and
   * reads it. Returns null when verification fails: the caller answers 400 and changes nothing.
   */
  verifyWebhook(rawBody: Uint8Array, headers: Headers): Promise<GatewayEvent | null>
  /** Gives the money of a settled payment back. */
  refund(payment: {
    paymentId: string
    providerRef: string | null
    amount: number
    reason: string | null
  }): Promise<{
    refundRef: string
  }>
  /** The text some providers expect as the webhook's answer (SBPS: `OK,`); JSON envelope otherwise. */
  webhookAnswer?(accepted: boolean): Response
}

export interface PaymentAttempt {
  paymentId: string
  purpose: PaymentPurpose
  route: PayRoute
  method: number
  amount: number
  currency: 'JPY'
  /** A line of text for the provider's page (order number). */
  description: string
  /** Absolute URLs of the return pages, with `?paymentId=`. */
  returnUrls: { success: string; cancel: string; error: string }
}

/** What a verified webhook says about one payment. */
export interface GatewayEvent {
  /** The provider's event id: the dedupe key, unique per gateway. */
  eventId: string
  paymentId: string
  /** succeeded settles 1 → 2; failed and cancelled end 1 → 4; pending changes nothing. */
  kind: 'succeeded' | 'failed' | 'cancelled' | 'pending'
  /** The amount and currency the provider confirms; settle() checks them against the payment row. */
  amount: number
  currency: string
  providerRef: string | null
  /** A provider's reason for a failure (declined, insufficient funds …). */
  failure: string | null
}

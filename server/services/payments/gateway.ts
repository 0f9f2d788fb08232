import type { PaymentStatus } from '../../../src/domain/payment-status.ts'
import type {
  BankTransferDto,
  PaymentPurpose,
  PayReturnOutcome,
  PayRoute,
} from '../../../src/domain/payments.ts'
import type { AppDeps } from '../../app-env.ts'

/** What an adapter is made with, besides its provider's settings. */
export type GatewayDeps = Pick<AppDeps, 'db' | 'now' | 'payments' | 'publicUrl'>

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
   * reads it. Returns null when verification fails: the caller answers 400 and changes nothing. A
   * verified event the shop has no use for (a type it does not act on, naming none of its payments) is
   * `{ ignored }`: answered 2xx so the provider stops retrying it, and recorded nowhere.
   */
  verifyWebhook(rawBody: Uint8Array, headers: Headers): Promise<GatewayEvent | IgnoredEvent | null>
  /** Gives the money of a settled payment back. */
  refund(payment: {
    paymentId: string
    /** The route's `{type}` it was paid with (SBPS gives back a card, not a konbini payment). */
    method: number
    providerRef: string | null
    amount: number
    reason: string | null
  }): Promise<{
    refundRef: string
  }>
  /**
   * The text some providers expect as the webhook's answer (SBPS: `OK,` / `NG,<reason>`); the JSON
   * envelope otherwise. `accepted` false: the delivery was refused (answered with status 400).
   */
  webhookAnswer?(accepted: boolean): Response
  /**
   * The shopper's browser came back from the provider's page to `/api/pay/return/{paymentId}/{outcome}`
   * while the payment is still open. The adapter may act at the provider (PayPal captures an approved
   * order; Stripe expires a cancelled session) and answers a failure to end the payment with (1 → 4)
   * only when the provider itself says it can no longer be paid; null leaves it to the webhook. Never
   * marks anything paid.
   */
  returned?(payment: GatewayPayment, outcome: PayReturnOutcome): Promise<{ end: string | null }>
  /** A verified `approved` event of a payment still open (PayPal CHECKOUT.ORDER.APPROVED): take the money. Idempotent. */
  capture?(payment: GatewayPayment): Promise<void>
  /**
   * A newer attempt replaced this open one: close it at the provider where the protocol allows (Stripe
   * expires its session), so the old page cannot take money too. Best effort, inside the pay call's
   * transaction like `begin` (bounded by the provider timeout); a failure is only logged.
   */
  cancel?(payment: GatewayPayment): Promise<void>
}

/** A payment row as an adapter sees it after `begin`. */
export interface GatewayPayment {
  paymentId: string
  /** What `begin` answered as providerRef (Stripe session id, PayPal order id), or null. */
  providerRef: string | null
  amount: number
  currency: string
  status: PaymentStatus
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
  /**
   * Absolute URLs of the shop's return endpoint, `/api/pay/return/{paymentId}/{outcome}` (GET or POST):
   * it lets the adapter look at the provider (`returned`), then sends the browser on to the return page.
   */
  returnUrls: Record<PayReturnOutcome, string>
}

/** What a verified webhook says about one payment. */
export interface GatewayEvent {
  /** The provider's event id: the dedupe key, unique per gateway. */
  eventId: string
  paymentId: string
  /**
   * succeeded settles 1 → 2; failed and cancelled end 1 → 4; pending changes nothing; approved (the
   * payer approved, the money is not taken yet) makes the shop call `capture` after the commit.
   */
  kind: 'succeeded' | 'failed' | 'cancelled' | 'pending' | 'approved'
  /** The amount and currency the provider confirms; settle() checks them against the payment row. */
  amount: number
  currency: string
  /** The same reference `begin` answered (Stripe session id, PayPal order id): an event of another attempt is told apart by it. */
  providerRef: string | null
  /** A provider's reason for a failure (declined, insufficient funds …). */
  failure: string | null
  /** A pending payment now waits for the shopper's bank transfer: where to send it, kept on the payment. */
  transfer?: BankTransferDto | null
}

/** A verified event that concerns no payment of the shop (why, for the log line). */
export interface IgnoredEvent {
  ignored: string
}

import * as v from 'valibot'
import { payloadObject } from './fields.ts'
import { PaymentStatus } from './payment-status.ts'
import { optionalQueryValue, queryValue, wholeNumber } from './queries.ts'
import { ValidationMessage } from './validation-messages.ts'

/* Payments on the wire (flows §2, §3, §9). */

/** The spec's three routes (§7): card/bank (`/mall/order/…`), the Japanese gateway (`/mall/sb_pay/…`), PayPal. */
export const PAY_ROUTES = ['card', 'sbps', 'paypal'] as const
export type PayRoute = (typeof PAY_ROUTES)[number]

/** `{type}` of each route: card 1 card, 2 bank transfer; sbps 1 card, 2 konbini, 3 PayPay; PayPal has none (0). */
export const PAY_METHODS: Readonly<Record<PayRoute, readonly number[]>> = {
  card: [1, 2],
  sbps: [1, 2, 3],
  paypal: [0],
}

export type PaymentPurpose = 'deposit' | 'balance' | 'shipping' | 'extra'

/** Points to use, `?score=` (0 or left out: none). */
export const pointsQueryValue = queryValue(
  v.pipe(
    v.string(ValidationMessage.points),
    v.regex(/^\d{1,8}$/, ValidationMessage.points),
    v.transform(Number),
  ),
  '0',
)

/** A payment of an order, as the order detail lists it. */
export interface PaymentDto {
  id: string
  purpose: PaymentPurpose
  route: PayRoute
  method: number
  /** sandbox | stripe | sbps | paypal | points */
  gateway: string
  amount: number
  pointsUsed: number
  status: PaymentStatus
  createTime: string
  settleTime: string | null
  refundTime: string | null
  /** While it waits for a bank transfer: where to send the money (null or absent otherwise). */
  transfer?: BankTransferDto | null
}

/**
 * Where to send a bank transfer (furikomi) the payment waits for, as the provider gave it when the
 * shopper chose to transfer later (Stripe's `display_bank_transfer_instructions` with a Zengin
 * address). The provider leaves some account fields out at times: those are null.
 */
export interface BankTransferDto {
  /** Yen still to transfer. */
  amount: number
  currency: string
  /** The code the shopper writes in the transfer's name field, so the money finds this payment. */
  reference: string | null
  bankName: string | null
  bankCode: string | null
  branchName: string | null
  branchCode: string | null
  /** `futsu` (ordinary) or `toza` (checking), as Zengin names them. */
  accountType: string | null
  accountNumber: string | null
  accountHolderName: string | null
}

/** Every pay call answers where to send the shopper. */
export interface PayAnswer {
  paymentId: string
  redirectUrl: string
}

/** GET /mall/pay/status/{paymentId}: the return pages wait on this for the webhook's effect. */
export interface PayStatusDto {
  paymentId: string
  status: PaymentStatus
  purpose: PaymentPurpose
  amount: number
  pointsUsed: number
  /** The order, package or extra-fee ids the payment settles. */
  target: number[]
  /** Why the gateway refused it, when it did (declined, insufficient funds …). */
  failure: string | null
  /** Still pending and waiting for the shopper's bank transfer: where to send it (null otherwise). */
  transfer?: BankTransferDto | null
}

/** Whether a pay status is a payment waiting for the shopper's bank transfer (not for a webhook). */
export function awaitsTransfer(status: PayStatusDto | null): boolean {
  return status !== null && status.status === PaymentStatus.waitPay && Boolean(status.transfer)
}

/**
 * Why a payment did not go through, in the few words a shopper can act on. Providers name it in their
 * own codes (`PayStatusDto.failure`): Stripe's `card_declined` or `expired`, SB Payment Service's
 * `sbps_<res_err_code>`, PayPal's `capture_denied`, the sandbox's `insufficient_funds` …
 */
export type PayFailureReason = 'declined' | 'insufficientFunds' | 'expired' | 'cancelled' | 'failed'

const FAILURE_REASONS: Readonly<Record<string, PayFailureReason>> = {
  declined: 'declined',
  card_declined: 'declined',
  capture_denied: 'declined',
  insufficient: 'insufficientFunds',
  insufficient_funds: 'insufficientFunds',
  expired: 'expired',
  cancelled: 'cancelled',
  superseded: 'cancelled',
}

/** The shopper's reason for a provider's failure code (an SBPS result code is the card's refusal). */
export function payFailureReason(failure: string | null): PayFailureReason {
  if (failure === null) return 'cancelled'
  const known = FAILURE_REASONS[failure]
  if (known) return known
  return failure.startsWith('sbps_') ? 'declined' : 'failed'
}

export type PayOutcome = 'pending' | 'paid' | 'failed' | 'cancelled' | 'error'

/** Where a payment stands: 2 paid; 4 ended (failed when the gateway refused it, else cancelled). */
export function payOutcome(status: PayStatusDto): PayOutcome {
  if (status.status === PaymentStatus.waitPay) return 'pending'
  if (status.status === PaymentStatus.pay) return 'paid'
  if (status.status === PaymentStatus.cancel) {
    return payFailureReason(status.failure) === 'cancelled' ? 'cancelled' : 'failed'
  }
  // refunded already: not something a return page can explain
  return 'error'
}

/** GET /mall/pay/latch. */
export interface PayLatchDto {
  open: boolean
  message: string | null
}

/** PUT /api/ops/settings/pay-latch { open, message? }. */
export const payLatchBody = payloadObject({
  open: v.boolean(ValidationMessage.flag),
  message: v.optional(
    v.nullable(v.pipe(v.string(ValidationMessage.text), v.maxLength(200, ValidationMessage.atMost200))),
  ),
})
export type PayLatchBody = v.InferOutput<typeof payLatchBody>

/** Path `{type}` of the card and sbps routes. */
export const payTypeValue = v.pipe(
  v.string(ValidationMessage.payType),
  v.regex(/^\d$/, ValidationMessage.payType),
  v.transform(Number),
)

/** POST /mall/order/orderPay/{type}/{id} and /mall/sb_pay/orderPay/{type}/{id}. */
export const orderPayParams = v.object({ type: payTypeValue, id: wholeNumber(1, 999_999_999) })
/** POST /mall/paypal/orderPay/{id}. */
export const paypalOrderPayParams = v.object({ id: wholeNumber(1, 999_999_999) })

/**
 * `?addressId=` of a first payment. Left out, it is refused with the spec's "please select a delivery
 * address" (checked by the service, which also refuses an address that is not the caller's).
 */
export const orderPayQuery = v.object({
  addressId: optionalQueryValue(wholeNumber(1, 999_999_999)),
  score: pointsQueryValue,
})

/** The spec's message (§8) for a pay call without a valid address of the caller's. */
export const SELECT_ADDRESS_MESSAGE = 'please select a delivery address'
/** The spec's message (§8) while the pay latch is closed or no gateway serves a route. */
export const PAYMENT_UNAVAILABLE_MESSAGE = 'Payment is currently unavailable'

/** The header a client sends with every order- or payment-creating call (one per attempt). */
export { IDEMPOTENCY_KEY_HEADER } from './cart.ts'

/**
 * The sandbox gateway's outcomes (flows §3): the buttons of its hosted page, and the magic ones tests
 * and curious shoppers use — `insufficient` declines with another reason, `confirm` asks for an extra
 * step first (a stand-in for 3-D Secure), `delayed` succeeds after a few seconds.
 */
export const SANDBOX_OUTCOMES = [
  'paid',
  'declined',
  'cancelled',
  'insufficient',
  'confirm',
  'delayed',
] as const
export type SandboxOutcome = (typeof SANDBOX_OUTCOMES)[number]

/** GET /api/pay/sandbox/{paymentId}: what the sandbox's hosted page shows. */
export interface SandboxPaymentDto {
  paymentId: string
  amount: number
  currency: 'JPY'
  purpose: PaymentPurpose
  status: PaymentStatus
  route: PayRoute
  method: number
}

/** Where a gateway sends the shopper back (flows §3), with `?paymentId=`. */
export const PAY_RETURN_PAGES = {
  deposit: '/order-success',
  balance: '/final-success',
  shipping: '/express-success',
  extra: '/extra-success',
  cancel: '/order-cancel',
  error: '/order-error',
} as const

/** How the shopper left the payment page: paid (or waiting for the provider), cancelled, or refused. */
export const PAY_RETURN_OUTCOMES = ['success', 'cancel', 'error'] as const
export type PayReturnOutcome = (typeof PAY_RETURN_OUTCOMES)[number]

/** The result page a payment's shopper lands on: its purpose's page on success, else the cancel or error page. */
export function payReturnPage(purpose: PaymentPurpose, outcome: PayReturnOutcome, paymentId: string): string {
  const page =
    outcome === 'success'
      ? PAY_RETURN_PAGES[purpose]
      : outcome === 'cancel'
        ? PAY_RETURN_PAGES.cancel
        : PAY_RETURN_PAGES.error
  return `${page}?paymentId=${encodeURIComponent(paymentId)}`
}

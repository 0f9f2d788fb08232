import * as v from 'valibot'
import { finalPayQuery } from '../../../src/domain/arrival.ts'
import { shippingMethodQuery } from '../../../src/domain/packaging.ts'
import {
  orderPayQuery,
  PAY_RETURN_OUTCOMES,
  payTypeValue,
  SANDBOX_OUTCOMES,
} from '../../../src/domain/payments.ts'
import { queryValue, wholeNumber } from '../../../src/domain/queries.ts'
import {
  payAnswer,
  payLatchAnswer,
  payStatusAnswer,
  sandboxPaymentAnswer,
  webhookAnswer,
} from '../../answers/payments.ts'
import { notJson } from '../../answers/shape.ts'
import { PAYMENT_ID_PATTERN } from '../../services/payments/payment-ids.ts'
import type { RouteContract } from '../contract.ts'

const idempotent =
  'Accepts an Idempotency-Key header: the same key and request answer the first answer (the same payment); the same key on another request is a 409.'
const firstPayment =
  'The first payment (the deposit, or the whole total without one) of the caller’s order {id} in 2 waitPay, with ?addressId= one of the caller’s addresses (copied onto the order; left out or not the caller’s: 400 "please select a delivery address"). The points held at checkout pay first; an earlier open attempt of the order is cancelled. 404 for another shopper’s order, 409 when the order is not awaiting payment or payments are closed ("Payment is currently unavailable", nothing changes).'

const finalPayment =
  'The final payment of the caller’s order {orderId} in 5 arrival: the balance still owed plus the late fee so far (0.5 % of the goods a day past the balance due date, the domain’s figure for the shop’s day), in one payment; the late-fee record is marked paid with it and the order goes 5 → 6 on the verified webhook. ?score= points to use (capped by what is due and by the caller’s points; held now, given back if the payment fails or is cancelled). An earlier open balance attempt of the order is cancelled. 404 for another shopper’s order; 409 when the order is not awaiting its balance, when its goods were forfeited (in 15, or past the forfeiture date), or when payments are closed ("Payment is currently unavailable"); nothing changes.'

const shippingFee =
  'The shipping fee of the caller’s package {packageId} in 3 package, for ?shippingMethodId= (a method that is unknown or switched off: 400 naming shippingMethodId), quoted from the tariff for the box and the address of its packaging request; no points are used. A method the box breaks is refused (409, data ShippingPayRefusalData { reason }: belowMinimum, aboveMaximum, wrongAddress). An earlier open attempt of the package is cancelled. On the verified webhook the package goes 3 → 4 with the method, billed weight and fee, and each of its orders 9 → 10 once every box holding its goods is paid. 404 for another shopper’s package; 409 when it is locked (7: until its storage fees are paid), already paid (4 and on), or when payments are closed ("Payment is currently unavailable"); nothing changes.'

/** `{type}/{packageId}` of the card and sbps shipping-fee routes. */
export const expressPayParams = v.object({ type: payTypeValue, packageId: wholeNumber(1, 999_999_999) })
/** `{packageId}` of PayPal's shipping-fee route. */
export const paypalExpressPayParams = v.object({ packageId: wholeNumber(1, 999_999_999) })

/** `{type}/{orderId}` of the card and sbps final-payment routes. */
export const finalPayParams = v.object({ type: payTypeValue, orderId: wholeNumber(1, 999_999_999) })
/** `{orderId}` of PayPal's final-payment route. */
export const paypalFinalPayParams = v.object({ orderId: wholeNumber(1, 999_999_999) })

/** `{paymentId}` of the status and sandbox calls. */
export const paymentIdParams = v.object({
  paymentId: v.pipe(v.string('is not a payment id'), v.regex(PAYMENT_ID_PATTERN, 'is not a payment id')),
})

export const sandboxOutcomeParams = v.object({
  ...paymentIdParams.entries,
  outcome: v.picklist(SANDBOX_OUTCOMES, `must be one of ${SANDBOX_OUTCOMES.join(', ')}`),
})

const flagValue = queryValue(v.picklist(['0', '1'], 'must be 0 or 1'), '0')

/** What the sandbox can be told to do to its webhooks, for tests and the curious. */
export const sandboxOutcomeQuery = v.object({
  delayMs: queryValue(wholeNumber(0, 60_000), '0'),
  twice: flagValue,
  outOfOrder: flagValue,
})

export const providerReturnParams = v.object({
  ...paymentIdParams.entries,
  outcome: v.picklist(PAY_RETURN_OUTCOMES, `must be one of ${PAY_RETURN_OUTCOMES.join(', ')}`),
})

export const sbpsFormQuery = v.object({
  ticket: v.optional(v.pipe(v.string(), v.maxLength(200))),
})

export const webhookParams = v.object({
  gateway: v.pipe(v.string(), v.regex(/^[a-z]{1,20}$/, 'is not a gateway')),
})

export const orderPayCard = {
  method: 'post',
  path: '/mall/order/orderPay/:type/:id',
  summary: `Card / bank route ({type} 1 card, 2 bank transfer). ${firstPayment} ${idempotent}`,
  tag: 'payments',
  access: 'customer',
  idempotent: true,
  rateLimited: true,
  query: orderPayQuery,
  returns: v.pipe(payAnswer, v.description('Send the shopper to redirectUrl')),
} satisfies RouteContract

export const orderPaySbps = {
  method: 'post',
  path: '/mall/sb_pay/orderPay/:type/:id',
  summary: `SB Payment Service route ({type} 1 card, 2 konbini, 3 PayPay). ${firstPayment} ${idempotent}`,
  tag: 'payments',
  access: 'customer',
  idempotent: true,
  rateLimited: true,
  query: orderPayQuery,
  returns: payAnswer,
} satisfies RouteContract

export const orderPayPaypal = {
  method: 'post',
  path: '/mall/paypal/orderPay/:id',
  summary: `PayPal route. ${firstPayment} ${idempotent}`,
  tag: 'payments',
  access: 'customer',
  idempotent: true,
  rateLimited: true,
  query: orderPayQuery,
  returns: payAnswer,
} satisfies RouteContract

export const finalPayCard = {
  method: 'post',
  path: '/mall/order/finallyPay/:type/:orderId',
  summary: `Card / bank route ({type} 1 card, 2 bank transfer). ${finalPayment} ${idempotent}`,
  tag: 'payments',
  access: 'customer',
  idempotent: true,
  rateLimited: true,
  query: finalPayQuery,
  returns: v.pipe(
    payAnswer,
    v.description('Send the shopper to redirectUrl; they come back at /final-success'),
  ),
} satisfies RouteContract

export const finalPaySbps = {
  method: 'post',
  path: '/mall/sb_pay/finalPay/:type/:orderId',
  summary: `SB Payment Service route ({type} 1 card, 2 konbini, 3 PayPay). ${finalPayment} ${idempotent}`,
  tag: 'payments',
  access: 'customer',
  idempotent: true,
  rateLimited: true,
  query: finalPayQuery,
  returns: payAnswer,
} satisfies RouteContract

export const finalPayPaypal = {
  method: 'post',
  path: '/mall/paypal/finallyPay/:orderId',
  summary: `PayPal route. ${finalPayment} ${idempotent}`,
  tag: 'payments',
  access: 'customer',
  idempotent: true,
  rateLimited: true,
  query: finalPayQuery,
  returns: payAnswer,
} satisfies RouteContract

export const expressPayCard = {
  method: 'post',
  path: '/mall/package/expressPay/:type/:packageId',
  summary: `Card / bank route ({type} 1 card, 2 bank transfer). ${shippingFee} ${idempotent}`,
  tag: 'payments',
  access: 'customer',
  idempotent: true,
  rateLimited: true,
  query: shippingMethodQuery,
  returns: v.pipe(
    payAnswer,
    v.description('Send the shopper to redirectUrl; they come back at /express-success'),
  ),
} satisfies RouteContract

export const expressPaySbps = {
  method: 'post',
  path: '/mall/sb_pay/expressPay/:type/:packageId',
  summary: `SB Payment Service route ({type} 1 card, 2 konbini, 3 PayPay). ${shippingFee} ${idempotent}`,
  tag: 'payments',
  access: 'customer',
  idempotent: true,
  rateLimited: true,
  query: shippingMethodQuery,
  returns: payAnswer,
} satisfies RouteContract

export const expressPayPaypal = {
  method: 'post',
  path: '/mall/paypal/expressPay/:packageId',
  summary: `PayPal route. ${shippingFee} ${idempotent}`,
  tag: 'payments',
  access: 'customer',
  idempotent: true,
  rateLimited: true,
  query: shippingMethodQuery,
  returns: payAnswer,
} satisfies RouteContract

export const payStatus = {
  method: 'get',
  path: '/mall/pay/status/:paymentId',
  summary:
    'The caller’s payment as it stands (1 waiting, 2 paid, 3 refunded, 4 cancelled, with the failure reason). Read only: the return pages poll it for the webhook’s effect. Another shopper’s payment is a 404.',
  tag: 'payments',
  access: 'customer',
  returns: payStatusAnswer,
} satisfies RouteContract

export const payLatch = {
  method: 'get',
  path: '/mall/pay/latch',
  summary:
    'Whether payments are open, with the operator’s message when closed. Public: it tells nothing about anyone, and the pages show it before and after sign-in alike.',
  tag: 'payments',
  access: 'public',
  returns: payLatchAnswer,
} satisfies RouteContract

export const sandboxPayment = {
  method: 'get',
  path: '/pay/sandbox/:paymentId',
  summary:
    'The sandbox gateway’s hosted page data (test mode). No token: the unguessable payment id is the authorisation, like a provider’s checkout URL. 404 unknown, or while the sandbox is off.',
  tag: 'payments',
  access: 'public',
  returns: sandboxPaymentAnswer,
} satisfies RouteContract

export const sandboxOutcome = {
  method: 'post',
  path: '/pay/sandbox/:paymentId/:outcome',
  summary: `A button of the sandbox page ({outcome}: ${SANDBOX_OUTCOMES.join(' | ')}); a plain form post, no token, no body. The sandbox sends signed webhooks for it to the shop over HTTP (awaited unless ?delayMs= or delayed; ?twice=1 sends the event twice at once, ?outOfOrder=1 sends stale events after it), then answers 303 to the return page (confirm: to the page's extra step). 409 when the payment is no longer awaiting payment.`,
  tag: 'payments',
  access: 'public',
  query: sandboxOutcomeQuery,
  returns: notJson({
    status: 303,
    description: 'To the return page of the outcome (confirm: to the sandbox page’s extra step)',
  }),
} satisfies RouteContract

export const webhook = {
  method: 'post',
  path: '/pay/webhook/:gateway',
  summary:
    'A payment provider’s webhook ({gateway}: sandbox while it is on; stripe, sbps, paypal once configured, 404 until then). Verified before it is read (Stripe-Signature and the sandbox’s Yoyaku-Signature on the raw body with a 300 s tolerance; PayPal through verify-webhook-signature; SBPS by its sps_hashcode); recorded by event id with its effect in one transaction, so a repeat answers 200 and changes nothing; a verified event about none of the shop’s payments answers 200 `ignored` and is not kept. Refused (400, nothing changes): a bad or stale signature, a malformed body, an unknown payment, an amount that differs. SBPS is answered in text, `OK,` or `NG,<reason>`.',
  tag: 'payments',
  access: 'public',
  returns: v.pipe(
    webhookAnswer,
    v.description('SBPS is answered in text instead: `OK,` (refused: `NG,<reason>`)'),
  ),
} satisfies RouteContract

const providerReturnSummary =
  'Where a provider sends the shopper back ({outcome}: success | cancel | error). No token: the unguessable payment id is the authorisation. While the payment is open the provider is asked about it (PayPal captures an approved order; a cancel ends an attempt the provider says can no longer be paid); nothing is marked paid here. Answers 303 to /order-success (or the purpose’s page), /order-cancel or /order-error with ?paymentId=.'

export const providerReturnGet = {
  method: 'get',
  path: '/pay/return/:paymentId/:outcome',
  summary: providerReturnSummary,
  tag: 'payments',
  access: 'public',
  returns: notJson({
    status: 303,
    description: 'To /order-success (or the purpose’s page), /order-cancel or /order-error with ?paymentId=',
  }),
} satisfies RouteContract

export const providerReturnPost = {
  ...providerReturnGet,
  method: 'post',
  summary: `${providerReturnSummary} POST: SB Payment Service returns the browser with a form post.`,
} satisfies RouteContract

export const sbpsForm = {
  method: 'get',
  path: '/pay/sbps/form/:paymentId',
  summary:
    'The SB Payment Service link-type form (an HTML page, not JSON): every field in the documented order with its sps_hashcode, posted in Shift_JIS to the purchase endpoint by /api/pay/sbps/submit.js (a visible button without script). ?ticket= is the short-lived signed ticket of the pay call’s redirectUrl: it authorises this one form. A bad or expired ticket, an unknown payment or one no longer awaiting payment answers a page saying so.',
  tag: 'payments',
  access: 'public',
  query: sbpsFormQuery,
  returns: notJson({
    status: 200,
    contentType: 'text/html',
    description: 'The SBPS form page (or a page saying why it cannot be paid)',
  }),
} satisfies RouteContract

export const sbpsSubmitScript = {
  method: 'get',
  path: '/pay/sbps/submit.js',
  summary: 'The script that submits the SBPS form page (the CSP allows no inline script).',
  tag: 'payments',
  access: 'public',
  returns: notJson({
    status: 200,
    contentType: 'text/javascript',
    description: 'The form page’s submit script',
  }),
} satisfies RouteContract

export const paymentContracts: RouteContract[] = [
  orderPayCard,
  orderPaySbps,
  orderPayPaypal,
  finalPayCard,
  finalPaySbps,
  finalPayPaypal,
  expressPayCard,
  expressPaySbps,
  expressPayPaypal,
  payStatus,
  payLatch,
  sandboxPayment,
  sandboxOutcome,
  webhook,
  providerReturnGet,
  providerReturnPost,
  sbpsForm,
  sbpsSubmitScript,
]

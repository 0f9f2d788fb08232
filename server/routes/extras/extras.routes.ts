import * as v from 'valibot'
import {
  extraPayListQuery,
  MAX_FEES_PER_PAYMENT,
  opsCreateExtraFeeBody,
  opsExtraFeeListQuery,
  opsVoidExtraFeeBody,
  sbpsExtraPayQuery,
} from '../../../src/domain/extras.ts'
import { idValue } from '../../../src/domain/list-queries.ts'
import {
  extraFeePageAnswer,
  extraPayCountAnswer,
  opsExtraFeeAnswer,
  opsExtraFeePageAnswer,
} from '../../answers/extras.ts'
import { payAnswer } from '../../answers/payments.ts'
import type { RouteContract } from '../contract.ts'

/* Extra fees (spec §7; flows §3, §7): the shopper's count, list and the three pay routes; the console's fee calls. */

/** `{id}` of the console's void call. */
export const extraFeeIdParams = v.object({ id: idValue })

const idempotent =
  'Accepts an Idempotency-Key header: the same key and request answer the first answer (the same payment); the same key on another request is a 409.'

const extraPayment = `Pays the caller’s unpaid extra fees {ids} together (comma-separated fee ids, each once, at most ${MAX_FEES_PER_PAYMENT}: else 400 naming ids). Points {score} are used first (capped by the sum and by the caller’s points; held now, given back if the payment fails or is cancelled); when they cover it all the fees are paid at once and redirectUrl is /extra-success. On the verified webhook every fee goes 1 → 2 and a package locked for its storage fees (7) with nothing left unpaid goes back to 3. An earlier open attempt covering one of the fees is cancelled. 404 "Extra fee not found" for a fee that is not the caller’s or does not exist; 409 with data ExtraPayRefusalData { reason, feeIds }: notPayable for a fee no longer unpaid or a late fee whose order still awaits its balance (the balance payment carries it), beingConfirmed while a payment of one is being confirmed; 409 "Payment is currently unavailable" while payments are closed. Nothing changes on a refusal.`

export const extraPayCount = {
  method: 'get',
  path: '/mall/extra_pay/count',
  summary: 'How many of the caller’s extra fees are unpaid (status 1): the extra badge (flows §6)',
  tag: 'extras',
  access: 'customer',
  returns: extraPayCountAnswer,
} satisfies RouteContract

export const extraPayList = {
  method: 'get',
  path: '/mall/extra_pay/list',
  summary:
    'The caller’s extra fees, unpaid first, then newest first; status (1–4) narrows to one status. Another shopper’s fees never show',
  tag: 'extras',
  access: 'customer',
  query: extraPayListQuery,
  returns: extraFeePageAnswer,
} satisfies RouteContract

export const extraPayCard = {
  method: 'post',
  path: '/mall/extra_pay/pay/:type/:ids/:score',
  summary: `Card / bank route ({type} 1 card, 2 bank transfer). ${extraPayment} ${idempotent}`,
  tag: 'extras',
  access: 'customer',
  idempotent: true,
  rateLimited: true,
  returns: v.pipe(
    payAnswer,
    v.description('Send the shopper to redirectUrl; they come back at /extra-success'),
  ),
} satisfies RouteContract

export const extraPaySbps = {
  method: 'post',
  path: '/mall/sb_pay/extraPay/:type/:ids',
  summary: `SB Payment Service route ({type} 1 card, 2 konbini, 3 PayPay; points in ?score=). ${extraPayment} ${idempotent}`,
  tag: 'extras',
  access: 'customer',
  idempotent: true,
  rateLimited: true,
  query: sbpsExtraPayQuery,
  returns: payAnswer,
} satisfies RouteContract

export const extraPayPaypal = {
  method: 'post',
  path: '/mall/paypal/extraPay/:ids/:score',
  summary: `PayPal route. ${extraPayment} ${idempotent}`,
  tag: 'extras',
  access: 'customer',
  idempotent: true,
  rateLimited: true,
  returns: payAnswer,
} satisfies RouteContract

export const listOpsExtraFees = {
  method: 'get',
  path: '/ops/extra-fees',
  summary:
    'Every shopper’s extra fees, newest first, with the shopper’s e-mail and the payment that paid each. Filters: status (1–4), type (1–4), userId',
  tag: 'ops',
  access: 'operator',
  permission: 'payments',
  query: opsExtraFeeListQuery,
  returns: opsExtraFeePageAnswer,
} satisfies RouteContract

export const createOpsExtraFee = {
  method: 'post',
  path: '/ops/extra-fees',
  summary:
    'A free-form fee (type 2, unpaid) for a customer, with related orders (theirs), a remark the shopper reads and an optional due date. 400 naming userId when it is not a customer, orderIds when one is not theirs; nothing written. Audited (extraFee.create)',
  tag: 'ops',
  access: 'operator',
  permission: 'payments',
  body: opsCreateExtraFeeBody,
  returns: opsExtraFeeAnswer,
} satisfies RouteContract

export const voidOpsExtraFee = {
  method: 'post',
  path: '/ops/extra-fees/:id/void',
  summary:
    'An unpaid fee ends 1 → 4, voided (charged in error) or waived (waive: true), with a reason. An open payment of it is cancelled first (its points given back; 409 while one is being confirmed); a package locked until its storage fees are paid is unlocked when this was the last one. 409 with data.status when the fee is not unpaid. Audited (extraFee.void or extraFee.waive)',
  tag: 'ops',
  access: 'operator',
  permission: 'payments',
  body: opsVoidExtraFeeBody,
  returns: opsExtraFeeAnswer,
} satisfies RouteContract

export const extrasContracts: RouteContract[] = [
  extraPayCount,
  extraPayList,
  extraPayCard,
  extraPaySbps,
  extraPayPaypal,
  listOpsExtraFees,
  createOpsExtraFee,
  voidOpsExtraFee,
]

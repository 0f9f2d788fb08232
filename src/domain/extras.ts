import * as v from 'valibot'
import { calendarDateSchema } from './dates.ts'
import type { ExtraFeeStatus, ExtraFeeType } from './extra-fee.ts'
import { orRequired, payloadObject } from './fields.ts'
import { commaIdList } from './id-list-query.ts'
import { idValue } from './list-queries.ts'
import type { PackageStatus } from './package-status.ts'
import { payTypeValue, pointsQueryValue } from './payments.ts'
import { optionalQueryValue, pageQuery } from './queries.ts'
import { ValidationMessage } from './validation-messages.ts'

/* Extra fees on the wire (spec §3 'Extra-fee record', §7; flows §9): the shopper's list and count,
 * paying one or several at once, and the operator's calls. */

/** What a fee's page shows of the package it is charged on. */
export interface ExtraFeePackageDto {
  id: number
  applyId: number
  packageNo: string
  status: PackageStatus
}

/** An extra fee as the shopper and the console see it (flows §9 'extra fee'). */
export interface ExtraFeeDto {
  id: number
  /** The related order numbers (spec: related order numbers). */
  orderIds: number[]
  /** The package a package storage fee is charged on. */
  packageId: number | null
  /** That package's number, application (its page is addressed by both) and status (7: locked). */
  package: ExtraFeePackageDto | null
  status: ExtraFeeStatus
  type: ExtraFeeType
  /** Integer yen. */
  amount: number
  createTime: string
  /** Shop date `YYYY-MM-DD`: the last day to pay before what it is charged on is forfeited; null if none. */
  dueDate: string | null
  remark: string | null
}

/** GET /mall/extra_pay/count */
export interface ExtraPayCountDto {
  count: number
}

/** A status or type filter: 1–4, left out or empty for all. */
const codeFilter = optionalQueryValue(
  v.pipe(v.string(), v.regex(/^[1-4]$/, 'must be 1, 2, 3 or 4'), v.transform(Number)),
)

/** GET /mall/extra_pay/list: `status` narrows to one status (default: every fee, newest first). */
export const extraPayListQuery = v.object({
  ...pageQuery.entries,
  status: codeFilter,
})
export type ExtraPayListQuery = v.InferOutput<typeof extraPayListQuery>

/** The most fees one payment settles. */
export const MAX_FEES_PER_PAYMENT = 50

/**
 * `{ids}` of the extra-fee pay routes: comma-separated fee ids ("3" or "3,7,9"), each once, at most
 * MAX_FEES_PER_PAYMENT.
 */
export const feeIdsValue = commaIdList('fee', MAX_FEES_PER_PAYMENT)

/** Path `{score}`: the points to use, a whole number ≥ 0. */
const scorePathValue = v.pipe(
  v.string(ValidationMessage.points),
  v.regex(/^\d{1,8}$/, ValidationMessage.points),
  v.transform(Number),
)

/** POST /mall/extra_pay/pay/{type}/{ids}/{score} */
export const extraPayParams = v.object({ type: payTypeValue, ids: feeIdsValue, score: scorePathValue })
/** POST /mall/sb_pay/extraPay/{type}/{ids}?score= */
export const sbpsExtraPayParams = v.object({ type: payTypeValue, ids: feeIdsValue })
export const sbpsExtraPayQuery = v.object({ score: pointsQueryValue })
/** POST /mall/paypal/extraPay/{ids}/{score} */
export const paypalExtraPayParams = v.object({ ids: feeIdsValue, score: scorePathValue })

/** Why a pay call for extra fees is refused (409, in `data.reason`), with the fees concerned. */
export type ExtraPayRefusal = 'notPayable' | 'beingConfirmed'
export interface ExtraPayRefusalData {
  reason: ExtraPayRefusal
  feeIds: number[]
}

/** The console's fee list: GET /api/ops/extra-fees. */
export const opsExtraFeeListQuery = v.object({
  ...pageQuery.entries,
  status: codeFilter,
  type: codeFilter,
  userId: optionalQueryValue(idValue),
})
export type OpsExtraFeeListQuery = v.InferOutput<typeof opsExtraFeeListQuery>

/** A fee in the console: the shopper's view plus who owes it and how it ended. */
export interface OpsExtraFeeDto extends ExtraFeeDto {
  userId: number
  userEmail: string
  paymentId: string | null
  paidAt: string | null
}

export const MAX_FEE_AMOUNT = 10_000_000
export const MAX_FEE_REMARK = 500

/**
 * POST /api/ops/extra-fees: a free-form fee (type 2) for a shopper, with related orders (theirs) and a
 * remark the shopper reads. `dueDate` (shop date) is optional.
 */
export const opsCreateExtraFeeBody = payloadObject({
  // a JSON number (idValue is for query strings)
  userId: v.pipe(
    v.number(orRequired(ValidationMessage.id)),
    v.integer(ValidationMessage.id),
    v.minValue(1, ValidationMessage.id),
    v.maxValue(999_999_999, ValidationMessage.id),
  ),
  type: v.literal(2, 'must be 2 (free-form fee)'),
  amount: v.pipe(
    v.number('must be a whole number of yen'),
    v.integer('must be a whole number of yen'),
    v.minValue(1, 'must be at least 1 yen'),
    v.maxValue(MAX_FEE_AMOUNT, `must be at most ${MAX_FEE_AMOUNT} yen`),
  ),
  orderIds: v.pipe(
    v.array(
      v.pipe(
        v.number('must be order ids'),
        v.integer('must be order ids'),
        v.minValue(1, 'must be order ids'),
        v.maxValue(999_999_999, 'must be order ids'),
      ),
      'must be a list of order ids',
    ),
    v.maxLength(100, 'must name at most 100 orders'),
  ),
  remark: v.pipe(
    v.string('is required'),
    v.trim(),
    v.minLength(1, 'is required'),
    v.maxLength(MAX_FEE_REMARK, `must be at most ${MAX_FEE_REMARK} characters`),
  ),
  // a real calendar day: isoDate alone passes 2026-02-30
  dueDate: v.optional(v.nullable(calendarDateSchema)),
})
export type OpsCreateExtraFeeBody = v.InferOutput<typeof opsCreateExtraFeeBody>

/**
 * POST /api/ops/extra-fees/{id}/void: 1 → 4. `waive` says why it ends: a fee charged in error is voided,
 * one forgiven is waived; both are status 4 (spec: void or exempted), the audit log keeps which.
 */
export const opsVoidExtraFeeBody = payloadObject({
  waive: v.optional(v.boolean('must be true or false'), false),
  reason: v.pipe(
    v.string('is required'),
    v.trim(),
    v.minLength(1, 'is required'),
    v.maxLength(MAX_FEE_REMARK, `must be at most ${MAX_FEE_REMARK} characters`),
  ),
})
export type OpsVoidExtraFeeBody = v.InferOutput<typeof opsVoidExtraFeeBody>

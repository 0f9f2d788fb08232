import * as v from 'valibot'
import type { AddressDto } from './address.ts'
import { orRequired, payloadObject, requiredText } from './fields.ts'
import { idValue } from './list-queries.ts'
import type { PointsReason } from './points.ts'
import { optionalQueryValue, type Page, pageQuery } from './queries.ts'
import { ValidationMessage } from './validation-messages.ts'

/*
 * The console's customers room (backoffice §4): finding a shopper, their price role (the product
 * column they see, spec §6), disabling an account and correcting points. The role names live in the
 * console's text file, not here: the shop's first load imports nothing of this module.
 */

/** The price roles an operator may give (spec §6): 1 CN batch, 2 CN single … 6 EN single. */
export const CUSTOMER_ROLES = [1, 2, 3, 4, 5, 6] as const
export type CustomerRole = (typeof CUSTOMER_ROLES)[number]

/** The largest points change one adjustment may make, either way. */
export const MAX_POINTS_ADJUSTMENT = 99_999_999
/** How long the operator's reason may be (kept in the audit log and, for points, the ledger). */
export const CUSTOMER_REASON_MAX = 200

/** The phrases the customers calls report after a field name (the console translates each). */
export const CustomerMessage = {
  role: 'must be a price role from 1 to 6',
  disabled: 'must be true or false',
  delta: 'must be a whole number from -99999999 to 99999999 other than 0',
  belowZero: 'would take the points balance below 0',
  tooLarge: 'would take the points balance above the largest balance',
} as const
export type CustomerPhrase = (typeof CustomerMessage)[keyof typeof CustomerMessage]

const reasonSchema = requiredText(CUSTOMER_REASON_MAX, ValidationMessage.atMost200)

const roleFilter = v.pipe(
  v.string(CustomerMessage.role),
  v.regex(/^[1-6]$/, CustomerMessage.role),
  v.transform(Number),
)

const flagFilter = v.pipe(
  v.string(CustomerMessage.disabled),
  v.picklist(['true', 'false'], CustomerMessage.disabled),
  v.transform((flag) => flag === 'true'),
)

/**
 * GET /api/ops/customers: customers only (never operators), newest first. `keyword` is a part of the
 * e-mail, nickname or telephone (any case), or a customer id exactly; blank is no search.
 */
export const customerListQuery = v.object({
  ...pageQuery.entries,
  keyword: optionalQueryValue(
    v.pipe(
      v.string(ValidationMessage.text),
      v.trim(),
      v.maxLength(100, ValidationMessage.atMost100),
      v.transform((keyword) => keyword || undefined),
    ),
  ),
  role: optionalQueryValue(roleFilter),
  disabled: optionalQueryValue(flagFilter),
})
export type CustomerListQuery = v.InferOutput<typeof customerListQuery>

/** `{id}` of the customers calls. */
export const customerIdParams = v.object({ id: idValue })

/** GET /api/ops/customers/{id}/points: a page of the customer's points ledger, newest first. */
export const customerPointsQuery = pageQuery

/** PUT /api/ops/customers/{id}/role. */
export const customerRoleBody = payloadObject({
  role: v.pipe(v.number(orRequired(CustomerMessage.role)), v.picklist(CUSTOMER_ROLES, CustomerMessage.role)),
})
export type CustomerRoleBody = v.InferOutput<typeof customerRoleBody>

/** POST /api/ops/customers/{id}/disable: the state it should end in, and why (kept in the audit log). */
export const customerDisableBody = payloadObject({
  disabled: v.boolean(orRequired(CustomerMessage.disabled)),
  reason: reasonSchema,
})
export type CustomerDisableBody = v.InferOutput<typeof customerDisableBody>

/** POST /api/ops/customers/{id}/points: a signed change and why (the ledger row's note). */
export const customerPointsBody = payloadObject({
  delta: v.pipe(
    v.number(orRequired(CustomerMessage.delta)),
    v.integer(CustomerMessage.delta),
    v.minValue(-MAX_POINTS_ADJUSTMENT, CustomerMessage.delta),
    v.maxValue(MAX_POINTS_ADJUSTMENT, CustomerMessage.delta),
    v.check((delta) => delta !== 0, CustomerMessage.delta),
  ),
  reason: reasonSchema,
})
export type CustomerPointsBody = v.InferOutput<typeof customerPointsBody>

/** One row of GET /api/ops/customers. */
export interface OpsCustomerListItem {
  id: number
  email: string
  nickname: string
  /** The price role 1–6; null when the account has none. */
  role: number | null
  /** 'SVIP', 'VIP 2' … for members (roles 1 and 2) whose rate names a level; null otherwise. */
  tier: string | null
  score: number
  disabled: boolean
  orderCount: number
  /** ISO instant. */
  createTime: string
}

export interface OpsCustomerPage extends Page<OpsCustomerListItem> {}

/** One row of a customer's points ledger as the console shows it. */
export interface OpsPointsRow {
  id: number
  /** Signed change. */
  delta: number
  reason: PointsReason
  /** An operator's adjustment: their reason. */
  note: string | null
  orderId: number | null
  /** The balance after this change. */
  balance: number
  createTime: string
}

export interface OpsCustomerOrder {
  id: number
  status: number
  total: number
  createTime: string
}

/** GET /api/ops/customers/{id}. */
export interface OpsCustomerDetail {
  id: number
  email: string
  nickname: string
  telephone: string | null
  avatar: string | null
  language: string
  createTime: string
  role: number | null
  tier: string | null
  /** The points rate that applies today, and the last day of the tier behind it (null: no end). */
  scoreRate: number
  scoreTime: string | null
  score: number
  disabled: boolean
  /** Why and when the account was last disabled, from the audit log; null when it never was. */
  lastDisable: { reason: string | null; at: string } | null
  /** The newest session's sign-in and last use; null when the account never signed in. */
  lastSignIn: string | null
  lastSeen: string | null
  /** The address book as the shopper's own list shows it (read-only here). */
  addresses: AddressDto[]
  /** Orders per status (only statuses with orders), and how many in all. */
  orderCounts: { status: number; count: number }[]
  orderCount: number
  /** The newest orders, newest first. */
  recentOrders: OpsCustomerOrder[]
  /** The first page of the points ledger (GET …/points for the others). */
  points: Page<OpsPointsRow>
}

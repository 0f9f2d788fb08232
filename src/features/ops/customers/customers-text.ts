import { t } from '@lingui/core/macro'
import { CustomerMessage, type CustomerPhrase } from '../../../domain/customer-ops.ts'
import type { PointsReason } from '../../../domain/points.ts'
import { ApiFailure } from '../../../lib/api-client.ts'
import { validationText } from '../../../lib/validation-text.ts'
import { phraseLookup, refusalText } from '../taxonomy/taxonomy-text.ts'

/* The customers room in words. */

/**
 * The price roles by name (spec §6: the product column a role sees, by market and single or batch).
 * Here rather than in src/domain: only the console shows them, and the shop's first load stays small.
 */
const ROLE_NAMES: Record<number, () => string> = {
  1: () => t`中文站批发价`,
  2: () => t`中文站单价`,
  3: () => t`日文站批发价`,
  4: () => t`日文站单价`,
  5: () => t`英文站批发价`,
  6: () => t`英文站单价`,
}

/** A role as the console names it: '2 · 中文站单价'; an account without one says so. */
export function roleLabel(role: number | null): string {
  if (role === null) return t`无价格角色`
  const name = ROLE_NAMES[role]
  return name ? `${role} · ${name()}` : String(role)
}

/** Why points changed, in words (the shop's points page says the same). */
export function pointsReasonText(reason: PointsReason): string {
  switch (reason) {
    case 'earn':
      return t`付款获得`
    case 'hold':
      return t`付款抵扣`
    case 'return':
      return t`积分退回`
    case 'adjust':
      return t`客服调整`
  }
}

// Typed by CustomerMessage so a phrase added there fails to compile until it has words here.
const CUSTOMER_TEXT: Record<CustomerPhrase, () => string> = {
  [CustomerMessage.role]: () => t`请选择 1 到 6 的价格角色`,
  [CustomerMessage.disabled]: () => t`须为是或否`,
  [CustomerMessage.delta]: () => t`请输入非 0 的整数（-99999999 到 99999999）`,
  [CustomerMessage.belowZero]: () => t`扣除后积分余额将低于 0，未做任何更改`,
  [CustomerMessage.tooLarge]: () => t`增加后积分余额超出上限，未做任何更改`,
}

export const customerPhraseText = phraseLookup(CUSTOMER_TEXT)

/** A phrase of the customers schemas or the server, in words; shared phrases as validationText says them. */
export function customerMessageText(message: string): string {
  return customerPhraseText(message) ?? validationText(message)
}

/** A refused call in words, for what no field shows; nothing for an ended session. */
export const customerFailureText = (error: unknown) => refusalText(error, customerPhraseText)

/** A refused call's field errors (a 400's data.fields, or a 409's `field: phrase`), first per field. */
export function refusedFieldsOf(error: unknown): Record<string, string> {
  if (!(error instanceof ApiFailure) || error.kind !== 'server') return {}
  const errors: Record<string, string> = {}
  const fields = (error.data as { fields?: unknown } | null | undefined)?.fields
  if (!Array.isArray(fields)) return errors
  for (const entry of fields) {
    const { field, message } = (entry ?? {}) as { field?: unknown; message?: unknown }
    if (typeof field === 'string' && typeof message === 'string') {
      errors[field] ??= customerMessageText(message)
    }
  }
  return errors
}

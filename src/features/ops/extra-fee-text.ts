import { t } from '@lingui/core/macro'
import { EXTRA_FEE_STATUS_INFO, type ExtraFeeStatus } from '../../domain/extra-fee.ts'
import { MAX_FEE_AMOUNT, MAX_FEE_REMARK } from '../../domain/extras.ts'
import type { Language } from '../../domain/language.ts'
import { ResultCode } from '../../domain/result-code.ts'
import { ApiFailure } from '../../lib/api-client.ts'
import { validationText } from '../../lib/validation-text.ts'
import { failureText } from './components/load-state.tsx'

/* Extra fees on the console, in words (flows §7 'fees'). */

// The phrases of opsCreateExtraFeeBody and opsVoidExtraFeeBody (src/domain/extras.ts) that are not shared ones.
const FEE_TEXT: Record<string, () => string> = {
  'must be a whole number of yen': () => t`须为整数日元`,
  'must be at least 1 yen': () => t`至少 1 日元`,
  [`must be at most ${MAX_FEE_AMOUNT} yen`]: () => t`最多 ${MAX_FEE_AMOUNT} 日元`,
  'must be order ids': () => t`订单号须为正整数`,
  'must be a list of order ids': () => t`订单号须为正整数`,
  'must name at most 100 orders': () => t`最多 100 个订单`,
  [`must be at most ${MAX_FEE_REMARK} characters`]: () => t`最多 ${MAX_FEE_REMARK} 个字符`,
  'must be a date YYYY-MM-DD': () => t`请输入有效的日期（年-月-日）`,
  // server/services/extras/ops-extra-fees.ts
  'is not a customer': () => t`没有这个顾客`,
  'must be orders of that customer': () => t`须为该顾客的订单`,
}

/** The words of a phrase the fee schemas or the server report: the fee's own, or the shared ones. */
export function feeMessageText(message: string): string {
  const own = Object.hasOwn(FEE_TEXT, message) ? FEE_TEXT[message] : undefined
  return own ? own() : validationText(message)
}

/**
 * Related order numbers as typed: separated by commas (either width), 、 or spaces. Anything that is
 * not a number stays NaN, so the schema refuses the list rather than dropping it.
 */
export function orderIdsFrom(text: string): number[] {
  return text
    .split(/[\s,，、]+/)
    .filter((part) => part !== '')
    .map((part) => (/^\d{1,9}$/.test(part) ? Number(part) : Number.NaN))
}

/**
 * Why voiding or waiving a fee was refused: a 409 with the status it is in now (paid or ended
 * meanwhile), a 409 without one (a payment of it is being confirmed), or the server's words.
 */
export function feeRefusalText(error: unknown, language: Language): string {
  if (error instanceof ApiFailure && error.code === ResultCode.conflict) {
    const status = (error.data as { status?: unknown } | undefined)?.status
    if (typeof status === 'number' && Object.hasOwn(EXTRA_FEE_STATUS_INFO, status)) {
      const label = EXTRA_FEE_STATUS_INFO[status as ExtraFeeStatus].label[language]
      return t`这笔费用现在的状态是“${label}”，不能作废或免除。`
    }
    return t`这笔费用有一笔付款正在确认，暂时不能作废或免除，请稍后再试。`
  }
  return failureText(error) ?? t`操作失败，请稍后再试`
}

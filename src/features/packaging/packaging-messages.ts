import { t } from '@lingui/core/macro'
import type { PackagingRefusal } from '../../../machines/packaging/packaging-types.ts'
import type { Language } from '../../domain/language.ts'
import { textIn } from '../../domain/localized.ts'
import { PACKAGE_STATUS_INFO } from '../../domain/package-status.ts'
import type { Carrier, ShippingRefusal } from '../../domain/shipping.ts'
import type { CodeInfo } from '../../domain/status-flow.ts'
import type { Tone } from '../../domain/tone.ts'
import { validationText } from '../../lib/validation-text.ts'

/* The packaging pages' words that are not markup: refusals, carriers, reasons, application states. */

/** The order numbers a refusal names, as a list to read: `101、102`. */
export function orderIdsText(orderIds: readonly number[]): string {
  return orderIds.join(t`、`)
}

/** Why the request was refused, for the notice above the send button (the links are the page's). */
export function refusalText(refusal: PackagingRefusal): string {
  if (refusal.kind === 'invalid') return validationText(refusal.message)
  const ids = orderIdsText(refusal.orderIds)
  switch (refusal.reason) {
    case 'unpaidFees':
      return t`你有未支付的额外费用，请先付清再申请打包。`
    case 'noAddress':
      return t`请添加收货地址`
    case 'orderNotReady':
      return ids
        ? t`以下订单已不在待打包状态，不能申请打包：${ids}。已为你取消勾选。`
        : t`所选订单已不在待打包状态，请刷新页面后重新选择。`
    case 'forfeited':
      return ids
        ? t`以下订单已超过打包期限，货物已被没收：${ids}。已为你取消勾选。`
        : t`所选订单已超过打包期限，货物已被没收。`
  }
}

/** Why one order of the list cannot be chosen now. */
export function orderNoteText(reason: 'orderNotReady' | 'forfeited'): string {
  return reason === 'forfeited' ? t`货物已没收，不能申请打包` : t`该订单已不在待打包状态`
}

/** A carrier's name. */
export function carrierText(carrier: Carrier): string {
  return carrier === 'dhl' ? 'DHL' : t`日本邮政`
}

/** Why a method cannot be preferred for the chosen address (spec §5's three reasons). */
export function methodRefusalText(reason: ShippingRefusal | null): string {
  switch (reason) {
    case 'wrongAddress':
      return t`不寄往此地址`
    case 'belowMinimum':
      return t`低于该方式的最低重量`
    case 'aboveMaximum':
      return t`超出该方式的重量上限`
    default:
      return t`暂不可用`
  }
}

/**
 * A packaging application's status in the shown language and its colour. Applications use the
 * outbound codes, read for an application as requested (1), picked (2) and packed (3), with words of
 * their own; any other code shows the package's label (the shop's code labels).
 */
export function applyStatusView(status: number, language: Language): { tone: Tone; text: string } {
  switch (status) {
    case 1:
      return { tone: 'waiting', text: t`已申请，待拣货` }
    case 2:
      return { tone: 'other', text: t`已拣货，待打包` }
    case 3:
      return { tone: 'done', text: t`已打包` }
  }
  const known = (PACKAGE_STATUS_INFO as Record<number, CodeInfo | undefined>)[status]
  return known
    ? { tone: known.tone, text: textIn(language, known.label) }
    : { tone: 'other', text: String(status) }
}

const grams = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })

/** A weight in grams as the pages show it: `1,250 g`. */
export function weightText(weightG: number): string {
  return `${grams.format(weightG)} g`
}

import { t } from '@lingui/core/macro'
import type { Language } from '../../domain/language.ts'
import { PACKAGE_STATUS_INFO, type PackageStatus } from '../../domain/package-status.ts'
import { ResultCode } from '../../domain/result-code.ts'
import { type Carrier, isValidTrackingNo } from '../../domain/shipping.ts'
import { ApiFailure } from '../../lib/api-client.ts'
import { failureText } from './components/load-state.tsx'

/* Packing, packages and shipping on the console, in words (flows §5, §7). */

export function carrierText(carrier: Carrier): string {
  return carrier === 'japanpost' ? t`日本邮政` : t`DHL`
}

const grouped = new Intl.NumberFormat('en-US')

/** `1,234 g`; '—' when unknown. */
export function gramsText(grams: number | null | undefined): string {
  return grams === null || grams === undefined ? '—' : `${grouped.format(grams)} g`
}

/** `400 × 300 × 200 mm`. */
export function sizeText(box: { lengthMm: number; widthMm: number; heightMm: number }): string {
  return `${box.lengthMm} × ${box.widthMm} × ${box.heightMm} mm`
}

/** The status a 409 says the request or package is in now (someone else moved it), when it says one. */
export function packageMovedTo(error: unknown): PackageStatus | undefined {
  if (!(error instanceof ApiFailure) || error.code !== ResultCode.conflict) return undefined
  const status = (error.data as { status?: unknown } | undefined)?.status
  return typeof status === 'number' && Object.hasOwn(PACKAGE_STATUS_INFO, status)
    ? (status as PackageStatus)
    : undefined
}

/** Why a packing or shipping call was refused: someone moved it (409 with its status), or the server's words. */
export function packageRefusalText(error: unknown, language: Language): string {
  const now = packageMovedTo(error)
  if (now !== undefined) {
    return t`现在的状态是“${PACKAGE_STATUS_INFO[now].label[language]}”，不能进行此操作。`
  }
  return failureText(error) ?? t`操作失败，请稍后再试`
}

/** A tracking number as the server reads it: trimmed, upper case. */
export function normalTrackingNo(raw: string): string {
  return raw.trim().toUpperCase()
}

export type TrackingProblem = 'empty' | 'format' | 'checkDigit'

/** What is wrong with a tracking number for a carrier: nothing, missing, not its shape, or a wrong check digit. */
export function trackingProblem(carrier: Carrier, raw: string): TrackingProblem | undefined {
  const number = normalTrackingNo(raw)
  if (number === '') return 'empty'
  if (isValidTrackingNo(carrier, number)) return undefined
  const shaped = carrier === 'japanpost' ? /^[A-Z]{2}\d{9}JP$/.test(number) : /^\d{10}$/.test(number)
  return shaped ? 'checkDigit' : 'format'
}

export function trackingProblemText(carrier: Carrier, problem: TrackingProblem): string {
  if (problem === 'empty') return t`请输入运单号`
  if (problem === 'checkDigit') return t`校验位不符，请核对运单号`
  return carrier === 'japanpost'
    ? t`日本邮政运单号为 2 个字母 + 9 位数字 + JP，例如 EJ123456785JP`
    : t`DHL 运单号为 10 位数字`
}

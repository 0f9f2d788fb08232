import { EXTRA_FEE_STATUS_INFO, EXTRA_FEE_TYPE_INFO } from '../../../domain/extra-fee.ts'
import type { CodeInfo } from '../../../domain/status-flow.ts'
import { StatusBadge } from '../../orders/components/status-badge.tsx'

/** The label and tone of a code; an unknown one (a newer server) shows as itself in blue. */
function infoOf(table: Record<number, CodeInfo | undefined>, code: number): CodeInfo {
  return table[code] ?? { tone: 'other', label: { zhCn: String(code), ja: String(code), en: String(code) } }
}

/** An extra fee's type (storage, free-form, late, package storage) in the active language. */
export function ExtraFeeTypeBadge({ type }: { type: number }) {
  return <StatusBadge info={infoOf(EXTRA_FEE_TYPE_INFO, type)} code={type} />
}

/** An extra fee's status in the active language and its colour. */
export function ExtraFeeStatusBadge({ status }: { status: number }) {
  return <StatusBadge info={infoOf(EXTRA_FEE_STATUS_INFO, status)} code={status} />
}

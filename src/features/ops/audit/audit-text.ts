import { t } from '@lingui/core/macro'
import { AuditMessage, auditValueText } from '../../../domain/audit.ts'
import { phraseLookup } from '../taxonomy/taxonomy-text.ts'

/* The audit room in words. */

type AuditPhrase = (typeof AuditMessage)[keyof typeof AuditMessage]

// Typed by AuditMessage so a phrase added there fails to compile until it has words here.
const AUDIT_TEXT: Record<AuditPhrase, () => string> = {
  [AuditMessage.instant]: () => t`须为日期（YYYY-MM-DD）或日期时间`,
  [AuditMessage.text]: () => t`最多 100 个字符`,
  [AuditMessage.format]: () => t`导出格式须为 CSV`,
  [AuditMessage.toBeforeFrom]: () => t`结束日期不能早于开始日期`,
}

/** The words of an audit phrase (bare, or after its field); undefined for another. */
export const auditPhraseText = phraseLookup(AUDIT_TEXT)

/** A changed value as the diff shows it: absent as '—', empty text as “(空)”. */
export function changeValueText(value: unknown): string {
  if (value === undefined) return '—'
  if (value === '') return t`（空）`
  return auditValueText(value)
}

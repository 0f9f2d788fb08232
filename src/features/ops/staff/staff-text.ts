import { t } from '@lingui/core/macro'
import type { Language } from '../../../domain/language.ts'
import { textIn } from '../../../domain/localized.ts'
import { STAFF_PERMISSION_LABELS, StaffMessage, type StaffPermission } from '../../../domain/staff.ts'
import { ApiFailure } from '../../../lib/api-client.ts'
import { validationText } from '../../../lib/validation-text.ts'

/* The staff room in words. */

// The phrases of src/domain/staff.ts and server/services/ops/staff.ts that are not shared ones.
const STAFF_TEXT: Record<string, () => string> = {
  [StaffMessage.permission]: () => t`请选择有效的权限`,
  [StaffMessage.permissionList]: () => t`请选择有效的权限`,
  [StaffMessage.boolean]: () => t`须为是或否`,
  [StaffMessage.notYourself]: () => t`不能停用自己的账号`,
  [StaffMessage.keepOwnStaff]: () => t`不能取消自己的员工管理权限`,
  [StaffMessage.lastStaffAccount]: () => t`至少须保留一个拥有员工管理权限的启用账号`,
}

/** The words of a phrase the staff schemas or the server report: the room's own, or the shared ones. */
export function staffMessageText(message: string): string {
  const own = Object.hasOwn(STAFF_TEXT, message) ? STAFF_TEXT[message] : undefined
  return own ? own() : validationText(message)
}

/** `${field}: ${message}` of a refusal, split (the server's 400 and 409 messages). */
const FIELD_MESSAGE = /^([A-Za-z][\w.]*): (.+)$/s

/**
 * A refused call's field errors, first per field, translated: a 400's `data.fields`, else the
 * `field: message` of its msg (a 409 such as an e-mail already in use).
 */
export function refusedFields(error: unknown): [string, string][] {
  if (!(error instanceof ApiFailure) || error.kind !== 'server') return []
  const fields = (error.data as { fields?: unknown } | null | undefined)?.fields
  if (Array.isArray(fields)) {
    return fields
      .filter((entry): entry is { field: string; message: string } => {
        const candidate = entry as { field?: unknown; message?: unknown } | null
        return typeof candidate?.field === 'string' && typeof candidate.message === 'string'
      })
      .map(({ field, message }) => [field, staffMessageText(message)])
  }
  const single = FIELD_MESSAGE.exec(error.message)
  return single?.[1] && single[2] ? [[single[1], staffMessageText(single[2])]] : []
}

/** A failure no field says, in words. */
export function staffFailureText(error: unknown): string {
  if (error instanceof ApiFailure && error.kind !== 'server') return error.message
  if (error instanceof ApiFailure) return staffMessageText(error.message)
  return t`出错了，请稍后再试`
}

export const permissionLabel = (permission: StaffPermission, language: Language) =>
  textIn(language, STAFF_PERMISSION_LABELS[permission])

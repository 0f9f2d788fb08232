import { t } from '@lingui/core/macro'
import { SettingsMessage } from '../../../domain/settings-ops.ts'
import { ApiFailure } from '../../../lib/api-client.ts'
import {
  type FieldErrors,
  type FormFailure,
  formFailureOf,
  isFieldList,
  validationText,
} from '../../../lib/validation-text.ts'
import { phraseLookup } from '../taxonomy/taxonomy-text.ts'

/* The settings room's charges and rate in words. */

type SettingsPhrase = (typeof SettingsMessage)[keyof typeof SettingsMessage]

// Typed by SettingsMessage so a phrase added there fails to compile until it has words here.
const SETTINGS_TEXT: Record<SettingsPhrase, () => string> = {
  [SettingsMessage.openFraction]: () => t`须大于 0% 且不超过 100%`,
  [SettingsMessage.closedFraction]: () => t`须在 0% 到 100% 之间`,
  [SettingsMessage.decimals]: () => t`小数位数过多（百分比最多 4 位小数，汇率最多 6 位小数）`,
  [SettingsMessage.storageFee]: () => t`须为 0 到 100,000 的整数（日元）`,
  [SettingsMessage.rate]: () => t`须为大于 0 且小于 10,000 的数`,
  [SettingsMessage.maxRate]: () => t`须留空，或为大于 0 且小于 10,000 的数`,
}

/** The words of a settings phrase (bare, or after its field as a 400's msg has it); undefined for another. */
export const settingsPhraseText = phraseLookup(SETTINGS_TEXT)

/**
 * What a settings form shows for a failed save: the refused fields under their inputs, in the room's
 * words, and the rest as one message (formFailureOf).
 */
export function settingsFailureOf(error: unknown, formFields: readonly string[]): FormFailure {
  const failure = formFailureOf(error, formFields)
  const raw =
    error instanceof ApiFailure ? (error.data as { fields?: unknown } | undefined)?.fields : undefined
  if (!isFieldList(raw)) return failure
  const fields: FieldErrors = {}
  for (const { field, message } of raw) {
    if (formFields.includes(field)) fields[field] ??= settingsMessageText(message)
  }
  return { ...failure, fields }
}

/** A phrase of the settings schemas or the server, in words; shared phrases as validationText gives them. */
export function settingsMessageText(message: string): string {
  return settingsPhraseText(message) ?? validationText(message)
}

import * as v from 'valibot'

/** Language codes on the wire and in local storage (`localeLang`). */
export const LANGUAGES = ['zhCn', 'ja', 'en'] as const
export type Language = (typeof LANGUAGES)[number]
export const DEFAULT_LANGUAGE: Language = 'zhCn'

export const languageSchema = v.picklist(LANGUAGES, 'must be one of zhCn, ja, en')

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value)
}

/** Picks the text for a language from a record's three names; falls back to Chinese when one is missing. */
export function nameIn(
  language: Language,
  names: { name: string; jpName: string | null; enName: string | null },
): string {
  if (language === 'ja') return names.jpName || names.name
  if (language === 'en') return names.enName || names.name
  return names.name
}

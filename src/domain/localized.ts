import type { Language } from './language.ts'

/**
 * A label in the three languages, as data. Code labels live here rather than in the lingui catalogs
 * because the server shows them too (mail, exports, operator pages) and cannot run lingui macros;
 * the client picks the active language's text with `textIn`.
 */
export type LocalizedText = Readonly<Record<Language, string>>

export function textIn(language: Language, text: LocalizedText): string {
  return text[language]
}

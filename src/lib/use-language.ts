import { useLingui } from '@lingui/react'
import type { Language } from '../domain/language.ts'
import { languageOfLocale } from './i18n.ts'

/** The language the app is showing, re-rendering on a switch: for texts that come as data (code labels). */
export function useLanguage(): Language {
  const { i18n } = useLingui()
  return languageOfLocale(i18n.locale)
}

import { i18n, type Messages } from '@lingui/core'
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../domain/language.ts'

/** Local-storage key of the chosen language (spec §4 'Language'). */
export const LANGUAGE_STORAGE_KEY = 'localeLang'

/** Lingui locale of each wire language code. */
export const LOCALE_OF: Record<Language, string> = { zhCn: 'zh-CN', ja: 'ja', en: 'en' }

/** Each language's name in itself, as a language switch shows it. */
export const LANGUAGE_ENDONYM: Record<Language, string> = { zhCn: '简体中文', ja: '日本語', en: 'English' }

const catalogs: Record<Language, () => Promise<{ messages: Messages }>> = {
  zhCn: () => import('../locales/zh-CN/messages.po'),
  ja: () => import('../locales/ja/messages.po'),
  en: () => import('../locales/en/messages.po'),
}

export function storedLanguage(): Language {
  try {
    const value = localStorage.getItem(LANGUAGE_STORAGE_KEY)
    return isLanguage(value) ? value : DEFAULT_LANGUAGE
  } catch {
    return DEFAULT_LANGUAGE // storage blocked (private mode): fall back, never crash
  }
}

/** The wire language of a lingui locale. */
export function languageOfLocale(locale: string): Language {
  const entry = Object.entries(LOCALE_OF).find(([, candidate]) => candidate === locale)
  return entry && isLanguage(entry[0]) ? entry[0] : DEFAULT_LANGUAGE
}

/** The language the app is showing now. */
export function currentLanguage(): Language {
  return languageOfLocale(i18n.locale)
}

/** Loads the catalog, switches lingui, remembers the choice and tells the document. */
export async function activateLanguage(language: Language): Promise<void> {
  const { messages } = await catalogs[language]()
  i18n.loadAndActivate({ locale: LOCALE_OF[language], messages })
  document.documentElement.lang = LOCALE_OF[language]
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language)
  } catch {
    // not persisted; the choice still holds for this visit
  }
}

export { i18n }

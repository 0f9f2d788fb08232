import { i18n, type Messages } from '@lingui/core'
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../domain/language.ts'

/** Local-storage key of the chosen language (spec §4 'Language'). */
export const LANGUAGE_STORAGE_KEY = 'localeLang'

/** Lingui locale of each wire language code. */
export const LOCALE_OF: Record<Language, string> = { zhCn: 'zh-CN', ja: 'ja', en: 'en' }

/** Each language's name in itself, as a language switch shows it. */
export const LANGUAGE_ENDONYM: Record<Language, string> = { zhCn: '简体中文', ja: '日本語', en: 'English' }

export type Catalog = () => Promise<{ messages: Messages }>

/** The shell's and the catalog pages' texts: what a first visit to those pages shows. */
const shellCatalogs: Record<Language, Catalog> = {
  zhCn: () => import('../locales/zh-CN/shell.po'),
  ja: () => import('../locales/ja/shell.po'),
  en: () => import('../locales/en/shell.po'),
}

/** The other texts (accounts, cart, addresses, favourites …), loaded when something needs more than the shell. */
const otherCatalogs: Record<Language, Catalog> = {
  zhCn: () => import('../locales/zh-CN/messages.po'),
  ja: () => import('../locales/ja/messages.po'),
  en: () => import('../locales/en/messages.po'),
}

/** Set once anything asked for every text: a language switch then loads every text of the new one. */
let allTextsWanted = false
const allTextsLoaded = new Map<Language, Promise<void>>()

/** Loads a catalog of a language once; a failed load (offline, code not cached) is tried again next time. */
export function loadOnce(
  loaded: Map<Language, Promise<void>>,
  catalogs: Record<Language, Catalog>,
  language: Language,
) {
  let loading = loaded.get(language)
  if (!loading) {
    loading = catalogs[language]().then(({ messages }) => i18n.load(LOCALE_OF[language], messages))
    loading.catch(() => loaded.delete(language))
    loaded.set(language, loading)
  }
  return loading
}

const loadAllTextsOf = (language: Language) => loadOnce(allTextsLoaded, otherCatalogs, language)

/**
 * Every text of the current language, for pages and parts beyond the shell (a signed-in shopper, an
 * account or cart page). Resolves at once once loaded; the texts already on screen re-render.
 */
export function loadAllTexts(): Promise<void> {
  allTextsWanted = true
  return loadAllTextsOf(currentLanguage())
}

// A text not in the loaded catalog (a part rendered before its page asked for every text) shows its
// id for a moment: the whole catalog loads and the texts re-render.
i18n.on('missing', () => {
  void loadAllTexts().catch(() => {})
})

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

/**
 * Loads the language's texts (the shell's, or every text once anything has wanted them or `allTexts`
 * asks), switches lingui, remembers the choice and tells the document.
 */
export async function activateLanguage(
  language: Language,
  options: { allTexts?: boolean } = {},
): Promise<void> {
  if (options.allTexts) allTextsWanted = true
  const { messages } = await shellCatalogs[language]()
  i18n.load(LOCALE_OF[language], messages)
  // offline with only the shell's texts cached, the shell still opens; the rest loads when it can
  if (allTextsWanted) await loadAllTextsOf(language).catch(() => {})
  i18n.activate(LOCALE_OF[language])
  document.documentElement.lang = LOCALE_OF[language]
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language)
  } catch {
    // not persisted; the choice still holds for this visit
  }
}

export { i18n }

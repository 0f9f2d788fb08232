import type { Language } from '../domain/language.ts'
import { type Catalog, currentLanguage, loadAllTexts, loadOnce } from './i18n.ts'

/**
 * The operator console's texts: loaded by the console only, so no shopper downloads them. The console
 * has no language switch of its own: it opens in the stored language, whose texts load here.
 */
const consoleCatalogs: Record<Language, Catalog> = {
  zhCn: () => import('../locales/zh-CN/console.po'),
  ja: () => import('../locales/ja/console.po'),
  en: () => import('../locales/en/console.po'),
}
const loaded = new Map<Language, Promise<void>>()

/** The console's texts of the current language, besides every other text (its pages show both). */
export function loadConsoleTexts(): Promise<void> {
  return Promise.all([loadAllTexts(), loadOnce(loaded, consoleCatalogs, currentLanguage())]).then(() => {})
}

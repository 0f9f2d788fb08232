import assert from 'node:assert/strict'
import { readdirSync, readFileSync } from 'node:fs'

const catalogs = new Map<string, string>()

/**
 * The text a user reads for a source (zh-CN) message in a locale, taken from the shipped catalog,
 * so browser tests find buttons and messages the way a shopper of that language sees them.
 */
export function translated(locale: 'ja' | 'en', source: string): string {
  let catalog = catalogs.get(locale)
  if (!catalog) {
    // the shell's texts and the others: every catalog the app ships for the locale
    const folder = `src/locales/${locale}`
    catalog = readdirSync(folder)
      .filter((file) => file.endsWith('.po'))
      .map((file) => readFileSync(`${folder}/${file}`, 'utf8'))
      .join('\n')
    catalogs.set(locale, catalog)
  }
  const at = catalog.indexOf(`msgid ${JSON.stringify(source)}\nmsgstr `)
  assert.ok(at >= 0, `the ${locale} catalog has ${source}`)
  const line = catalog.slice(at).split('\n')[1] as string
  const text = JSON.parse(line.slice('msgstr '.length)) as string
  assert.ok(text, `${source} is translated (${locale})`)
  return text
}

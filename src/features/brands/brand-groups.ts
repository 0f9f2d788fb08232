import { type BrandDto, brandNameIn } from '../../domain/catalog.ts'
import type { Language } from '../../domain/language.ts'

/*
 * The brand directory's index: brands grouped under the initial a reader of the language looks them
 * up by. Latin names go under their letter A–Z in every language. Beyond that:
 * - ja: a kana name goes under its 五十音 row (あ か さ た な は ま や ら わ), katakana and voiced
 *   kana alike; a kanji name has no reading to go by and goes under "other".
 * - zhCn: a Chinese name goes under the letter of its first character's pinyin, as the browser's own
 *   Chinese collation sorts it (Intl.Collator, pinyin order): each letter starts at a known character,
 *   so no pinyin table is shipped. A polyphonic first character takes the collation's reading (长 is
 *   zhǎng, Z). Without Chinese collation, such names go under "other".
 * - anything else (digits, symbols) goes under "other", listed last.
 */

/** The key of the "other" group. */
export const OTHER_GROUP = '#'

export interface BrandGroup {
  /** A–Z, a 五十音 row (あ …), or OTHER_GROUP. */
  key: string
  brands: BrandDto[]
}

const LATIN = /^[A-Z]$/

/** The first letter of a name without accents, upper-cased, when it is a Latin one. */
function latinInitial(name: string): string | undefined {
  const first = name.trim().normalize('NFKD').charAt(0).toUpperCase()
  return LATIN.test(first) ? first : undefined
}

/** The first character of each 五十音 row, in hiragana, and the row's last character. */
const KANA_ROWS: [row: string, last: string][] = [
  ['あ', 'お'],
  ['か', 'ご'],
  ['さ', 'ぞ'],
  ['た', 'ど'],
  ['な', 'の'],
  ['は', 'ぽ'],
  ['ま', 'も'],
  ['や', 'よ'],
  ['ら', 'ろ'],
  ['わ', 'ん'],
]
const KATAKANA_TO_HIRAGANA = 0x60

function kanaRow(name: string): string | undefined {
  // NFKD takes the voicing marks off (が → か) and widens half-width kana; katakana read as hiragana.
  let code = name.trim().normalize('NFKD').codePointAt(0) ?? 0
  if (code >= 0x30a1 && code <= 0x30f6) code -= KATAKANA_TO_HIRAGANA
  if (code < 0x3041 || code > 0x3096) return undefined
  const char = String.fromCodePoint(code)
  // ゔ (vu) and the small ゕ ゖ sit past ん: they read as う and か.
  if (char === 'ゔ') return 'あ'
  if (char === 'ゕ' || char === 'ゖ') return 'か'
  return KANA_ROWS.find(([, last]) => char <= last)?.[0]
}

/** The character each pinyin initial's run starts at in Chinese collation (no word starts with i, u, v). */
const PINYIN_STARTS = '阿八嚓哒妸发旮哈讥咔垃妈拏噢妑七呥仨他穵夕丫帀'
const PINYIN_LETTERS = 'ABCDEFGHJKLMNOPQRSTWXYZ'

let pinyinCollator: Intl.Collator | null | undefined

/** Chinese collation in pinyin order, or null when the browser has none. */
function chineseCollator(): Intl.Collator | null {
  if (pinyinCollator === undefined) {
    const collator = new Intl.Collator('zh-Hans-CN', { sensitivity: 'base' })
    pinyinCollator = collator.resolvedOptions().locale.startsWith('zh') ? collator : null
  }
  return pinyinCollator
}

function pinyinInitial(name: string): string | undefined {
  const first = [...name.trim()][0]
  const collator = chineseCollator()
  if (!first || !collator || !/\p{Script=Han}/u.test(first)) return undefined
  let letter: string | undefined
  for (const [index, start] of [...PINYIN_STARTS].entries()) {
    if (collator.compare(first, start) < 0) break
    letter = PINYIN_LETTERS[index]
  }
  return letter
}

/** The group a name goes under in the language. */
export function groupKeyOf(language: Language, name: string): string {
  const latin = latinInitial(name)
  if (latin) return latin
  const local = language === 'ja' ? kanaRow(name) : language === 'zhCn' ? pinyinInitial(name) : undefined
  return local ?? OTHER_GROUP
}

const LOCALE: Record<Language, string> = { zhCn: 'zh-Hans-CN', ja: 'ja', en: 'en' }

/** The order of the groups: kana rows, then A–Z, then "other". */
function groupRank(key: string): number {
  const row = KANA_ROWS.findIndex(([first]) => first === key)
  if (row >= 0) return row
  if (LATIN.test(key)) return 100 + key.charCodeAt(0)
  return 1000
}

/** Brands grouped by the initial of their name in the language, each group's brands by name. */
export function groupBrands(language: Language, brands: readonly BrandDto[]): BrandGroup[] {
  const collator = new Intl.Collator(LOCALE[language], { sensitivity: 'base', numeric: true })
  const groups = new Map<string, BrandDto[]>()
  for (const brand of brands) {
    const key = groupKeyOf(language, brandNameIn(language, brand))
    const members = groups.get(key)
    if (members) members.push(brand)
    else groups.set(key, [brand])
  }
  return [...groups.entries()]
    .sort(([a], [b]) => groupRank(a) - groupRank(b))
    .map(([key, members]) => ({
      key,
      brands: members.sort((a, b) => collator.compare(brandNameIn(language, a), brandNameIn(language, b))),
    }))
}

import { t } from '@lingui/core/macro'
import { type InUseData, TaxonomyMessage } from '../../../domain/catalog-taxonomy.ts'
import { ApiFailure } from '../../../lib/api-client.ts'
import { formFailureOf, validationText } from '../../../lib/validation-text.ts'

type TaxonomyPhrase = (typeof TaxonomyMessage)[keyof typeof TaxonomyMessage]

// Typed by TaxonomyMessage so a phrase added there fails to compile until it has a translation here.
const TAXONOMY_TEXT: Record<TaxonomyPhrase, () => string> = {
  [TaxonomyMessage.name]: () => t`名称须为 1–100 个字符`,
  [TaxonomyMessage.optionalName]: () => t`最多 100 个字符`,
  [TaxonomyMessage.sort]: () => t`排序须为 0 到 99,999 的整数`,
  [TaxonomyMessage.twoLevels]: () => t`上级须为一级分类（分类只有两级）`,
  [TaxonomyMessage.ownParent]: () => t`上级不能是分类自身`,
  [TaxonomyMessage.hasChildren]: () => t`该分类有子分类，不能再设上级（分类只有两级）`,
  [TaxonomyMessage.hot]: () => t`须为 true 或 false`,
  [TaxonomyMessage.logo]: () => t`须为已上传的图片，或留空`,
  [TaxonomyMessage.unknownParent]: () => t`上级分类不存在`,
  [TaxonomyMessage.unknownLogo]: () => t`须为已上传的图片`,
  [TaxonomyMessage.inUse]: () => t`仍在使用中`,
}

// `${field}: ${phrase}`, as a 400's msg reads (server/http/validate.ts).
const FIELD_MESSAGE = /^[A-Za-z][\w.]*: (.+)$/s

/**
 * The lookup of one domain's phrases (`texts`, typed by its phrase list): the words of a bare phrase,
 * or of one after its field name as the server's msg has it; undefined for any other message.
 */
export function phraseLookup<P extends string>(texts: Record<P, () => string>) {
  const wordsOf = (phrase: string) => (Object.hasOwn(texts, phrase) ? texts[phrase as P]() : undefined)
  return (message: string): string | undefined => {
    const phrase = FIELD_MESSAGE.exec(message)?.[1]
    return wordsOf(message) ?? (phrase === undefined ? undefined : wordsOf(phrase))
  }
}

/** The translated phrase of TaxonomyMessage (bare, or after its field), or undefined for another. */
export const taxonomyPhraseText = phraseLookup(TAXONOMY_TEXT)

/** A message of the taxonomy schemas or the server, translated; unknown ones as validationText gives them. */
export function taxonomyMessageText(message: string): string {
  return taxonomyPhraseText(message) ?? validationText(message)
}

/**
 * A failed call in words: nothing for a cancelled call or an ended session; else the server's phrase
 * as `phraseText` words it, or what formFailureOf says (the client's own network message, the shared
 * phrases).
 */
export function refusalText(
  error: unknown,
  phraseText: (message: string) => string | undefined = taxonomyPhraseText,
): string | undefined {
  const general = formFailureOf(error, []).message
  if (general === undefined) return undefined
  return (error instanceof ApiFailure ? phraseText(error.message) : undefined) ?? general
}

/** Why a delete was refused (409): what still uses it. */
export function inUseText(data: InUseData): string {
  const { products } = data
  const children = data.children ?? 0
  if (children > 0 && products > 0) {
    return t`无法删除：仍有 ${products} 个商品和 ${children} 个子分类在使用。请先移走它们。`
  }
  if (children > 0) return t`无法删除：仍有 ${children} 个子分类。请先删除或移走子分类。`
  return t`无法删除：仍有 ${products} 个商品在使用。请先给这些商品换一个。`
}

export function isInUseData(data: unknown): data is InUseData {
  return (
    typeof data === 'object' && data !== null && typeof (data as { products?: unknown }).products === 'number'
  )
}

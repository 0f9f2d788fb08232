import type { ArticleDto } from '../../domain/catalog.ts'
import type { Language } from '../../domain/language.ts'
import { ResultCode } from '../../domain/result-code.ts'
import { ApiFailure } from '../../lib/api-client.ts'
import { getArticle } from './api/get-article.ts'

export type ArticleResult =
  | { kind: 'found'; article: ArticleDto }
  /** No such article (or not of the asked type): the page says so and leads home. */
  | { kind: 'missing' }
  /** The network or the server failed: the page offers a retry. */
  | { kind: 'failed'; offline: boolean }

const ARTICLE_ID = /^[1-9]\d{0,8}$/

/** Loads /article/{id}?type= for the article page, sorting the outcomes the page shows differently. */
export async function loadArticle(
  idParam: string,
  type: number | undefined,
  language: Language,
): Promise<ArticleResult> {
  // an id that cannot be one is as missing as an unknown one; no call needed
  if (!ARTICLE_ID.test(idParam)) return { kind: 'missing' }
  try {
    return { kind: 'found', article: await getArticle(Number(idParam), type, language) }
  } catch (error) {
    const missing =
      error instanceof ApiFailure &&
      error.kind === 'server' &&
      (error.code === ResultCode.notFound || error.code === ResultCode.invalidInput)
    return missing ? { kind: 'missing' } : { kind: 'failed', offline: !navigator.onLine }
  }
}

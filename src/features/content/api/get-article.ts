import type { ArticleDto } from '../../../domain/catalog.ts'
import type { Language } from '../../../domain/language.ts'
import { apiGet } from '../../../lib/api-client.ts'

/** GET /mall/article/{id}: one article, sanitised HTML. Quiet: the article page shows its own failure. */
export const getArticle = (id: number, type: number | undefined, language: Language) =>
  apiGet<ArticleDto>(`/mall/article/${id}`, { type, language }, { systemNotify: false })

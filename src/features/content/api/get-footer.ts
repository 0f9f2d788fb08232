import type { FooterArticleDto } from '../../../domain/catalog.ts'
import type { Language } from '../../../domain/language.ts'
import { apiGet } from '../../../lib/api-client.ts'

/** GET /mall/footer/list: the footer's article links. Quiet: a missing footer is no news to the shopper. */
export const getFooterArticles = (language: Language) =>
  apiGet<FooterArticleDto[]>('/mall/footer/list', { language }, { systemNotify: false })

import type { SeriesDto } from '../../../domain/catalog.ts'
import type { Language } from '../../../domain/language.ts'
import { apiGet } from '../../../lib/api-client.ts'

/** GET /mall/product/allSeries: every series with products on sale, with how many. */
export const getAllSeries = (language: Language) =>
  apiGet<SeriesDto[]>('/mall/product/allSeries', { language }, { systemNotify: false })

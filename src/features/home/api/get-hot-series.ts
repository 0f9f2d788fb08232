import type { SeriesDto } from '../../../domain/catalog.ts'
import type { Language } from '../../../domain/language.ts'
import { apiGet } from '../../../lib/api-client.ts'

/** GET /mall/product/hotSeriesList (hot series by rank). Quiet: a missing home list shows as an empty one (spec §8). */
export const getHotSeries = (language: Language) =>
  apiGet<SeriesDto[]>('/mall/product/hotSeriesList', { language }, { systemNotify: false })

import type { ProductCardDto } from '../../../domain/catalog.ts'
import type { Language } from '../../../domain/language.ts'
import { apiGet } from '../../../lib/api-client.ts'

/** GET /mall/product/recommendList (recommended products by rank). Quiet: a missing home list shows as an empty one (spec §8). */
export const getRecommendList = (language: Language) =>
  apiGet<ProductCardDto[]>('/mall/product/recommendList', { language }, { systemNotify: false })

import type { ProductCardDto } from '../../../domain/catalog.ts'
import type { Language } from '../../../domain/language.ts'
import { apiGet } from '../../../lib/api-client.ts'

/** GET /mall/product/hotList (hot products by rank). Quiet: a missing home list shows as an empty one (spec §8). */
export const getHotList = (language: Language) =>
  apiGet<ProductCardDto[]>('/mall/product/hotList', { language }, { systemNotify: false })

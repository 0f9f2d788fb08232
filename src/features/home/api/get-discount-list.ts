import type { ProductCardDto } from '../../../domain/catalog.ts'
import type { Language } from '../../../domain/language.ts'
import { apiGet } from '../../../lib/api-client.ts'

/** GET /mall/product/discountList (discounted products, newest first). Quiet: a missing home list shows as an empty one (spec §8). */
export const getDiscountList = (language: Language) =>
  apiGet<ProductCardDto[]>('/mall/product/discountList', { language }, { systemNotify: false })

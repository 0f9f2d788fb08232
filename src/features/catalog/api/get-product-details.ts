import type { ProductDetailDto } from '../../../domain/catalog.ts'
import type { Language } from '../../../domain/language.ts'
import { apiGet } from '../../../lib/api-client.ts'

/** GET /mall/product/details/{id}: 404 when unknown; opening it signed in records the browsing history. */
export const getProductDetails = (id: number, language: Language) =>
  apiGet<ProductDetailDto>(`/mall/product/details/${id}`, { language }, { systemNotify: false })

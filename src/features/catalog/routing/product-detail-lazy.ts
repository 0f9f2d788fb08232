import type { ProductDetailDto } from '../../../domain/catalog.ts'
import type { Language } from '../../../domain/language.ts'
import { loadProductDetail } from './load-product-detail.ts'

/* The lazy half of productDetailRoute (product-detail-route.ts). */

export { ProductNotFound } from '../components/product-not-found.tsx'

export function loadProductPage(context: {
  params: { id: string }
  deps: { language: Language }
}): Promise<ProductDetailDto> {
  return loadProductDetail(context.params.id, context.deps.language)
}

import { notFound } from '@tanstack/react-router'
import type { ProductDetailDto } from '../../../domain/catalog.ts'
import type { Language } from '../../../domain/language.ts'
import { getProductDetails } from '../api/get-product-details.ts'
import { isNotFoundFailure } from './load-failure.ts'

/** A product id as the address spells it, or undefined when it cannot be one. */
export function productIdOf(param: string): number | undefined {
  return /^[1-9]\d{0,8}$/.test(param) ? Number(param) : undefined
}

/** Loader of every product detail route: an unknown product is the route's not-found page. */
export async function loadProductDetail(idParam: string, language: Language): Promise<ProductDetailDto> {
  const id = productIdOf(idParam)
  if (id === undefined) throw notFound()
  try {
    return await getProductDetails(id, language)
  } catch (error) {
    if (isNotFoundFailure(error)) throw notFound()
    throw error
  }
}

import { notFound } from '@tanstack/react-router'
import type { ProductDetailDto } from '../../../domain/catalog.ts'
import type { Language } from '../../../domain/language.ts'
import { readStoredToken } from '../../../lib/session-token.ts'
import { getProductPreview } from '../api/get-product-preview.ts'
import { isNotFoundFailure, isUnauthenticatedFailure } from './load-failure.ts'
import { productIdOf } from './load-product-detail.ts'

export type ProductPreview =
  | { kind: 'product'; product: ProductDetailDto }
  /** No token to preview with (`refused`: the server did not accept the one there was). */
  | { kind: 'needsLogin'; refused: boolean }

/**
 * Loader of /product-preview/$id: the product for a passed token, or the stored session's. The server
 * reads the `token` header before the bearer, so a signed-in viewer previews as themselves.
 */
export async function loadProductPreview(
  idParam: string,
  language: Language,
  passedToken: string | undefined,
): Promise<ProductPreview> {
  const id = productIdOf(idParam)
  if (id === undefined) throw notFound()
  const token = passedToken ?? readStoredToken()
  if (!token) return { kind: 'needsLogin', refused: false }
  try {
    return { kind: 'product', product: await getProductPreview(id, language, token) }
  } catch (error) {
    if (isUnauthenticatedFailure(error)) return { kind: 'needsLogin', refused: true }
    if (isNotFoundFailure(error)) throw notFound()
    throw error
  }
}

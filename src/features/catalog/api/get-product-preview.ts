import type { ProductDetailDto } from '../../../domain/catalog.ts'
import type { Language } from '../../../domain/language.ts'
import { apiGet, BLOB_TIMEOUT_MS } from '../../../lib/api-client.ts'

/**
 * GET /mall/product/preview/{id} with `Authorization: Bearer <token>` (spec §6, §7), on sale or not.
 * Spec §9: the preview call gives up after 4 s.
 */
export const getProductPreview = (id: number, language: Language, bearerToken: string) =>
  apiGet<ProductDetailDto>(
    `/mall/product/preview/${id}`,
    { language },
    { systemNotify: false, timeoutMs: BLOB_TIMEOUT_MS, headers: { Authorization: `Bearer ${bearerToken}` } },
  )

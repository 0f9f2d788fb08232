import type { BrandDto } from '../../../domain/catalog.ts'
import type { Language } from '../../../domain/language.ts'
import { apiGet } from '../../../lib/api-client.ts'

/** GET /mall/brand/trending (brands by units sold in 30 days). Quiet: a missing home list shows as an empty one (spec §8). */
export const getTrendingBrands = (language: Language) =>
  apiGet<BrandDto[]>('/mall/brand/trending', { language }, { systemNotify: false })

import type { BrandDto } from '../../../domain/catalog.ts'
import type { Language } from '../../../domain/language.ts'
import { apiGet } from '../../../lib/api-client.ts'

/** GET /mall/brand/list: every brand with its count of products on sale. Quiet: its pages show their own error. */
export const getBrandList = (language: Language) =>
  apiGet<BrandDto[]>('/mall/brand/list', { language }, { systemNotify: false })

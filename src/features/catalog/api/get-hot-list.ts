import type { ProductCardDto } from '../../../domain/catalog.ts'
import type { Language } from '../../../domain/language.ts'
import { apiGet } from '../../../lib/api-client.ts'

export const getHotList = (language: Language) =>
  apiGet<ProductCardDto[]>('/mall/product/hotList', { language }, { systemNotify: false })

import type { BannerDto } from '../../../domain/catalog.ts'
import type { Language } from '../../../domain/language.ts'
import { apiGet } from '../../../lib/api-client.ts'

/** GET /mall/banner/list (the carousel banners in order). Quiet: a missing home list shows as an empty one (spec §8). */
export const getBanners = (language: Language) =>
  apiGet<BannerDto[]>('/mall/banner/list', { language }, { systemNotify: false })

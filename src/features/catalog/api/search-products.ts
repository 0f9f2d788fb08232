import type { SearchPage } from '../../../domain/catalog.ts'
import type { ProductListQuery } from '../../../domain/list-queries.ts'
import { apiGet } from '../../../lib/api-client.ts'

/** GET /mall/product/search: keywords match item number, JAN code or names; 0 means "all" for category and type. */
export const searchProducts = (query: ProductListQuery) =>
  apiGet<SearchPage>('/mall/product/search', { ...query }, { systemNotify: false })

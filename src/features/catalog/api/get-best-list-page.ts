import type { ProductCardDto } from '../../../domain/catalog.ts'
import type { PagedListQuery } from '../../../domain/list-queries.ts'
import type { Page } from '../../../domain/queries.ts'
import { apiGet } from '../../../lib/api-client.ts'

/** GET /mall/product/bestList (best sellers of the last 30 days). Quiet: the list page shows its own error state. */
export const getBestListPage = (query: PagedListQuery) =>
  apiGet<Page<ProductCardDto>>('/mall/product/bestList', { ...query }, { systemNotify: false })

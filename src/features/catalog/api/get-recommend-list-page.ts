import type { ProductCardDto } from '../../../domain/catalog.ts'
import type { PagedListQuery } from '../../../domain/list-queries.ts'
import type { Page } from '../../../domain/queries.ts'
import { apiGet } from '../../../lib/api-client.ts'

/** GET /mall/product/recommendListPage. Quiet: the list page shows its own error state. */
export const getRecommendListPage = (query: PagedListQuery) =>
  apiGet<Page<ProductCardDto>>('/mall/product/recommendListPage', { ...query }, { systemNotify: false })

import type { ProductCardDto } from '../../../domain/catalog.ts'
import type { PagedListQuery } from '../../../domain/list-queries.ts'
import type { Page } from '../../../domain/queries.ts'
import { apiGet } from '../../../lib/api-client.ts'

/** GET /mall/product/hotListPage. Quiet: the list page shows its own error state. */
export const getHotListPage = (query: PagedListQuery) =>
  apiGet<Page<ProductCardDto>>('/mall/product/hotListPage', { ...query }, { systemNotify: false })

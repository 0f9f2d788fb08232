import type { ProductCardDto } from '../../../domain/catalog.ts'
import type { PagedListQuery } from '../../../domain/list-queries.ts'
import type { Page } from '../../../domain/queries.ts'
import { apiGet } from '../../../lib/api-client.ts'

/** GET /mall/product/newListPage. Quiet: the list page shows its own error state. */
export const getNewListPage = (query: PagedListQuery) =>
  apiGet<Page<ProductCardDto>>('/mall/product/newListPage', { ...query }, { systemNotify: false })

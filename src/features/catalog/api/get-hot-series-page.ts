import type { SeriesDto } from '../../../domain/catalog.ts'
import type { PagedListQuery } from '../../../domain/list-queries.ts'
import type { Page } from '../../../domain/queries.ts'
import { apiGet } from '../../../lib/api-client.ts'

/** GET /mall/product/hotSeriesPage: hot series by rank, a page at a time. */
export const getHotSeriesPage = (query: PagedListQuery) =>
  apiGet<Page<SeriesDto>>('/mall/product/hotSeriesPage', { ...query }, { systemNotify: false })

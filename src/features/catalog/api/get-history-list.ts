import type { HistoryEntryDto } from '../../../domain/catalog.ts'
import type { PagedListQuery } from '../../../domain/list-queries.ts'
import type { Page } from '../../../domain/queries.ts'
import { apiGet } from '../../../lib/api-client.ts'

/** GET /mall/history/list: the shopper's browsing history, most recently opened first. */
export const getHistoryList = (query: PagedListQuery) =>
  apiGet<Page<HistoryEntryDto>>('/mall/history/list', { ...query }, { systemNotify: false })

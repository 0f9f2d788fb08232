import type { ProductCardDto } from '../../../domain/catalog.ts'
import type { PagedListQuery } from '../../../domain/list-queries.ts'
import type { Page } from '../../../domain/queries.ts'
import { apiGet } from '../../../lib/api-client.ts'

/** A card of the favourites list: always a favourite, so its `bid` is always there. */
/** A favourite's card: its id, whether it can be ordered now, whether the shopper waits for it (an alert). */
export type FavouriteCardDto = ProductCardDto & { bid: number; orderable: boolean; alerted: boolean }

/** GET /mall/collect/list: the shopper's favourites, most recently added first, each with its bid. */
export const getFavouriteList = (query: PagedListQuery) =>
  apiGet<Page<FavouriteCardDto>>('/mall/collect/list', { ...query }, { systemNotify: false })

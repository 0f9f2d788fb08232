import type { FavouriteToggleDto } from '../../../domain/catalog.ts'
import { apiPost } from '../../../lib/api-client.ts'

/**
 * POST /mall/collect/collectOrDelete/{productId}?collect=true|false: makes the product a favourite or
 * not, whatever it was, so sending it twice (a second tab, a retry) changes nothing more.
 */
export const setFavourite = (productId: number, collect: boolean) =>
  apiPost<FavouriteToggleDto>(`/mall/collect/collectOrDelete/${productId}`, undefined, {
    query: { collect: String(collect) },
  })

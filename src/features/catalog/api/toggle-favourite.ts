import type { FavouriteToggleDto } from '../../../domain/catalog.ts'
import { apiPost } from '../../../lib/api-client.ts'

/** POST /mall/history/collectOrCancel/{productId}: adds the product to the favourites, or removes it. */
export const toggleFavourite = (productId: number) =>
  apiPost<FavouriteToggleDto>(`/mall/history/collectOrCancel/${productId}`)

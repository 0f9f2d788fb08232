import { apiDelete } from '../../../lib/api-client.ts'

/** DELETE /mall/collect/clear: removes every favourite of the shopper. */
export const clearFavourites = () => apiDelete<{ removed: number }>('/mall/collect/clear')

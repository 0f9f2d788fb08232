import { apiDelete } from '../../../lib/api-client.ts'

/** DELETE /mall/history/removeOrClear: one product's entry, or (no productId) the whole history. */
export const removeHistory = (productId?: number) =>
  apiDelete<{ removed: number }>('/mall/history/removeOrClear', undefined, { query: { productId } })

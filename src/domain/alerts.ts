import type { ProductCardDto } from './catalog.ts'

/*
 * Product alerts ("notify me"): a shopper asks to be told when a product that cannot be ordered now
 * (out of stock, pre-orders closed, not on sale yet) can be ordered again, or when a re-release with
 * the same JAN opens. One Web Push and one mail per product per shop day at most.
 */

/** POST /mall/alert/subscribe/{productId}, DELETE /mall/alert/{productId}, GET /mall/alert/state/{productId}. */
export interface AlertStateDto {
  subscribed: boolean
}

/** One row of GET /mall/alert/list. */
export interface AlertDto {
  productId: number
  product: ProductCardDto
  /** When the shopper asked (ISO instant). */
  createTime: string
  /** When an alert last went out for it; null: not yet. */
  lastSentAt: string | null
}

/** GET /api/ops/products/{id}/alerts: how many shoppers wait for the product. */
export interface OpsProductAlertsDto {
  subscribers: number
}

import { and, gt, inArray, isNull, notInArray, or, type SQL, sql } from 'drizzle-orm'
import { STOCKED_TYPES } from '../../../src/domain/cart.ts'
import { PRODUCT_STATUS, products } from '../../db/schema.ts'

/**
 * Whether a product can be ordered at `now`, as the cart and checkout judge it: on sale; goods in hand
 * (stocked types) with some in stock; a pre-order not past its closing time. An alert waits for this.
 */
export function orderableAt(now: Date): SQL {
  return and(
    sql`${products.status} = ${PRODUCT_STATUS.onSale}`,
    or(notInArray(products.type, [...STOCKED_TYPES]), gt(products.stock, 0)),
    or(isNull(products.preSellEndTime), gt(products.preSellEndTime, now)),
  ) as SQL
}

/** The same, for the products `ids`. */
export const orderableAmong = (ids: number[], now: Date): SQL =>
  and(inArray(products.id, ids), orderableAt(now)) as SQL

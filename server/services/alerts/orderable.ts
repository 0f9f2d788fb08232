import { and, gt, notInArray, or, type SQL, sql } from 'drizzle-orm'
import { STOCKED_TYPES } from '../../../src/domain/cart.ts'
import { PRODUCT_STATUS, products } from '../../db/schema.ts'

/**
 * Whether a product can be ordered, as the cart and checkout judge it (services/cart.ts lineReason): on
 * sale, and for goods in hand (stocked types) some in stock. A pre-order closes by being taken off sale:
 * its closing time is shown, not enforced. An alert waits for this.
 */
export function orderable(): SQL {
  return and(
    sql`${products.status} = ${PRODUCT_STATUS.onSale}`,
    or(notInArray(products.type, [...STOCKED_TYPES]), gt(products.stock, 0)),
  ) as SQL
}

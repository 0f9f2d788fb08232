import { and, desc, eq, sql } from 'drizzle-orm'
import {
  type AddToCartBody,
  type CartLineDto,
  isAllowedAmount,
  MAX_CART_AMOUNT,
} from '../../src/domain/cart.ts'
import type { Language } from '../../src/domain/language.ts'
import type { PriceViewer } from '../../src/domain/price-display.ts'
import { ResultCode } from '../../src/domain/result-code.ts'
import type { Db } from '../db/client.ts'
import { cartLines, PRODUCT_STATUS, products } from '../db/schema.ts'
import { ApiError } from '../http/envelope.ts'
import { cardColumns, toProductCard } from './catalog/product-cards.ts'

/**
 * Adds a product to a shopper's cart, or adds to its line. One statement does the add, so two taps
 * at once make one line with both amounts; the amount check runs against the sum inside it.
 */
export async function addToCart(db: Db, userId: number, line: AddToCartBody, at: Date): Promise<void> {
  const [product] = await db
    .select({ type: products.type, status: products.status, orderBase: products.orderBase })
    .from(products)
    .where(eq(products.id, line.productId))
  if (!product) throw new ApiError(ResultCode.notFound, 'productId: no such product')
  if (product.status !== PRODUCT_STATUS.onSale) {
    throw new ApiError(ResultCode.conflict, 'This item is no longer available')
  }
  if (product.type !== line.productType) {
    throw new ApiError(ResultCode.conflict, 'This item has changed; please reload the page')
  }
  if (!isAllowedAmount(line.productAmount, product.orderBase)) {
    throw new ApiError(ResultCode.invalidInput, `productAmount: must be a multiple of ${product.orderBase}`, {
      fields: [{ field: 'productAmount', message: `must be a multiple of ${product.orderBase}` }],
    })
  }
  const added = await db
    .insert(cartLines)
    .values({
      userId,
      productId: line.productId,
      productAmount: line.productAmount,
      productType: line.productType,
      createdAt: at,
      updatedAt: at,
    })
    .onConflictDoUpdate({
      target: [cartLines.userId, cartLines.productId],
      set: {
        productAmount: sql`${cartLines.productAmount} + excluded.product_amount`,
        productType: sql`excluded.product_type`,
        updatedAt: sql`excluded.updated_at`,
      },
      setWhere: sql`${cartLines.productAmount} + excluded.product_amount <= ${MAX_CART_AMOUNT}`,
    })
    .returning({ id: cartLines.id })
  if (added.length === 0) {
    throw new ApiError(ResultCode.conflict, `A cart line holds at most ${MAX_CART_AMOUNT} of one item`)
  }
}

/** The shopper's cart lines, last changed first, with prices as they may see them. */
export async function listCart(
  db: Db,
  userId: number,
  viewer: PriceViewer,
  language: Language,
): Promise<CartLineDto[]> {
  const rows = await db
    .select({
      ...cardColumns,
      cartId: cartLines.id,
      productAmount: cartLines.productAmount,
      productType: cartLines.productType,
      orderBase: products.orderBase,
      stock: products.stock,
      status: products.status,
    })
    .from(cartLines)
    .innerJoin(products, eq(products.id, cartLines.productId))
    .where(and(eq(cartLines.userId, userId)))
    .orderBy(desc(cartLines.updatedAt), desc(cartLines.id))
  return rows.map((row) => ({
    ...toProductCard(row, viewer, language),
    cartId: row.cartId,
    productId: row.id,
    productAmount: row.productAmount,
    productType: row.productType,
    orderBase: row.orderBase,
    stock: row.stock,
    available: row.status === PRODUCT_STATUS.onSale,
  }))
}

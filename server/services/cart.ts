import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm'
import {
  type AddToCartAnswer,
  type AddToCartBody,
  type CartLineDto,
  type CartLineReason,
  isAllowedAmount,
  isStockedType,
  MAX_CART_AMOUNT,
} from '../../src/domain/cart.ts'
import type { Language } from '../../src/domain/language.ts'
import { type PriceViewer, priceColumnFor } from '../../src/domain/price-display.ts'
import { type ChargeRates, chargeRates, quoteLine } from '../../src/domain/pricing.ts'
import { ResultCode } from '../../src/domain/result-code.ts'
import type { Db } from '../db/client.ts'
import { cartLines, PRODUCT_STATUS, products } from '../db/schema.ts'
import { ApiError } from '../http/envelope.ts'
import { type CardRow, cardColumns, toProductCard } from './catalog/product-cards.ts'
import { readShopSettings } from './shop-settings.ts'

const outOfStock = () => new ApiError(ResultCode.conflict, 'This item is out of stock')
const noLongerAvailable = () => new ApiError(ResultCode.conflict, 'This item is no longer available')
const overMaximum = () =>
  new ApiError(ResultCode.conflict, `A cart line holds at most ${MAX_CART_AMOUNT} of one item`)
const lineNotFound = () => new ApiError(ResultCode.notFound, 'Cart line not found')

const offOrderBase = (field: string, orderBase: number) =>
  new ApiError(ResultCode.invalidInput, `${field}: must be a multiple of ${orderBase}`, {
    fields: [{ field, message: `must be a multiple of ${orderBase}` }],
  })

interface LockedProduct {
  type: number
  status: number
  orderBase: number
  stock: number
}

/**
 * Reads a product and holds a share lock on it to the end of the transaction: its stock, type and
 * status cannot change under the check that follows, while other shoppers' cart changes (which take
 * the same share lock) still run side by side.
 */
async function lockProduct(tx: Db, productId: number): Promise<LockedProduct | undefined> {
  const [product] = await tx
    .select({
      type: products.type,
      status: products.status,
      orderBase: products.orderBase,
      stock: products.stock,
    })
    .from(products)
    .where(eq(products.id, productId))
    .for('share')
  return product
}

/** The most one line of this product may hold: the cart's maximum, and the counted stock of stocked types. */
function lineLimit(product: LockedProduct): { limit: number; stockBound: boolean } {
  const stockBound = isStockedType(product.type) && product.stock < MAX_CART_AMOUNT
  return { limit: stockBound ? product.stock : MAX_CART_AMOUNT, stockBound }
}

/**
 * Adds a product to a shopper's cart, or adds to its line. The product is share-locked, so its stock
 * holds still; the add is one guarded upsert, so two adds at once make one line with both amounts and
 * the sum is checked against the limit inside the statement (the conflicting row is locked and re-read).
 */
export async function addToCart(
  db: Db,
  userId: number,
  line: AddToCartBody,
  at: Date,
): Promise<AddToCartAnswer> {
  return db.transaction(async (tx) => {
    const product = await lockProduct(tx, line.productId)
    if (!product) throw new ApiError(ResultCode.notFound, 'productId: no such product')
    if (product.status !== PRODUCT_STATUS.onSale) throw noLongerAvailable()
    if (product.type !== line.productType) {
      throw new ApiError(ResultCode.conflict, 'This item has changed; please reload the page')
    }
    if (!isAllowedAmount(line.productAmount, product.orderBase)) {
      throw offOrderBase('productAmount', product.orderBase)
    }
    const { limit, stockBound } = lineLimit(product)
    const overLimit = () => (stockBound ? outOfStock() : overMaximum())
    if (line.productAmount > limit) throw overLimit()
    const [added] = await tx
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
        setWhere: sql`${cartLines.productAmount} + excluded.product_amount <= ${limit}`,
      })
      .returning({ cartId: cartLines.id, productAmount: cartLines.productAmount })
    if (!added) throw overLimit()
    return added
  })
}

/**
 * Sets the amount of one of the shopper's lines (PUT changeNum/{id}/{num}). Another shopper's line is
 * "not found", like a missing one. The product is share-locked and the update sets the amount outright,
 * so no interleaving of changes and adds can leave the line above its limit.
 */
export async function changeCartAmount(
  db: Db,
  userId: number,
  change: { cartId: number; amount: number },
  at: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const ownLine = and(eq(cartLines.id, change.cartId), eq(cartLines.userId, userId))
    const [line] = await tx.select({ productId: cartLines.productId }).from(cartLines).where(ownLine)
    if (!line) throw lineNotFound()
    // The product is locked before the line (as addToCart does), so the two never wait on each other in turn.
    const product = await lockProduct(tx, line.productId)
    if (!product) throw lineNotFound()
    if (product.status !== PRODUCT_STATUS.onSale) throw noLongerAvailable()
    if (!isAllowedAmount(change.amount, product.orderBase)) throw offOrderBase('num', product.orderBase)
    const { limit, stockBound } = lineLimit(product)
    if (change.amount > limit) throw stockBound ? outOfStock() : overMaximum()
    const updated = await tx
      .update(cartLines)
      .set({ productAmount: change.amount, updatedAt: at })
      .where(ownLine)
      .returning({ id: cartLines.id })
    // The line was removed between the read and the update.
    if (updated.length === 0) throw lineNotFound()
  })
}

/**
 * Removes some of the shopper's lines, all or nothing: when any id is not a line of theirs the delete
 * is rolled back and the answer is 404, so a stale list never removes half of what was asked.
 */
export async function removeFromCart(
  db: Db,
  userId: number,
  cartIds: readonly number[],
): Promise<{ removed: number }> {
  const wanted = [...new Set(cartIds)]
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(cartLines)
      .where(and(eq(cartLines.userId, userId), inArray(cartLines.id, wanted)))
      .returning({ id: cartLines.id })
    if (removed.length !== wanted.length) {
      const found = new Set(removed.map((row) => row.id))
      throw new ApiError(ResultCode.notFound, 'Cart line not found', {
        cartIds: wanted.filter((id) => !found.has(id)),
      })
    }
    return { removed: removed.length }
  })
}

/** Empties the shopper's cart. */
export async function clearCart(db: Db, userId: number): Promise<{ removed: number }> {
  const removed = await db
    .delete(cartLines)
    .where(eq(cartLines.userId, userId))
    .returning({ id: cartLines.id })
  return { removed: removed.length }
}

/** The shopper's cart lines, last changed first, with prices as they may see them. */
export async function listCart(
  db: Db,
  userId: number,
  viewer: PriceViewer,
  language: Language,
): Promise<CartLineDto[]> {
  return cartLinesWhere(db, eq(cartLines.userId, userId), viewer, language)
}

/** One of the shopper's lines as listCart shows it, or undefined when it is not theirs. */
export async function cartLine(
  db: Db,
  userId: number,
  cartId: number,
  viewer: PriceViewer,
  language: Language,
): Promise<CartLineDto | undefined> {
  const [line] = await cartLinesWhere(
    db,
    and(eq(cartLines.userId, userId), eq(cartLines.id, cartId)),
    viewer,
    language,
  )
  return line
}

async function cartLinesWhere(
  db: Db,
  where: SQL | undefined,
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
    .where(where)
    .orderBy(desc(cartLines.updatedAt), desc(cartLines.id))
  if (rows.length === 0) return []
  const rates = chargeRates((await readShopSettings(db)).charge)
  return rows.map((row) => toCartLine(row, viewer, language, rates))
}

type CartLineRow = CardRow & {
  cartId: number
  productAmount: number
  productType: number
  orderBase: number
  stock: number
  status: number
}

function toCartLine(
  row: CartLineRow,
  viewer: PriceViewer,
  language: Language,
  rates: ChargeRates,
): CartLineDto {
  const card = toProductCard(row, viewer, language)
  // The unit price is the one column the card shows this shopper; absent when partner-only or none fits.
  const column =
    viewer.kind === 'customer' && viewer.role !== null ? priceColumnFor(viewer.role, language) : undefined
  const price = column === undefined ? undefined : card[column]
  const perUnit = price === undefined ? {} : unitMoney(price, row, rates)
  const stock = isStockedType(row.type) ? row.stock : null
  const reason = lineReason(row, stock, card.partnerOnly === true)
  return {
    ...card,
    cartId: row.cartId,
    productId: row.id,
    productAmount: row.productAmount,
    productType: row.productType,
    orderBase: row.orderBase,
    stock,
    ...perUnit,
    orderable: reason === null,
    reason,
  }
}

/** Price, deposit and discount of one unit, as src/domain/pricing.ts quotes a line of one. */
function unitMoney(
  price: number,
  row: Pick<CartLineRow, 'isDiscount' | 'isFront'>,
  rates: ChargeRates,
): { price: number; deposit: number; discount: number } {
  const quote = quoteLine(
    { unitPrice: price, quantity: 1, isDiscount: row.isDiscount, isFront: row.isFront },
    rates,
  )
  return { price, deposit: quote.deposit, discount: price - quote.discountedUnitPrice }
}

/** Why a line cannot be ordered as it stands (the first that applies, in CartLineReason's order), or null. */
function lineReason(row: CartLineRow, stock: number | null, partnerOnly: boolean): CartLineReason | null {
  if (row.status !== PRODUCT_STATUS.onSale) return 'unavailable'
  if (stock !== null && stock < row.productAmount) return 'outOfStock'
  if (partnerOnly) return 'partnerOnly'
  if (!isAllowedAmount(row.productAmount, row.orderBase)) return 'amount'
  if (row.type !== row.productType) return 'typeChanged'
  return null
}

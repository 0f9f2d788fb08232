import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm'
import { isAllowedAmount, isStockedType } from '../../../src/domain/cart.ts'
import { productNameIn } from '../../../src/domain/catalog.ts'
import type { Language } from '../../../src/domain/language.ts'
import { ORDER_FLOW } from '../../../src/domain/order-status.ts'
import {
  type OrderDto,
  type OrderRefusal,
  type OrderRefusalReason,
  PAYMENT_WINDOW_MINUTES,
} from '../../../src/domain/orders.ts'
import { priceColumnFor } from '../../../src/domain/price-display.ts'
import { applyPoints, chargeRates, type LineInput, quoteOrder } from '../../../src/domain/pricing.ts'
import { ResultCode } from '../../../src/domain/result-code.ts'
import type { Db } from '../../db/client.ts'
import { cartLines, orderLines, orders, PRODUCT_STATUS, products } from '../../db/schema.ts'
import { ApiError } from '../../http/envelope.ts'
import { changePoints, currentPoints } from '../points.ts'
import { readShopSettings } from '../shop-settings.ts'
import { toOrderDto, toOrderLineDto } from './order-dto.ts'

const REFUSAL_TEXT: Record<OrderRefusalReason, (orderBase: number) => string> = {
  unavailable: () => 'This item is no longer available',
  outOfStock: () => 'This item is out of stock',
  partnerOnly: () => 'This item’s price is open to partners only',
  amount: (orderBase) => `The amount must be a multiple of ${orderBase}`,
  typeChanged: () => 'This item has changed; please reload the page',
  noPrice: () => 'This item has no price for your account',
}

/** The columns an order needs of a product: what it checks, prices and freezes on the line. */
const productColumns = {
  id: products.id,
  itemNo: products.itemNo,
  janCode: products.janCode,
  productName: products.productName,
  jpProductName: products.jpProductName,
  enProductName: products.enProductName,
  type: products.type,
  status: products.status,
  stock: products.stock,
  orderBase: products.orderBase,
  isDiscount: products.isDiscount,
  isFront: products.isFront,
  imgList: products.imgList,
  images: products.images,
  cnAlonePrice: products.cnAlonePrice,
  cnBatchPrice: products.cnBatchPrice,
  jpAlonePrice: products.jpAlonePrice,
  jpBatchPrice: products.jpBatchPrice,
  enAlonePrice: products.enAlonePrice,
  enBatchPrice: products.enBatchPrice,
}

/** A product row as the order reads it. */
export type OrderableProduct = Pick<typeof products.$inferSelect, keyof typeof productColumns>

/** Who orders: their price role and the language the prices and names are read in. */
export interface Shopper {
  userId: number
  /** Price role 1–6 (spec §6); null: no price column, nothing can be ordered. */
  role: number | null
  language: Language
}

/**
 * Why this product cannot be ordered in this amount by this shopper, or null. The checks and their
 * order are the cart's (a line listCart marks is refused here for the same reason), then the price.
 */
export function orderRefusalReason(
  product: OrderableProduct,
  line: { amount: number; productType: number },
  shopper: Pick<Shopper, 'role' | 'language'>,
): OrderRefusalReason | null {
  if (product.status !== PRODUCT_STATUS.onSale) return 'unavailable'
  if (isStockedType(product.type) && product.stock < line.amount) return 'outOfStock'
  const price = shopperPrice(product, shopper)
  if (price !== undefined && price < 0) return 'partnerOnly'
  if (!isAllowedAmount(line.amount, product.orderBase)) return 'amount'
  if (product.type !== line.productType) return 'typeChanged'
  if (price === undefined) return 'noPrice'
  return null
}

/** The base unit price of the shopper's column (negative: partner-only), or undefined when none fits. */
function shopperPrice(product: OrderableProduct, shopper: Pick<Shopper, 'role' | 'language'>) {
  const column = shopper.role === null ? undefined : priceColumnFor(shopper.role, shopper.language)
  return column === undefined ? undefined : product[column]
}

/** The 409 refusing the whole order because of one product, named in the request's language. */
export function refusal(product: OrderableProduct, reason: OrderRefusalReason, language: Language): ApiError {
  const productName = productNameIn(language, product)
  const data: OrderRefusal = { productId: product.id, productName, reason }
  return new ApiError(ResultCode.conflict, `${REFUSAL_TEXT[reason](product.orderBase)}: ${productName}`, data)
}

const linesNotFound = (cartIds: number[]) =>
  new ApiError(ResultCode.notFound, `Cart line not found: ${cartIds.join(', ')}`, { cartIds })

export interface CreateOrderInput {
  shopper: Shopper
  cartLineIds: readonly number[]
  /** `?score=`: points asked for the first payment; the shopper gets at most what they hold and the deposit. */
  pointsRequested: number
  at: Date
}

/**
 * POST /mall/order/createOrder: the shopper's selected cart lines become one order in 2 waitPay, with
 * one line per product priced by src/domain/pricing.ts and frozen. Runs in the caller's transaction
 * (withIdempotency's), all or nothing: any line that cannot be ordered refuses the whole order and
 * nothing changes. Returns the new order as the order lists show it.
 *
 * Locks: the products first, FOR UPDATE in id order (two checkouts of the same products queue in the
 * same order, so they never deadlock), then the cart lines — the order the cart's own calls take them
 * in (product share lock, then the line). Stock is taken by a guarded UPDATE (`stock >= n`), so even a
 * bug in the checks above could not oversell: the table's `stock >= 0` check stands behind it too.
 */
export async function createOrder(tx: Db, input: CreateOrderInput): Promise<OrderDto> {
  const { shopper, at } = input
  const wanted = [...new Set(input.cartLineIds)]
  const ownLines = and(eq(cartLines.userId, shopper.userId), inArray(cartLines.id, wanted))

  // The products of the shopper's lines, locked in id order in the same statement that finds them.
  const locked = await tx
    .select(productColumns)
    .from(products)
    .where(inArray(products.id, tx.select({ id: cartLines.productId }).from(cartLines).where(ownLines)))
    .orderBy(asc(products.id))
    .for('update')
  const productById = new Map(locked.map((product) => [product.id, product]))

  // Read again under lock: a line removed or changed since the first read is seen as it is now.
  const lines = await tx
    .select({
      id: cartLines.id,
      productId: cartLines.productId,
      amount: cartLines.productAmount,
      productType: cartLines.productType,
    })
    .from(cartLines)
    .where(ownLines)
    .for('update')
  if (lines.length !== wanted.length) throw linesNotFound(missingFrom(wanted, lines))
  const position = new Map(wanted.map((id, index) => [id, index]))
  lines.sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0))

  const ordered = lines.map((line) => {
    const product = productById.get(line.productId)
    // A line's product cannot vanish (the cart line would cascade away with it), but never price nothing.
    if (!product) throw linesNotFound([line.id])
    const reason = orderRefusalReason(product, line, shopper)
    if (reason) throw refusal(product, reason, shopper.language)
    return { line, product, basePrice: shopperPrice(product, shopper) as number }
  })

  const rates = chargeRates((await readShopSettings(tx)).charge)
  const quote = quoteOrder(
    ordered.map(
      ({ line, product, basePrice }): LineInput => ({
        unitPrice: basePrice,
        quantity: line.amount,
        isDiscount: product.isDiscount,
        isFront: product.isFront,
      }),
    ),
    rates,
  )
  const discount = quote.lines.reduce(
    (sum, line) => sum + (line.unitPrice - line.discountedUnitPrice) * line.quantity,
    0,
  )
  const points = applyPoints(quote.deposit, await currentPoints(tx, shopper.userId), input.pointsRequested)

  const [order] = await tx
    .insert(orders)
    .values({
      userId: shopper.userId,
      status: ORDER_FLOW.initial,
      goods: quote.goods,
      discount,
      platformFee: quote.platformFee,
      settlementFee: quote.settlementFee,
      deposit: quote.deposit,
      balance: quote.balance,
      total: quote.total,
      pointsHeld: points.pointsUsed,
      payDueAt: new Date(at.getTime() + PAYMENT_WINDOW_MINUTES * 60_000),
      createdAt: at,
      updatedAt: at,
    })
    .returning()
  if (!order) throw new Error('inserting the order returned no row')

  const reserved = new Map<number, number>()
  for (const { line, product } of ordered) {
    if (!isStockedType(product.type)) continue
    const [taken] = await tx
      .update(products)
      .set({ stock: sql`${products.stock} - ${line.amount}` })
      .where(and(eq(products.id, product.id), gte(products.stock, line.amount)))
      .returning({ id: products.id })
    if (!taken) throw refusal(product, 'outOfStock', shopper.language)
    reserved.set(product.id, line.amount)
  }

  const lineRows = await tx
    .insert(orderLines)
    .values(
      ordered.map(({ product }, index) => {
        const priced = quote.lines[index]
        if (!priced) throw new Error('the quote has fewer lines than the order')
        return {
          orderId: order.id,
          productId: product.id,
          productName: product.productName,
          jpProductName: product.jpProductName,
          enProductName: product.enProductName,
          barcode: product.janCode || product.itemNo,
          productType: product.type,
          basePrice: priced.unitPrice,
          unitPrice: priced.discountedUnitPrice,
          quantity: priced.quantity,
          goods: priced.goods,
          platformFee: priced.platformFee,
          settlementFee: priced.settlementFee,
          deposit: priced.deposit,
          balance: priced.balance,
          total: priced.total,
          stockReserved: reserved.get(product.id) ?? 0,
        }
      }),
    )
    .returning()

  if (points.pointsUsed > 0) {
    await changePoints(tx, {
      userId: shopper.userId,
      delta: -points.pointsUsed,
      reason: 'hold',
      orderId: order.id,
    })
  }

  await tx.delete(cartLines).where(ownLines)
  // Answered from the rows just written, as loadOrder would read them back in this transaction.
  const answerLines = [...lineRows]
    .sort((a, b) => a.id - b.id)
    .map((line) => {
      const product = productById.get(line.productId)
      return toOrderLineDto(line, { imgUrl: product?.imgList[0] ?? null, image: product?.images[0] ?? null })
    })
  return toOrderDto(order, answerLines, at)
}

/** The requested ids that are not (or no longer) among the shopper's lines found. */
function missingFrom(wanted: readonly number[], found: readonly { id: number }[]): number[] {
  const have = new Set(found.map((line) => line.id))
  return wanted.filter((id) => !have.has(id))
}

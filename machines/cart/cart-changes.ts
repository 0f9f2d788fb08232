import type { CartLineDto } from '../../src/domain/cart.ts'
import type { ProductCardDto } from '../../src/domain/catalog.ts'
import type { ProductType } from '../../src/domain/product-type.ts'

/**
 * What a shopper did to their cart, waiting for the server to confirm it. Each change carries its own
 * idempotency key, made once when the shopper acts, so sending it again (after a lost answer, a reload
 * or a closed tab) can never apply it twice. Changes name products, not line ids: a line added offline
 * has no id until the server makes one.
 */
export type CartChange =
  | {
      kind: 'add'
      key: string
      productId: number
      productType: ProductType
      amount: number
      /** The card the shopper added from, so the line shows before the server has answered. */
      product: CartProductSnapshot
    }
  | { kind: 'setAmount'; key: string; productId: number; amount: number }
  | { kind: 'remove'; key: string; productIds: number[] }
  | { kind: 'clear'; key: string }

/** What a provisional line needs of the product: its card, the price shown on it, and its order base. */
export interface CartProductSnapshot extends ProductCardDto {
  orderBase: number
  /** The shopper's unit price as the card showed it; absent when no price applies. */
  price?: number
}

/** A line of the cart as the shopper sees it: the server's line with the changes not yet confirmed. */
export interface CartViewLine extends CartLineDto {
  /** Part of this line waits for the server (added, or its amount changed, while unconfirmed). */
  pending: boolean
}

/** A server refusal of a queued change, kept until the shopper has seen it. */
export interface CartNotice {
  key: string
  productId: number | null
  /** The product's card as the cart knew it, so the notice can name it in the shopper's language. */
  product: ProductCardDto | null
  /** The server's reason (its envelope msg). */
  message: string
}

function provisionalLine(change: Extract<CartChange, { kind: 'add' }>): CartViewLine {
  const { product } = change
  return {
    ...product,
    cartId: 0,
    productId: change.productId,
    productAmount: change.amount,
    productType: change.productType,
    orderBase: product.orderBase,
    stock: null,
    orderable: true,
    reason: null,
    pending: true,
  }
}

/**
 * The cart the shopper sees: the server's lines (last read) with every queued change applied in order,
 * the way the server will apply them. The server has the last word: once it answers, its lines replace
 * this view.
 */
export function cartView(lines: readonly CartLineDto[], queue: readonly CartChange[]): CartViewLine[] {
  let view: CartViewLine[] = lines.map((line) => ({ ...line, pending: false }))
  for (const change of queue) {
    switch (change.kind) {
      case 'add': {
        const existing = view.find((line) => line.productId === change.productId)
        view = existing
          ? view.map((line) =>
              line === existing
                ? { ...line, productAmount: line.productAmount + change.amount, pending: true }
                : line,
            )
          : [provisionalLine(change), ...view]
        break
      }
      case 'setAmount':
        view = view.map((line) =>
          line.productId === change.productId
            ? { ...line, productAmount: change.amount, pending: true }
            : line,
        )
        break
      case 'remove':
        view = view.filter((line) => !change.productIds.includes(line.productId))
        break
      case 'clear':
        view = []
        break
    }
  }
  return view
}

/** The header's count of what the view holds (spec §3: the sum of productAmount). */
export function viewCartNumber(view: readonly Pick<CartViewLine, 'productAmount'>[]): number {
  return view.reduce((sum, line) => sum + line.productAmount, 0)
}

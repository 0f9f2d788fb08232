import type { CartProductSnapshot } from '../../../machines/cart/cart-changes.ts'
import type { ProductCardDto } from '../../domain/catalog.ts'
import type { Language } from '../../domain/language.ts'
import { shownPrice } from '../../domain/price-display.ts'

/** The card of a product being added, with the price the shopper saw, so the cart shows it offline. */
export function cartSnapshotOf(
  product: ProductCardDto,
  role: number | null,
  language: Language,
): CartProductSnapshot {
  const view = shownPrice(role, language, product)
  const card: ProductCardDto = {
    id: product.id,
    type: product.type,
    productName: product.productName,
    jpProductName: product.jpProductName,
    enProductName: product.enProductName,
    imgList: product.imgList,
    sellTimeStr: product.sellTimeStr,
    preSellEndTime: product.preSellEndTime,
    isDiscount: product.isDiscount,
    isFront: product.isFront,
    boxIn: product.boxIn,
    orderBase: product.orderBase,
  }
  return view.kind === 'price' ? { ...card, price: view.yen } : card
}

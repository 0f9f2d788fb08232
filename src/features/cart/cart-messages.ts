import { t } from '@lingui/core/macro'
import { MAX_CART_AMOUNT } from '../../domain/cart.ts'
import { LINE_GONE_MESSAGE } from './cart-refusals.ts'

/**
 * The server's refusals of a cart change (its envelope msg, in English) in the shopper's language.
 * A message this list does not know is shown as the server wrote it.
 */
export function cartRefusalText(message: string): string {
  if (message === 'This item is out of stock') return t`该商品库存不足`
  if (message === 'This item is no longer available') return t`该商品已下架`
  if (message === 'This item has changed; please reload the page') return t`该商品信息已变更，请刷新页面`
  if (message === `A cart line holds at most ${MAX_CART_AMOUNT} of one item`) {
    return t`同一商品最多加入 ${MAX_CART_AMOUNT} 件`
  }
  if (message === LINE_GONE_MESSAGE) return t`该商品已不在购物车中`
  const base = /^productAmount: must be a multiple of (\d+)$/.exec(message)?.[1]
  if (base) return t`数量须为 ${base} 的倍数`
  return message
}

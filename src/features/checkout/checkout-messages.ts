import { t } from '@lingui/core/macro'
import type { CheckoutError } from '../../../machines/checkout/checkout-types.ts'

/** A refusal kept by the checkout, in the shopper's language where the server's phrase is known. */
export function checkoutErrorText(error: CheckoutError): string {
  switch (error.kind) {
    case 'latchClosed':
      return t`支付暂不可用`
    case 'address':
      return t`请选择收货地址`
    case 'refused':
      return refusalText(error.message)
  }
}

/**
 * The server's refusals of an order or a payment. createOrder names the product in the shopper's
 * language already; the fixed phrases of the cart and the order flow are translated here.
 */
function refusalText(message: string): string {
  if (message === 'This item is out of stock') return t`该商品库存不足`
  if (message === 'This item is no longer available') return t`该商品已下架`
  if (/not (waiting for|awaiting) payment|no longer payable/i.test(message)) {
    return t`该订单已不在待付款状态，请刷新页面`
  }
  return message
}

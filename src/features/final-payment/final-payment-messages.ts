import { t } from '@lingui/core/macro'
import type { FinalPaymentError } from '../../../machines/final-payment/final-payment-types.ts'
import { checkoutErrorText } from '../checkout/checkout-messages.ts'

/** A refusal kept by the final payment, in the shopper's language where the server's phrase is known. */
export function finalPaymentErrorText(error: FinalPaymentError): string {
  switch (error.kind) {
    case 'latchClosed':
      return t`支付暂不可用`
    case 'forfeited':
      return t`尾款逾期未付，商品已被没收，不能再支付尾款。`
    case 'refused':
      if (/not awaiting its balance/i.test(error.message)) return t`该订单已不在待付尾款状态，请刷新页面`
      return checkoutErrorText(error)
  }
}

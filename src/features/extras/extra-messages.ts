import { t } from '@lingui/core/macro'
import type { ExtraPaymentError } from '../../../machines/extra-payment/extra-payment-types.ts'
import { checkoutErrorText } from '../checkout/checkout-messages.ts'

/** A refusal kept by the extra payment, in the shopper's language where the server's phrase is known. */
export function extraPaymentErrorText(error: ExtraPaymentError): string {
  switch (error.kind) {
    case 'latchClosed':
      return t`支付暂不可用`
    case 'feesRefused':
      return error.reason === 'beingConfirmed'
        ? t`所选费用中有正在确认的付款，已取消选择这些费用，请稍后再看`
        : t`所选费用中有的已支付、已作废或须随尾款支付，列表已刷新，请重新选择`
    case 'refused':
      return checkoutErrorText(error)
  }
}

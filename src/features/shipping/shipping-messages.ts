import { t } from '@lingui/core/macro'
import type { ShippingFeeError } from '../../../machines/shipping-fee/shipping-fee-types.ts'
import type { Carrier, ShippingRefusal } from '../../domain/shipping.ts'
import { checkoutErrorText } from '../checkout/checkout-messages.ts'

/** Why a method cannot carry a box (spec §5: below the minimum, above the maximum, wrong address). */
export function shippingRefusalText(reason: ShippingRefusal): string {
  switch (reason) {
    case 'belowMinimum':
      return t`包裹低于该运输方式的最低重量`
    case 'aboveMaximum':
      return t`包裹超过该运输方式的最大重量或尺寸`
    case 'wrongAddress':
      return t`该运输方式不能寄往此地址`
  }
}

/** The carrier's name. */
export function carrierText(carrier: Carrier | string): string {
  return carrier === 'japanpost' ? t`日本邮政` : carrier === 'dhl' ? 'DHL' : carrier
}

/** A refusal kept by the shipping fee, in the shopper's language where the server's phrase is known. */
export function shippingFeeErrorText(error: ShippingFeeError): string {
  switch (error.kind) {
    case 'latchClosed':
      return t`支付暂不可用`
    case 'shippingRefused': {
      const reason = shippingRefusalText(error.reason)
      return t`不能用这种运输方式寄送：${reason}。请选择其他运输方式。`
    }
    case 'refused':
      if (/lock/i.test(error.message)) return t`包裹已锁定，请先支付仓储费`
      if (/already paid|not awaiting/i.test(error.message)) {
        return t`这个包裹的运费已支付或无需支付，请刷新页面`
      }
      if (/being confirmed/i.test(error.message)) return t`这个包裹有一笔付款正在确认中，请稍后再看`
      if (/shipping method on offer/i.test(error.message)) return t`这种运输方式已停用，请选择其他运输方式`
      return checkoutErrorText(error)
  }
}

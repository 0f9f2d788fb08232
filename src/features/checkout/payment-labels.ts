import { t } from '@lingui/core/macro'
import type { PaymentPurpose, PayRoute } from '../../domain/payments.ts'

/* Words for a payment's route, method and purpose (flows §3), read in the language active when called. */

export function payRouteText(route: PayRoute): string {
  if (route === 'card') return t`银行卡 / 银行转账`
  if (route === 'sbps') return t`SB Payment Service`
  return t`PayPal`
}

/** `{type}` of the route: card 1 card, 2 bank transfer; sbps 1 card, 2 konbini, 3 PayPay; PayPal 0. */
export function payMethodText(route: PayRoute, method: number): string {
  if (route === 'paypal') return t`PayPal 账户`
  if (method === 1) return t`银行卡`
  if (route === 'card' && method === 2) return t`银行转账`
  if (route === 'sbps' && method === 2) return t`便利店支付`
  if (route === 'sbps' && method === 3) return t`PayPay`
  return t`方式 ${method}`
}

export function payPurposeText(purpose: PaymentPurpose): string {
  if (purpose === 'deposit') return t`订单首付（定金）`
  if (purpose === 'balance') return t`订单尾款`
  if (purpose === 'shipping') return t`包裹运费`
  return t`额外费用`
}

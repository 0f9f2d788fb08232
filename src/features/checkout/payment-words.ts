import { t } from '@lingui/core/macro'
import {
  PAY_METHODS,
  PAY_ROUTES,
  type PayFailureReason,
  type PaymentPurpose,
  type PayRoute,
} from '../../domain/payments.ts'

/*
 * The shop's one vocabulary of payments (flows §3): every route, method, purpose and reason for a
 * failure, for the pay panels, the result pages, the order's payments, the console and the sandbox
 * page. Read in the language active when called: a component calls `useLingui()` so that it renders
 * again when the language changes.
 */

/** A payment made with points alone has the gateway `points` and no route of its own. */
const POINTS_GATEWAY = 'points'

export function payRouteText(route: PayRoute, gateway?: string): string {
  if (gateway === POINTS_GATEWAY) return t`积分`
  if (route === 'card') return t`信用卡 / 银行转账`
  if (route === 'sbps') return t`SB Payment Service`
  return t`PayPal`
}

/** `{type}` of the route: card 1 card, 2 bank transfer; sbps 1 card, 2 konbini, 3 PayPay; PayPal 0. */
export function payMethodText(route: PayRoute, method: number, gateway?: string): string {
  if (gateway === POINTS_GATEWAY) return t`积分抵扣`
  if (route === 'paypal') return t`PayPal 账户`
  if (method === 1) return t`信用卡`
  if (route === 'card' && method === 2) return t`银行转账`
  if (route === 'sbps' && method === 2) return t`便利店支付`
  if (route === 'sbps' && method === 3) return t`PayPay`
  return t`方式 ${method}`
}

export function payPurposeText(purpose: PaymentPurpose): string {
  if (purpose === 'deposit') return t`定金`
  if (purpose === 'balance') return t`尾款`
  if (purpose === 'shipping') return t`运费`
  return t`额外费用`
}

/** Why a payment did not go through (domain payFailureReason), in a few words. */
export function payFailureText(reason: PayFailureReason): string {
  if (reason === 'declined') return t`卡被拒绝`
  if (reason === 'insufficientFunds') return t`余额不足`
  if (reason === 'expired') return t`付款已超时`
  if (reason === 'cancelled') return t`付款已取消`
  return t`付款未能完成`
}

/** A Zengin account's type (`futsu`, `toza`) as banks print it; another is shown as given. */
export function bankAccountTypeText(accountType: string): string {
  if (accountType === 'futsu') return t`普通存款`
  if (accountType === 'toza') return t`支票存款`
  return accountType
}

/** Every route with its methods, in the order the pay panels offer them. */
export const PAY_CHOICES: readonly { route: PayRoute; methods: readonly number[] }[] = PAY_ROUTES.map(
  (route) => ({ route, methods: PAY_METHODS[route] }),
)

import { type CodeInfo, canTransition, type StatusFlow } from './status-flow.ts'

/** Payment status codes (spec §4). */
export const PaymentStatus = { waitPay: 1, pay: 2, refund: 3, cancel: 4 } as const
export type PaymentStatus = (typeof PaymentStatus)[keyof typeof PaymentStatus]

export const PAYMENT_STATUS_INFO: Record<PaymentStatus, CodeInfo> = {
  1: { tone: 'waiting', label: { zhCn: '待支付', ja: 'お支払い待ち', en: 'Awaiting payment' } },
  2: { tone: 'done', label: { zhCn: '已支付', ja: 'お支払い済み', en: 'Paid' } },
  3: { tone: 'cancelled', label: { zhCn: '已退款', ja: '返金済み', en: 'Refunded' } },
  4: { tone: 'cancelled', label: { zhCn: '已取消', ja: 'キャンセル済み', en: 'Cancelled' } },
}

export const PAYMENT_FLOW: StatusFlow<PaymentStatus> = {
  initial: PaymentStatus.waitPay,
  next: {
    // the gateway confirms; or the shopper abandons / the gateway reports failure or expiry
    1: [2, 4],
    // money goes back; a partial refund is a refund record with its amount, the payment is then refunded
    2: [3],
    // terminal: a refunded or cancelled payment never becomes payable again; a retry is a new payment
    3: [],
    4: [],
  },
}

export const canPaymentTransition = (from: PaymentStatus, to: PaymentStatus): boolean =>
  canTransition(PAYMENT_FLOW, from, to)

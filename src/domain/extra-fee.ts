import { type CodeInfo, canTransition, type StatusFlow } from './status-flow.ts'

/** Extra-fee status codes. The spec names the four statuses (§4) but not their numbers; these mirror payment status. */
export const ExtraFeeStatus = { waitPay: 1, paid: 2, refund: 3, void: 4 } as const
export type ExtraFeeStatus = (typeof ExtraFeeStatus)[keyof typeof ExtraFeeStatus]

/** Extra-fee type codes, numbered in the spec's order. */
export const ExtraFeeType = { storage: 1, freeForm: 2, late: 3, packageStorage: 4 } as const
export type ExtraFeeType = (typeof ExtraFeeType)[keyof typeof ExtraFeeType]

export const EXTRA_FEE_STATUS_INFO: Record<ExtraFeeStatus, CodeInfo> = {
  1: { tone: 'waiting', label: { zhCn: '待支付', ja: 'お支払い待ち', en: 'Pending payment' } },
  2: { tone: 'done', label: { zhCn: '已支付', ja: 'お支払い済み', en: 'Paid' } },
  3: { tone: 'cancelled', label: { zhCn: '已退款', ja: '返金済み', en: 'Refunded' } },
  4: { tone: 'other', label: { zhCn: '已作废或免除', ja: '無効・免除', en: 'Void or waived' } },
}

export const EXTRA_FEE_TYPE_INFO: Record<ExtraFeeType, CodeInfo> = {
  1: { tone: 'other', label: { zhCn: '仓储费', ja: '保管料', en: 'Storage fee' } },
  2: { tone: 'other', label: { zhCn: '其他费用', ja: 'その他の費用', en: 'Other fee' } },
  3: { tone: 'other', label: { zhCn: '滞纳金', ja: '延滞料', en: 'Late fee' } },
  4: { tone: 'other', label: { zhCn: '包裹仓储费', ja: '荷物保管料', en: 'Package storage fee' } },
}

export const EXTRA_FEE_FLOW: StatusFlow<ExtraFeeStatus> = {
  initial: ExtraFeeStatus.waitPay,
  next: {
    // paid by the shopper; or voided / waived by an operator
    1: [2, 4],
    // charged in error after payment: refunded
    2: [3],
    // terminal
    3: [],
    4: [],
  },
}

export const canExtraFeeTransition = (from: ExtraFeeStatus, to: ExtraFeeStatus): boolean =>
  canTransition(EXTRA_FEE_FLOW, from, to)

/** Unpaid extra fees block packaging requests (§5, §6). */
export function blocksPackaging(status: ExtraFeeStatus): boolean {
  return status === ExtraFeeStatus.waitPay
}

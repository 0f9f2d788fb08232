import { OrderStatus } from './order-status-codes.ts'
import { type CodeInfo, canTransition, type StatusFlow } from './status-flow.ts'

export {
  isOrderStatus,
  ORDER_STATUS_TABLE_A,
  ORDER_STATUS_TABLE_B,
  ORDER_STATUSES,
  OrderStatus,
  orderStatusesMatching,
} from './order-status-codes.ts'

/** Display meanings of §4, in the order the spec lists them. */
export const ORDER_STATUS_INFO: Record<OrderStatus, CodeInfo> = {
  0: { tone: 'other', label: { zhCn: '已拆分', ja: '分割済み', en: 'Split' } },
  1: { tone: 'cancelled', label: { zhCn: '已取消', ja: 'キャンセル済み', en: 'Cancelled' } },
  15: {
    tone: 'cancelled',
    label: { zhCn: '已取消（逾期没收）', ja: 'キャンセル（期限超過・没収）', en: 'Cancelled (forfeited)' },
  },
  2: { tone: 'waiting', label: { zhCn: '待付款', ja: 'お支払い待ち', en: 'Pending payment' } },
  3: { tone: 'waiting', label: { zhCn: '待处理', ja: '処理待ち', en: 'Pending processing' } },
  4: {
    tone: 'waiting',
    label: { zhCn: '等待厂家发货', ja: 'メーカー出荷待ち', en: 'Awaiting supplier shipment' },
  },
  5: { tone: 'waiting', label: { zhCn: '待付尾款', ja: '残金お支払い待ち', en: 'Pending balance payment' } },
  6: { tone: 'waiting', label: { zhCn: '待申请打包', ja: '梱包申請待ち', en: 'Pending packaging request' } },
  7: { tone: 'waiting', label: { zhCn: '待拣货', ja: 'ピッキング待ち', en: 'Awaiting picking' } },
  8: { tone: 'waiting', label: { zhCn: '待打包', ja: '梱包待ち', en: 'Awaiting packaging' } },
  9: { tone: 'waiting', label: { zhCn: '待付运费', ja: '送料お支払い待ち', en: 'Pending shipping fee' } },
  10: { tone: 'waiting', label: { zhCn: '待发货', ja: '発送待ち', en: 'Ready to ship' } },
  11: { tone: 'done', label: { zhCn: '已发货', ja: '発送済み', en: 'Shipped' } },
  12: { tone: 'cancelled', label: { zhCn: '已退款', ja: '返金済み', en: 'Refunded' } },
  16: { tone: 'done', label: { zhCn: '物流已揽收', ja: '配送業者受取済み', en: 'Received by the carrier' } },
}

/**
 * The operating flow: deposit paid → ordered from the supplier → arrival → balance paid → packaging
 * requested → picked → packed → shipping fee paid → shipped → carrier scan. Each edge's reason:
 */
export const ORDER_FLOW: StatusFlow<OrderStatus> = {
  initial: OrderStatus.waitPay,
  next: {
    // the first payment (deposit, or the full price) arrives; or the shopper cancels / the payment window lapses
    2: [3, 1],
    // operator orders from the supplier; goods already in the warehouse (balance due, or nothing left
    // to pay); the order is split so its lines can move on separately; it cannot be fulfilled: refund
    3: [4, 5, 6, 0, 12],
    // goods arrive with a balance due, or with nothing left to pay; part arrives: split; supplier cancels: refund
    4: [5, 6, 0, 12],
    // balance paid; balance not paid by the forfeiture date; goods damaged or lost in the warehouse: refund
    5: [6, 15, 12],
    // packaging requested; not requested by the forfeiture date; goods damaged or lost: refund
    6: [7, 15, 12],
    // packaging cannot be cancelled once requested (§5): the only way on is forward
    7: [8],
    // packed: weight and shipping options set, the fee is now due
    8: [9],
    // shipping fee paid; not paid by the forfeiture date
    9: [10, 15],
    // handed over with a tracking number
    10: [11],
    // the carrier's first scan
    11: [16],
    // terminal: a split parent lives on in its children; cancellations, forfeitures and refunds are final
    0: [],
    1: [],
    15: [],
    12: [],
    16: [],
  },
}

export const canOrderTransition = (from: OrderStatus, to: OrderStatus): boolean =>
  canTransition(ORDER_FLOW, from, to)

type WithStatus = { status: OrderStatus }

/** The order awaits its deposit (2 waitPay). */
export const awaitsDeposit = (order: WithStatus): boolean => order.status === OrderStatus.waitPay

/** The deposit went through: any status after 2 but a cancellation (1, or 15 by the sweep). */
export const isDepositPaid = (order: WithStatus): boolean =>
  order.status !== OrderStatus.waitPay &&
  order.status !== OrderStatus.cancel1 &&
  order.status !== OrderStatus.cancel2

/** The goods are in the warehouse and the order awaits its balance (5 arrival). */
export const awaitsBalance = (order: WithStatus): boolean => order.status === OrderStatus.arrival

const BALANCE_PAID: ReadonlySet<OrderStatus> = new Set([
  OrderStatus.finalPay,
  OrderStatus.waitOut,
  OrderStatus.waitPackage,
  OrderStatus.waitExpressPay,
  OrderStatus.waitSend,
  OrderStatus.send,
  OrderStatus.shipping,
])

/** The balance was paid: 6 finalPay and every step of packing and shipping after it. */
export const isBalancePaid = (order: WithStatus): boolean => BALANCE_PAID.has(order.status)

import { type CodeInfo, canTransition, type StatusFlow } from './status-flow.ts'

/** Outbound (package) status codes (spec §4). */
export const PackageStatus = {
  waitOut: 1,
  out: 2,
  package: 3,
  waitSend: 4,
  send: 5,
  outLock: 6,
  packageLock: 7,
  refund: 8,
  shipping: 9,
} as const
export type PackageStatus = (typeof PackageStatus)[keyof typeof PackageStatus]

/** The subset a shopper's package list shows (spec §4): packed, ready to ship, shipped, with the carrier. */
export const CUSTOMER_PACKAGE_STATUSES: readonly PackageStatus[] = [3, 4, 5, 9]

export const PACKAGE_STATUS_INFO: Record<PackageStatus, CodeInfo> = {
  1: { tone: 'waiting', label: { zhCn: '待出库', ja: '出庫待ち', en: 'Awaiting picking' } },
  2: { tone: 'other', label: { zhCn: '已出库', ja: '出庫済み', en: 'Picked' } },
  3: {
    tone: 'waiting',
    label: { zhCn: '已打包，待付运费', ja: '梱包済み・送料お支払い待ち', en: 'Packed, shipping fee due' },
  },
  4: { tone: 'waiting', label: { zhCn: '待发货', ja: '発送待ち', en: 'Ready to ship' } },
  5: { tone: 'done', label: { zhCn: '已发货', ja: '発送済み', en: 'Shipped' } },
  6: { tone: 'cancelled', label: { zhCn: '出库锁定', ja: '出庫ロック中', en: 'Locked before picking' } },
  7: { tone: 'cancelled', label: { zhCn: '打包锁定', ja: '梱包ロック中', en: 'Locked after packing' } },
  8: { tone: 'cancelled', label: { zhCn: '已退款', ja: '返金済み', en: 'Refunded' } },
  9: { tone: 'done', label: { zhCn: '物流已揽收', ja: '配送業者受取済み', en: 'Received by the carrier' } },
}

export const PACKAGE_FLOW: StatusFlow<PackageStatus> = {
  initial: PackageStatus.waitOut,
  next: {
    // picked; or locked because the shopper has unpaid extra fees (§5, §6). No cancel: §5
    1: [2, 6],
    // unlocked once the fees are settled
    6: [1],
    // packed, weighed, shipping options set: the shipping fee is now due
    2: [3],
    // shipping fee paid; locked when the fee is overdue or new extra fees are unpaid
    3: [4, 7],
    // unlocked once paid. A package that stays locked past forfeiture stays here; its orders become cancel2
    7: [3],
    // handed to the carrier with a tracking number; or cannot be shipped at all: the fee is refunded
    4: [5, 8],
    // the carrier's first scan
    5: [9],
    // terminal
    8: [],
    9: [],
  },
}

export const canPackageTransition = (from: PackageStatus, to: PackageStatus): boolean =>
  canTransition(PACKAGE_FLOW, from, to)

type WithStatus = { status: PackageStatus }

/** The package is packed and awaits its shipping fee (3 package). */
export const awaitsFee = (pkg: WithStatus): boolean => pkg.status === PackageStatus.package

const FEE_PAID: ReadonlySet<PackageStatus> = new Set([
  PackageStatus.waitSend,
  PackageStatus.send,
  PackageStatus.shipping,
])

/** The shipping fee was paid: the package is ready to ship (4), shipped (5) or with the carrier (9). */
export const isFeePaid = (pkg: WithStatus): boolean => FEE_PAID.has(pkg.status)

import type { CodeInfo } from './status-flow.ts'

/**
 * Stock (logistics) type codes (spec §4): where goods in the warehouse stand against their free
 * storage time. The spec gives only the names; the meanings are ours.
 */
export const StockType = { stock: 1, freedom: 2, late: 3, package: 4 } as const
export type StockType = (typeof StockType)[keyof typeof StockType]

export const STOCK_TYPE_INFO: Record<StockType, CodeInfo> = {
  // in the warehouse, nothing requested yet
  1: { tone: 'other', label: { zhCn: '在库', ja: '在庫', en: 'In storage' } },
  // within the free storage time
  2: { tone: 'done', label: { zhCn: '免费仓储中', ja: '無料保管中', en: 'Free storage' } },
  // past the free storage time: storage fees accrue, forfeiture approaches
  3: { tone: 'cancelled', label: { zhCn: '仓储逾期', ja: '保管期限超過', en: 'Storage overdue' } },
  // packed into a package
  4: { tone: 'done', label: { zhCn: '已打包', ja: '梱包済み', en: 'Packed' } },
}

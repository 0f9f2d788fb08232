import * as v from 'valibot'
import type { LocalizedText } from './localized.ts'

/*
 * Staff accounts and their permissions (backoffice §1): one permission per console room. The first
 * operator (ADMIN_EMAIL) holds them all; a call outside the caller's permissions is a 403.
 */

export const STAFF_PERMISSIONS = [
  'catalog',
  'content',
  'customers',
  'orders',
  'warehouse',
  'payments',
  'settings',
  'staff',
  'audit',
] as const
export type StaffPermission = (typeof STAFF_PERMISSIONS)[number]

export const staffPermission = v.picklist(STAFF_PERMISSIONS, 'must be one of the console permissions')

/** What each permission opens, as the console names it. */
export const STAFF_PERMISSION_LABELS: Record<StaffPermission, LocalizedText> = {
  catalog: { zhCn: '商品目录', ja: '商品カタログ', en: 'Catalog' },
  content: { zhCn: '内容', ja: 'コンテンツ', en: 'Content' },
  customers: { zhCn: '客户', ja: '顧客', en: 'Customers' },
  orders: { zhCn: '订单', ja: '注文', en: 'Orders' },
  warehouse: { zhCn: '仓库', ja: '倉庫', en: 'Warehouse' },
  payments: { zhCn: '付款', ja: '支払い', en: 'Payments' },
  settings: { zhCn: '设置', ja: '設定', en: 'Settings' },
  staff: { zhCn: '员工', ja: 'スタッフ', en: 'Staff' },
  audit: { zhCn: '审计日志', ja: '監査ログ', en: 'Audit log' },
}

/** Whether an account holding `held` may use a room needing `needed`. */
export function mayUse(held: readonly string[], needed: StaffPermission): boolean {
  return held.includes(needed)
}

/** GET /api/ops/me. */
export interface StaffMeDto {
  id: number
  email: string
  nickname: string
  permissions: StaffPermission[]
  mustChangePassword: boolean
}

/** A staff account as the staff room lists it. */
export interface StaffAccountDto {
  id: number
  email: string
  nickname: string
  permissions: StaffPermission[]
  disabled: boolean
  /** ISO instant. */
  createTime: string
}

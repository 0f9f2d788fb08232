import * as v from 'valibot'
import { emailSchema, nicknameSchema, passwordSchema } from './account.ts'
import { payloadObject } from './fields.ts'
import { idValue } from './list-queries.ts'
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

/** The phrases the staff calls report after a field name (the console translates each). */
export const StaffMessage = {
  permission: 'must be one of the console permissions',
  permissionList: 'must be a list of console permissions',
  boolean: 'must be true or false',
  notYourself: 'cannot disable your own account',
  keepOwnStaff: 'cannot remove your own staff permission',
  lastStaffAccount: 'must leave at least one enabled account with the staff permission',
} as const

export const staffPermission = v.picklist(STAFF_PERMISSIONS, StaffMessage.permission)

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

/** Permissions as sent, each once, in the console's order (so a stored list compares as equal). */
const permissionList = v.pipe(
  v.array(staffPermission, StaffMessage.permissionList),
  v.transform((held): StaffPermission[] =>
    STAFF_PERMISSIONS.filter((permission) => held.includes(permission)),
  ),
)

/** POST /api/ops/staff. The password meets the shop's policy; the account must change it on first use. */
export const staffCreateBody = payloadObject({
  email: emailSchema,
  nickname: nicknameSchema,
  password: passwordSchema,
  permissions: permissionList,
})
export type StaffCreateBody = v.InferOutput<typeof staffCreateBody>

/** PUT /api/ops/staff/{id}: what to change; a field left out stays as it is. */
export const staffUpdateBody = payloadObject({
  permissions: v.optional(permissionList),
  disabled: v.optional(v.boolean(StaffMessage.boolean)),
})
export type StaffUpdateBody = v.InferOutput<typeof staffUpdateBody>

/** `{id}` of PUT /api/ops/staff/{id}. */
export const staffIdParams = v.object({ id: idValue })

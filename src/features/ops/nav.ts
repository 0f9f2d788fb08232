import { t } from '@lingui/core/macro'
import type { LinkProps } from '@tanstack/react-router'
import type { StaffPermission } from '../../domain/staff.ts'

export interface OpsNavEntry {
  key: string
  to: LinkProps['to'] & string
  /** A function, so the label is read in the language active when the menu renders. */
  label: () => string
  /** The console room's permission (backoffice §1): the menu shows only the rooms the account holds. */
  permission: StaffPermission
}

/**
 * The console's rooms, in menu order. Each flow issue adds its own here next to its route files.
 * The first one an account may use is where /ops opens.
 */
export const OPS_NAV: readonly OpsNavEntry[] = [
  { key: 'orders', to: '/ops/orders', label: () => t`订单`, permission: 'orders' },
  { key: 'arrivals', to: '/ops/arrivals', label: () => t`到仓登记`, permission: 'warehouse' },
  { key: 'packing', to: '/ops/packing', label: () => t`打包队列`, permission: 'warehouse' },
  { key: 'packages', to: '/ops/packages', label: () => t`包裹与发货`, permission: 'warehouse' },
  { key: 'extra-fees', to: '/ops/extra-fees', label: () => t`额外费用`, permission: 'payments' },
  { key: 'products', to: '/ops/products', label: () => t`商品`, permission: 'catalog' },
  { key: 'products-import', to: '/ops/products/import', label: () => t`批量导入`, permission: 'catalog' },
  { key: 'categories', to: '/ops/categories', label: () => t`分类`, permission: 'catalog' },
  { key: 'series', to: '/ops/series', label: () => t`系列`, permission: 'catalog' },
  { key: 'brands', to: '/ops/brands', label: () => t`品牌`, permission: 'catalog' },
  { key: 'content', to: '/ops/content', label: () => t`内容`, permission: 'content' },
  { key: 'customers', to: '/ops/customers', label: () => t`客户`, permission: 'customers' },
  { key: 'shipping-methods', to: '/ops/shipping-methods', label: () => t`运输方式`, permission: 'settings' },
  { key: 'settings', to: '/ops/settings', label: () => t`设置`, permission: 'settings' },
  { key: 'staff', to: '/ops/staff', label: () => t`员工`, permission: 'staff' },
  { key: 'audit', to: '/ops/audit', label: () => t`审计日志`, permission: 'audit' },
]

/** The rooms an account holding `permissions` may open, in menu order. */
export const roomsFor = (permissions: readonly string[]): OpsNavEntry[] =>
  OPS_NAV.filter((entry) => permissions.includes(entry.permission))

/** The room a console address belongs to: the entry whose address is its longest prefix. */
export function roomOf(pathname: string): OpsNavEntry | undefined {
  let found: OpsNavEntry | undefined
  for (const entry of OPS_NAV) {
    const inside = pathname === entry.to || pathname.startsWith(`${entry.to}/`)
    if (inside && (!found || entry.to.length > found.to.length)) found = entry
  }
  return found
}

import { t } from '@lingui/core/macro'
import type { LinkProps } from '@tanstack/react-router'

export interface OpsNavEntry {
  key: string
  to: LinkProps['to']
  /** A function, so the label is read in the language active when the menu renders. */
  label: () => string
}

/**
 * The console's sections, in menu order. Each flow issue adds its own here (arrivals, packing,
 * packages, fees, shipping) next to its route files.
 */
export const OPS_NAV: readonly OpsNavEntry[] = [
  { key: 'orders', to: '/ops/orders', label: () => t`订单` },
  { key: 'arrivals', to: '/ops/arrivals', label: () => t`到仓登记` },
  { key: 'packing', to: '/ops/packing', label: () => t`打包队列` },
  { key: 'packages', to: '/ops/packages', label: () => t`包裹与发货` },
  { key: 'extra-fees', to: '/ops/extra-fees', label: () => t`额外费用` },
  { key: 'shipping-methods', to: '/ops/shipping-methods', label: () => t`运输方式` },
  { key: 'settings', to: '/ops/settings', label: () => t`设置` },
]

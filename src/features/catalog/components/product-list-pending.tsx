import { useLingui } from '@lingui/react/macro'
import { CardGridSkeleton } from '../../../components/ui/card-grid-skeleton.tsx'

/** What a product list shows while its page loads (after the router's pending delay). */
export function ProductListPending() {
  const { t } = useLingui()
  return <CardGridSkeleton count={12} label={t`正在加载商品`} />
}

import { Plural } from '@lingui/react/macro'
import { mutedText } from '../../components/ops-table.ts'
import { useLoaded } from '../../use-loaded.ts'
import { getOpsProductAlerts } from '../api/get-product-alerts.ts'

/**
 * How many shoppers asked to be told when the product can be ordered: worth knowing before a restock
 * or a re-release (each of them gets a push and a mail the moment it opens). Says nothing while it
 * loads or when it cannot be read: the editor works without it.
 */
export function ProductAlertCount(props: { productId: number }) {
  const { loaded } = useLoaded(`ops-product-alerts-${props.productId}`, () =>
    getOpsProductAlerts(props.productId),
  )
  if (loaded.state !== 'ready') return null
  const waiting = loaded.data.subscribers
  return (
    <p className={mutedText} role="status">
      <Plural value={waiting} _0="没有顾客在等待到货提醒" other="# 位顾客在等待到货提醒" />
    </p>
  )
}

import { Trans } from '@lingui/react/macro'
import { useState } from 'react'
import { css } from '../../../../styled-system/css'
import { Button } from '../../../components/ui/button.tsx'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx'
import { ApiFailure } from '../../../lib/api-client.ts'
import { cancelOrder } from '../api/cancel-order.ts'

const errorText = css({ fontSize: 'sm', color: 'red.700' })

/**
 * Cancel order, asked first: the order goes to 1 cancel1 and its stock and points go back. One key per
 * confirmation, so a second press after a lost answer cancels nothing twice.
 */
export function CancelOrderAction(props: { orderId: number; disabled: boolean; onCancelled: () => void }) {
  const [asking, setAsking] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const confirm = async (key: string) => {
    setBusy(true)
    setFailure(null)
    try {
      await cancelOrder(props.orderId, key, { systemNotify: false })
      setAsking(null)
      props.onCancelled()
    } catch (error) {
      setFailure(error instanceof ApiFailure ? error.message : String(error))
    } finally {
      setBusy(false)
    }
  }
  return (
    <>
      <Button variant="ghost" disabled={props.disabled} onClick={() => setAsking(crypto.randomUUID())}>
        <Trans>取消订单</Trans>
      </Button>
      {asking ? (
        <ConfirmDialog
          title={<Trans>取消这个订单？</Trans>}
          confirmLabel={<Trans>确认取消</Trans>}
          busy={busy}
          onCancel={() => {
            setAsking(null)
            setFailure(null)
          }}
          onConfirm={() => void confirm(asking)}
        >
          <p>
            <Trans>取消后订单无法恢复，预留的库存和积分将退回。</Trans>
          </p>
          {failure ? (
            <p className={errorText} role="alert">
              <Trans>未能取消订单：{failure}</Trans>
            </p>
          ) : null}
        </ConfirmDialog>
      ) : null}
    </>
  )
}

import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { css } from '../../../../styled-system/css'
import { Button } from '../../../components/ui/button.tsx'

const actions = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '3' })
const payButton = css({ px: '8', py: '3', fontSize: 'md' })
const reason = css({ fontSize: 'sm', color: 'text.muted' })

/**
 * A pay panel's Pay button (saying so while the gateway's page opens) and, beside it, why it cannot
 * be pressed now; `children` are the panel's other actions.
 */
export function PayActions(props: {
  label: ReactNode
  paying: boolean
  disabled: boolean
  /** Why Pay cannot be pressed, said beside it (and read with it); null for nothing to say. */
  blockedBy: ReactNode
  reasonId: string
  onPay: () => void
  children?: ReactNode
}) {
  const { blockedBy, reasonId } = props
  return (
    <div className={actions}>
      <Button
        className={payButton}
        disabled={props.disabled}
        aria-describedby={blockedBy ? reasonId : undefined}
        onClick={props.onPay}
      >
        {props.paying ? <Trans>正在前往支付页面…</Trans> : props.label}
      </Button>
      {blockedBy ? (
        <span id={reasonId} className={reason}>
          {blockedBy}
        </span>
      ) : null}
      {props.children}
    </div>
  )
}

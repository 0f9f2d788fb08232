import { Trans } from '@lingui/react/macro'
import { cx } from '../../../../styled-system/css'
import { payMutedText, payPanel, payPanelLoading } from './pay-panel-look.ts'

/**
 * Where a pay panel (the order's first payment, its balance) will be while its code loads: the room
 * it will take and what is happening. The panel brings its heading with it.
 */
export function PayPanelLoading() {
  return (
    <div className={cx(payPanel, payPanelLoading)} aria-busy="true">
      <p className={payMutedText} role="status">
        <Trans>正在读取付款信息…</Trans>
      </p>
    </div>
  )
}

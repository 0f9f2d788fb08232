import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { css } from '../../../../styled-system/css'
import { Notice } from '../../../components/ui/notice.tsx'

const link = css({
  color: 'primary',
  textDecoration: 'underline',
  whiteSpace: 'nowrap',
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '2px' },
})

/** An order that does not exist, or is not the shopper's (the server answers both with 404). */
export function OrderNotFound() {
  return (
    <Notice
      tone="info"
      title={<Trans>找不到这个订单</Trans>}
      action={
        <Link className={link} to="/order-list/list">
          <Trans>查看我的订单</Trans>
        </Link>
      }
    >
      <Trans>订单号可能有误，或该订单不属于当前账号。</Trans>
    </Notice>
  )
}

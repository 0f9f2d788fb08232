import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useId } from 'react'
import { css } from '../../../../styled-system/css'
import { tooltipPanel, useHoverTooltip } from '../../../components/ui/hover-tooltip.ts'
import { useLanguage } from '../../../lib/use-language.ts'
import { useSession } from '../../account/session/use-session.tsx'

const line = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1',
  fontSize: 'sm',
  color: 'text.muted',
})
const wrapper = css({ position: 'relative', display: 'inline-flex' })
const trigger = css({
  color: 'primary',
  textDecoration: 'underline',
  textDecorationStyle: 'dotted',
  textUnderlineOffset: '3px',
  cursor: 'help',
  borderRadius: 'sm',
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '2px' },
})
const loginLink = css({
  color: 'primary',
  textDecoration: 'underline',
  borderRadius: 'sm',
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '2px' },
})
const tooltip = css(tooltipPanel, { left: '0' })

/** '1 日元 = {rate} 人民币' on hover or focus, lingering a moment so the pointer can reach it. */
function RateTooltip({ rate }: { rate: number | null | undefined }) {
  const tooltipId = useId()
  const { open, show, hideSoon, hideNow } = useHoverTooltip()
  const rateText = rate === null || rate === undefined ? undefined : String(rate)

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover keeps the tooltip open while the pointer is on it; the button carries focus and keys
    <span className={wrapper} onMouseEnter={show} onMouseLeave={hideSoon}>
      <button
        type="button"
        className={trigger}
        aria-describedby={tooltipId}
        onFocus={show}
        onBlur={hideSoon}
        onClick={show}
        onKeyDown={(event) => {
          if (event.key === 'Escape') hideNow()
        }}
      >
        <Trans>查看当前汇率</Trans>
      </button>
      <span role="tooltip" id={tooltipId} className={tooltip} hidden={!open}>
        {rateText === undefined ? <Trans>商店暂未设置汇率</Trans> : <Trans>1 日元 = {rateText} 人民币</Trans>}
      </span>
    </span>
  )
}

/**
 * The exchange-rate hint, Chinese only (spec §2 'Home'): signed in, a hover hint with the rate of the
 * shopper's charge settings; signed out, a link to log in and come back home.
 */
export function RateHint() {
  const language = useLanguage()
  const { claims, startup } = useSession()
  if (language !== 'zhCn') return null
  return (
    <p className={line}>
      <Trans>人民币汇率：</Trans>
      {claims ? (
        <RateTooltip rate={startup.charge?.rate} />
      ) : (
        <Link to="/login" search={{ redirectUrl: '/' }} className={loginLink}>
          <Trans>登陆后查看</Trans>
        </Link>
      )}
    </p>
  )
}

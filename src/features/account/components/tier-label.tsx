import { Trans } from '@lingui/react/macro'
import { useRouter } from '@tanstack/react-router'
import { type PointerEvent, useEffect, useId, useRef } from 'react'
import { css } from '../../../../styled-system/css'
import { tooltipPanel, useHoverTooltip } from '../../../components/ui/hover-tooltip.ts'
import { formatYen } from '../../../domain/price-display.ts'
import type { PayInfo } from '../../../domain/session.ts'
import {
  ratePercentText,
  type TierLabel as TierLabelValue,
  tierLabel,
  tierName,
} from '../../../domain/tiers.ts'
import { useLanguage } from '../../../lib/use-language.ts'
import { useSession } from '../session/use-session.tsx'

/** The article that explains the membership tiers (spec §2: article 180 with type 2). */
export const TIER_RULES_HREF = '/article/180?type=2'
/** Spec §9: how long a press on the tier label must last to open the rules article. */
export const LONG_PRESS_MS = 500

export interface MemberTier {
  label: TierLabelValue
  /** 'SVIP' or 'VIP n'. */
  name: string
  payInfo: PayInfo
}

/**
 * The signed-in member's tier (spec §4 'Tier label'): undefined for other roles, before the pay info
 * has loaded, or when no level matches the member's points rate.
 */
export function useMemberTier(): MemberTier | undefined {
  const { claims, startup } = useSession()
  const payInfo = startup.payInfo
  if (!claims || !payInfo) return undefined
  // the pay info is read fresh at startup; the token's role may predate an operator's change
  const role = payInfo.role ?? claims.role
  if (role === null) return undefined
  const label = tierLabel({
    role,
    scoreSwitch: payInfo.scoreSwitch,
    vipList: startup.vipList,
    scoreRate: payInfo.scoreRate,
    scoreTime: payInfo.scoreTime,
  })
  const name = tierName(label)
  return name === undefined ? undefined : { label, name, payInfo }
}

const wrapper = css({ position: 'relative', display: 'inline-flex' })
const chip = css({
  display: 'inline-flex',
  alignItems: 'center',
  px: '2',
  py: '0.5',
  borderRadius: 'full',
  bg: 'secondary',
  color: 'white',
  fontSize: 'xs',
  fontWeight: 'bold',
  cursor: 'help',
  // a long press must not select the text or open the touch callout instead
  userSelect: 'none',
  WebkitUserSelect: 'none',
  WebkitTouchCallout: 'none',
  touchAction: 'manipulation',
  _focusVisible: { outline: '2px solid', outlineColor: 'primary', outlineOffset: '2px' },
})
const tooltip = css(tooltipPanel, { right: '0', display: 'flex', flexDirection: 'column', gap: '1' })

function Expiry({ label }: { label: TierLabelValue }) {
  if (label.kind === 'svip')
    return (
      <span>
        <Trans>有效期：长期有效</Trans>
      </span>
    )
  if (label.kind === 'vip' && label.expires)
    return (
      <span>
        <Trans>有效期至：{label.expires}</Trans>
      </span>
    )
  return null
}

/**
 * The member's tier as a chip with a tooltip: this month's spending, the points rate and the expiry.
 * Hover or focus shows the tooltip; a press of LONG_PRESS_MS (the touch gesture of the mobile header)
 * opens the rules article, and a shorter tap shows the tooltip.
 */
export function TierLabel() {
  const tier = useMemberTier()
  const language = useLanguage()
  const router = useRouter()
  const tooltipId = useId()
  const { open, show, hideSoon, hideNow } = useHoverTooltip()
  const pressTimer = useRef<ReturnType<typeof setTimeout>>(undefined)
  // set when a press ran long, so the click that may follow it does not also show the tooltip
  const longPressed = useRef(false)

  useEffect(() => () => clearTimeout(pressTimer.current), [])

  if (!tier) return null

  const cancelPress = () => clearTimeout(pressTimer.current)
  const startPress = (event: PointerEvent<HTMLButtonElement>) => {
    if (event.button !== 0) return
    longPressed.current = false
    cancelPress()
    pressTimer.current = setTimeout(() => {
      longPressed.current = true
      hideNow()
      router.history.push(TIER_RULES_HREF)
    }, LONG_PRESS_MS)
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover keeps the tooltip open while the pointer is on it; the button carries focus and keys
    <span className={wrapper} onMouseEnter={show} onMouseLeave={hideSoon}>
      <button
        type="button"
        className={chip}
        aria-describedby={tooltipId}
        onFocus={show}
        onBlur={hideSoon}
        onKeyDown={(event) => {
          if (event.key === 'Escape') hideNow()
        }}
        onClick={() => {
          if (longPressed.current) longPressed.current = false
          else show()
        }}
        onPointerDown={startPress}
        onPointerUp={cancelPress}
        onPointerLeave={cancelPress}
        onPointerCancel={cancelPress}
        // a touch held this long would open the browser's context menu over the article
        onContextMenu={(event) => event.preventDefault()}
      >
        {tier.name}
      </button>
      <span role="tooltip" id={tooltipId} className={tooltip} hidden={!open}>
        <span>
          <Trans>本月消费：{formatYen(tier.payInfo.monthlyExpenditure, language)}</Trans>
        </span>
        <span>
          <Trans>积分比例：{ratePercentText(tier.payInfo.scoreRate)}</Trans>
        </span>
        <Expiry label={tier.label} />
      </span>
    </span>
  )
}

import { Trans, useLingui } from '@lingui/react/macro'
import {
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react'
import { css, cx } from '../../../../styled-system/css'
import { HrefLink } from '../../../components/ui/href-link.tsx'
import { badgeText, headerBadgeCounts, headerBadgeTotal } from '../../../domain/badges.ts'
import { useSession } from '../session/use-session.tsx'
import { TIER_RULES_HREF, useMemberTier } from './tier-label.tsx'

const points = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })

/** A points balance as the menus show it: `2,500`. */
export function pointsText(score: number): string {
  return points.format(score)
}

const wrapper = css({ position: 'relative' })
const trigger = css({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  gap: '2',
  px: '1',
  py: '1',
  borderRadius: 'full',
  cursor: 'pointer',
  _hover: { bg: 'surface.muted' },
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '2px' },
})
const avatar = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '8',
  height: '8',
  borderRadius: 'full',
  overflow: 'hidden',
  bg: 'primary',
  color: 'white',
  fontWeight: 'bold',
  flexShrink: 0,
})
const largeAvatar = css({ width: '12', height: '12', fontSize: 'xl' })
const avatarImage = css({ width: 'full', height: 'full', objectFit: 'cover' })
// kept visible on small screens too: it names the button
const nicknameText = css({ fontSize: 'sm', maxWidth: '32', truncate: true })
const countBadge = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minWidth: '5',
  height: '5',
  px: '1',
  borderRadius: 'full',
  bg: 'red.600',
  color: 'white',
  fontSize: '2xs',
  fontWeight: 'bold',
  lineHeight: '1',
})
const cornerBadge = css({ position: 'absolute', top: '-1', left: '6' })
const popup = css({
  position: 'absolute',
  top: 'calc(100% + 6px)',
  right: '0',
  zIndex: 2000,
  minWidth: '56',
  bg: 'surface',
  color: 'text',
  border: '1px solid',
  borderColor: 'border',
  borderRadius: 'md',
  boxShadow: 'lg',
  py: '2',
})
const heading = css({ px: '4', pb: '2', fontWeight: 'semibold', truncate: true })
const menuItem = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '3',
  width: 'full',
  px: '4',
  py: '1.5',
  fontSize: 'sm',
  textAlign: 'start',
  cursor: 'pointer',
  _hover: { bg: 'surface.muted', color: 'primary' },
  _focus: { bg: 'surface.muted', color: 'primary', outline: 'none' },
})
const tierChip = css({
  px: '2',
  borderRadius: 'full',
  bg: 'secondary',
  color: 'white',
  fontSize: 'xs',
  fontWeight: 'bold',
})
const separator = css({ my: '1', border: 'none', borderTop: '1px solid', borderColor: 'border' })
const srOnly = css({ srOnly: true })

/**
 * A count badge: nothing for 0, '99+' above 99 (spec §9). `describe` words the count for a screen
 * reader, since the number alone says nothing of what is counted.
 */
export function CountBadge(props: { count: number; describe: (text: string) => string; className?: string }) {
  const text = badgeText(props.count)
  if (text === undefined) return null
  return (
    <>
      <span aria-hidden="true" className={cx(countBadge, props.className)}>
        {text}
      </span>
      <span className={srOnly}>{props.describe(text)}</span>
    </>
  )
}

/** The user's picture, or the first letter of the nickname on a coloured disc. */
export function Avatar(props: { src: string | null; nickname: string; size?: 'md' | 'lg' }) {
  return (
    <span className={cx(avatar, props.size === 'lg' && largeAvatar)} aria-hidden="true">
      {props.src ? (
        <img className={avatarImage} src={props.src} alt="" />
      ) : (
        (Array.from(props.nickname.trim())[0]?.toUpperCase() ?? '?')
      )}
    </span>
  )
}

export interface AccountEntry {
  key: string
  href: string
  label: ReactNode
  badge?: number
  /** What the badge counts, for screen readers; 'pending' by default. */
  describeBadge?: (text: string) => string
}

/**
 * The signed-in shopper's account links (spec §2 'Header (desktop)', avatar menu): the tier chip
 * (members), points, user info, orders, packaging, packages, shipping, addresses, extra payments,
 * history and password, with their badges. The phone's menu drawer adds the cart and favourites
 * (spec §2 'Header (mobile)'). Empty when signed out.
 */
export function useAccountEntries(options: { withCartAndCollect?: boolean } = {}): AccountEntry[] {
  const { claims, startup } = useSession()
  const { t } = useLingui()
  const tier = useMemberTier()
  if (!claims) return []
  const counts = headerBadgeCounts(startup)
  const score = startup.payInfo?.score ?? claims.score
  return [
    // the operator's way into the console (flows §7); a customer never sees it
    ...(claims.kind === 'operator' ? [{ key: 'ops', href: '/ops', label: <Trans>运营后台</Trans> }] : []),
    ...(tier
      ? [{ key: 'tier', href: TIER_RULES_HREF, label: <span className={tierChip}>{tier.name}</span> }]
      : []),
    {
      key: 'score',
      href: '/score',
      label: <Trans>积分：{pointsText(score)}</Trans>,
    },
    { key: 'userinfo', href: '/userinfo', label: <Trans>个人信息</Trans> },
    {
      key: 'orders',
      href: '/order-list/list',
      label: <Trans>我的订单</Trans>,
      badge: counts.finalBadgeCount,
      describeBadge: (text: string) => t`（${text} 笔尾款待付）`,
    },
    { key: 'packaging', href: '/packaging', label: <Trans>申请打包</Trans>, badge: counts.applyBadgeCount },
    { key: 'packages', href: '/apply-packaging', label: <Trans>打包记录</Trans> },
    { key: 'shipping', href: '/package', label: <Trans>包裹发货</Trans>, badge: counts.expressBadgeCount },
    { key: 'addresses', href: '/address-manage', label: <Trans>收货地址</Trans> },
    { key: 'extra', href: '/extra', label: <Trans>额外费用</Trans>, badge: counts.extraPayCount },
    { key: 'history', href: '/product-history/list', label: <Trans>浏览记录</Trans> },
    { key: 'password', href: '/change-password', label: <Trans>修改密码</Trans> },
    ...(options.withCartAndCollect
      ? [
          {
            key: 'cart',
            href: '/cart',
            label: <Trans>购物车</Trans>,
            badge: startup.cartNumber,
            describeBadge: (text: string) => t`（${text} 件商品）`,
          },
          { key: 'collect', href: '/collect/list', label: <Trans>收藏</Trans> },
        ]
      : []),
  ]
}

/** Words a pending-count badge for screen readers. */
export function usePendingText(): (text: string) => string {
  const { t } = useLingui()
  return (text: string) => t`（${text} 项待处理）`
}

/**
 * The signed-in user's menu (spec §2 'Header (desktop)'): a menu button with the avatar, the nickname
 * and the header's total badge, opening the account links and logout. Keyboard as the WAI-ARIA menu
 * button: Enter, Space or ArrowDown open on the first item (ArrowUp on the last), arrows and Home/End
 * move, Escape closes back to the button, Tab and a click outside close.
 */
export function AvatarMenu() {
  const { claims, startup, logOut } = useSession()
  const entries = useAccountEntries()
  const pending = usePendingText()
  const menuId = useId()
  const headingId = useId()
  const rootRef = useRef<HTMLDivElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const itemRefs = useRef<(HTMLElement | null)[]>([])
  // the item to focus, or null when the menu is closed
  const [active, setActive] = useState<number | null>(null)
  const open = active !== null

  const close = useCallback((returnFocus: boolean) => {
    setActive(null)
    if (returnFocus) buttonRef.current?.focus()
  }, [])

  useLayoutEffect(() => {
    if (active !== null) itemRefs.current[active]?.focus()
  }, [active])

  useEffect(() => {
    if (!open) return
    const closeOnOutside = (event: Event) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) close(false)
    }
    document.addEventListener('pointerdown', closeOnOutside)
    return () => document.removeEventListener('pointerdown', closeOnOutside)
  }, [open, close])

  if (!claims) return null

  const itemCount = entries.length + 1 // the entries and logout

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'Enter' || event.key === ' ' || event.key === 'ArrowDown') {
      event.preventDefault() // no click after the key: it would toggle the menu shut again
      setActive(0)
    } else if (event.key === 'ArrowUp') {
      event.preventDefault()
      setActive(itemCount - 1)
    }
  }

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = active ?? 0
    const moves: Record<string, number> = {
      ArrowDown: (current + 1) % itemCount,
      ArrowUp: (current - 1 + itemCount) % itemCount,
      Home: 0,
      End: itemCount - 1,
    }
    const next = moves[event.key]
    if (next !== undefined) {
      event.preventDefault()
      setActive(next)
    } else if (event.key === 'Escape') {
      event.preventDefault()
      close(true)
    } else if (event.key === 'Tab') {
      close(false)
    }
  }

  const itemProps = (index: number) => ({
    role: 'menuitem',
    tabIndex: -1,
    className: menuItem,
    ref: (element: HTMLElement | null) => {
      itemRefs.current[index] = element
    },
    onMouseEnter: () => setActive(index),
  })

  const total = headerBadgeTotal(headerBadgeCounts(startup))
  return (
    <div ref={rootRef} className={wrapper}>
      <button
        ref={buttonRef}
        type="button"
        className={trigger}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : setActive(0))}
        onKeyDown={onButtonKeyDown}
      >
        <Avatar src={claims.avatar} nickname={claims.nickname} />
        <span className={nicknameText}>{claims.nickname}</span>
        <CountBadge count={total} describe={pending} className={cornerBadge} />
      </button>
      {open ? (
        <div className={popup}>
          <p id={headingId} className={heading}>
            {claims.nickname}
          </p>
          <div id={menuId} role="menu" aria-labelledby={headingId} onKeyDown={onMenuKeyDown}>
            {entries.map((entry, index) => (
              <HrefLink key={entry.key} href={entry.href} {...itemProps(index)} onClick={() => close(false)}>
                <span>{entry.label}</span>
                {entry.badge === undefined ? null : (
                  <CountBadge count={entry.badge} describe={entry.describeBadge ?? pending} />
                )}
              </HrefLink>
            ))}
            <hr className={separator} />
            <button
              type="button"
              {...itemProps(entries.length)}
              onClick={() => {
                close(false)
                logOut()
              }}
            >
              <Trans>退出登录</Trans>
            </button>
          </div>
        </div>
      ) : null}
    </div>
  )
}

import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { css, cx } from '../../../../styled-system/css'
import { HrefLink } from '../../../components/ui/href-link.tsx'
import type { CategoryNode } from '../../../domain/catalog.ts'
import type { Language } from '../../../domain/language.ts'
import { AvatarMenu, CountBadge } from '../../account/components/avatar-menu.tsx'
import { TierLabel } from '../../account/components/tier-label.tsx'
import { useSession } from '../../account/session/use-session.tsx'
import { CategoryNav } from '../../catalog/components/category-nav.tsx'
import { LanguageSwitch } from './language-switch.tsx'

const top = css({ bg: 'surface', borderBottom: '1px solid', borderColor: 'border' })
const row = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '4',
  maxWidth: '7xl',
  mx: 'auto',
  px: { base: '3', md: '4' },
  height: '60px',
})
const logo = css({ display: 'flex', alignItems: 'baseline', gap: '2', color: 'primary', fontWeight: 'bold' })
const logoMark = css({ fontSize: { base: 'xl', md: '2xl' }, letterSpacing: 'tight', whiteSpace: 'nowrap' })
const tagline = css({ fontSize: 'sm', color: 'text.muted', hideBelow: 'md' })
const actions = css({ display: 'flex', alignItems: 'center', gap: { base: '2', md: '3' } })
const headerLink = css({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1',
  px: '3',
  py: '1.5',
  borderRadius: 'sm',
  fontSize: 'sm',
  fontWeight: 'medium',
  whiteSpace: 'nowrap',
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '2px' },
})
const outlined = css({
  border: '1px solid',
  borderColor: 'primary',
  color: 'primary',
  _hover: { bg: 'surface.muted' },
})
const filled = css({ bg: 'primary', color: 'white', _hover: { bg: 'primary.hover' } })
const quiet = css({ color: 'text', _hover: { color: 'primary', bg: 'surface.muted' } })
// On a phone the avatar menu carries favourites and the cart.
const widescreenOnly = css({ hideBelow: 'md' })
const cartBadge = css({ position: 'absolute', top: '-1', right: '-1' })

// /login, /signup, /collect and /cart are plain links until their routes exist for the typed Link.
function SignedOutActions() {
  return (
    <>
      <HrefLink href="/login" className={cx(headerLink, outlined)}>
        <Trans>登录</Trans>
      </HrefLink>
      <HrefLink href="/signup" className={cx(headerLink, filled)}>
        <Trans>注册</Trans>
      </HrefLink>
    </>
  )
}

function SignedInActions(props: { cartCount: number }) {
  const { t } = useLingui()
  return (
    <>
      <TierLabel />
      <HrefLink href="/collect" className={cx(headerLink, quiet, widescreenOnly)}>
        <Trans>收藏</Trans>
      </HrefLink>
      <HrefLink href="/cart" className={cx(headerLink, quiet, widescreenOnly)}>
        <Trans>购物车</Trans>
        <CountBadge
          count={props.cartCount}
          describe={(text) => t`（${text} 件商品）`}
          className={cartBadge}
        />
      </HrefLink>
      <AvatarMenu />
    </>
  )
}

export function AppHeader(props: {
  language: Language
  onLanguageChange: (language: Language) => void
  categories: CategoryNode[]
}) {
  const { claims, startup } = useSession()
  return (
    <header>
      <div className={top}>
        <div className={row}>
          <Link to="/" className={logo}>
            <span className={logoMark}>Yoyaku 予約</span>
            <span className={tagline}>
              <Trans>日本动漫周边预订</Trans>
            </span>
          </Link>
          <div className={actions}>
            <LanguageSwitch value={props.language} onChange={props.onLanguageChange} />
            {claims ? <SignedInActions cartCount={startup.cartNumber} /> : <SignedOutActions />}
          </div>
        </div>
      </div>
      <CategoryNav tree={props.categories} language={props.language} />
    </header>
  )
}

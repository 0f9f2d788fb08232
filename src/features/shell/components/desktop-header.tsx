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
import type { HeaderSearch } from '../hooks/use-header-search.ts'
import { HeaderSearchBar } from './header-search-bar.tsx'
import { CartIcon, HeartIcon } from './icons.tsx'
import { LanguageSwitch } from './language-switch.tsx'
import { Logo } from './logo.tsx'

const top = css({ bg: 'surface', borderBottom: '1px solid', borderColor: 'border' })
const row = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '4',
  maxWidth: '7xl',
  mx: 'auto',
  px: '4',
  minHeight: '60px',
  py: '2',
})
const actions = css({ display: 'flex', alignItems: 'center', gap: '3', flexShrink: 0 })
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
const cartBadge = css({ position: 'absolute', top: '-1', right: '-1' })

// /signup, /collect and /cart go through HrefLink until their routes exist for the typed Link.
function SignedOutActions() {
  return (
    <>
      <Link to="/login" className={cx(headerLink, outlined)}>
        <Trans>登录</Trans>
      </Link>
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
      <HrefLink href="/collect" className={cx(headerLink, quiet)}>
        <HeartIcon />
        <Trans>收藏</Trans>
      </HrefLink>
      <HrefLink href="/cart" className={cx(headerLink, quiet)}>
        <CartIcon />
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

/**
 * The desktop header (spec §2 'Header (desktop)'): logo, search with category and type, language,
 * Login and Register or the shopper's favourites, cart and menu; under it the category bar.
 */
export function DesktopHeader(props: {
  language: Language
  onLanguageChange: (language: Language) => void
  categories: CategoryNode[]
  search: HeaderSearch
}) {
  const { claims, startup } = useSession()
  return (
    <header>
      <div className={top}>
        <div className={row}>
          <Logo />
          <HeaderSearchBar tree={props.categories} language={props.language} search={props.search} />
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

import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { css, cx } from '../../../../styled-system/css'
import { HrefLink } from '../../../components/ui/href-link.tsx'
import type { CategoryNode } from '../../../domain/catalog.ts'
import type { Language } from '../../../domain/language.ts'
import { useSession } from '../../account/session/use-session.tsx'
import { CategoryNav } from '../../catalog/components/category-nav.tsx'
import type { HeaderSearch } from '../hooks/use-header-search.ts'
import { InstallAppButton } from '../install/install-app-button.tsx'
import { filled, headerLink, outlined } from './header-link-styles.ts'
import { HeaderSearchBar } from './header-search-bar.tsx'
import { LanguageSwitch } from './language-switch.tsx'
import { Logo } from './logo.tsx'

const top = css({ bg: 'surface', borderBottom: '1px solid', borderColor: 'border' })
// From 1280 px one row: logo, search, links. Below it (down to the phone header at 1024 px) the
// search takes a row of its own under the logo and the links, so it never shrinks to nothing.
const row = css({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr) auto',
  gridTemplateAreas: { base: '"logo . actions" "search search search"', xl: '"logo search actions"' },
  alignItems: 'center',
  columnGap: '4',
  rowGap: '2',
  maxWidth: '7xl',
  mx: 'auto',
  px: '4',
  minHeight: '60px',
  py: '2',
})
const logoArea = css({ gridArea: 'logo', display: 'flex' })
const searchArea = css({ gridArea: 'search', display: 'flex', justifyContent: 'center', minWidth: '0' })
const actions = css({ gridArea: 'actions', display: 'flex', alignItems: 'center', gap: '3' })
// A visitor's header never loads the member's menu, tier and badges.
const SignedInActions = lazy(() =>
  import('./desktop-member-actions.tsx').then((module) => ({ default: module.DesktopMemberActions })),
)

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
          <div className={logoArea}>
            <Logo />
          </div>
          <div className={searchArea}>
            <HeaderSearchBar tree={props.categories} language={props.language} search={props.search} />
          </div>
          <div className={actions}>
            <InstallAppButton />
            <LanguageSwitch value={props.language} onChange={props.onLanguageChange} />
            {claims ? (
              <Suspense>
                <SignedInActions cartCount={startup.cartNumber} />
              </Suspense>
            ) : (
              <SignedOutActions />
            )}
          </div>
        </div>
      </div>
      <CategoryNav tree={props.categories} language={props.language} />
    </header>
  )
}

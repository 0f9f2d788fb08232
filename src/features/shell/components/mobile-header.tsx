import { useLingui } from '@lingui/react/macro'
import { useRouterState } from '@tanstack/react-router'
import { lazy, Suspense, useState } from 'react'
import { css } from '../../../../styled-system/css'
import { badgeText, headerBadgeCounts, headerBadgeTotal } from '../../../domain/badges.ts'
import type { CategoryNode } from '../../../domain/catalog.ts'
import type { Language } from '../../../domain/language.ts'
import { useSession } from '../../account/session/use-session.tsx'
import type { HeaderSearch } from '../hooks/use-header-search.ts'
import { InstallAppButton } from '../install/install-app-button.tsx'
import { MagnifierIcon, MenuIcon } from './icons.tsx'
import { Logo } from './logo.tsx'

// spec §9: the mobile header is 60 px high
const bar = css({
  position: 'sticky',
  top: '0',
  zIndex: 100,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '2',
  height: '60px',
  px: '2',
  bg: 'surface',
  borderBottom: '1px solid',
  borderColor: 'border',
})
const trailing = css({ display: 'flex', alignItems: 'center' })
const iconButton = css({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '11',
  height: '11',
  borderRadius: 'sm',
  color: 'primary',
  cursor: 'pointer',
  _hover: { bg: 'surface.muted' },
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '2px' },
})
const dot = css({
  position: 'absolute',
  top: '1.5',
  right: '1.5',
  minWidth: '4',
  height: '4',
  px: '1',
  borderRadius: 'full',
  bg: 'red.600',
  color: 'white',
  fontSize: '2xs',
  fontWeight: 'bold',
  lineHeight: '4',
  textAlign: 'center',
})

// The drawers load on first opening: a phone's first page needs only the bar.
const MenuDrawer = lazy(() => import('./menu-drawer.tsx').then((module) => ({ default: module.MenuDrawer })))
const SearchDrawer = lazy(() =>
  import('./search-drawer.tsx').then((module) => ({ default: module.SearchDrawer })),
)

type OpenDrawer = 'menu' | 'search' | null

/**
 * The phone header (spec §2 'Header (mobile)'): a menu button opening the menu drawer, the logo and a
 * search button opening the search drawer. Any navigation closes an open drawer.
 */
export function MobileHeader(props: {
  language: Language
  onLanguageChange: (language: Language) => void
  categories: CategoryNode[]
  search: HeaderSearch
}) {
  const { t } = useLingui()
  const { claims, startup } = useSession()
  const [open, setOpen] = useState<OpenDrawer>(null)
  const href = useRouterState({ select: (state) => state.location.href })
  const [openedAt, setOpenedAt] = useState(href)
  // a link, the tier label's long press or a search took the shopper elsewhere: the drawer has done its job
  if (openedAt !== href) {
    setOpenedAt(href)
    if (open !== null) setOpen(null)
  }
  const close = () => setOpen(null)
  // the header's total badge (spec §2): balances, packaging, shipping and extra fees waiting
  const pending = claims ? headerBadgeTotal(headerBadgeCounts(startup)) : 0
  const pendingText = badgeText(pending)

  return (
    <header>
      <div className={bar}>
        <button
          type="button"
          className={iconButton}
          aria-haspopup="dialog"
          aria-expanded={open === 'menu'}
          aria-label={pendingText ? t`菜单（${pendingText} 项待处理）` : t`菜单`}
          onClick={() => setOpen('menu')}
        >
          <MenuIcon />
          {pendingText ? (
            <span className={dot} aria-hidden="true">
              {pendingText}
            </span>
          ) : null}
        </button>
        <Logo />
        <span className={trailing}>
          <InstallAppButton />
          <button
            type="button"
            className={iconButton}
            aria-haspopup="dialog"
            aria-expanded={open === 'search'}
            aria-label={t`搜索`}
            onClick={() => setOpen('search')}
          >
            <MagnifierIcon />
          </button>
        </span>
      </div>
      <Suspense>
        {open === 'menu' ? (
          <MenuDrawer
            tree={props.categories}
            language={props.language}
            onLanguageChange={props.onLanguageChange}
            onClose={close}
          />
        ) : null}
        {open === 'search' ? (
          <SearchDrawer
            tree={props.categories}
            language={props.language}
            search={props.search}
            onClose={close}
          />
        ) : null}
      </Suspense>
    </header>
  )
}

import { lazy, Suspense } from 'react'
import type { CategoryNode } from '../../../domain/catalog.ts'
import type { Language } from '../../../domain/language.ts'
import { PHONE_LAYOUT, useMediaQuery } from '../../../lib/use-media-query.ts'
import { useHeaderSearch } from '../hooks/use-header-search.ts'
import { HeaderPlaceholder } from './header-placeholder.tsx'

const loadMobileHeader = () => import('./mobile-header.tsx')
const loadDesktopHeader = () => import('./desktop-header.tsx')

// A phone never downloads the desktop header and a desktop never the phone one. The one this screen
// needs starts loading as soon as this module runs, alongside the rest of the first load.
if (typeof matchMedia === 'function') {
  void (matchMedia(PHONE_LAYOUT).matches ? loadMobileHeader() : loadDesktopHeader()).catch(() => {})
}
const MobileHeader = lazy(() => loadMobileHeader().then((module) => ({ default: module.MobileHeader })))
const DesktopHeader = lazy(() => loadDesktopHeader().then((module) => ({ default: module.DesktopHeader })))

/**
 * The site header: the desktop one, or on a phone the folded one with its menu and search drawers.
 * Both search with the same category and type, which a language switch resets to the first type.
 */
export function AppHeader(props: {
  language: Language
  onLanguageChange: (language: Language) => void
  categories: CategoryNode[]
}) {
  const phoneLayout = useMediaQuery(PHONE_LAYOUT)
  const search = useHeaderSearch(props.language)
  return (
    <Suspense fallback={<HeaderPlaceholder />}>
      {phoneLayout ? (
        <MobileHeader {...props} search={search} />
      ) : (
        <DesktopHeader {...props} search={search} />
      )}
    </Suspense>
  )
}

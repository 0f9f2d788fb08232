import type { CategoryNode } from '../../../domain/catalog.ts'
import type { Language } from '../../../domain/language.ts'
import { PHONE_LAYOUT, useMediaQuery } from '../../../lib/use-media-query.ts'
import { useHeaderSearch } from '../hooks/use-header-search.ts'
import { DesktopHeader } from './desktop-header.tsx'
import { MobileHeader } from './mobile-header.tsx'

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
  return phoneLayout ? (
    <MobileHeader {...props} search={search} />
  ) : (
    <DesktopHeader {...props} search={search} />
  )
}

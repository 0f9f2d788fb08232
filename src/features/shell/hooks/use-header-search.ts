import { useState } from 'react'
import type { Language } from '../../../domain/language.ts'
import { hasTypeFilter } from '../components/product-type-select.tsx'

/**
 * The category and product type the header searches with, shared by the desktop bar and the phone's
 * search drawer. A language switch rebuilds the type choices and selects the first, 'default' (spec §2).
 */
export function useHeaderSearch(language: Language) {
  const [state, setState] = useState({ language, category: 0, type: 0 })
  // adjusted while rendering, so no frame shows a type the new language does not offer
  if (state.language !== language) setState({ ...state, language, type: 0 })
  const type = state.language === language && hasTypeFilter(language) ? state.type : 0
  return {
    category: state.category,
    type,
    setCategory: (category: number) => setState((current) => ({ ...current, category })),
    setType: (next: number) => setState((current) => ({ ...current, type: next })),
  }
}

export type HeaderSearch = ReturnType<typeof useHeaderSearch>

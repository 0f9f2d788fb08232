import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { css } from '../../../../styled-system/css'
import type { CategoryNode } from '../../../domain/catalog.ts'
import type { Language } from '../../../domain/language.ts'
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
const logoMark = css({ fontSize: '2xl', letterSpacing: 'tight' })
const tagline = css({ fontSize: 'sm', color: 'text.muted', hideBelow: 'md' })

export function AppHeader(props: {
  language: Language
  onLanguageChange: (language: Language) => void
  categories: CategoryNode[]
}) {
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
          <LanguageSwitch value={props.language} onChange={props.onLanguageChange} />
        </div>
      </div>
      <CategoryNav tree={props.categories} language={props.language} />
    </header>
  )
}

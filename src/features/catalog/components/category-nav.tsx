import { Trans, useLingui } from '@lingui/react/macro'
import { type KeyboardEvent, useState } from 'react'
import { css } from '../../../../styled-system/css'
import { HrefLink } from '../../../components/ui/href-link.tsx'
import { type CategoryNode, categoryNameIn } from '../../../domain/catalog.ts'
import type { Language } from '../../../domain/language.ts'
import { productSearchHref } from '../search-link.ts'

const bar = css({ bg: 'primary', color: 'white' })
const list = css({
  display: 'flex',
  flexWrap: 'wrap',
  maxWidth: '7xl',
  mx: 'auto',
  px: { base: '2', md: '4' },
})
const item = css({
  position: 'relative',
  // open on hover or while focus is inside, unless Escape put it away
  '&:not([data-dismissed]):hover > ul, &:not([data-dismissed]):focus-within > ul': {
    clipPath: 'none',
    width: 'auto',
    height: 'auto',
    overflow: 'visible',
    whiteSpace: 'normal',
    opacity: 1,
  },
})
const topLink = css({
  display: 'block',
  px: '3',
  py: '2',
  fontSize: 'sm',
  fontWeight: 'medium',
  _hover: { bg: 'primary.hover' },
  _focusVisible: { outline: '2px solid white', outlineOffset: '-2px' },
})
// Closed, the submenu is only hidden from sight: screen readers still find the children in the list,
// and Tab reaches them, which opens it.
const submenu = css({
  position: 'absolute',
  top: '100%',
  left: '0',
  minWidth: '44',
  bg: 'surface',
  color: 'text',
  boxShadow: 'lg',
  borderRadius: 'sm',
  py: '1',
  zIndex: 20,
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
  opacity: 0,
})
const subLink = css({
  display: 'block',
  px: '3',
  py: '1.5',
  fontSize: 'sm',
  whiteSpace: 'nowrap',
  _hover: { bg: 'surface.muted', color: 'primary' },
  _focusVisible: { outline: '2px solid', outlineColor: 'primary', outlineOffset: '-2px' },
})

function CategoryItem(props: { category: CategoryNode; language: Language }) {
  const { category, language } = props
  const [dismissed, setDismissed] = useState(false)
  const hasChildren = category.children.length > 0
  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>) => {
    if (event.key !== 'Escape' || !hasChildren) return
    setDismissed(true)
    event.currentTarget.querySelector<HTMLElement>('a')?.focus()
  }
  const reopen = () => setDismissed(false)
  return (
    <li
      className={item}
      data-dismissed={dismissed ? '' : undefined}
      onKeyDown={onKeyDown}
      onMouseLeave={reopen}
      onBlur={(event) => {
        if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)))
          reopen()
      }}
    >
      <HrefLink className={topLink} href={productSearchHref({ category: category.id })}>
        {categoryNameIn(language, category)}
      </HrefLink>
      {hasChildren ? (
        <ul className={submenu}>
          {category.children.map((child) => (
            <li key={child.id}>
              <HrefLink className={subLink} href={productSearchHref({ category: child.id })}>
                {categoryNameIn(language, child)}
              </HrefLink>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  )
}

/**
 * The category bar (spec §2 'Header (desktop)'): top-level categories, their children in a submenu on
 * hover or keyboard focus (Escape puts it away); a click opens the category's search.
 */
export function CategoryNav({ tree, language }: { tree: CategoryNode[]; language: Language }) {
  const { t } = useLingui()
  if (tree.length === 0) return null
  return (
    <nav className={bar} aria-label={t`商品分类`}>
      <ul className={list}>
        <li className={item}>
          <HrefLink className={topLink} href={productSearchHref({})}>
            <Trans>全部</Trans>
          </HrefLink>
        </li>
        {tree.map((category) => (
          <CategoryItem key={category.id} category={category} language={language} />
        ))}
      </ul>
    </nav>
  )
}

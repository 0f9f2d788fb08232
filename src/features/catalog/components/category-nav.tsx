import { Trans, useLingui } from '@lingui/react/macro'
import { css } from '../../../../styled-system/css'
import type { CategoryNode } from '../../../domain/catalog.ts'
import { type Language, nameIn } from '../../../domain/language.ts'

const searchHref = (categoryId: number) => `/product-search/list?category=${categoryId}`

const bar = css({ bg: 'primary', color: 'white' })
const list = css({
  display: 'flex',
  flexWrap: 'wrap',
  maxWidth: '7xl',
  mx: 'auto',
  px: { base: '2', md: '4' },
})
const item = css({ position: 'relative', '&:hover > ul, &:focus-within > ul': { display: 'block' } })
const topLink = css({
  display: 'block',
  px: '3',
  py: '2',
  fontSize: 'sm',
  fontWeight: 'medium',
  _hover: { bg: 'primary.hover' },
  _focusVisible: { outline: '2px solid white', outlineOffset: '-2px' },
})
const submenu = css({
  display: 'none',
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

/** The category bar: top-level categories with their children in a submenu on hover or keyboard focus. */
export function CategoryNav({ tree, language }: { tree: CategoryNode[]; language: Language }) {
  const { t } = useLingui()
  if (tree.length === 0) return null
  return (
    <nav className={bar} aria-label={t`商品分类`}>
      <ul className={list}>
        <li className={item}>
          <a className={topLink} href={searchHref(0)}>
            <Trans>全部</Trans>
          </a>
        </li>
        {tree.map((category) => (
          <li key={category.id} className={item}>
            <a
              className={topLink}
              href={searchHref(category.id)}
              aria-haspopup={category.children.length > 0}
            >
              {nameIn(language, category)}
            </a>
            {category.children.length > 0 ? (
              <ul className={submenu}>
                {category.children.map((child) => (
                  <li key={child.id}>
                    <a className={subLink} href={searchHref(child.id)}>
                      {nameIn(language, child)}
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </nav>
  )
}

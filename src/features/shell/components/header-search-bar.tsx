import { useLingui } from '@lingui/react/macro'
import { useRouter } from '@tanstack/react-router'
import { type FormEvent, useId, useState } from 'react'
import { css } from '../../../../styled-system/css'
import type { CategoryNode } from '../../../domain/catalog.ts'
import type { Language } from '../../../domain/language.ts'
import { productSearchHref } from '../../catalog/search-link.ts'
import type { HeaderSearch } from '../hooks/use-header-search.ts'
import { CategorySelect } from './category-select.tsx'
import { MagnifierIcon } from './icons.tsx'
import { hasTypeFilter, ProductTypeSelect } from './product-type-select.tsx'

const landmark = css({ flex: '1', maxWidth: '2xl', minWidth: '0' })
const bar = css({
  display: 'flex',
  alignItems: 'stretch',
  height: '10',
  border: '2px solid',
  borderColor: 'primary',
  borderRadius: 'md',
  bg: 'white',
  _focusWithin: { boxShadow: '0 0 0 2px token(colors.secondary)' },
})
const select = css({
  flexShrink: 0,
  maxWidth: '36',
  px: '2',
  fontSize: 'sm',
  bg: 'surface.muted',
  borderRight: '1px solid',
  borderColor: 'border',
  cursor: 'pointer',
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '-2px' },
})
// A floor under the input: the header gives it this much at every desktop width (header-width.test.ts).
const input = css({
  flex: '1',
  minWidth: '60',
  px: '3',
  fontSize: 'sm',
  _focusVisible: { outline: 'none' },
})
const submit = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  px: '4',
  bg: 'primary',
  color: 'white',
  cursor: 'pointer',
  _hover: { bg: 'primary.hover' },
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '-3px' },
})
const srOnly = css({ srOnly: true })

/**
 * The desktop header's search (spec §2 'Header (desktop)'): a category dropdown (choosing one opens its
 * products), the product-type dropdown (Chinese and English only) and the search box, submitted with
 * Enter or the magnifier.
 */
export function HeaderSearchBar(props: { tree: CategoryNode[]; language: Language; search: HeaderSearch }) {
  const { t } = useLingui()
  const router = useRouter()
  const { search, language } = props
  const [name, setName] = useState('')
  const categoryId = useId()
  const typeId = useId()
  const nameId = useId()

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    router.history.push(productSearchHref({ name, category: search.category, type: search.type }))
  }

  return (
    <search aria-label={t`站内搜索`} className={landmark}>
      <form className={bar} onSubmit={onSubmit}>
        <label htmlFor={categoryId} className={srOnly}>
          {t`商品分类`}
        </label>
        <CategorySelect
          id={categoryId}
          className={select}
          tree={props.tree}
          language={language}
          value={search.category}
          onChange={(category) => {
            search.setCategory(category)
            router.history.push(productSearchHref({ category }))
          }}
        />
        {hasTypeFilter(language) ? (
          <>
            <label htmlFor={typeId} className={srOnly}>
              {t`商品类型`}
            </label>
            <ProductTypeSelect
              id={typeId}
              className={select}
              language={language}
              value={search.type}
              onChange={search.setType}
            />
          </>
        ) : null}
        <label htmlFor={nameId} className={srOnly}>
          {t`商品名称、货号或 JAN 码`}
        </label>
        <input
          id={nameId}
          type="search"
          className={input}
          value={name}
          placeholder={t`搜索商品名称、货号或 JAN 码`}
          enterKeyHint="search"
          onChange={(event) => setName(event.target.value)}
        />
        <button type="submit" className={submit} aria-label={t`搜索`}>
          <MagnifierIcon />
        </button>
      </form>
    </search>
  )
}

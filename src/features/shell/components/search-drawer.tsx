import { Trans, useLingui } from '@lingui/react/macro'
import { useRouter } from '@tanstack/react-router'
import { type FormEvent, useId, useRef, useState } from 'react'
import { css } from '../../../../styled-system/css'
import { Button } from '../../../components/ui/button.tsx'
import { fieldControl } from '../../../components/ui/form-field.tsx'
import type { CategoryNode } from '../../../domain/catalog.ts'
import type { Language } from '../../../domain/language.ts'
import { productSearchHref } from '../../catalog/search-link.ts'
import type { HeaderSearch } from '../hooks/use-header-search.ts'
import { CategorySelect } from './category-select.tsx'
import { Drawer } from './drawer.tsx'
import { hasTypeFilter, ProductTypeSelect } from './product-type-select.tsx'

const form = css({ display: 'flex', flexDirection: 'column', gap: '3' })
const field = css({ display: 'flex', flexDirection: 'column', gap: '1' })
const label = css({ fontSize: 'sm', fontWeight: 'medium' })

/**
 * The phone's search (spec §2 'Header (mobile)'): a name box, a category select, a product-type select
 * (Chinese and English only) and a search button.
 */
export function SearchDrawer(props: {
  tree: CategoryNode[]
  language: Language
  search: HeaderSearch
  onClose: () => void
}) {
  const { t } = useLingui()
  const router = useRouter()
  const { search, language } = props
  const [name, setName] = useState('')
  const nameRef = useRef<HTMLInputElement>(null)
  const nameId = useId()
  const categoryId = useId()
  const typeId = useId()

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    props.onClose()
    router.history.push(productSearchHref({ name, category: search.category, type: search.type }))
  }

  return (
    <Drawer title={<Trans>搜索商品</Trans>} side="top" onClose={props.onClose} initialFocus={nameRef}>
      <search aria-label={t`站内搜索`}>
        <form className={form} onSubmit={onSubmit}>
          <div className={field}>
            <label htmlFor={nameId} className={label}>
              {t`商品名称、货号或 JAN 码`}
            </label>
            <input
              ref={nameRef}
              id={nameId}
              type="search"
              className={fieldControl}
              value={name}
              enterKeyHint="search"
              onChange={(event) => setName(event.target.value)}
            />
          </div>
          <div className={field}>
            <label htmlFor={categoryId} className={label}>
              {t`商品分类`}
            </label>
            <CategorySelect
              id={categoryId}
              className={fieldControl}
              tree={props.tree}
              language={language}
              value={search.category}
              onChange={search.setCategory}
            />
          </div>
          {hasTypeFilter(language) ? (
            <div className={field}>
              <label htmlFor={typeId} className={label}>
                {t`商品类型`}
              </label>
              <ProductTypeSelect
                id={typeId}
                className={fieldControl}
                language={language}
                value={search.type}
                onChange={search.setType}
              />
            </div>
          ) : null}
          <Button type="submit">
            <Trans>搜索</Trans>
          </Button>
        </form>
      </search>
    </Drawer>
  )
}

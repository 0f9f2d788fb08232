import { Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, useId } from 'react'
import { css } from '../../../../styled-system/css'
import { Button } from '../../../components/ui/button.tsx'
import { fieldControl, SelectField } from '../../../components/ui/form-field.tsx'
import {
  type BrandDto,
  brandNameIn,
  type CategoryNode,
  categoryNameIn,
  type SeriesDto,
  seriesNameIn,
} from '../../../domain/catalog.ts'
import type { Language } from '../../../domain/language.ts'
import { isProductType, PRODUCT_TYPE_LABEL, productTypeOptions } from '../../../domain/product-type.ts'
import type { ProductSearchSearch } from '../routing/list-search.ts'

export type SearchFilters = Omit<ProductSearchSearch, 'pageNum'>

const panel = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
  p: { base: '3', md: '4' },
  bg: 'surface.muted',
  borderRadius: 'md',
})
const controls = css({
  display: 'grid',
  gap: '3',
  gridTemplateColumns: { base: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', lg: '2fr 1fr 1fr' },
  alignItems: 'end',
})
const keywordForm = css({ display: 'flex', flexDirection: 'column', gap: '1' })
const keywordRow = css({ display: 'flex', gap: '2' })
const labelText = css({ fontSize: 'sm', fontWeight: 'medium' })
const chips = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2', fontSize: 'sm' })
const chip = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1',
  pl: '3',
  pr: '1',
  py: '0.5',
  bg: 'surface',
  border: '1px solid',
  borderColor: 'border',
  borderRadius: 'full',
  maxWidth: '100%',
})
const chipText = css({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })
const chipRemove = css({
  flex: 'none',
  width: '6',
  height: '6',
  borderRadius: 'full',
  cursor: 'pointer',
  color: 'text.muted',
  _hover: { bg: 'surface.muted', color: 'text' },
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '1px' },
})
const clearAll = css({
  color: 'primary',
  textDecoration: 'underline',
  cursor: 'pointer',
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '2px' },
})

/** Every category of the tree, children after their parent and marked as such. */
function categoryOptions(tree: CategoryNode[], language: Language) {
  return tree.flatMap((parent) => [
    { id: parent.id, label: categoryNameIn(language, parent) },
    ...parent.children.map((child) => ({ id: child.id, label: `— ${categoryNameIn(language, child)}` })),
  ])
}

function findCategory(tree: CategoryNode[], id: number): CategoryNode | undefined {
  for (const node of tree) {
    if (node.id === id) return node
    const child = node.children.find((candidate) => candidate.id === id)
    if (child) return child
  }
  return undefined
}

/**
 * The search page's filters: the words (item number, JAN code or keywords), category and type selects,
 * and the filters in force as chips that each remove their filter.
 */
export function SearchFiltersPanel(props: {
  filters: SearchFilters
  categories: CategoryNode[]
  series: SeriesDto | undefined
  /** The brand of the brand filter, to name it (its id otherwise). */
  brand?: BrandDto | undefined
  language: Language
  onChange: (next: SearchFilters) => void
}) {
  const { t } = useLingui()
  const keywordId = useId()
  const { filters, categories, language } = props
  const change = (patch: Partial<SearchFilters>) => props.onChange({ ...filters, ...patch })

  const typeChoices = productTypeOptions(language)
  // A type this language does not offer (from a shared link) still shows as chosen.
  if (
    filters.type !== 0 &&
    !typeChoices.some((choice) => choice.id === filters.type) &&
    isProductType(filters.type)
  ) {
    typeChoices.push({ id: filters.type, label: PRODUCT_TYPE_LABEL[filters.type][language] })
  }
  const category = filters.category ? findCategory(categories, filters.category) : undefined
  const categoryChoices = categoryOptions(categories, language)
  if (filters.category && !category)
    categoryChoices.push({ id: filters.category, label: `#${filters.category}` })
  const seriesName = props.series
    ? (seriesNameIn(language, props.series) ?? props.series.seriesName)
    : filters.series
      ? `#${filters.series}`
      : undefined

  const brandName = props.brand
    ? brandNameIn(language, props.brand)
    : filters.brandId
      ? `#${filters.brandId}`
      : undefined

  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const words = String(new FormData(event.currentTarget).get('name') ?? '').trim()
    change({ name: words || undefined })
  }

  const active = [
    filters.name ? { key: 'name', label: t`关键词：${filters.name}`, clear: { name: undefined } } : undefined,
    filters.category
      ? {
          key: 'category',
          label: t`分类：${category ? categoryNameIn(language, category) : `#${filters.category}`}`,
          clear: { category: 0 },
        }
      : undefined,
    filters.type && isProductType(filters.type)
      ? {
          key: 'type',
          label: t`类型：${PRODUCT_TYPE_LABEL[filters.type][language]}`,
          clear: { type: 0 as const },
        }
      : undefined,
    seriesName ? { key: 'series', label: t`系列：${seriesName}`, clear: { series: undefined } } : undefined,
    brandName ? { key: 'brand', label: t`品牌：${brandName}`, clear: { brandId: undefined } } : undefined,
  ].filter((entry) => entry !== undefined)

  return (
    <div className={panel}>
      <div className={controls}>
        <form className={keywordForm} onSubmit={onSearch}>
          <label htmlFor={keywordId} className={labelText}>
            <Trans>搜索词</Trans>
          </label>
          <div className={keywordRow}>
            <input
              id={keywordId}
              key={filters.name ?? ''}
              name="name"
              type="search"
              className={fieldControl}
              defaultValue={filters.name ?? ''}
              placeholder={t`商品编号、JAN 码或关键词`}
            />
            <Button type="submit">
              <Trans>搜索</Trans>
            </Button>
          </div>
        </form>
        <SelectField
          label={<Trans>分类</Trans>}
          value={filters.category}
          onChange={(event) => change({ category: Number(event.target.value) })}
        >
          <option value={0}>{t`全部`}</option>
          {categoryChoices.map((choice) => (
            <option key={choice.id} value={choice.id}>
              {choice.label}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={<Trans>商品类型</Trans>}
          value={filters.type}
          onChange={(event) => {
            const type = Number(event.target.value)
            change({ type: isProductType(type) ? type : 0 })
          }}
        >
          <option value={0}>{PRODUCT_TYPE_LABEL[0][language]}</option>
          {typeChoices.map((choice) => (
            <option key={choice.id} value={choice.id}>
              {choice.label}
            </option>
          ))}
        </SelectField>
      </div>
      {active.length > 0 ? (
        <div className={chips}>
          <span id={`${keywordId}-active`}>
            <Trans>当前条件：</Trans>
          </span>
          <ul className={chips} aria-labelledby={`${keywordId}-active`}>
            {active.map((entry) => (
              <li key={entry.key} className={chip}>
                <span className={chipText}>{entry.label}</span>
                <button
                  type="button"
                  className={chipRemove}
                  aria-label={t`移除条件：${entry.label}`}
                  onClick={() => change(entry.clear)}
                >
                  <span aria-hidden="true">×</span>
                </button>
              </li>
            ))}
          </ul>
          <button
            type="button"
            className={clearAll}
            onClick={() =>
              props.onChange({ name: undefined, category: 0, type: 0, series: undefined, brandId: undefined })
            }
          >
            <Trans>清除全部条件</Trans>
          </button>
        </div>
      ) : null}
    </div>
  )
}

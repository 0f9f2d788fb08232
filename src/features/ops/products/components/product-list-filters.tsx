import { useLingui } from '@lingui/react/macro'
import { type FormEvent, useState } from 'react'
import { css } from '../../../../../styled-system/css'
import { FormField, SelectField } from '../../../../components/ui/form-field.tsx'
import { useLanguage } from '../../../../lib/use-language.ts'
import { FilterBar } from '../../components/filter-bar.tsx'
import type { Taxonomy, TaxonomyOption } from '../hooks/use-taxonomy.ts'
import { PRODUCT_STATUSES, productTypeChoices, statusLabel } from '../product-labels.ts'
import type { OpsProductsSearch } from '../products-search.ts'
import { ChoiceOptions } from './choice-options.tsx'

const columns = css({
  gridTemplateColumns: { base: '1fr', sm: 'repeat(2, 1fr)', lg: '2fr repeat(5, 1fr) auto' },
})

type Filter = Omit<OpsProductsSearch, 'pageNum'>
type Choice = 'type' | 'categoryId' | 'seriesId' | 'brandId' | 'status'

const numberOrNone = (value: string) => (value === '' ? undefined : Number(value))

/**
 * The product list's search box and filters: a select applies as soon as it is chosen, the keyword
 * on Search (Enter); each goes back to page 1.
 */
export function ProductListFilters(props: {
  search: OpsProductsSearch
  taxonomy: Taxonomy
  onFilter: (filter: Filter) => void
}) {
  const { t } = useLingui()
  const language = useLanguage()
  const { search, taxonomy } = props
  const [keyword, setKeyword] = useState(search.keyword ?? '')
  const { pageNum: _page, ...filter } = search

  const choose = (field: Choice) => (value: string) =>
    props.onFilter({ ...filter, [field]: numberOrNone(value) })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    props.onFilter({ ...filter, keyword: keyword.trim() || undefined })
  }
  const reset = () => {
    setKeyword('')
    props.onFilter({})
  }

  const select = (field: Choice, label: string, options: TaxonomyOption[]) => {
    const chosen = String(filter[field] ?? '')
    return (
      <SelectField label={label} value={chosen} onChange={(event) => choose(field)(event.target.value)}>
        <option value="">{t`全部`}</option>
        <ChoiceOptions options={options} chosen={chosen} />
      </SelectField>
    )
  }

  return (
    <FilterBar label={t`筛选商品`} columns={columns} onSearch={submit} onReset={reset}>
      <FormField
        label={t`关键词`}
        type="search"
        placeholder={t`货号、JAN 或商品名`}
        value={keyword}
        onChange={(event) => setKeyword(event.target.value)}
      />
      {select('type', t`类型`, productTypeChoices(language))}
      {select('categoryId', t`分类`, taxonomy.categories)}
      {select('seriesId', t`系列`, taxonomy.series)}
      {select('brandId', t`品牌`, taxonomy.brands)}
      {select(
        'status',
        t`状态`,
        PRODUCT_STATUSES.map((status) => ({ id: status, label: statusLabel(status) })),
      )}
    </FilterBar>
  )
}

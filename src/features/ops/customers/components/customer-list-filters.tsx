import { useLingui } from '@lingui/react/macro'
import { type FormEvent, useState } from 'react'
import { css } from '../../../../../styled-system/css'
import { FormField, SelectField } from '../../../../components/ui/form-field.tsx'
import { CUSTOMER_ROLES } from '../../../../domain/customer-ops.ts'
import { FilterBar } from '../../components/filter-bar.tsx'
import type { OpsCustomersSearch } from '../customers-search.ts'
import { roleLabel } from '../customers-text.ts'

const columns = css({
  gridTemplateColumns: { base: '1fr', sm: 'repeat(2, 1fr)', lg: '2fr 1fr 1fr auto' },
})

type Filter = Omit<OpsCustomersSearch, 'pageNum'>

/**
 * The customer list's search box and filters: a select applies as soon as it is chosen, the keyword
 * on Search (Enter); each goes back to page 1.
 */
export function CustomerListFilters(props: {
  search: OpsCustomersSearch
  onFilter: (filter: Filter) => void
}) {
  const { t } = useLingui()
  const { search } = props
  const [keyword, setKeyword] = useState(search.keyword ?? '')
  const { pageNum: _page, ...filter } = search

  const submit = (event: FormEvent) => {
    event.preventDefault()
    props.onFilter({ ...filter, keyword: keyword.trim() || undefined })
  }
  const reset = () => {
    setKeyword('')
    props.onFilter({})
  }
  const state = filter.disabled === undefined ? '' : String(filter.disabled)

  return (
    <FilterBar label={t`筛选客户`} columns={columns} onSearch={submit} onReset={reset}>
      <FormField
        label={t`关键词`}
        type="search"
        placeholder={t`邮箱、昵称、电话或客户 ID`}
        value={keyword}
        onChange={(event) => setKeyword(event.target.value)}
      />
      <SelectField
        label={t`价格角色`}
        value={String(filter.role ?? '')}
        onChange={(event) =>
          props.onFilter({
            ...filter,
            role: event.target.value === '' ? undefined : Number(event.target.value),
          })
        }
      >
        <option value="">{t`全部`}</option>
        {CUSTOMER_ROLES.map((role) => (
          <option key={role} value={role}>
            {roleLabel(role)}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t`账号状态`}
        value={state}
        onChange={(event) =>
          props.onFilter({
            ...filter,
            disabled: event.target.value === '' ? undefined : event.target.value === 'true',
          })
        }
      >
        <option value="">{t`全部`}</option>
        <option value="false">{t`正常`}</option>
        <option value="true">{t`已禁用`}</option>
      </SelectField>
    </FilterBar>
  )
}

import { useLingui } from '@lingui/react/macro'
import type { FormEvent } from 'react'
import { FormField, SelectField } from '../../../components/ui/form-field.tsx'
import { ORDER_STATUS_INFO, ORDER_STATUS_TABLE_B, type OrderStatus } from '../../../domain/order-status.ts'
import { useLanguage } from '../../../lib/use-language.ts'
import type { OpsOrderFilter } from '../api/list-orders.ts'
import { UrlFilterForm, useFilterDraft } from './filter-bar.tsx'

type Draft = {
  status: string
  userId: string
  orderId: string
  startDate: string
  endDate: string
}

const draftOf = (filter: OpsOrderFilter): Draft => ({
  status: filter.status === undefined ? '' : String(filter.status),
  userId: filter.userId === undefined ? '' : String(filter.userId),
  orderId: filter.orderId === undefined ? '' : String(filter.orderId),
  startDate: filter.startDate ?? '',
  endDate: filter.endDate ?? '',
})

const idOf = (text: string) => (/^\d{1,9}$/.test(text.trim()) ? Number(text.trim()) : undefined)

/**
 * The list's filters (flows §7): status of table B, shopper id, order number and an inclusive date
 * range. Searching or resetting hands the whole filter up; the list keeps it in the URL.
 */
export function OrderFilters(props: { filter: OpsOrderFilter; onSearch: (filter: OpsOrderFilter) => void }) {
  const { t } = useLingui()
  const language = useLanguage()
  const { draft, errors, setErrors, edit, clear } = useFilterDraft(() => draftOf(props.filter))

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const next: OpsOrderFilter = {
      status: draft.status === '' ? undefined : (Number(draft.status) as OrderStatus),
      userId: idOf(draft.userId),
      orderId: idOf(draft.orderId),
      startDate: draft.startDate || undefined,
      endDate: draft.endDate || undefined,
    }
    const found: typeof errors = {}
    if (draft.userId.trim() && next.userId === undefined) found.userId = t`须为正整数`
    if (draft.orderId.trim() && next.orderId === undefined) found.orderId = t`须为正整数`
    if (next.startDate && next.endDate && next.endDate < next.startDate) {
      found.endDate = t`结束日期不能早于开始日期`
    }
    setErrors(found)
    if (Object.keys(found).length === 0) props.onSearch(next)
  }

  const reset = () => {
    clear(draftOf({}))
    props.onSearch({})
  }

  return (
    <UrlFilterForm label={t`筛选订单`} onSearch={submit} onReset={reset}>
      <SelectField label={t`订单状态`} value={draft.status} onChange={edit('status')}>
        <option value="">{t`全部`}</option>
        {ORDER_STATUS_TABLE_B.map((status) => (
          <option key={status} value={status}>
            {ORDER_STATUS_INFO[status].label[language]}
          </option>
        ))}
      </SelectField>
      <FormField
        label={t`用户 ID`}
        inputMode="numeric"
        value={draft.userId}
        error={errors.userId}
        onChange={edit('userId')}
      />
      <FormField
        label={t`订单号`}
        inputMode="numeric"
        value={draft.orderId}
        error={errors.orderId}
        onChange={edit('orderId')}
      />
      <FormField label={t`开始日期`} type="date" value={draft.startDate} onChange={edit('startDate')} />
      <FormField
        label={t`结束日期`}
        type="date"
        value={draft.endDate}
        error={errors.endDate}
        onChange={edit('endDate')}
      />
    </UrlFilterForm>
  )
}

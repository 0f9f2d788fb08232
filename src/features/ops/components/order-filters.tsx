import { Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, useState } from 'react'
import { css, cx } from '../../../../styled-system/css'
import { Button } from '../../../components/ui/button.tsx'
import { FormField, SelectField } from '../../../components/ui/form-field.tsx'
import { ORDER_STATUS_INFO, ORDER_STATUS_TABLE_B, type OrderStatus } from '../../../domain/order-status.ts'
import { useLanguage } from '../../../lib/use-language.ts'
import type { OpsOrderFilter } from '../api/list-orders.ts'
import { filterBox } from './filter-bar.tsx'

const filterColumns = css({
  gridTemplateColumns: { base: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(5, 1fr)' },
})
const actions = css({ display: 'flex', gap: '2', gridColumn: { lg: 'span 5' }, justifyContent: 'flex-end' })

interface Draft {
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
  const [draft, setDraft] = useState(() => draftOf(props.filter))
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({})
  const edit = (field: keyof Draft) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [field]: event.target.value }))

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
    setDraft(draftOf({}))
    setErrors({})
    props.onSearch({})
  }

  return (
    <form className={cx(filterBox, filterColumns)} onSubmit={submit} aria-label={t`筛选订单`}>
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
      <div className={actions}>
        <Button variant="ghost" onClick={reset}>
          <Trans>重置</Trans>
        </Button>
        <Button type="submit">
          <Trans>搜索</Trans>
        </Button>
      </div>
    </form>
  )
}

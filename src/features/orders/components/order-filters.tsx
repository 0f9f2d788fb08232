import { Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, useState } from 'react'
import { css } from '../../../../styled-system/css'
import { Button } from '../../../components/ui/button.tsx'
import { FormField, SelectField } from '../../../components/ui/form-field.tsx'
import { isCalendarDate } from '../../../domain/dates.ts'
import { ORDER_STATUS_INFO, ORDER_STATUS_TABLE_A, type OrderStatus } from '../../../domain/order-status.ts'
import { ValidationMessage } from '../../../domain/validation-messages.ts'
import { useLanguage } from '../../../lib/use-language.ts'
import { validationText } from '../../../lib/validation-text.ts'
import type { OrderListFilters } from '../routing/order-list-search.ts'

const panel = css({
  display: 'grid',
  gap: '3',
  p: { base: '3', md: '4' },
  bg: 'surface.muted',
  borderRadius: 'md',
  gridTemplateColumns: {
    base: 'minmax(0, 1fr)',
    sm: 'repeat(2, minmax(0, 1fr))',
    lg: 'repeat(4, minmax(0, 1fr))',
  },
  alignItems: 'start',
})
const actions = css({
  gridColumn: '1 / -1',
  display: 'flex',
  flexWrap: 'wrap',
  gap: '2',
  justifyContent: 'flex-end',
})

interface Draft {
  status: string
  orderId: string
  startDate: string
  endDate: string
}

const draftOf = (filters: OrderListFilters): Draft => ({
  status: filters.status === undefined ? '' : String(filters.status),
  orderId: filters.orderId === undefined ? '' : String(filters.orderId),
  startDate: filters.startDate ?? '',
  endDate: filters.endDate ?? '',
})

/** The draft as filters, or the translated message of each field that cannot be one. */
function readDraft(
  draft: Draft,
): { filters: OrderListFilters } | { errors: Partial<Record<keyof Draft, string>> } {
  const errors: Partial<Record<keyof Draft, string>> = {}
  const orderId = draft.orderId.trim()
  if (orderId && !/^[1-9]\d{0,8}$/.test(orderId)) errors.orderId = validationText(ValidationMessage.id)
  if (draft.startDate && !isCalendarDate(draft.startDate))
    errors.startDate = validationText(ValidationMessage.date)
  if (draft.endDate && !isCalendarDate(draft.endDate)) errors.endDate = validationText(ValidationMessage.date)
  if (
    !errors.startDate &&
    !errors.endDate &&
    draft.startDate &&
    draft.endDate &&
    draft.endDate < draft.startDate
  ) {
    errors.endDate = validationText(ValidationMessage.endBeforeStart)
  }
  if (Object.keys(errors).length > 0) return { errors }
  const status = draft.status === '' ? undefined : (Number(draft.status) as OrderStatus)
  return {
    filters: {
      status,
      orderId: orderId ? Number(orderId) : undefined,
      startDate: draft.startDate || undefined,
      endDate: draft.endDate || undefined,
    },
  }
}

/**
 * The order list's filters (spec §2 'Other screens'): status of table A, order number, start and end
 * date (inclusive), applied together with 查询; 重置 clears them all. `key` the component by the
 * filters in force so the inputs follow the address (back, forward).
 */
export function OrderFilters(props: {
  filters: OrderListFilters
  onApply: (filters: OrderListFilters) => void
  onReset: () => void
}) {
  const { t } = useLingui()
  const language = useLanguage()
  const [draft, setDraft] = useState(() => draftOf(props.filters))
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({})
  const edit = (field: keyof Draft) => (event: { target: { value: string } }) => {
    setDraft((current) => ({ ...current, [field]: event.target.value }))
    setErrors((current) => ({ ...current, [field]: undefined }))
  }
  const active =
    props.filters.status !== undefined ||
    props.filters.orderId !== undefined ||
    props.filters.startDate !== undefined ||
    props.filters.endDate !== undefined

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const read = readDraft(draft)
    if ('errors' in read) {
      setErrors(read.errors)
      return
    }
    props.onApply(read.filters)
  }

  return (
    <form className={panel} onSubmit={onSubmit} aria-label={t`筛选订单`} noValidate>
      <SelectField label={<Trans>订单状态</Trans>} value={draft.status} onChange={edit('status')}>
        <option value="">{t`全部状态`}</option>
        {ORDER_STATUS_TABLE_A.map((status) => (
          <option key={status} value={status}>
            {ORDER_STATUS_INFO[status].label[language]}
          </option>
        ))}
      </SelectField>
      <FormField
        label={<Trans>订单号</Trans>}
        inputMode="numeric"
        autoComplete="off"
        value={draft.orderId}
        onChange={edit('orderId')}
        error={errors.orderId}
      />
      <FormField
        label={<Trans>开始日期</Trans>}
        type="date"
        value={draft.startDate}
        onChange={edit('startDate')}
        error={errors.startDate}
      />
      <FormField
        label={<Trans>结束日期</Trans>}
        type="date"
        value={draft.endDate}
        min={draft.startDate || undefined}
        onChange={edit('endDate')}
        error={errors.endDate}
      />
      <div className={actions}>
        <Button
          variant="ghost"
          disabled={!active && Object.values(draft).every((value) => value === '')}
          onClick={() => {
            setDraft(draftOf({}))
            setErrors({})
            props.onReset()
          }}
        >
          <Trans>重置</Trans>
        </Button>
        <Button type="submit">
          <Trans>查询</Trans>
        </Button>
      </div>
    </form>
  )
}

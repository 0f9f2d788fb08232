import { Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, useState } from 'react'
import { css } from '../../../../styled-system/css'
import { Button } from '../../../components/ui/button.tsx'
import { FormField, SelectField } from '../../../components/ui/form-field.tsx'
import { CUSTOMER_PACKAGE_STATUSES, type PackageStatus } from '../../../domain/package-status.ts'
import { ValidationMessage } from '../../../domain/validation-messages.ts'
import { useLanguage } from '../../../lib/use-language.ts'
import { validationText } from '../../../lib/validation-text.ts'
import { packageStatusInfo } from '../package-text.ts'
import type { PackageListFilters } from '../routing/package-list-search.ts'

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
  applyId: string
  barcode: string
  packageNo: string
  status: string
}

const draftOf = (filters: PackageListFilters): Draft => ({
  applyId: filters.applyId === undefined ? '' : String(filters.applyId),
  barcode: filters.barcode ?? '',
  packageNo: filters.packageNo ?? '',
  status: filters.status === undefined ? '' : String(filters.status),
})

/** The draft as filters, or the translated message of each field that cannot be one. */
function readDraft(
  draft: Draft,
): { filters: PackageListFilters } | { errors: Partial<Record<keyof Draft, string>> } {
  const applyId = draft.applyId.trim()
  const barcode = draft.barcode.trim()
  const packageNo = draft.packageNo.trim()
  const errors: Partial<Record<keyof Draft, string>> = {}
  if (applyId && !/^[1-9]\d{0,8}$/.test(applyId)) errors.applyId = validationText(ValidationMessage.id)
  if (Object.keys(errors).length > 0) return { errors }
  return {
    filters: {
      applyId: applyId ? Number(applyId) : undefined,
      barcode: barcode || undefined,
      packageNo: packageNo || undefined,
      status: draft.status === '' ? undefined : (Number(draft.status) as 3 | 4 | 5 | 9),
    },
  }
}

/**
 * The package list's filters (spec §2 'Package search filters'): application number, product barcode,
 * package number and status (the customer subset: packed, ready to ship, shipped, with the carrier),
 * applied together with 查询; 重置 clears them all. `key` the component by the filters in force so the
 * inputs follow the address (back, forward).
 */
export function PackageFilters(props: {
  filters: PackageListFilters
  onApply: (filters: PackageListFilters) => void
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
  const active = Object.values(props.filters).some((value) => value !== undefined)

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
    <form className={panel} onSubmit={onSubmit} aria-label={t`筛选包裹`} noValidate>
      <FormField
        label={<Trans>申请单号</Trans>}
        inputMode="numeric"
        autoComplete="off"
        value={draft.applyId}
        onChange={edit('applyId')}
        error={errors.applyId}
      />
      <FormField
        label={<Trans>商品条码</Trans>}
        autoComplete="off"
        maxLength={64}
        value={draft.barcode}
        onChange={edit('barcode')}
        error={errors.barcode}
      />
      <FormField
        label={<Trans>包裹号</Trans>}
        autoComplete="off"
        maxLength={32}
        value={draft.packageNo}
        onChange={edit('packageNo')}
        error={errors.packageNo}
      />
      <SelectField label={<Trans>包裹状态</Trans>} value={draft.status} onChange={edit('status')}>
        <option value="">{t`全部状态`}</option>
        {CUSTOMER_PACKAGE_STATUSES.map((status: PackageStatus) => (
          <option key={status} value={status}>
            {packageStatusInfo(status).label[language]}
          </option>
        ))}
      </SelectField>
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

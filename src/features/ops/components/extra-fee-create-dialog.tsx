import { Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, useState } from 'react'
import * as v from 'valibot'
import { css } from '../../../../styled-system/css'
import { FormField } from '../../../components/ui/form-field.tsx'
import { ModalDialog } from '../../../components/ui/modal-dialog.tsx'
import { ExtraFeeType } from '../../../domain/extra-fee.ts'
import { MAX_FEE_REMARK, type OpsExtraFeeDto, opsCreateExtraFeeBody } from '../../../domain/extras.ts'
import { ResultCode } from '../../../domain/result-code.ts'
import { ApiFailure } from '../../../lib/api-client.ts'
import { useLanguage } from '../../../lib/use-language.ts'
import { fieldErrorsOf } from '../../../lib/validation-text.ts'
import { createExtraFee } from '../api/create-extra-fee.ts'
import { feeMessageText, feeRefusalText, orderIdsFrom } from '../extra-fee-text.ts'
import { DialogActions } from './dialog-actions.tsx'
import { RemarkField } from './remark-field.tsx'

const form = css({ display: 'flex', flexDirection: 'column', gap: '3' })
const pair = css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: 'repeat(2, 1fr)' }, gap: '3' })
const unit = css({ alignSelf: 'center', fontSize: 'sm', color: 'text.muted' })

const FIELDS = ['userId', 'amount', 'orderIds', 'remark', 'dueDate'] as const
type Field = (typeof FIELDS)[number]
type Draft = Record<Field, string>
type Errors = Partial<Record<Field, string>>

const EMPTY: Draft = { userId: '', amount: '', orderIds: '', remark: '', dueDate: '' }

/** A typed number: NaN when not one, so the schema refuses it rather than reading 0. */
const numberFrom = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN)

/**
 * The body as sent: a blank required field is left out (the schema says "required"), the order
 * numbers split from their list, a blank due date means none.
 */
function bodyOf(draft: Draft): Record<string, unknown> {
  return {
    ...(draft.userId.trim() === '' ? {} : { userId: numberFrom(draft.userId) }),
    type: ExtraFeeType.freeForm,
    ...(draft.amount.trim() === '' ? {} : { amount: numberFrom(draft.amount) }),
    orderIds: orderIdsFrom(draft.orderIds),
    remark: draft.remark,
    ...(draft.dueDate === '' ? {} : { dueDate: draft.dueDate }),
  }
}

/** `orderIds.3` (one number of the list) is said on the list's input; the rest by their own name. */
function fieldOf(path: string): Field | undefined {
  const name = path.split('.')[0]
  return FIELDS.find((field) => field === name)
}

/** Field errors in words, first per field; the rest (a field the form does not have) apart. */
function errorsOf(entries: Iterable<[string, string]>, translate: (message: string) => string) {
  const errors: Errors = {}
  const others: string[] = []
  for (const [path, message] of entries) {
    const field = fieldOf(path)
    if (field) errors[field] ??= translate(message)
    else others.push(translate(message))
  }
  return { errors, others }
}

/**
 * A free-form fee (type 2) for a shopper: who, how much (whole yen), the orders it concerns, the remark
 * the shopper reads and an optional last day to pay. Checked with the server's own schema before
 * sending; the server's refusals (not a shopper, not their orders) are said under the field.
 */
export function ExtraFeeCreateDialog(props: {
  onCreated: (fee: OpsExtraFeeDto) => void
  onCancel: () => void
}) {
  const { t } = useLingui()
  const language = useLanguage()
  const [draft, setDraft] = useState<Draft>(EMPTY)
  const [shown, setShown] = useState(false)
  const [serverErrors, setServerErrors] = useState<Errors>({})
  const [failure, setFailure] = useState<string>()
  const [busy, setBusy] = useState(false)
  const checked = v.safeParse(opsCreateExtraFeeBody, bodyOf(draft))
  const own = checked.success
    ? {}
    : errorsOf(
        checked.issues.map((issue) => [v.getDotPath(issue) ?? '', issue.message] as [string, string]),
        feeMessageText,
      ).errors
  const errorOf = (field: Field) => serverErrors[field] ?? (shown ? own[field] : undefined)

  const edit = (field: Field) => (value: string) => {
    setDraft((current) => ({ ...current, [field]: value }))
    setServerErrors((current) => ({ ...current, [field]: undefined }))
  }
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setShown(true)
    setFailure(undefined)
    if (!checked.success) return
    setBusy(true)
    try {
      props.onCreated(await createExtraFee(checked.output))
    } catch (error) {
      setBusy(false)
      const refused =
        error instanceof ApiFailure && error.code === ResultCode.invalidInput ? fieldErrorsOf(error) : {}
      // fieldErrorsOf has translated the shared phrases already; the fee's own are translated here
      const { errors, others } = errorsOf(Object.entries(refused), feeMessageText)
      setServerErrors(errors)
      if (others.length > 0) setFailure(others.join(' '))
      else if (Object.keys(errors).length === 0) setFailure(feeRefusalText(error, language))
    }
  }
  const cancel = () => {
    if (!busy) props.onCancel()
  }

  return (
    <ModalDialog title={t`新建额外费用`} onClose={cancel} closeOnEscape width="md">
      <form className={form} onSubmit={(event) => void submit(event)} noValidate>
        <p>
          <Trans>类型为“其他费用”。顾客会在“额外费用”页面看到金额和备注，付款前不能申请打包。</Trans>
        </p>
        <div className={pair}>
          <FormField
            label={t`用户 ID`}
            inputMode="numeric"
            autoComplete="off"
            required
            value={draft.userId}
            error={errorOf('userId')}
            disabled={busy}
            onChange={(event) => edit('userId')(event.target.value)}
          />
          <FormField
            label={t`金额（日元）`}
            inputMode="numeric"
            autoComplete="off"
            required
            value={draft.amount}
            error={errorOf('amount')}
            disabled={busy}
            addon={<span className={unit}>¥</span>}
            onChange={(event) => edit('amount')(event.target.value)}
          />
        </div>
        <FormField
          label={t`相关订单号`}
          inputMode="numeric"
          autoComplete="off"
          value={draft.orderIds}
          error={errorOf('orderIds')}
          hint={<Trans>选填，多个订单号用逗号分隔，例如 1024, 1025；须为该顾客的订单。</Trans>}
          disabled={busy}
          onChange={(event) => edit('orderIds')(event.target.value)}
        />
        <RemarkField
          label={t`备注（顾客可见）`}
          value={draft.remark}
          max={MAX_FEE_REMARK}
          error={errorOf('remark')}
          disabled={busy}
          onChange={edit('remark')}
        />
        <FormField
          label={t`付款截止日期（日本时间）`}
          type="date"
          value={draft.dueDate}
          error={errorOf('dueDate')}
          hint={<Trans>选填；不填则没有截止日期。</Trans>}
          disabled={busy}
          onChange={(event) => edit('dueDate')(event.target.value)}
        />
        <DialogActions failure={failure} busy={busy} onCancel={cancel}>
          {busy ? <Trans>正在提交…</Trans> : <Trans>新建费用</Trans>}
        </DialogActions>
      </form>
    </ModalDialog>
  )
}

import { Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, useState } from 'react'
import * as v from 'valibot'
import { css } from '../../../../styled-system/css'
import { ModalDialog } from '../../../components/ui/modal-dialog.tsx'
import { EXTRA_FEE_TYPE_INFO } from '../../../domain/extra-fee.ts'
import { MAX_FEE_REMARK, type OpsExtraFeeDto, opsVoidExtraFeeBody } from '../../../domain/extras.ts'
import { formatYen } from '../../../domain/price-display.ts'
import { ResultCode } from '../../../domain/result-code.ts'
import { ApiFailure } from '../../../lib/api-client.ts'
import { useLanguage } from '../../../lib/use-language.ts'
import { fieldErrorsOf } from '../../../lib/validation-text.ts'
import { voidExtraFee } from '../api/void-extra-fee.ts'
import { feeMessageText, feeRefusalText } from '../extra-fee-text.ts'
import { DialogActions } from './dialog-actions.tsx'
import { RemarkField } from './remark-field.tsx'

const form = css({ display: 'flex', flexDirection: 'column', gap: '3' })

/**
 * Ends a fee still to be paid (1 → 4), with the reason the audit log keeps: voided when it was charged
 * in error, waived when it is forgiven. The shopper no longer owes it either way. A 409 (paid, ended
 * or being confirmed meanwhile) is handed up as words, for the list to show and reload.
 */
export function ExtraFeeVoidDialog(props: {
  fee: OpsExtraFeeDto
  waive: boolean
  onDone: (fee: OpsExtraFeeDto) => void
  onRefused: (text: string) => void
  onCancel: () => void
}) {
  const { t } = useLingui()
  const language = useLanguage()
  const { fee, waive } = props
  const [reason, setReason] = useState('')
  const [touched, setTouched] = useState(false)
  const [serverError, setServerError] = useState<string>()
  const [failure, setFailure] = useState<string>()
  const [busy, setBusy] = useState(false)
  const checked = v.safeParse(opsVoidExtraFeeBody, { waive, reason })
  const ownError = checked.success ? undefined : checked.issues[0]?.message
  const shownOwn =
    ownError && (touched || reason.length > MAX_FEE_REMARK) ? feeMessageText(ownError) : undefined

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setTouched(true)
    setFailure(undefined)
    if (!checked.success) return
    setBusy(true)
    try {
      props.onDone(await voidExtraFee(fee.id, checked.output))
    } catch (error) {
      setBusy(false)
      if (error instanceof ApiFailure && error.code === ResultCode.conflict) {
        props.onRefused(feeRefusalText(error, language))
        return
      }
      const fields =
        error instanceof ApiFailure && error.code === ResultCode.invalidInput ? fieldErrorsOf(error) : {}
      if (fields.reason) setServerError(fields.reason)
      else setFailure(feeRefusalText(error, language))
    }
  }
  const cancel = () => {
    if (!busy) props.onCancel()
  }

  const amount = formatYen(fee.amount, language)
  const type = EXTRA_FEE_TYPE_INFO[fee.type].label[language]
  return (
    <ModalDialog
      title={waive ? t`免除费用 ${fee.id}` : t`作废费用 ${fee.id}`}
      onClose={cancel}
      closeOnEscape
      width="md"
    >
      <form className={form} onSubmit={(event) => void submit(event)} noValidate>
        <p>
          {waive ? (
            <Trans>
              {type} {amount}（用户 ID {fee.userId}）将被免除：顾客不再需要支付。此操作不能撤销。
            </Trans>
          ) : (
            <Trans>
              {type} {amount}（用户 ID {fee.userId}）将作为误收费用作废：顾客不再需要支付。此操作不能撤销。
            </Trans>
          )}
        </p>
        <RemarkField
          label={waive ? t`免除原因` : t`作废原因`}
          value={reason}
          max={MAX_FEE_REMARK}
          error={serverError ?? shownOwn}
          disabled={busy}
          onChange={(value) => {
            setReason(value)
            setServerError(undefined)
          }}
        />
        <DialogActions failure={failure} busy={busy} onCancel={cancel} submitVariant="secondary">
          {busy ? <Trans>正在提交…</Trans> : waive ? <Trans>确认免除</Trans> : <Trans>确认作废</Trans>}
        </DialogActions>
      </form>
    </ModalDialog>
  )
}

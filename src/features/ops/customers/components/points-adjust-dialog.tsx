import { Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, useState } from 'react'
import * as v from 'valibot'
import { css } from '../../../../../styled-system/css'
import { FormField } from '../../../../components/ui/form-field.tsx'
import { ModalDialog } from '../../../../components/ui/modal-dialog.tsx'
import { Notice } from '../../../../components/ui/notice.tsx'
import { CustomerMessage, customerPointsBody, type OpsPointsRow } from '../../../../domain/customer-ops.ts'
import { DialogActions } from '../../components/dialog-actions.tsx'
import { adjustCustomerPoints } from '../api/adjust-customer-points.ts'
import { customerFailureText, customerMessageText, refusedFieldsOf } from '../customers-text.ts'
import { ReasonField } from './reason-field.tsx'

const form = css({ display: 'flex', flexDirection: 'column', gap: '3' })
const preview = css({ fontSize: 'sm', fontVariantNumeric: 'tabular-nums' })

type Field = 'delta' | 'reason'

/** What the operator typed as a number: `-20`, `+50`, `−20` (a true minus); blank is left out. */
function deltaOf(typed: string): number | undefined {
  const text = typed.trim().replace('−', '-')
  if (text === '') return undefined
  return /^[-+]?\d{1,9}$/.test(text) ? Number(text) : Number.NaN
}

/**
 * Adds or takes points with a required reason (the ledger row's note and the audit log's reason).
 * The balance after is shown before sending; one below 0 is refused here and by the server (409),
 * which writes nothing.
 */
export function PointsAdjustDialog(props: {
  customer: { id: number; email: string; score: number }
  onDone: (row: OpsPointsRow) => void
  onCancel: () => void
}) {
  const { t } = useLingui()
  const { customer } = props
  const [typed, setTyped] = useState('')
  const [reason, setReason] = useState('')
  const [shown, setShown] = useState(false)
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({})
  const [failure, setFailure] = useState<string>()
  const [refusedBelowZero, setRefusedBelowZero] = useState(false)
  const [busy, setBusy] = useState(false)
  // One adjustment per opening of the dialog: its retries carry the same key
  const [key] = useState(() => crypto.randomUUID())
  const delta = deltaOf(typed)
  const checked = v.safeParse(customerPointsBody, { delta, reason })
  const after = delta !== undefined && Number.isSafeInteger(delta) ? customer.score + delta : undefined
  const belowZero = after !== undefined && after < 0
  const own: Partial<Record<Field, string>> = {}
  if (!checked.success) {
    for (const issue of checked.issues) {
      const field = v.getDotPath(issue) as Field | null
      if (field) own[field] ??= customerMessageText(issue.message)
    }
  }
  if (belowZero) own.delta ??= customerMessageText(CustomerMessage.belowZero)
  const errorOf = (field: Field) =>
    serverErrors[field] ?? (shown || (field === 'delta' && belowZero) ? own[field] : undefined)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setShown(true)
    setFailure(undefined)
    setRefusedBelowZero(false)
    if (!checked.success || belowZero) return
    setBusy(true)
    try {
      props.onDone(await adjustCustomerPoints(customer.id, checked.output, key))
    } catch (error) {
      setBusy(false)
      const fields = refusedFieldsOf(error)
      setServerErrors({ delta: fields.delta, reason: fields.reason })
      // The balance went down meanwhile (another adjustment or a checkout): nothing was written.
      setRefusedBelowZero(fields.delta === customerMessageText(CustomerMessage.belowZero))
      if (!fields.delta && !fields.reason) setFailure(customerFailureText(error))
    }
  }
  const cancel = () => {
    if (!busy) props.onCancel()
  }
  const email = customer.email
  const score = customer.score

  return (
    <ModalDialog title={t`调整积分：${email}`} onClose={cancel} closeOnEscape width="md">
      <form className={form} onSubmit={(event) => void submit(event)} noValidate>
        <p>
          <Trans>当前积分：{score}</Trans>
        </p>
        <FormField
          label={t`调整数量`}
          inputMode="numeric"
          autoComplete="off"
          required
          value={typed}
          hint={<Trans>正数为增加，负数为扣除（例如 50 或 -20）。</Trans>}
          error={errorOf('delta')}
          disabled={busy}
          onChange={(event) => {
            setTyped(event.target.value)
            setServerErrors((current) => ({ ...current, delta: undefined }))
            setRefusedBelowZero(false)
          }}
        />
        {after !== undefined && !belowZero ? (
          <p className={preview} aria-live="polite">
            <Trans>调整后积分：{after}</Trans>
          </p>
        ) : null}
        <ReasonField
          label={t`调整原因`}
          value={reason}
          error={errorOf('reason')}
          disabled={busy}
          onChange={(value) => {
            setReason(value)
            setServerErrors((current) => ({ ...current, reason: undefined }))
          }}
        />
        {refusedBelowZero ? (
          <Notice tone="error" title={<Trans>积分不足，未做任何更改</Trans>}>
            <Trans>客户的积分在此期间已减少，扣除后将低于 0。请关闭后刷新再试。</Trans>
          </Notice>
        ) : null}
        <DialogActions failure={failure} busy={busy} onCancel={cancel}>
          <Trans>确认调整</Trans>
        </DialogActions>
      </form>
    </ModalDialog>
  )
}

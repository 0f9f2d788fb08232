import { Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, useId, useState } from 'react'
import { css } from '../../../../styled-system/css'
import { Button } from '../../../components/ui/button.tsx'
import { fieldControl, fieldErrorText } from '../../../components/ui/form-field.tsx'
import { ModalDialog } from '../../../components/ui/modal-dialog.tsx'

const REASON_MAX = 200

const form = css({ display: 'flex', flexDirection: 'column', gap: '3' })
const label = css({ fontSize: 'sm', fontWeight: 'medium' })
const hint = css({ fontSize: 'xs', color: 'text.muted' })
const buttons = css({ display: 'flex', justifyContent: 'flex-end', gap: '2' })

/**
 * Asks for the reason of a refund (kept in the audit log) before every paid payment of the order goes
 * back and the order ends refunded. `error` is the server's refusal, shown in the dialog.
 */
export function RefundDialog(props: {
  orderId: number
  refundable: string
  busy: boolean
  error: string | undefined
  onConfirm: (reason: string | null) => void
  onCancel: () => void
}) {
  const { t } = useLingui()
  const id = useId()
  const [reason, setReason] = useState('')
  const tooLong = reason.length > REASON_MAX
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!tooLong) props.onConfirm(reason.trim() || null)
  }
  const cancel = () => {
    if (!props.busy) props.onCancel()
  }
  return (
    <ModalDialog title={t`退款：订单 ${props.orderId}`} onClose={cancel} closeOnEscape width="md">
      <form className={form} onSubmit={submit}>
        <p>
          <Trans>将通过原支付渠道退回 {props.refundable}，订单变为“已退款”。此操作不能撤销。</Trans>
        </p>
        <label htmlFor={`${id}-reason`} className={label}>
          <Trans>退款原因</Trans>
        </label>
        <textarea
          id={`${id}-reason`}
          className={fieldControl}
          rows={3}
          value={reason}
          aria-invalid={tooLong || undefined}
          aria-describedby={`${id}-hint`}
          onChange={(event) => setReason(event.target.value)}
        />
        <p id={`${id}-hint`} className={tooLong ? fieldErrorText : hint}>
          <Trans>
            选填，最多 {REASON_MAX} 个字符（已输入 {reason.length}）。会记入操作日志。
          </Trans>
        </p>
        {props.error ? (
          <p role="alert" className={fieldErrorText}>
            {props.error}
          </p>
        ) : null}
        <div className={buttons}>
          <Button variant="ghost" disabled={props.busy} onClick={cancel}>
            <Trans>取消</Trans>
          </Button>
          <Button type="submit" variant="secondary" disabled={props.busy || tooLong}>
            {props.busy ? <Trans>正在退款…</Trans> : <Trans>确认退款</Trans>}
          </Button>
        </div>
      </form>
    </ModalDialog>
  )
}

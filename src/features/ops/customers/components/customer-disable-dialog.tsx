import { Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, useState } from 'react'
import * as v from 'valibot'
import { css } from '../../../../../styled-system/css'
import { ModalDialog } from '../../../../components/ui/modal-dialog.tsx'
import { customerDisableBody, type OpsCustomerListItem } from '../../../../domain/customer-ops.ts'
import { DialogActions } from '../../components/dialog-actions.tsx'
import { setCustomerDisabled } from '../api/set-customer-disabled.ts'
import { customerFailureText, customerMessageText, refusedFieldsOf } from '../customers-text.ts'
import { ReasonField } from './reason-field.tsx'

const form = css({ display: 'flex', flexDirection: 'column', gap: '3' })

/**
 * Disables the account (every session ends at once: each device's next call is refused) or enables
 * it again (the customer signs in anew; old sessions stay ended), with a required reason.
 */
export function CustomerDisableDialog(props: {
  customer: { id: number; email: string; disabled: boolean }
  onDone: (customer: OpsCustomerListItem) => void
  onCancel: () => void
}) {
  const { t } = useLingui()
  const { customer } = props
  const disabling = !customer.disabled
  const [reason, setReason] = useState('')
  const [shown, setShown] = useState(false)
  const [serverError, setServerError] = useState<string>()
  const [failure, setFailure] = useState<string>()
  const [busy, setBusy] = useState(false)
  const checked = v.safeParse(customerDisableBody, { disabled: disabling, reason })
  const ownError =
    shown && !checked.success ? customerMessageText(checked.issues[0]?.message ?? '') : undefined

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setShown(true)
    setFailure(undefined)
    if (!checked.success) return
    setBusy(true)
    try {
      props.onDone(await setCustomerDisabled(customer.id, checked.output))
    } catch (error) {
      setBusy(false)
      const fields = refusedFieldsOf(error)
      setServerError(fields.reason)
      if (!fields.reason) setFailure(customerFailureText(error))
    }
  }
  const cancel = () => {
    if (!busy) props.onCancel()
  }
  const email = customer.email

  return (
    <ModalDialog
      title={disabling ? t`禁用客户 ${email}？` : t`恢复客户 ${email}？`}
      onClose={cancel}
      closeOnEscape
      width="md"
    >
      <form className={form} onSubmit={(event) => void submit(event)} noValidate>
        <p>
          {disabling ? (
            <Trans>禁用后，该客户在所有设备上的登录立即失效，且无法再登录，直到恢复。</Trans>
          ) : (
            <Trans>恢复后，该客户可以重新登录；之前的登录不会恢复。</Trans>
          )}
        </p>
        <ReasonField
          label={disabling ? t`禁用原因` : t`恢复原因`}
          value={reason}
          error={serverError ?? ownError}
          disabled={busy}
          onChange={(value) => {
            setReason(value)
            setServerError(undefined)
          }}
        />
        <DialogActions failure={failure} busy={busy} onCancel={cancel} submitVariant="secondary">
          {disabling ? <Trans>禁用账号</Trans> : <Trans>恢复账号</Trans>}
        </DialogActions>
      </form>
    </ModalDialog>
  )
}

import { Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, useState } from 'react'
import { css } from '../../../../../styled-system/css'
import { ModalDialog } from '../../../../components/ui/modal-dialog.tsx'
import type { StaffAccountDto, StaffPermission } from '../../../../domain/staff.ts'
import { DialogActions } from '../../components/dialog-actions.tsx'
import { updateStaff } from '../api/update-staff.ts'
import { refusedFields, staffFailureText } from '../staff-text.ts'
import { PermissionChecks } from './permission-checks.tsx'

const form = css({ display: 'flex', flexDirection: 'column', gap: '3' })

/** Edits one account's rooms; a refusal (one's own staff permission) is said under the checkboxes. */
export function StaffPermissionsDialog(props: {
  account: StaffAccountDto
  onSaved: (account: StaffAccountDto) => void
  onCancel: () => void
}) {
  const { t } = useLingui()
  const [permissions, setPermissions] = useState<StaffPermission[]>(props.account.permissions)
  const [error, setError] = useState<string>()
  const [failure, setFailure] = useState<string>()
  const [busy, setBusy] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setFailure(undefined)
    setBusy(true)
    try {
      props.onSaved(await updateStaff(props.account.id, { permissions }))
    } catch (refusal) {
      setBusy(false)
      const onList = refusedFields(refusal).find(([field]) => field.split('.')[0] === 'permissions')
      if (onList) setError(onList[1])
      else setFailure(staffFailureText(refusal))
    }
  }
  const cancel = () => {
    if (!busy) props.onCancel()
  }
  const who = props.account.email
  return (
    <ModalDialog title={t`编辑权限：${who}`} onClose={cancel} closeOnEscape width="md">
      <form className={form} onSubmit={(event) => void submit(event)} noValidate>
        <PermissionChecks
          value={permissions}
          error={error}
          disabled={busy}
          onChange={(next) => {
            setPermissions(next)
            setError(undefined)
          }}
        />
        <DialogActions failure={failure} busy={busy} onCancel={cancel}>
          {busy ? <Trans>正在保存…</Trans> : <Trans>保存</Trans>}
        </DialogActions>
      </form>
    </ModalDialog>
  )
}

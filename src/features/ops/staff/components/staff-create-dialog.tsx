import { Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, useState } from 'react'
import * as v from 'valibot'
import { css } from '../../../../../styled-system/css'
import { FormField, PasswordField } from '../../../../components/ui/form-field.tsx'
import { ModalDialog } from '../../../../components/ui/modal-dialog.tsx'
import { type StaffAccountDto, type StaffPermission, staffCreateBody } from '../../../../domain/staff.ts'
import { DialogActions } from '../../components/dialog-actions.tsx'
import { createStaff } from '../api/create-staff.ts'
import { refusedFields, staffFailureText, staffMessageText } from '../staff-text.ts'
import { PermissionChecks } from './permission-checks.tsx'

const form = css({ display: 'flex', flexDirection: 'column', gap: '3' })

const FIELDS = ['email', 'nickname', 'password', 'permissions'] as const
type Field = (typeof FIELDS)[number]
type Errors = Partial<Record<Field, string>>

/** `permissions.2` (one entry of the list) is said on the list; the rest by their own name. */
const fieldOf = (path: string): Field | undefined => FIELDS.find((field) => field === path.split('.')[0])

function errorsOf(entries: Iterable<[string, string]>) {
  const errors: Errors = {}
  const others: string[] = []
  for (const [path, message] of entries) {
    const field = fieldOf(path)
    if (field) errors[field] ??= message
    else others.push(message)
  }
  return { errors, others }
}

/**
 * A new staff account: e-mail, nickname, the password it first signs in with (the shop's password
 * policy; it must change it before using the console) and its rooms. Checked with the server's own
 * schema before sending; the server's refusals (an e-mail in use) are said under the field.
 */
export function StaffCreateDialog(props: {
  onCreated: (account: StaffAccountDto) => void
  onCancel: () => void
}) {
  const { t } = useLingui()
  const [email, setEmail] = useState('')
  const [nickname, setNickname] = useState('')
  const [password, setPassword] = useState('')
  const [permissions, setPermissions] = useState<StaffPermission[]>([])
  const [shown, setShown] = useState(false)
  const [serverErrors, setServerErrors] = useState<Errors>({})
  const [failure, setFailure] = useState<string>()
  const [busy, setBusy] = useState(false)
  const checked = v.safeParse(staffCreateBody, { email, nickname, password, permissions })
  const own = checked.success
    ? {}
    : errorsOf(
        checked.issues.map(
          (issue) => [v.getDotPath(issue) ?? '', staffMessageText(issue.message)] as [string, string],
        ),
      ).errors
  const errorOf = (field: Field) => serverErrors[field] ?? (shown ? own[field] : undefined)
  const edited = (field: Field) => setServerErrors((current) => ({ ...current, [field]: undefined }))

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setShown(true)
    setFailure(undefined)
    if (!checked.success) return
    setBusy(true)
    try {
      props.onCreated(await createStaff(checked.output))
    } catch (error) {
      setBusy(false)
      const { errors, others } = errorsOf(refusedFields(error))
      setServerErrors(errors)
      if (others.length > 0) setFailure(others.join(' '))
      else if (Object.keys(errors).length === 0) setFailure(staffFailureText(error))
    }
  }
  const cancel = () => {
    if (!busy) props.onCancel()
  }

  return (
    <ModalDialog title={t`新建员工账号`} onClose={cancel} closeOnEscape width="md">
      <form className={form} onSubmit={(event) => void submit(event)} noValidate>
        <FormField
          label={t`邮箱`}
          type="email"
          autoComplete="off"
          required
          value={email}
          error={errorOf('email')}
          disabled={busy}
          onChange={(event) => {
            setEmail(event.target.value)
            edited('email')
          }}
        />
        <FormField
          label={t`昵称`}
          autoComplete="off"
          required
          value={nickname}
          error={errorOf('nickname')}
          disabled={busy}
          onChange={(event) => {
            setNickname(event.target.value)
            edited('nickname')
          }}
        />
        <PasswordField
          label={t`初始密码`}
          autoComplete="new-password"
          required
          value={password}
          error={errorOf('password')}
          hint={<Trans>8–16 位，含大写字母、小写字母、数字和特殊字符。员工首次登录后须修改此密码。</Trans>}
          disabled={busy}
          onChange={(event) => {
            setPassword(event.target.value)
            edited('password')
          }}
        />
        <PermissionChecks
          value={permissions}
          error={errorOf('permissions')}
          disabled={busy}
          onChange={(next) => {
            setPermissions(next)
            edited('permissions')
          }}
        />
        <DialogActions failure={failure} busy={busy} onCancel={cancel}>
          {busy ? <Trans>正在提交…</Trans> : <Trans>新建账号</Trans>}
        </DialogActions>
      </form>
    </ModalDialog>
  )
}

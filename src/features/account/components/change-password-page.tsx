import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useNavigate } from '@tanstack/react-router'
import type { FormEvent } from 'react'
import { PasswordField } from '../../../components/ui/form-field.tsx'
import { passwordChangeSchema } from '../../../domain/account.ts'
import { showToast } from '../../../lib/toast.ts'
import { changePassword } from '../api/change-password.ts'
import {
  AccountCard,
  checkWith,
  FormSubmit,
  formStack,
  linkRow,
  quiet,
  useAccountForm,
} from './account-form.tsx'
import { NewPasswordFields } from './new-password-fields.tsx'

/** /change-password (signed in): the server signs the other devices out; this one stays signed in. */
export function ChangePasswordPage() {
  const { t } = useLingui()
  const navigate = useNavigate()
  const form = useAccountForm({ password: '', newPassword: '', confirmPassword: '' })

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    // The schema reports a mismatch under confirmPassword.
    void form.run(checkWith(passwordChangeSchema, form.values), async (payload) => {
      await changePassword(payload, quiet)
      showToast({ tone: 'success', message: t`密码已修改` })
      await navigate({ to: '/userinfo' })
    })
  }

  return (
    <AccountCard title={<Trans>修改密码</Trans>}>
      <form ref={form.formRef} className={formStack} onSubmit={onSubmit} noValidate>
        <PasswordField
          label={t`当前密码`}
          autoComplete="current-password"
          required
          {...form.bind('password')}
        />
        <NewPasswordFields kind="replacement" form={form} name="newPassword" />
        <FormSubmit form={form} busyLabel={<Trans>提交中…</Trans>}>
          <Trans>修改密码</Trans>
        </FormSubmit>
        <div className={linkRow}>
          <Link to="/userinfo">
            <Trans>返回个人信息</Trans>
          </Link>
          <Link to="/forgot">
            <Trans>忘记当前密码？</Trans>
          </Link>
        </div>
      </form>
    </AccountCard>
  )
}

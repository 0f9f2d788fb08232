import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useNavigate } from '@tanstack/react-router'
import type { FormEvent } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { PasswordField } from '../../../components/ui/form-field.tsx'
import { passwordChangeSchema } from '../../../domain/account.ts'
import { showToast } from '../../../lib/toast.ts'
import { changePassword } from '../api/change-password.ts'
import {
  AccountCard,
  checkWith,
  FormAlert,
  formStack,
  linkRow,
  quiet,
  useAccountForm,
} from './account-form.tsx'

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
        <PasswordField
          label={t`新密码`}
          autoComplete="new-password"
          maxLength={16}
          required
          hint={t`8–16 位，须包含大写字母、小写字母、数字和特殊字符（! @ # $ % & * . , ?）`}
          {...form.bind('newPassword')}
        />
        <PasswordField
          label={t`确认新密码`}
          autoComplete="new-password"
          maxLength={16}
          required
          {...form.bind('confirmPassword')}
        />
        <FormAlert message={form.formError} />
        <Button type="submit" disabled={form.sending}>
          {form.sending ? <Trans>提交中…</Trans> : <Trans>修改密码</Trans>}
        </Button>
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

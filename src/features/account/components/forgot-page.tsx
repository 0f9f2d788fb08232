import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { FormField, PasswordField } from '../../../components/ui/form-field.tsx'
import { Notice } from '../../../components/ui/notice.tsx'
import { EmailCodeType, resetPasswordSchema } from '../../../domain/account.ts'
import { resetPassword } from '../api/reset-password.ts'
import {
  AccountCard,
  checkWith,
  FormAlert,
  formStack,
  linkRow,
  mismatchOf,
  quiet,
  useAccountForm,
} from './account-form.tsx'
import { SendCodeButton } from './send-code-button.tsx'

/**
 * /forgot: the e-mail gets a code (type 2), then the code and a new password (twice) reset it. Every
 * session of the account ends on the server, so the shopper logs in afresh.
 */
export function ForgotPage() {
  const { t } = useLingui()
  const form = useAccountForm({ username: '', code: '', password: '', confirmPassword: '' })
  const [done, setDone] = useState(false)

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const { confirmPassword, ...payload } = form.values
    void form.run(
      checkWith(resetPasswordSchema, payload, mismatchOf(payload.password, confirmPassword)),
      async (valid) => {
        await resetPassword(valid, quiet)
        setDone(true)
      },
    )
  }

  return (
    <AccountCard title={<Trans>重置密码</Trans>}>
      {done ? (
        <Notice
          tone="info"
          title={<Trans>密码已重置</Trans>}
          action={
            <Link to="/login">
              <Trans>去登录</Trans>
            </Link>
          }
        >
          <Trans>请使用新密码登录。</Trans>
        </Notice>
      ) : (
        <form ref={form.formRef} className={formStack} onSubmit={onSubmit} noValidate>
          <FormField
            label={t`邮箱`}
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            {...form.bind('username')}
            addon={
              <SendCodeButton
                type={EmailCodeType.resetPassword}
                email={form.values.username}
                onEmailError={(message) => form.setFieldError('username', message)}
              />
            }
          />
          <FormField
            label={t`验证码`}
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={6}
            required
            {...form.bind('code')}
          />
          <PasswordField
            label={t`新密码`}
            autoComplete="new-password"
            maxLength={16}
            required
            hint={t`8–16 位，须包含大写字母、小写字母、数字和特殊字符（! @ # $ % & * . , ?）`}
            {...form.bind('password')}
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
            {form.sending ? <Trans>提交中…</Trans> : <Trans>重置密码</Trans>}
          </Button>
          <div className={linkRow}>
            <Link to="/login">
              <Trans>返回登录</Trans>
            </Link>
          </div>
        </form>
      )}
    </AccountCard>
  )
}

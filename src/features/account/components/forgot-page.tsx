import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import { Notice } from '../../../components/ui/notice.tsx'
import { EmailCodeType, resetPasswordSchema } from '../../../domain/account.ts'
import { resetPassword } from '../api/reset-password.ts'
import {
  AccountCard,
  checkWith,
  FormSubmit,
  formStack,
  linkRow,
  quiet,
  useAccountForm,
} from './account-form.tsx'
import { EmailCodeFields } from './email-code-fields.tsx'
import { mismatchOf, NewPasswordFields } from './new-password-fields.tsx'

/**
 * /forgot: the e-mail gets a code (type 2), then the code and a new password (twice) reset it. Every
 * session of the account ends on the server, so the shopper logs in afresh.
 */
export function ForgotPage() {
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
          <EmailCodeFields codeType={EmailCodeType.resetPassword} form={form} />
          <NewPasswordFields kind="replacement" form={form} name="password" />
          <FormSubmit form={form} busyLabel={<Trans>提交中…</Trans>}>
            <Trans>重置密码</Trans>
          </FormSubmit>
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

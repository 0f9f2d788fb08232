import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useNavigate } from '@tanstack/react-router'
import type { FormEvent } from 'react'
import { FormField } from '../../../components/ui/form-field.tsx'
import { EmailCodeType, registerSchema } from '../../../domain/account.ts'
import { showToast } from '../../../lib/toast.ts'
import { useLanguage } from '../../../lib/use-language.ts'
import { registerAccount } from '../api/register-account.ts'
import {
  AccountCard,
  checkWith,
  FormSubmit,
  formStack,
  linkRow,
  quiet,
  UnlessSignedIn,
  useAccountForm,
} from './account-form.tsx'
import { EmailCodeFields } from './email-code-fields.tsx'
import { mismatchOf, NewPasswordFields } from './new-password-fields.tsx'
import { NicknameField } from './nickname-field.tsx'

/**
 * /signup: e-mail with a mailed code (type 1, in the shown language), nickname, password twice, and
 * optional phone and messaging account (the latter for Chinese, where the shop reaches buyers on it).
 * The new account comes back signed in.
 */
export function SignupPage() {
  const { t } = useLingui()
  const language = useLanguage()
  const navigate = useNavigate()
  const form = useAccountForm({
    username: '',
    code: '',
    nickname: '',
    password: '',
    confirmPassword: '',
    telephone: '',
    wechat: '',
  })
  const asksMessagingAccount = language === 'zhCn'

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const { confirmPassword, wechat, ...rest } = form.values
    const input = { ...rest, wechat: asksMessagingAccount ? wechat : '', language }
    void form.run(
      checkWith(registerSchema, input, mismatchOf(form.values.password, confirmPassword)),
      async (payload) => {
        await registerAccount(payload, quiet)
        showToast({ tone: 'success', message: t`注册成功` })
        await navigate({ to: '/' })
      },
    )
  }

  return (
    <AccountCard title={<Trans>注册</Trans>}>
      <UnlessSignedIn sending={form.sending}>
        <form ref={form.formRef} className={formStack} onSubmit={onSubmit} noValidate>
          <EmailCodeFields codeType={EmailCodeType.register} form={form} />
          <NicknameField {...form.bind('nickname')} />
          <NewPasswordFields kind="first" form={form} name="password" />
          <FormField label={t`电话（选填）`} type="tel" autoComplete="tel" {...form.bind('telephone')} />
          {asksMessagingAccount ? (
            <FormField
              label={t`微信号（选填）`}
              maxLength={64}
              hint={t`客服会通过微信联系你，请确认填写正确。`}
              {...form.bind('wechat')}
            />
          ) : null}
          <FormSubmit form={form} busyLabel={<Trans>注册中…</Trans>}>
            <Trans>注册</Trans>
          </FormSubmit>
          <div className={linkRow}>
            <Link to="/login">
              <Trans>已有账号？去登录</Trans>
            </Link>
          </div>
        </form>
      </UnlessSignedIn>
    </AccountCard>
  )
}

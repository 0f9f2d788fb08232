import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useNavigate } from '@tanstack/react-router'
import type { FormEvent } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { FormField, PasswordField } from '../../../components/ui/form-field.tsx'
import { EmailCodeType, registerSchema } from '../../../domain/account.ts'
import { showToast } from '../../../lib/toast.ts'
import { useLanguage } from '../../../lib/use-language.ts'
import { registerAccount } from '../api/register-account.ts'
import {
  AccountCard,
  checkWith,
  FormAlert,
  formStack,
  linkRow,
  mismatchOf,
  quiet,
  SignedInNote,
  useAccountForm,
  useSignedIn,
} from './account-form.tsx'
import { SendCodeButton } from './send-code-button.tsx'

/**
 * /signup: e-mail with a mailed code (type 1, in the shown language), nickname, password twice, and
 * optional phone and messaging account (the latter for Chinese, where the shop reaches buyers on it).
 * The new account comes back signed in.
 */
export function SignupPage() {
  const { t } = useLingui()
  const language = useLanguage()
  const signedIn = useSignedIn()
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
      {signedIn && !form.sending ? (
        <SignedInNote />
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
                type={EmailCodeType.register}
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
          <FormField
            label={t`昵称`}
            autoComplete="nickname"
            maxLength={32}
            required
            {...form.bind('nickname')}
          />
          <PasswordField
            label={t`密码`}
            autoComplete="new-password"
            maxLength={16}
            required
            hint={t`8–16 位，须包含大写字母、小写字母、数字和特殊字符（! @ # $ % & * . , ?）`}
            {...form.bind('password')}
          />
          <PasswordField
            label={t`确认密码`}
            autoComplete="new-password"
            maxLength={16}
            required
            {...form.bind('confirmPassword')}
          />
          <FormField label={t`电话（选填）`} type="tel" autoComplete="tel" {...form.bind('telephone')} />
          {asksMessagingAccount ? (
            <FormField
              label={t`微信号（选填）`}
              maxLength={64}
              hint={t`客服会通过微信联系你，请确认填写正确。`}
              {...form.bind('wechat')}
            />
          ) : null}
          <FormAlert message={form.formError} />
          <Button type="submit" disabled={form.sending}>
            {form.sending ? <Trans>注册中…</Trans> : <Trans>注册</Trans>}
          </Button>
          <div className={linkRow}>
            <Link to="/login">
              <Trans>已有账号？去登录</Trans>
            </Link>
          </div>
        </form>
      )}
    </AccountCard>
  )
}

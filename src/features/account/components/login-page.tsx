import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useNavigate } from '@tanstack/react-router'
import type { FormEvent } from 'react'
import * as v from 'valibot'
import { PasswordField } from '../../../components/ui/form-field.tsx'
import { loginSchema, redirectUrlSchema } from '../../../domain/account.ts'
import { logIn } from '../api/log-in.ts'
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
import { EmailField } from './email-code-fields.tsx'

/**
 * Where to go after login: the redirectUrl the route guard set, only when it is a path on this site
 * (an open-redirect guard: `//evil.example` or `/\evil.example` would leave the shop), else home.
 */
export function loginTarget(redirectUrl: string | undefined): string | undefined {
  return redirectUrl !== undefined && v.is(redirectUrlSchema, redirectUrl) ? redirectUrl : undefined
}

/** /login: e-mail and password; the API client stores the token and the session signs in by itself. */
export function LoginPage(props: { redirectUrl: string | undefined }) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const form = useAccountForm({ username: '', password: '' })
  const target = loginTarget(props.redirectUrl)

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    void form.run(checkWith(loginSchema, { ...form.values, redirectUrl: target }), async (payload) => {
      await logIn(
        { username: payload.username, password: payload.password, redirectUrl: payload.redirectUrl },
        quiet,
      )
      await navigate({ href: target ?? '/', replace: true })
    })
  }

  return (
    <AccountCard title={<Trans>登录</Trans>}>
      <UnlessSignedIn sending={form.sending}>
        <form ref={form.formRef} className={formStack} onSubmit={onSubmit} noValidate>
          <EmailField {...form.bind('username')} />
          <PasswordField
            label={t`密码`}
            autoComplete="current-password"
            required
            {...form.bind('password')}
          />
          <FormSubmit form={form} busyLabel={<Trans>登录中…</Trans>}>
            <Trans>登录</Trans>
          </FormSubmit>
          <div className={linkRow}>
            <Link to="/signup">
              <Trans>注册新账号</Trans>
            </Link>
            <Link to="/forgot">
              <Trans>忘记密码？</Trans>
            </Link>
          </div>
        </form>
      </UnlessSignedIn>
    </AccountCard>
  )
}

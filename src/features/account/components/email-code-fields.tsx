import { useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { FormField } from '../../../components/ui/form-field.tsx'
import type { EmailCodeType } from '../../../domain/account.ts'
import type { FieldBinding } from './account-form.tsx'
import { SendCodeButton } from './send-code-button.tsx'

/** The sign-in e-mail input (login, sign-up, forgot); `addon` goes beside it. */
export function EmailField({ addon, ...binding }: FieldBinding & { addon?: ReactNode }) {
  const { t } = useLingui()
  return (
    <FormField
      label={t`邮箱`}
      type="email"
      autoComplete="email"
      inputMode="email"
      required
      {...binding}
      addon={addon}
    />
  )
}

/**
 * The sign-in e-mail (the form's username) with a button that mails it a code of `codeType`, and the
 * input for that code. The button's verdict on the address (invalid, already registered) goes under
 * the e-mail input.
 */
export function EmailCodeFields(props: {
  codeType: EmailCodeType
  form: {
    bind: (name: 'username' | 'code') => FieldBinding
    setFieldError: (name: 'username', message: string | undefined) => void
  }
}) {
  const { t } = useLingui()
  const { form } = props
  const email = form.bind('username')
  return (
    <>
      <EmailField
        {...email}
        addon={
          <SendCodeButton
            type={props.codeType}
            email={email.value}
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
    </>
  )
}

import { useLingui } from '@lingui/react/macro'
import { PasswordField } from '../../../components/ui/form-field.tsx'
import { ValidationMessage } from '../../../domain/validation-messages.ts'
import { type FieldErrors, validationText } from '../../../lib/validation-text.ts'
import type { FieldBinding } from './account-form.tsx'

/**
 * A password chosen by the shopper, typed twice: the form's input `name` with the policy hint under
 * it, then confirmPassword. `kind` labels them: the account's first password (sign-up) or a replacement.
 */
export function NewPasswordFields<N extends string>(props: {
  kind: 'first' | 'replacement'
  form: { bind: (name: N | 'confirmPassword') => FieldBinding }
  name: N
}) {
  const { t } = useLingui()
  const first = props.kind === 'first'
  return (
    <>
      <PasswordField
        label={first ? t`密码` : t`新密码`}
        autoComplete="new-password"
        maxLength={16}
        required
        hint={t`8–16 位，须包含大写字母、小写字母、数字和特殊字符（! @ # $ % & * . , ?）`}
        {...props.form.bind(props.name)}
      />
      <PasswordField
        label={first ? t`确认密码` : t`确认新密码`}
        autoComplete="new-password"
        maxLength={16}
        required
        {...props.form.bind('confirmPassword')}
      />
    </>
  )
}

/**
 * The confirmation check for a form whose payload schema cannot make it (the confirmation is not
 * sent): a mismatch goes under confirmPassword.
 */
export function mismatchOf(password: string, confirmation: string): FieldErrors {
  return password === confirmation
    ? {}
    : { confirmPassword: validationText(ValidationMessage.passwordMismatch) }
}

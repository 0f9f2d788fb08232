import { useLingui } from '@lingui/react/macro'
import { FormField } from '../../../components/ui/form-field.tsx'
import type { FieldBinding } from './account-form.tsx'

/** The nickname input of sign-up and the profile (the domain allows 1–32 characters). */
export function NicknameField(props: FieldBinding) {
  const { t } = useLingui()
  return <FormField label={t`昵称`} autoComplete="nickname" maxLength={32} required {...props} />
}

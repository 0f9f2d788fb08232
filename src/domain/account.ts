import * as v from 'valibot'

export const PASSWORD_SPECIALS = '!@#$%&*.,?'

export const passwordPolicyMessage =
  'must be 8–16 characters with an upper-case letter, a lower-case letter, a digit and one of ! @ # $ % & * . , ?'

/** Spec §5: 8–16 characters with upper case, lower case, a digit and a special character. */
export const passwordSchema = v.pipe(
  v.string(passwordPolicyMessage),
  v.minLength(8, passwordPolicyMessage),
  v.maxLength(16, passwordPolicyMessage),
  v.regex(/[A-Z]/, passwordPolicyMessage),
  v.regex(/[a-z]/, passwordPolicyMessage),
  v.regex(/\d/, passwordPolicyMessage),
  v.regex(/[!@#$%&*.,?]/, passwordPolicyMessage),
  v.regex(/^[A-Za-z\d!@#$%&*.,?]+$/, passwordPolicyMessage),
)

export const emailSchema = v.pipe(
  v.string('is required'),
  v.trim(),
  v.nonEmpty('is required'),
  v.email('must be a valid e-mail address'),
  v.maxLength(254, 'must be a valid e-mail address'),
  v.toLowerCase(),
)

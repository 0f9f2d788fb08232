import * as v from 'valibot'
import { calendarDateSchema } from './dates.ts'
import { optionalText, orRequired, payloadObject } from './fields.ts'
import { DEFAULT_LANGUAGE, languageSchema } from './language.ts'
import { ValidationMessage } from './validation-messages.ts'

// ---------------------------------------------------------------------------------------------------
// Fields

export const PASSWORD_SPECIALS = '!@#$%&*.,?'

export const passwordPolicyMessage = ValidationMessage.passwordPolicy

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
  v.string(ValidationMessage.required),
  v.trim(),
  v.nonEmpty(ValidationMessage.required),
  v.email(ValidationMessage.email),
  v.maxLength(254, ValidationMessage.email),
  v.toLowerCase(),
)

/** What an e-mailed code is for. */
export const EmailCodeType = { register: 1, resetPassword: 2, replaceEmail: 3 } as const
export type EmailCodeType = (typeof EmailCodeType)[keyof typeof EmailCodeType]

/**
 * The 6-digit code from the e-mail. NFKC turns full-width digits typed with a Japanese or Chinese
 * input method into ASCII ones, so such a code is not rejected.
 */
export const emailCodeSchema = v.pipe(
  v.string(orRequired(ValidationMessage.emailCode)),
  v.normalize('NFKC'),
  v.trim(),
  v.nonEmpty(ValidationMessage.required),
  v.regex(/^\d{6}$/, ValidationMessage.emailCode),
)

export const nicknameSchema = v.pipe(
  v.string(orRequired(ValidationMessage.text)),
  v.trim(),
  v.nonEmpty(ValidationMessage.required),
  v.maxLength(32, ValidationMessage.nickname),
)

/**
 * A phone number anywhere the shop ships, as people write it: an optional leading +, digits, and
 * spaces, hyphens or parentheses between them. The digits alone number 6–15: E.164 caps a full
 * international number at 15, and no country's local number is shorter than 6. The number is kept
 * as written (after NFKC, for full-width input), since formats differ too much to normalise safely.
 */
export const phoneSchema = v.pipe(
  v.string(orRequired(ValidationMessage.phone)),
  v.normalize('NFKC'),
  v.trim(),
  v.nonEmpty(ValidationMessage.required),
  v.regex(/^\+?[\d ()-]+$/, ValidationMessage.phone),
  v.check((phone) => {
    const digits = phone.replace(/\D/g, '').length
    return digits >= 6 && digits <= 15
  }, ValidationMessage.phone),
)

/** The messaging (WeChat or similar) account the shop contacts the user on. Null is the "empty" case too. */
export const wechatSchema = v.pipe(
  v.string((issue) =>
    issue.input === null || issue.input === undefined
      ? ValidationMessage.messagingAccountEmpty
      : ValidationMessage.text,
  ),
  v.trim(),
  v.nonEmpty(ValidationMessage.messagingAccountEmpty),
  v.maxLength(64, ValidationMessage.atMost64),
)

export const Sex = { unknown: 0, male: 1, female: 2 } as const
export type Sex = (typeof Sex)[keyof typeof Sex]

export const birthdaySchema = v.pipe(
  calendarDateSchema,
  v.check((date) => date >= '1900-01-01' && date <= '2100-12-31', ValidationMessage.birthdayRange),
)

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024
export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const
export type AvatarType = (typeof AVATAR_TYPES)[number]

/**
 * An avatar file as a browser File or an upload describes it: smaller than 2 MB (spec §5) and an image
 * type every browser shows. A File passes as is, since its size and type are read as properties.
 */
export const avatarSchema = payloadObject({
  size: v.pipe(
    v.number(orRequired(ValidationMessage.fileSize)),
    v.integer(ValidationMessage.fileSize),
    v.minValue(1, ValidationMessage.avatarEmpty),
    v.ltValue(AVATAR_MAX_BYTES, ValidationMessage.avatarTooLarge),
  ),
  type: v.picklist(AVATAR_TYPES, ValidationMessage.avatarType),
})
export type AvatarFile = v.InferOutput<typeof avatarSchema>

/**
 * Whether a redirect target stays on this site: a path from the root. '//host' is another site, and
 * browsers read '\' as '/' and drop tabs and newlines, so '/\host' or '/\t/host' would leave it too.
 */
export function isSameSitePath(path: string): boolean {
  return (
    path.startsWith('/') &&
    !path.startsWith('//') &&
    !/[\\\s]/.test(path) &&
    ![...path].some((ch) => ch < ' ' || ch === '\u007f')
  )
}

/** Where to go after login (the route guard sets it); an open-redirect guard. */
export const redirectUrlSchema = v.pipe(
  v.string(ValidationMessage.redirectUrl),
  v.maxLength(2048, ValidationMessage.atMost2048),
  v.check(isSameSitePath, ValidationMessage.redirectUrl),
)

// ---------------------------------------------------------------------------------------------------
// Payloads of the user calls (spec §7)

/** POST /mall/user/code/email */
export const emailCodeRequestSchema = payloadObject({
  type: v.picklist(Object.values(EmailCodeType), ValidationMessage.emailCodeType),
  username: emailSchema,
  language: v.optional(languageSchema, DEFAULT_LANGUAGE),
})
export type EmailCodeRequest = v.InferOutput<typeof emailCodeRequestSchema>

/** POST /mall/user/register */
export const registerSchema = payloadObject({
  username: emailSchema,
  password: passwordSchema,
  nickname: nicknameSchema,
  telephone: optionalText(phoneSchema),
  wechat: optionalText(wechatSchema),
  code: emailCodeSchema,
  language: v.optional(languageSchema, DEFAULT_LANGUAGE),
})
export type RegisterPayload = v.InferOutput<typeof registerSchema>

/** POST /mall/user/login */
export const loginSchema = payloadObject({
  username: emailSchema,
  // Any non-empty password, not the policy: accounts made before the policy must still log in.
  password: v.pipe(v.string(orRequired(ValidationMessage.text)), v.nonEmpty(ValidationMessage.required)),
  code: optionalText(emailCodeSchema),
  redirectUrl: optionalText(redirectUrlSchema),
})
export type LoginPayload = v.InferOutput<typeof loginSchema>

/** PUT /mall/user/reset */
export const resetPasswordSchema = payloadObject({
  username: emailSchema,
  password: passwordSchema,
  code: emailCodeSchema,
})
export type ResetPasswordPayload = v.InferOutput<typeof resetPasswordSchema>

/** PUT /mall/user/changePwd. The mismatch is reported on confirmPassword, where the form shows it. */
export const passwordChangeSchema = v.pipe(
  payloadObject({
    password: v.pipe(v.string(orRequired(ValidationMessage.text)), v.nonEmpty(ValidationMessage.required)),
    newPassword: passwordSchema,
    confirmPassword: v.string(orRequired(ValidationMessage.text)),
  }),
  v.forward(
    v.partialCheck(
      [['newPassword'], ['confirmPassword']],
      (input) => input.newPassword === input.confirmPassword,
      ValidationMessage.passwordMismatch,
    ),
    ['confirmPassword'],
  ),
)
export type PasswordChangePayload = v.InferOutput<typeof passwordChangeSchema>

/** PUT mall/user/replaceEmail: the new address and the code sent to it. */
export const replaceEmailSchema = payloadObject({
  username: emailSchema,
  code: emailCodeSchema,
})
export type ReplaceEmailPayload = v.InferOutput<typeof replaceEmailSchema>

/** PUT /mall/user/updateBaseInfo. The whole base info is sent, so a field left out is cleared. */
export const profileSchema = payloadObject({
  nickname: nicknameSchema,
  sex: v.optional(v.picklist(Object.values(Sex), ValidationMessage.sex), Sex.unknown),
  telephone: optionalText(phoneSchema),
  birthday: optionalText(birthdaySchema),
})
export type ProfilePayload = v.InferOutput<typeof profileSchema>

/** PUT mall/user/updateWechat?wechat= (also fits a body). */
// A left-out account runs as '' so that it reads as the spec's empty-account message, not a missing key.
export const wechatUpdateSchema = v.object({ wechat: v.optional(wechatSchema, '') })
export type WechatUpdatePayload = v.InferOutput<typeof wechatUpdateSchema>

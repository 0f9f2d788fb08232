import { t } from '@lingui/core/macro'
import * as v from 'valibot'
import { ResultCode } from '../domain/result-code.ts'
import { ValidationMessage } from '../domain/validation-messages.ts'
import { ApiFailure } from './api-client.ts'

/** Translated messages by field name (the payload's key, e.g. `username`); the first message per field. */
export type FieldErrors = Record<string, string>

// Typed by ValidationMessage so a phrase added there fails to compile until it has a translation here.
// Functions, so `t` reads the language active when a message is shown.
const VALIDATION_TEXT: Record<ValidationMessage, () => string> = {
  [ValidationMessage.required]: () => t`必填`,
  [ValidationMessage.notObject]: () => t`提交的内容格式不正确`,
  [ValidationMessage.noNul]: () => t`不能包含 NUL 控制字符`,
  [ValidationMessage.bodyTooLarge]: () => t`提交的内容太大`,
  [ValidationMessage.text]: () => t`请输入文字`,
  [ValidationMessage.email]: () => t`请输入有效的邮箱地址`,
  [ValidationMessage.passwordPolicy]: () =>
    t`密码须为 8–16 位，并包含大写字母、小写字母、数字和以下特殊字符之一：! @ # $ % & * . , ?`,
  [ValidationMessage.passwordMismatch]: () => t`两次输入的密码不一致`,
  [ValidationMessage.emailCode]: () => t`请输入邮件中的 6 位验证码`,
  [ValidationMessage.emailCodeType]: () => t`验证码类型无效`,
  [ValidationMessage.nickname]: () => t`昵称须为 1–32 个字符`,
  [ValidationMessage.phone]: () => t`请输入有效的电话号码`,
  [ValidationMessage.messagingAccountEmpty]: () => t`联系账号不能为空`,
  [ValidationMessage.sex]: () => t`请选择性别`,
  [ValidationMessage.date]: () => t`请输入有效的日期（年-月-日）`,
  [ValidationMessage.birthdayRange]: () => t`日期须在 1900-01-01 到 2100-12-31 之间`,
  [ValidationMessage.endBeforeStart]: () => t`结束日期不能早于开始日期`,
  [ValidationMessage.avatarTooLarge]: () => t`图片须小于 2 MB`,
  [ValidationMessage.fileSize]: () => t`文件大小无效`,
  [ValidationMessage.avatarEmpty]: () => t`文件是空的`,
  [ValidationMessage.avatarType]: () => t`请选择 JPEG、PNG、WebP 或 GIF 格式的图片`,
  [ValidationMessage.redirectUrl]: () => t`跳转地址须为本站页面`,
  [ValidationMessage.country]: () => t`请选择本店支持的国家或地区`,
  [ValidationMessage.flag]: () => t`须为 0 或 1`,
  [ValidationMessage.id]: () => t`须为正整数`,
  [ValidationMessage.idList]: () => t`请选择 1 到 200 项`,
  [ValidationMessage.idempotencyKey]: () => t`请求标识无效，请刷新页面后重试`,
  [ValidationMessage.zip]: () => t`请输入美国邮编（12345 或 12345-6789）`,
  [ValidationMessage.postCode]: () => t`邮编最多 16 位，只能包含字母、数字、空格或连字符`,
  [ValidationMessage.productType]: () => t`商品类型须为 0 到 9`,
  [ValidationMessage.orderStatus]: () => t`订单状态无效`,
  [ValidationMessage.payType]: () => t`请选择该支付方式支持的付款类型`,
  [ValidationMessage.points]: () => t`积分须为 0 到 99999999 的整数`,
  [ValidationMessage.atMost50]: () => t`最多 50 个字符`,
  [ValidationMessage.atMost64]: () => t`最多 64 个字符`,
  [ValidationMessage.atMost100]: () => t`最多 100 个字符`,
  [ValidationMessage.atMost200]: () => t`最多 200 个字符`,
  [ValidationMessage.atMost2048]: () => t`最多 2048 个字符`,
  [ValidationMessage.notInFuture]: () => t`日期不能晚于今天（日本时间）`,
  [ValidationMessage.arrivalForfeited]: () => t`日期太早：按此日期货物已被没收`,
  [ValidationMessage.splitGroups]: () => t`请分成两组或以上，每个商品行恰好属于一组`,
  [ValidationMessage.lineIds]: () => t`请选择订单的部分商品行（不能全选，不能重复）`,
  [ValidationMessage.packageStatus]: () => t`请选择包裹状态`,
  [ValidationMessage.boxes]: () => t`请填写 1 到 20 个箱子`,
  [ValidationMessage.boxWeight]: () => t`重量须为 1 到 70000 克的整数`,
  [ValidationMessage.boxSide]: () => t`尺寸须为 1 到 3000 毫米的整数`,
  [ValidationMessage.boxLines]: () => t`申请中的每件商品须恰好装入一个箱子`,
  [ValidationMessage.carrier]: () => t`请选择承运商`,
  [ValidationMessage.trackingNo]: () => t`运单号与承运商的格式或校验位不符`,
}

/**
 * The phrases the server reports after a field name that are not schema messages
 * (server/services/accounts: sign-in.ts, profile.ts, email-codes.ts codeFailureMessage, avatars.ts).
 */
const SERVER_TEXT: Record<string, () => string> = {
  'is already registered; log in or reset the password': () => t`该邮箱已注册，请直接登录或重置密码`,
  'is already used by an account': () => t`该邮箱已被其他账号使用`,
  'the e-mail or password is wrong': () => t`邮箱或密码错误`,
  'is not your current password': () => t`当前密码不正确`,
  'must differ from the current password': () => t`新密码不能与当前密码相同`,
  'no code was sent to this address; ask for a new code': () => t`没有向该邮箱发送过验证码，请重新获取`,
  'has expired; ask for a new code': () => t`验证码已过期，请重新获取`,
  'was entered wrong too many times; ask for a new code': () => t`验证码错误次数过多，请重新获取`,
  'is not the code we sent': () => t`验证码不正确`,
  'The e-mail could not be sent; please try again in a moment': () => t`邮件发送失败，请稍后再试`,
  'is not valid multipart/form-data': () => t`上传的内容格式不正确`,
  // src/domain/language.ts
  'must be one of zhCn, ja, en': () => t`语言须为简体中文、日语或英语`,
}

// src/domain/queries.ts builds its page limits from numbers.
const WHOLE_NUMBER = /^must be a whole number from (\d+) to (\d+)$/

// `${field}: ${message}`, the shape of every field failure the server reports (server/http/validate.ts).
const FIELD_MESSAGE = /^([A-Za-z][\w.]*): (.+)$/s

function isValidationMessage(message: string): message is ValidationMessage {
  return Object.hasOwn(VALIDATION_TEXT, message)
}

function phraseText(phrase: string): string | undefined {
  if (isValidationMessage(phrase)) return VALIDATION_TEXT[phrase]()
  const server = Object.hasOwn(SERVER_TEXT, phrase) ? SERVER_TEXT[phrase] : undefined
  if (server) return server()
  const range = WHOLE_NUMBER.exec(phrase)
  if (range) {
    const [, min = '', max = ''] = range
    return t`须为 ${min} 到 ${max} 之间的整数`
  }
  return undefined
}

/**
 * The translated text of a message the schemas or the server report: a bare phrase ('is required') or
 * a server message with its field ('code: has expired; ask for a new code'). Anything unknown is
 * returned unchanged, so a new server message still says something.
 */
export function validationText(message: string): string {
  const direct = phraseText(message)
  if (direct !== undefined) return direct
  const withField = FIELD_MESSAGE.exec(message)
  return (withField?.[2] && phraseText(withField[2])) || message
}

/** A 400's data: the refused fields, each with its message. */
export function isFieldList(value: unknown): value is { field: string; message: string }[] {
  return (
    Array.isArray(value) &&
    value.every(
      (entry: unknown) =>
        typeof entry === 'object' &&
        entry !== null &&
        typeof (entry as { field?: unknown }).field === 'string' &&
        typeof (entry as { message?: unknown }).message === 'string',
    )
  )
}

function firstPerField(entries: Iterable<{ field: string; message: string }>): FieldErrors {
  const errors: FieldErrors = {}
  for (const { field, message } of entries) errors[field] ??= validationText(message)
  return errors
}

/** Whether a failure is the server refusing what was sent (a 400), or an address being taken (409). */
function isInputRefusal(failure: ApiFailure): boolean {
  return (
    failure.kind === 'server' &&
    (failure.code === ResultCode.invalidInput || failure.code === ResultCode.conflict)
  )
}

/**
 * Translated field errors, first message per field, from valibot issues (`v.safeParse(...).issues`)
 * or from a server refusal: a 400's `data.fields`, or else its `field: message` msg (business refusals
 * such as a wrong password or code carry no list). A failure of another kind has no field errors.
 */
export function fieldErrorsOf(source: readonly v.BaseIssue<unknown>[] | ApiFailure): FieldErrors {
  if (!(source instanceof ApiFailure)) {
    return firstPerField(
      source.map((issue) => ({ field: v.getDotPath(issue) ?? '', message: issue.message })),
    )
  }
  if (!isInputRefusal(source)) return {}
  const fields = (source.data as { fields?: unknown } | undefined)?.fields
  if (isFieldList(fields)) return firstPerField(fields)
  const single = FIELD_MESSAGE.exec(source.message)
  return single?.[1] && single[2] ? firstPerField([{ field: single[1], message: single[2] }]) : {}
}

/** The retry wait of a 429, when it says. */
export function retryAfterSecondsOf(failure: ApiFailure): number | undefined {
  const seconds = (failure.data as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0
    ? Math.ceil(seconds)
    : undefined
}

/**
 * Whether a failure ended the session (9004, 9005). The API client has toasted it and the session
 * leaves the page, so a form shows no message of its own for it.
 */
export function endsSession(failure: ApiFailure): boolean {
  return (
    failure.kind === 'server' &&
    (failure.code === ResultCode.sessionExpired || failure.code === ResultCode.accountDisabled)
  )
}

export interface FormFailure {
  /** Errors to show under the form's own inputs. */
  fields: FieldErrors
  /** A message for the whole form; undefined when there is nothing to say (cancelled, or fields say it). */
  message: string | undefined
}

/**
 * What a form shows for a failed call made with `systemNotify: false`. Refusals of fields the form has
 * go under those inputs; the rest is one translated message: a refusal of a field it does not show,
 * too many tries (with the wait), the client's own network message, or the server's message.
 * A cancelled call says nothing, nor does an ended session (see endsSession).
 */
export function formFailureOf(error: unknown, formFields: readonly string[]): FormFailure {
  if (!(error instanceof ApiFailure)) return { fields: {}, message: t`出错了，请稍后再试` }
  if (error.kind === 'aborted' || endsSession(error)) return { fields: {}, message: undefined }
  if (error.kind !== 'server') return { fields: {}, message: error.message }
  if (error.code === ResultCode.tooManyRequests) {
    const seconds = retryAfterSecondsOf(error)
    return {
      fields: {},
      message:
        seconds === undefined ? t`尝试次数过多，请稍后再试` : t`尝试次数过多，请在 ${seconds} 秒后重试`,
    }
  }
  const all = fieldErrorsOf(error)
  const fields: FieldErrors = {}
  const others: string[] = []
  for (const [field, message] of Object.entries(all)) {
    if (formFields.includes(field)) fields[field] = message
    else others.push(message)
  }
  if (Object.keys(all).length === 0) {
    const known = validationText(error.message)
    // A server fault the client has no words for gets the general message, not the server's English.
    const unknownFault = known === error.message && (error.code ?? 0) >= 500
    return { fields, message: unknownFault ? t`出错了，请稍后再试` : known }
  }
  return { fields, message: others.length > 0 ? others.join(' ') : undefined }
}

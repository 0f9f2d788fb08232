import { EmailCodeType } from '../../../src/domain/account.ts'
import type { Language } from '../../../src/domain/language.ts'
import type { MailMessage } from './mailer.ts'

/** Minutes an e-mailed code stays valid; the mail says so. */
export const CODE_VALID_MINUTES = 10

interface CodeMailText {
  subject: string
  purpose: string
  code: string
  validity: string
  link: string
  ignore: string
}

// Mail goes out from the server, which cannot run lingui macros, so its three languages live here.
const TEXT: Record<Language, Record<EmailCodeType, CodeMailText>> = {
  zhCn: {
    [EmailCodeType.register]: {
      subject: 'Yoyaku 注册验证码',
      purpose: '你正在注册 Yoyaku 账号。',
      code: '验证码',
      validity: `验证码 ${CODE_VALID_MINUTES} 分钟内有效，只能使用一次。`,
      link: '',
      ignore: '如果这不是你本人的操作，请忽略这封邮件。',
    },
    [EmailCodeType.resetPassword]: {
      subject: 'Yoyaku 重置密码验证码',
      purpose: '你正在重置 Yoyaku 账号的密码。',
      code: '验证码',
      validity: `验证码 ${CODE_VALID_MINUTES} 分钟内有效，只能使用一次。`,
      link: '',
      ignore: '如果这不是你本人的操作，请忽略这封邮件，你的密码不会改变。',
    },
    [EmailCodeType.replaceEmail]: {
      subject: 'Yoyaku 更换邮箱确认',
      purpose: '你的 Yoyaku 账号正在把登录邮箱更换为此地址。',
      code: '验证码',
      validity: `链接和验证码 ${CODE_VALID_MINUTES} 分钟内有效，只能使用一次。`,
      link: '点击以下链接确认更换：',
      ignore: '如果这不是你本人的操作，请忽略这封邮件，邮箱不会更换。',
    },
  },
  ja: {
    [EmailCodeType.register]: {
      subject: 'Yoyaku 会員登録の認証コード',
      purpose: 'Yoyaku の会員登録を受け付けました。',
      code: '認証コード',
      validity: `認証コードの有効期限は ${CODE_VALID_MINUTES} 分で、一度だけ使えます。`,
      link: '',
      ignore: 'お心当たりのない場合は、このメールを破棄してください。',
    },
    [EmailCodeType.resetPassword]: {
      subject: 'Yoyaku パスワード再設定の認証コード',
      purpose: 'Yoyaku アカウントのパスワード再設定を受け付けました。',
      code: '認証コード',
      validity: `認証コードの有効期限は ${CODE_VALID_MINUTES} 分で、一度だけ使えます。`,
      link: '',
      ignore: 'お心当たりのない場合は、このメールを破棄してください。パスワードは変更されません。',
    },
    [EmailCodeType.replaceEmail]: {
      subject: 'Yoyaku メールアドレス変更の確認',
      purpose: 'Yoyaku アカウントのログイン用メールアドレスをこのアドレスに変更しようとしています。',
      code: '認証コード',
      validity: `リンクと認証コードの有効期限は ${CODE_VALID_MINUTES} 分で、一度だけ使えます。`,
      link: '次のリンクを開いて変更を確定してください：',
      ignore: 'お心当たりのない場合は、このメールを破棄してください。メールアドレスは変更されません。',
    },
  },
  en: {
    [EmailCodeType.register]: {
      subject: 'Your Yoyaku sign-up code',
      purpose: 'You are creating a Yoyaku account.',
      code: 'Verification code',
      validity: `The code is valid for ${CODE_VALID_MINUTES} minutes and works once.`,
      link: '',
      ignore: 'If this was not you, ignore this e-mail.',
    },
    [EmailCodeType.resetPassword]: {
      subject: 'Your Yoyaku password reset code',
      purpose: 'You asked to reset the password of your Yoyaku account.',
      code: 'Verification code',
      validity: `The code is valid for ${CODE_VALID_MINUTES} minutes and works once.`,
      link: '',
      ignore: 'If this was not you, ignore this e-mail; your password stays the same.',
    },
    [EmailCodeType.replaceEmail]: {
      subject: 'Confirm your new Yoyaku e-mail address',
      purpose: 'Your Yoyaku account is changing its sign-in e-mail to this address.',
      code: 'Verification code',
      validity: `The link and the code are valid for ${CODE_VALID_MINUTES} minutes and work once.`,
      link: 'Open this link to confirm the change:',
      ignore: 'If this was not you, ignore this e-mail; the address will not change.',
    },
  },
}

/** The e-mail carrying a code, in the language the request asked for. */
export function codeMail(input: {
  to: string
  type: EmailCodeType
  language: Language
  code: string
  /** The confirmation link of an e-mail change. */
  link?: string
}): MailMessage {
  const text = TEXT[input.language][input.type]
  const lines = [text.purpose, '', `${text.code}: ${input.code}`, '', text.validity]
  if (input.link) lines.push('', text.link, input.link)
  lines.push('', text.ignore, '', '— Yoyaku')
  return { to: input.to, subject: text.subject, text: `${lines.join('\n')}\n` }
}

import { EXTRA_FEE_TYPE_INFO, type ExtraFeeType } from '../../../src/domain/extra-fee.ts'
import type { Language } from '../../../src/domain/language.ts'
import type { DueReminder, ReminderKind } from '../../../src/domain/reminders.ts'
import type { MailMessage } from '../mail/mailer.ts'

/*
 * What a reminder says, in the shopper's language (flows §6). Mail and push leave from the server,
 * which cannot run lingui macros, so the three languages live here, like account-mail.ts.
 */

/** What a reminder's texts name. */
export interface ReminderFacts {
  due: DueReminder
  /** The target as the shopper knows it: the order's id, the box's package number, the fee's id, the product's name. */
  ref: string
  /** Yen to pay (the balance with its late fee, the fee); null when not known yet (a shipping fee). */
  amount: number | null
  /** The fee's type, for an extra fee's label. */
  feeType: ExtraFeeType | null
}

export interface ReminderText {
  title: string
  body: string
}

/** The facts as the sentences use them: yen as ¥1,234, dates as YYYY-MM-DD (shop days). */
interface Words {
  ref: string
  yen: string
  deadline: string
  lastDay: string
  overdue: boolean
  /** The fee's type in this language ('Late fee'…). */
  fee: string
}

interface LanguageText {
  kinds: Record<ReminderKind, (w: Words) => ReminderText>
  subject: (title: string) => string
  link: string
  footer: string
}

const TEXT: Record<Language, LanguageText> = {
  zhCn: {
    kinds: {
      balanceDueSoon: (w) => ({
        title: '尾款即将到期',
        body: `订单 ${w.ref} 的尾款 ${w.yen} 请于 ${w.deadline} 前支付。`,
      }),
      balanceOverdue: (w) => ({
        title: '尾款已逾期',
        body: `订单 ${w.ref} 的尾款已于 ${w.deadline} 到期，含滞纳金现需支付 ${w.yen}。请于 ${w.lastDay} 前付清，否则商品将被没收。`,
      }),
      packagingDueSoon: (w) => ({
        title: '请尽快申请打包',
        body: `订单 ${w.ref} 的商品请于 ${w.deadline} 前申请打包。`,
      }),
      packagingOverdue: (w) => ({
        title: '打包申请已逾期',
        body: `订单 ${w.ref} 的商品已超过打包申请期限（${w.deadline}），每天产生仓储费。请于 ${w.lastDay} 前申请打包，否则商品将被没收。`,
      }),
      shippingFeeDue: (w) =>
        w.overdue
          ? {
              title: '包裹运费已逾期',
              body: `包裹 ${w.ref} 的运费已于 ${w.deadline} 到期，每天产生仓储费。请于 ${w.lastDay} 前支付，否则包裹将被锁定。`,
            }
          : { title: '包裹运费待支付', body: `包裹 ${w.ref} 的运费请于 ${w.deadline} 前支付。` },
      extraFeeDue: (w) =>
        !w.deadline
          ? { title: '有待支付的追加费用', body: `${w.fee} ${w.yen} 待支付。` }
          : w.overdue
            ? { title: '追加费用已逾期', body: `${w.fee} ${w.yen} 已于 ${w.deadline} 到期，请尽快支付。` }
            : { title: '追加费用即将到期', body: `${w.fee} ${w.yen} 请于 ${w.deadline} 前支付。` },
      productAvailable: (w) => ({
        title: '到货提醒：现在可以下单了',
        body: `您关注的「${w.ref}」现在可以下单了。`,
      }),
    },
    subject: (title) => `【Yoyaku】${title}`,
    link: '打开以下链接处理：',
    footer: '此邮件由系统自动发送，同一提醒每天最多发送一次。',
  },
  ja: {
    kinds: {
      balanceDueSoon: (w) => ({
        title: '残金のお支払い期限が近づいています',
        body: `ご注文番号 ${w.ref} の残金 ${w.yen} を ${w.deadline} までにお支払いください。`,
      }),
      balanceOverdue: (w) => ({
        title: '残金のお支払い期限を過ぎています',
        body: `ご注文番号 ${w.ref} の残金は ${w.deadline} が期限でした。延滞料を含め現在 ${w.yen} です。${w.lastDay} までにお支払いがない場合、商品は没収されます。`,
      }),
      packagingDueSoon: (w) => ({
        title: '梱包のご依頼をお願いします',
        body: `ご注文番号 ${w.ref} の商品の梱包を ${w.deadline} までにご依頼ください。`,
      }),
      packagingOverdue: (w) => ({
        title: '梱包依頼の期限を過ぎています',
        body: `ご注文番号 ${w.ref} の商品は梱包依頼の期限（${w.deadline}）を過ぎ、毎日保管料がかかっています。${w.lastDay} までにご依頼がない場合、商品は没収されます。`,
      }),
      shippingFeeDue: (w) =>
        w.overdue
          ? {
              title: '送料のお支払い期限を過ぎています',
              body: `荷物 ${w.ref} の送料は ${w.deadline} が期限でした。毎日保管料がかかっています。${w.lastDay} までにお支払いがない場合、荷物はロックされます。`,
            }
          : {
              title: '送料のお支払いをお願いします',
              body: `荷物 ${w.ref} の送料を ${w.deadline} までにお支払いください。`,
            },
      extraFeeDue: (w) =>
        !w.deadline
          ? { title: '未払いの追加費用があります', body: `${w.fee} ${w.yen} のお支払いをお願いします。` }
          : w.overdue
            ? {
                title: '追加費用のお支払い期限を過ぎています',
                body: `${w.fee} ${w.yen} は ${w.deadline} が期限でした。お早めにお支払いください。`,
              }
            : {
                title: '追加費用のお支払い期限が近づいています',
                body: `${w.fee} ${w.yen} を ${w.deadline} までにお支払いください。`,
              },
      productAvailable: (w) => ({
        title: '入荷のお知らせ：ご注文いただけます',
        body: `お待ちの「${w.ref}」がご注文いただけるようになりました。`,
      }),
    },
    subject: (title) => `【Yoyaku】${title}`,
    link: '次のリンクからお手続きください：',
    footer: 'このメールは自動送信です。同じお知らせは1日に1回までお送りします。',
  },
  en: {
    kinds: {
      balanceDueSoon: (w) => ({
        title: 'Balance due soon',
        body: `The balance of order ${w.ref}, ${w.yen}, is due by ${w.deadline}.`,
      }),
      balanceOverdue: (w) => ({
        title: 'Balance overdue',
        body: `The balance of order ${w.ref} was due on ${w.deadline}; with the late fee it is now ${w.yen}. Pay it by ${w.lastDay} or the goods will be forfeited.`,
      }),
      packagingDueSoon: (w) => ({
        title: 'Request packaging soon',
        body: `Please request packaging for the goods of order ${w.ref} by ${w.deadline}.`,
      }),
      packagingOverdue: (w) => ({
        title: 'Packaging request overdue',
        body: `The goods of order ${w.ref} passed their packaging deadline (${w.deadline}) and are charged storage every day. Request packaging by ${w.lastDay} or the goods will be forfeited.`,
      }),
      shippingFeeDue: (w) =>
        w.overdue
          ? {
              title: 'Shipping fee overdue',
              body: `The shipping fee of package ${w.ref} was due on ${w.deadline}; storage is charged every day. Pay it by ${w.lastDay} or the package will be locked.`,
            }
          : {
              title: 'Shipping fee due',
              body: `Please pay the shipping fee of package ${w.ref} by ${w.deadline}.`,
            },
      extraFeeDue: (w) =>
        !w.deadline
          ? { title: 'Extra fee to pay', body: `${w.fee} of ${w.yen} is waiting to be paid.` }
          : w.overdue
            ? {
                title: 'Extra fee overdue',
                body: `${w.fee} of ${w.yen} was due on ${w.deadline}. Please pay it as soon as you can.`,
              }
            : { title: 'Extra fee due soon', body: `${w.fee} of ${w.yen} is due by ${w.deadline}.` },
      productAvailable: (w) => ({
        title: 'Back in stock: you can order it now',
        body: `“${w.ref}”, which you asked us to watch, can be ordered now.`,
      }),
    },
    subject: (title) => `Yoyaku: ${title}`,
    link: 'Open this link to settle it:',
    footer: 'This message is sent automatically; each reminder comes at most once a day.',
  },
}

const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0, useGrouping: true })

/** ¥1,234 in every language: mail and notifications name the yen the shopper will be charged. */
export const yenText = (yen: number): string => `¥${grouped.format(yen)}`

/** A reminder's title and body (the push notification's, and the mail's first lines). */
export function reminderText(language: Language, facts: ReminderFacts): ReminderText {
  const { due } = facts
  return TEXT[language].kinds[due.kind]({
    ref: facts.ref,
    yen: facts.amount === null ? '' : yenText(facts.amount),
    deadline: due.deadline ?? '',
    lastDay: due.lastDay ?? '',
    overdue: due.overdue,
    fee: facts.feeType === null ? '' : EXTRA_FEE_TYPE_INFO[facts.feeType].label[language],
  })
}

/** The reminder's e-mail: its title as the subject, the sentence, the link that settles it. */
export function reminderMail(input: {
  to: string
  language: Language
  text: ReminderText
  url: string
}): MailMessage {
  const text = TEXT[input.language]
  const lines = [input.text.body, '', text.link, input.url, '', text.footer, '', '— Yoyaku']
  return { to: input.to, subject: text.subject(input.text.title), text: `${lines.join('\n')}\n` }
}

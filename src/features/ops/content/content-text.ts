import { t } from '@lingui/core/macro'
import { ContentMessage, type ContentPhrase } from '../../../domain/content-ops.ts'
import { shopDateTime as shopTime } from '../../../domain/date-time.ts'
import { validationText } from '../../../lib/validation-text.ts'
import { phraseLookup, refusalText } from '../taxonomy/taxonomy-text.ts'

// Typed by ContentMessage so a phrase added there fails to compile until it has words here.
const CONTENT_TEXT: Record<ContentPhrase, () => string> = {
  [ContentMessage.name]: () => t`名称须为 1–100 个字符`,
  [ContentMessage.optionalName]: () => t`最多 100 个字符`,
  [ContentMessage.sort]: () => t`排序须为 0 到 99,999 的整数`,
  [ContentMessage.active]: () => t`须为 true 或 false`,
  [ContentMessage.image]: () => t`须为已上传的图片`,
  [ContentMessage.imageRequired]: () => t`请上传一张图片`,
  [ContentMessage.unknownImage]: () => t`图片不存在，请重新上传`,
  [ContentMessage.jumpUrl]: () => t`须为 http 或 https 网址，或以单个 / 开头的本店路径`,
  [ContentMessage.instant]: () => t`须为有效的日期和时间，或留空`,
  [ContentMessage.endAfterStart]: () => t`结束时间须晚于开始时间`,
  [ContentMessage.html]: () => t`内容最多 100,000 个字符`,
  [ContentMessage.articleType]: () => t`类型须为 0 到 99 的整数`,
  [ContentMessage.footerSort]: () => t`页脚排序须留空，或为 0 到 99,999 的整数`,
  [ContentMessage.order]: () => t`横幅列表已变化，请刷新后再排序`,
  [ContentMessage.nickname]: () => t`昵称须为 1–32 个字符`,
  [ContentMessage.contactEmail]: () => t`须为有效的邮箱地址，或留空`,
  [ContentMessage.qrcodeUrl]: () => t`须为图片地址（https://… 或 /media/…），或留空`,
  [ContentMessage.contacts]: () => t`最多 20 位客服`,
}

/** The translated phrase of ContentMessage (bare, or after its field), or undefined for another. */
export const contentPhraseText = phraseLookup(CONTENT_TEXT)

/** A message of the content schemas or the server, translated; unknown ones as validationText gives them. */
export function contentMessageText(message: string): string {
  return contentPhraseText(message) ?? validationText(message)
}

/** A failed call in words (nothing when cancelled or the session ended). */
export const contentRefusalText = (error: unknown) => refusalText(error, contentPhraseText)

/** A number typed in a form: blank is undefined (the default), text that is no number fails the schema. */
export function numberOf(text: string): number | undefined {
  const trimmed = text.trim()
  if (trimmed === '') return undefined
  return /^[+-]?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN
}

/** A banner's schedule in words, shop time. */
export function scheduleText(startAt: string | null, endAt: string | null): string {
  const start = shopTime(startAt)
  const end = shopTime(endAt)
  if (start && end) return t`${start} 至 ${end}`
  if (start) return t`${start} 起`
  if (end) return t`至 ${end}`
  return t`一直展示`
}

export type BannerState = 'inactive' | 'scheduled' | 'showing' | 'ended'

/** Whether shoppers see a banner at `now`: switched off, not yet, now, or no longer. */
export function bannerStateAt(
  banner: { active: boolean; startAt: string | null; endAt: string | null },
  now: number,
): BannerState {
  if (!banner.active) return 'inactive'
  if (banner.startAt && Date.parse(banner.startAt) > now) return 'scheduled'
  if (banner.endAt && Date.parse(banner.endAt) <= now) return 'ended'
  return 'showing'
}

export function bannerStateText(state: BannerState): string {
  switch (state) {
    case 'inactive':
      return t`已停用`
    case 'scheduled':
      return t`未开始`
    case 'ended':
      return t`已结束`
    case 'showing':
      return t`展示中`
  }
}

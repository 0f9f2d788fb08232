import * as v from 'valibot'
import { payloadObject } from './fields.ts'
import { idValue } from './list-queries.ts'
import { ValidationMessage } from './validation-messages.ts'

/*
 * The console's content room (backoffice §3): banners, announcements, articles and the
 * customer-service contacts as operators edit them. Names follow the taxonomy's rules (`name` is the
 * Chinese one and required); HTML is sanitised by the server when saved and again when shown.
 */

export const ContentMessage = {
  name: 'must be 1–100 characters',
  optionalName: 'must be at most 100 characters',
  sort: 'must be a whole number from 0 to 99,999',
  active: 'must be true or false',
  image: 'must be an uploaded picture id',
  imageRequired: 'needs a picture',
  unknownImage: 'must be a picture that was uploaded',
  jumpUrl: 'must be an http or https address, or a path of the shop starting with a single /',
  instant: 'must be a date and time in ISO 8601 (2027-01-15T10:00:00+09:00), or empty',
  endAfterStart: 'must be after the start',
  html: 'must be at most 100,000 characters',
  articleType: 'must be a whole number from 0 to 99',
  footerSort: 'must be empty or a whole number from 0 to 99,999',
  order: 'must list every banner once',
  nickname: 'must be 1–32 characters',
  contactEmail: 'must be a valid e-mail address, or empty',
  qrcodeUrl: 'must be a picture address (https://… or /media/…), or empty',
  contacts: 'must be a list of at most 20 contacts',
} as const

export type ContentPhrase = (typeof ContentMessage)[keyof typeof ContentMessage]

export const MAX_CONTENT_SORT = 99_999
export const MAX_HTML_LENGTH = 100_000
export const MAX_CONTACTS = 20

/** Blank text (a cleared input) is no value. */
const blankToNull = (text: string | null) => (text === null || text.trim() === '' ? null : text.trim())

const name = v.pipe(
  v.string(ContentMessage.name),
  v.trim(),
  v.nonEmpty(ValidationMessage.required),
  v.maxLength(100, ContentMessage.name),
)
const optionalName = v.pipe(
  v.nullish(v.string(ContentMessage.optionalName), null),
  v.transform(blankToNull),
  v.nullable(v.pipe(v.string(), v.maxLength(100, ContentMessage.optionalName))),
)
const sortNumber = (message: string) =>
  v.pipe(v.number(message), v.integer(message), v.minValue(0, message), v.maxValue(MAX_CONTENT_SORT, message))
const sort = v.optional(sortNumber(ContentMessage.sort), 0)
const active = v.optional(v.boolean(ContentMessage.active), true)
const html = v.pipe(
  v.nullish(v.string(ContentMessage.html), null),
  v.transform(blankToNull),
  v.nullable(v.pipe(v.string(), v.maxLength(MAX_HTML_LENGTH, ContentMessage.html))),
)
const mediaId = (message: string) => v.pipe(v.number(message), v.integer(message), v.minValue(1, message))

/**
 * Where a banner leads: an http(s) address, or a path of the shop. A path starts with exactly one `/`
 * (`//host` and `/\host` are other sites to a browser); no spaces, backslashes or control characters,
 * and no other scheme (javascript:, data:) can pass.
 */
const SHOP_PATH = /^\/(?![/\\])[^\s\\]*$/
const HTTP_ADDRESS = /^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?([/?#][^\s\\]*)?$/i

export function isJumpUrl(url: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (url.length > 2048 || /[\u0000-\u001f\u007f]/.test(url)) return false
  return SHOP_PATH.test(url) || HTTP_ADDRESS.test(url)
}

const jumpUrl = v.pipe(
  v.nullish(v.string(ContentMessage.jumpUrl), null),
  v.transform(blankToNull),
  v.nullable(v.pipe(v.string(), v.check(isJumpUrl, ContentMessage.jumpUrl))),
)

/** An instant as JSON writes it (`2026-11-29T05:01:00.000Z`) or with an offset. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/
const instant = v.pipe(
  v.nullish(v.string(ContentMessage.instant), null),
  v.transform(blankToNull),
  v.nullable(
    v.pipe(
      v.string(),
      v.regex(ISO_INSTANT, ContentMessage.instant),
      v.check((text) => !Number.isNaN(Date.parse(text)), ContentMessage.instant),
    ),
  ),
)

/** A banner shows from startAt until endAt; an end must come after the start. */
export const endsAfterStart = (schedule: { startAt: string | null; endAt: string | null }) =>
  schedule.startAt === null ||
  schedule.endAt === null ||
  Date.parse(schedule.endAt) > Date.parse(schedule.startAt)

type Schedule = Parameters<typeof endsAfterStart>[0]
type PassedOn<T> = v.GenericValidation<T, T, v.PartialCheckIssue<Schedule>>
/** The object with the schedule rule, reported on endAt (as the product editor's pre-order rule). */
const withScheduleRule = <S extends v.GenericSchema<unknown, Schedule>>(object: S) =>
  v.pipe<S, PassedOn<v.InferOutput<S>>>(
    object,
    v.forward(v.partialCheck([['startAt'], ['endAt']], endsAfterStart, ContentMessage.endAfterStart), [
      'endAt',
    ]) as unknown as PassedOn<v.InferOutput<S>>,
  )

const bannerEntries = { name, jumpUrl, sort, startAt: instant, endAt: instant, active }

/** POST /api/ops/banners: `image` is an uploaded picture's id. */
export const bannerBody = withScheduleRule(
  payloadObject({
    ...bannerEntries,
    image: v.pipe(
      v.nullish(mediaId(ContentMessage.image), null),
      v.check((id) => id !== null, ContentMessage.imageRequired),
      v.transform((id) => id as number),
    ),
  }),
)
export type BannerBody = v.InferOutput<typeof bannerBody>

/** PUT /api/ops/banners/{id}: `image` null (or left out) keeps the banner's picture. */
export const bannerUpdateBody = withScheduleRule(
  payloadObject({ ...bannerEntries, image: v.nullish(mediaId(ContentMessage.image), null) }),
)
export type BannerUpdateBody = v.InferOutput<typeof bannerUpdateBody>

/** PUT /api/ops/banners/order: every banner's id once, in the new order. */
export const bannerOrderBody = payloadObject({
  ids: v.pipe(
    v.array(mediaId(ContentMessage.order), ContentMessage.order),
    v.maxLength(1000, ContentMessage.order),
    v.check((ids) => new Set(ids).size === ids.length, ContentMessage.order),
  ),
})
export type BannerOrderBody = v.InferOutput<typeof bannerOrderBody>

const localisedEntries = {
  name,
  jpName: optionalName,
  enName: optionalName,
  content: html,
  jpContent: html,
  enContent: html,
}

export const announcementBody = payloadObject({ ...localisedEntries, sort, active })
export type AnnouncementBody = v.InferOutput<typeof announcementBody>

export const articleBody = payloadObject({
  ...localisedEntries,
  type: v.pipe(
    v.number(ContentMessage.articleType),
    v.integer(ContentMessage.articleType),
    v.minValue(0, ContentMessage.articleType),
    v.maxValue(99, ContentMessage.articleType),
  ),
  footerSort: v.nullish(sortNumber(ContentMessage.footerSort), null),
  active,
})
export type ArticleBody = v.InferOutput<typeof articleBody>

/** A QR code picture: one of ours (/media/…) or an https address, as the sanitiser allows pictures. */
const QRCODE_URL = /^(https:\/\/[^\s\\]+|\/media\/(?!.*(\.\.|\\))[^\s]+)$/i

const contactEntry = payloadObject({
  nickname: v.pipe(
    v.string(ContentMessage.nickname),
    v.trim(),
    v.nonEmpty(ValidationMessage.required),
    v.maxLength(32, ContentMessage.nickname),
  ),
  /** A newly uploaded QR code; when given it replaces qrcodeUrl. */
  qrcode: v.nullish(mediaId(ContentMessage.image), null),
  qrcodeUrl: v.pipe(
    v.nullish(v.string(ContentMessage.qrcodeUrl), null),
    v.transform(blankToNull),
    v.nullable(
      v.pipe(
        v.string(),
        v.maxLength(2048, ContentMessage.qrcodeUrl),
        v.regex(QRCODE_URL, ContentMessage.qrcodeUrl),
      ),
    ),
  ),
  email: v.pipe(
    v.nullish(v.string(ContentMessage.contactEmail), null),
    v.transform(blankToNull),
    v.nullable(
      v.pipe(
        v.string(),
        v.email(ContentMessage.contactEmail),
        v.maxLength(254, ContentMessage.contactEmail),
        v.toLowerCase(),
      ),
    ),
  ),
  sort,
  active,
})

/** PUT /api/ops/settings/customer-service: the whole list of contacts, replacing the old one. */
export const customerServiceBody = payloadObject({
  contacts: v.pipe(
    v.array(contactEntry, ContentMessage.contacts),
    v.maxLength(MAX_CONTACTS, ContentMessage.contacts),
  ),
})
export type CustomerServiceBody = v.InferOutput<typeof customerServiceBody>

/** `{id}` of the content room's calls. */
export const contentIdParams = v.object({ id: idValue })

export interface OpsBannerDto {
  id: number
  name: string
  /** The uploaded picture's id; null for a banner whose picture is a seeded file. */
  image: number | null
  /** The picture as the shop draws it. */
  imgUrl: string
  jumpUrl: string | null
  sort: number
  startAt: string | null
  endAt: string | null
  active: boolean
  updatedAt: string
}

export interface OpsLocalisedDto {
  id: number
  name: string
  jpName: string | null
  enName: string | null
  /** Sanitised HTML as saved. */
  content: string | null
  jpContent: string | null
  enContent: string | null
  active: boolean
  updatedAt: string
}

export interface OpsAnnouncementDto extends OpsLocalisedDto {
  sort: number
  publishedAt: string
}

export interface OpsArticleDto extends OpsLocalisedDto {
  type: number
  footerSort: number | null
}

export interface OpsContactDto {
  id: number
  nickname: string
  qrcodeUrl: string | null
  email: string | null
  sort: number
  active: boolean
}

export interface OpsCustomerServiceDto {
  contacts: OpsContactDto[]
}

import * as v from 'valibot'
import type {
  OpsAnnouncementDto,
  OpsArticleDto,
  OpsBannerDto,
  OpsContactDto,
  OpsCustomerServiceDto,
} from '../../src/domain/content-ops.ts'
import { answerOf, count, id, named, time } from './shape.ts'

/* The content room (backoffice §3): banners, announcements, articles and customer-service contacts. */

export const opsBannerAnswer = named(
  'OpsBannerDto',
  answerOf<OpsBannerDto>()(
    v.strictObject({
      id,
      name: v.string(),
      image: v.pipe(
        v.nullable(id),
        v.description('The uploaded picture’s id; null for a banner whose picture is a seeded file'),
      ),
      imgUrl: v.pipe(v.string(), v.description('The picture as the shop draws it')),
      jumpUrl: v.nullable(v.string()),
      sort: count,
      startAt: v.nullable(time),
      endAt: v.nullable(time),
      active: v.boolean(),
      updatedAt: time,
    }),
  ),
)
export const opsBannerListAnswer = v.array(opsBannerAnswer)

/** An announcement's or article's names and sanitised HTML in the three languages. */
const localisedEntries = {
  id,
  name: v.string(),
  jpName: v.nullable(v.string()),
  enName: v.nullable(v.string()),
  content: v.pipe(v.nullable(v.string()), v.description('Sanitised HTML as saved')),
  jpContent: v.nullable(v.string()),
  enContent: v.nullable(v.string()),
  active: v.boolean(),
  updatedAt: time,
}

export const opsAnnouncementAnswer = named(
  'OpsAnnouncementDto',
  answerOf<OpsAnnouncementDto>()(v.strictObject({ ...localisedEntries, sort: count, publishedAt: time })),
)

export const opsArticleAnswer = named(
  'OpsArticleDto',
  answerOf<OpsArticleDto>()(
    v.strictObject({
      ...localisedEntries,
      type: count,
      footerSort: v.pipe(v.nullable(count), v.description('Its place in the footer; null: not linked there')),
    }),
  ),
)

export const opsContactAnswer = named(
  'OpsContactDto',
  answerOf<OpsContactDto>()(
    v.strictObject({
      id,
      nickname: v.string(),
      qrcodeUrl: v.nullable(v.string()),
      email: v.nullable(v.string()),
      sort: count,
      active: v.boolean(),
    }),
  ),
)

export const opsCustomerServiceAnswer = named(
  'OpsCustomerServiceDto',
  answerOf<OpsCustomerServiceDto>()(v.strictObject({ contacts: v.array(opsContactAnswer) })),
)

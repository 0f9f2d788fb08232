import * as v from 'valibot'
import type {
  AnnouncementDto,
  ArticleDto,
  BannerDto,
  CustomerServiceDto,
  FooterArticleDto,
} from '../../src/domain/catalog.ts'
import { mediaImageAnswer } from './media.ts'
import { answerOf, count, id, named, time } from './shape.ts'

export const bannerAnswer = named(
  'BannerDto',
  answerOf<BannerDto>()(
    v.strictObject({
      id,
      name: v.string(),
      imgUrl: v.string(),
      // the upload behind imgUrl, with its variants; absent for a seeded file
      image: v.optional(mediaImageAnswer),
      jumpUrl: v.nullable(v.string()),
    }),
  ),
)
export const bannerListAnswer = answerOf<BannerDto[]>()(v.array(bannerAnswer))

export const announcementAnswer = named(
  'AnnouncementDto',
  answerOf<AnnouncementDto>()(
    v.strictObject({
      id,
      name: v.string(),
      content: v.pipe(v.nullable(v.string()), v.description('Sanitised HTML')),
      publishedAt: time,
    }),
  ),
)
export const announcementListAnswer = answerOf<AnnouncementDto[]>()(v.array(announcementAnswer))

export const footerArticleAnswer = named(
  'FooterArticleDto',
  answerOf<FooterArticleDto>()(v.strictObject({ id, type: count, name: v.string() })),
)
export const footerArticleListAnswer = answerOf<FooterArticleDto[]>()(v.array(footerArticleAnswer))

export const customerServiceAnswer = named(
  'CustomerServiceDto',
  answerOf<CustomerServiceDto>()(
    v.strictObject({
      nickname: v.string(),
      qrcodeUrl: v.nullable(v.string()),
      email: v.nullable(v.string()),
    }),
  ),
)
export const customerServiceListAnswer = answerOf<CustomerServiceDto[]>()(v.array(customerServiceAnswer))

export const articleAnswer = named(
  'ArticleDto',
  answerOf<ArticleDto>()(
    v.strictObject({
      id,
      type: count,
      name: v.string(),
      content: v.pipe(v.nullable(v.string()), v.description('Sanitised HTML')),
      updatedAt: time,
    }),
  ),
)

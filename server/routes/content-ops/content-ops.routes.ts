import * as v from 'valibot'
import {
  announcementBody,
  articleBody,
  bannerBody,
  bannerOrderBody,
  bannerUpdateBody,
  customerServiceBody,
} from '../../../src/domain/content-ops.ts'
import {
  opsAnnouncementAnswer,
  opsArticleAnswer,
  opsBannerAnswer,
  opsBannerListAnswer,
  opsCustomerServiceAnswer,
} from '../../answers/content-ops.ts'
import { mediaImageAnswer } from '../../answers/media.ts'
import { type AnswerSchema, nothing } from '../../answers/shape.ts'
import type { RouteContract } from '../contract.ts'

/*
 * The content room (backoffice §3): banners, announcements, articles, customer-service contacts, for
 * operators holding the `content` permission. Every change is audited (entity banner, announcement,
 * article or customerService) and drops every server's cached home answers at once. Ids in paths are
 * digits only, so /ops/banners/order never matches them.
 */

const contentCall = { tag: 'ops-content', access: 'operator', permission: 'content' } as const

export const uploadContentMedia = {
  ...contentCall,
  method: 'post',
  path: '/ops/content/media',
  summary:
    'The content room’s picture upload (a banner, a QR code): the same as POST /api/ops/media (multipart `file`, JPEG, PNG, WebP or AVIF, at most 10 MB), for the content permission. Audited',
  returns: mediaImageAnswer,
} satisfies RouteContract

export const bannerCalls = {
  list: {
    ...contentCall,
    method: 'get',
    path: '/ops/banners',
    summary: 'Every banner (active or not, any schedule) by sort, then id',
    returns: opsBannerListAnswer,
  },
  create: {
    ...contentCall,
    method: 'post',
    path: '/ops/banners',
    summary:
      'Creates a banner (HTTP 201). image: an uploaded picture id (imgUrl is its widest WebP); jumpUrl: null, an http(s) address or a shop path starting with one /; startAt/endAt: ISO 8601 or null, endAt after startAt (400 naming endAt). Audited',
    body: bannerBody,
    created: true,
    returns: opsBannerAnswer,
  },
  update: {
    ...contentCall,
    method: 'put',
    path: '/ops/banners/:id{[0-9]+}',
    summary:
      'Saves a banner; image null keeps its picture. Same checks as POST. Audited with the changed fields',
    body: bannerUpdateBody,
    returns: opsBannerAnswer,
  },
  remove: {
    ...contentCall,
    method: 'delete',
    path: '/ops/banners/:id{[0-9]+}',
    summary: 'Deletes a banner. Audited',
    returns: nothing,
  },
  order: {
    ...contentCall,
    method: 'put',
    path: '/ops/banners/order',
    summary:
      'Puts the banners in a new order: ids is every banner once (400 naming ids otherwise); their sorts become 0, 1, 2 … One audit row with the order before and after',
    body: bannerOrderBody,
    returns: opsBannerListAnswer,
  },
} satisfies Record<string, RouteContract>

const pageCalls = <Dto extends AnswerSchema>(
  kind: 'announcements' | 'articles',
  body: RouteContract['body'],
  dto: Dto,
  rules: string,
) => {
  const path = `/ops/${kind}`
  const idPath = `${path}/:id{[0-9]+}`
  return {
    list: {
      ...contentCall,
      method: 'get',
      path,
      summary: `Every one of the ${kind}, active or not. ${rules}`,
      returns: v.array(dto),
    },
    create: {
      ...contentCall,
      method: 'post',
      path,
      summary: `Creates one of the ${kind} (HTTP 201); content, jpContent and enContent are sanitised HTML. Audited`,
      body,
      created: true,
      returns: dto,
    },
    update: {
      ...contentCall,
      method: 'put',
      path: idPath,
      summary: `Saves one of the ${kind}; HTML sanitised. Audited with the changed fields`,
      body,
      returns: dto,
    },
    remove: {
      ...contentCall,
      method: 'delete',
      path: idPath,
      summary: `Deletes one of the ${kind}. Audited`,
      returns: nothing,
    },
  } satisfies Record<string, RouteContract>
}

export const announcementCalls = pageCalls(
  'announcements',
  announcementBody,
  opsAnnouncementAnswer,
  'By sort, then the newest first; an announcement is published when created; inactive ones are not shown',
)
export const articleCalls = pageCalls(
  'articles',
  articleBody,
  opsArticleAnswer,
  'By type, then id; footerSort places an article in the footer (null: not linked there); an inactive article answers 404 to shoppers and leaves the footer',
)

export const customerServiceCalls = {
  read: {
    ...contentCall,
    method: 'get',
    path: '/ops/settings/customer-service',
    summary: 'The customer-service panel’s contacts, active or not, by sort',
    returns: opsCustomerServiceAnswer,
  },
  replace: {
    ...contentCall,
    method: 'put',
    path: '/ops/settings/customer-service',
    summary:
      'Replaces the whole list of contacts (at most 20): nickname, qrcode (an uploaded picture id, which sets qrcodeUrl) or qrcodeUrl (https or /media/), email, sort, active. Audited',
    body: customerServiceBody,
    returns: opsCustomerServiceAnswer,
  },
} satisfies Record<string, RouteContract>

export const contentOpsContracts: RouteContract[] = [
  uploadContentMedia,
  ...Object.values(bannerCalls),
  ...[announcementCalls, articleCalls].flatMap((calls) => Object.values(calls)),
  ...Object.values(customerServiceCalls),
]

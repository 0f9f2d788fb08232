import {
  announcementBody,
  articleBody,
  bannerBody,
  bannerOrderBody,
  bannerUpdateBody,
  customerServiceBody,
} from '../../../src/domain/content-ops.ts'
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
  returns: 'MediaImageDto',
} satisfies RouteContract

export const bannerCalls = {
  list: {
    ...contentCall,
    method: 'get',
    path: '/ops/banners',
    summary: 'Every banner (active or not, any schedule) by sort, then id',
    returns: 'OpsBannerDto[]',
  },
  create: {
    ...contentCall,
    method: 'post',
    path: '/ops/banners',
    summary:
      'Creates a banner (HTTP 201). image: an uploaded picture id (imgUrl is its widest WebP); jumpUrl: null, an http(s) address or a shop path starting with one /; startAt/endAt: ISO 8601 or null, endAt after startAt (400 naming endAt). Audited',
    body: bannerBody,
    returns: 'OpsBannerDto',
  },
  update: {
    ...contentCall,
    method: 'put',
    path: '/ops/banners/:id{[0-9]+}',
    summary:
      'Saves a banner; image null keeps its picture. Same checks as POST. Audited with the changed fields',
    body: bannerUpdateBody,
    returns: 'OpsBannerDto',
  },
  remove: {
    ...contentCall,
    method: 'delete',
    path: '/ops/banners/:id{[0-9]+}',
    summary: 'Deletes a banner. Audited',
    returns: 'null',
  },
  order: {
    ...contentCall,
    method: 'put',
    path: '/ops/banners/order',
    summary:
      'Puts the banners in a new order: ids is every banner once (400 naming ids otherwise); their sorts become 0, 1, 2 … One audit row with the order before and after',
    body: bannerOrderBody,
    returns: 'OpsBannerDto[]',
  },
} satisfies Record<string, RouteContract>

const pageCalls = (kind: 'announcements' | 'articles', body: RouteContract['body'], rules: string) => {
  const path = `/ops/${kind}`
  const idPath = `${path}/:id{[0-9]+}`
  const dto = kind === 'announcements' ? 'OpsAnnouncementDto' : 'OpsArticleDto'
  return {
    list: {
      ...contentCall,
      method: 'get',
      path,
      summary: `Every one of the ${kind}, active or not. ${rules}`,
      returns: `${dto}[]`,
    },
    create: {
      ...contentCall,
      method: 'post',
      path,
      summary: `Creates one of the ${kind} (HTTP 201); content, jpContent and enContent are sanitised HTML. Audited`,
      body,
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
      returns: 'null',
    },
  } satisfies Record<string, RouteContract>
}

export const announcementCalls = pageCalls(
  'announcements',
  announcementBody,
  'By sort, then the newest first; an announcement is published when created; inactive ones are not shown',
)
export const articleCalls = pageCalls(
  'articles',
  articleBody,
  'By type, then id; footerSort places an article in the footer (null: not linked there); an inactive article answers 404 to shoppers and leaves the footer',
)

export const customerServiceCalls = {
  read: {
    ...contentCall,
    method: 'get',
    path: '/ops/settings/customer-service',
    summary: 'The customer-service panel’s contacts, active or not, by sort',
    returns: 'OpsCustomerServiceDto { contacts }',
  },
  replace: {
    ...contentCall,
    method: 'put',
    path: '/ops/settings/customer-service',
    summary:
      'Replaces the whole list of contacts (at most 20): nickname, qrcode (an uploaded picture id, which sets qrcodeUrl) or qrcodeUrl (https or /media/), email, sort, active. Audited',
    body: customerServiceBody,
    returns: 'OpsCustomerServiceDto { contacts }',
  },
} satisfies Record<string, RouteContract>

export const contentOpsContracts: RouteContract[] = [
  uploadContentMedia,
  ...Object.values(bannerCalls),
  ...[announcementCalls, articleCalls].flatMap((calls) => Object.values(calls)),
  ...Object.values(customerServiceCalls),
]

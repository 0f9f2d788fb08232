import { articleQuery } from '../../../src/domain/list-queries.ts'
import { languageQuery } from '../../../src/domain/queries.ts'
import {
  announcementListAnswer,
  articleAnswer,
  bannerListAnswer,
  customerServiceListAnswer,
  footerArticleListAnswer,
} from '../../answers/content.ts'
import type { RouteContract } from '../contract.ts'

export const bannerList = {
  method: 'get',
  path: '/mall/banner/list',
  summary: 'Active home-page banners inside their schedule (startAt ≤ now < endAt), in order',
  tag: 'content',
  access: 'public',
  query: languageQuery,
  returns: bannerListAnswer,
} satisfies RouteContract

export const announcementList = {
  method: 'get',
  path: '/mall/announcement/list',
  summary: 'Active published announcements, name and sanitised HTML in the language (Chinese when missing)',
  tag: 'content',
  access: 'public',
  query: languageQuery,
  returns: announcementListAnswer,
} satisfies RouteContract

export const footerList = {
  method: 'get',
  path: '/mall/footer/list',
  summary: 'Footer links of active articles (the client groups them into 4 columns by type modulo 4)',
  tag: 'content',
  access: 'public',
  query: languageQuery,
  returns: footerArticleListAnswer,
} satisfies RouteContract

export const customerServiceList = {
  method: 'get',
  path: '/mall/customer_service/list',
  summary: 'Customer-service contacts; members (roles 1 and 2) only, others get an empty list',
  tag: 'content',
  access: 'customer',
  returns: customerServiceListAnswer,
} satisfies RouteContract

export const article = {
  method: 'get',
  path: '/mall/article/:id',
  summary:
    'One article in the language (Chinese when missing), sanitised HTML; `type` must match when given; an inactive article is 404',
  tag: 'content',
  access: 'public',
  query: articleQuery,
  returns: articleAnswer,
} satisfies RouteContract

export const contentContracts = [bannerList, announcementList, footerList, customerServiceList, article]

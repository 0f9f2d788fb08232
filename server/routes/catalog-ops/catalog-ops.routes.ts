import * as v from 'valibot'
import { brandBody, categoryBody, seriesBody } from '../../../src/domain/catalog-taxonomy.ts'
import { opsProductListQuery, productBody, productUpdateBody } from '../../../src/domain/product-editor.ts'
import { opsProductAlertsAnswer } from '../../answers/alerts.ts'
import {
  opsBrandAnswer,
  opsCategoryAnswer,
  opsProductAnswer,
  opsProductPageAnswer,
  opsSeriesAnswer,
} from '../../answers/catalog-ops.ts'
import { type AnswerSchema, nothing } from '../../answers/shape.ts'
import type { RouteContract } from '../contract.ts'

/*
 * The console's catalog room (backoffice §2): products, categories, series and brands, for operators
 * holding the `catalog` permission. Every change is audited and drops every server's catalog cache.
 * Ids in paths are digits only, so /ops/products/import and /export (the bulk calls) never match them.
 */

const PRODUCT_PATH = '/ops/products/:id{[0-9]+}'

const catalogCall = {
  tag: 'ops-catalog',
  access: 'operator',
  permission: 'catalog',
} as const

export const listOpsProducts = {
  ...catalogCall,
  method: 'get',
  path: '/ops/products',
  summary:
    'Every product (any status), newest first. keyword: an item number (any case), a JAN code or a box barcode exactly, or a part of any of the three names; type, categoryId (a top-level category includes its children), seriesId, brandId, status',
  query: opsProductListQuery,
  returns: opsProductPageAnswer,
} satisfies RouteContract

export const opsProductDetail = {
  ...catalogCall,
  method: 'get',
  path: PRODUCT_PATH,
  summary: 'One product with every field and its updatedAt (send it back with PUT)',
  returns: opsProductAnswer,
} satisfies RouteContract

export const opsProductAlerts = {
  ...catalogCall,
  method: 'get',
  path: `${PRODUCT_PATH}/alerts`,
  summary: 'How many shoppers wait to hear that the product can be ordered (their alerts)',
  returns: opsProductAlertsAnswer,
} satisfies RouteContract

export const createOpsProduct = {
  ...catalogCall,
  method: 'post',
  path: '/ops/products',
  summary:
    'Creates a product (HTTP 201). itemNo is unique (409 naming itemNo); categoryId, seriesId and brandId must exist and images must be uploaded media ids (400 naming the field); descriptions are sanitised HTML; the first image is the cover. Audited',
  body: productBody,
  created: true,
  returns: opsProductAnswer,
} satisfies RouteContract

export const updateOpsProduct = {
  ...catalogCall,
  method: 'put',
  path: PRODUCT_PATH,
  summary:
    'Saves a product over the version read: updatedAt must be the one the product was read with, otherwise 409 with data.current (the product as it now is) and nothing changes. Same checks as POST; images [] keeps pictures that are not uploads (imgList). Audited with the changed fields. Answers the product as saved, with its new updatedAt',
  body: productUpdateBody,
  returns: opsProductAnswer,
} satisfies RouteContract

const taxonomyCalls = <Dto extends AnswerSchema>(
  kind: 'categories' | 'series' | 'brands',
  body: RouteContract['body'],
  rules: string,
  dto: Dto,
) => {
  const path = `/ops/${kind}`
  const idPath = `${path}/:id{[0-9]+}`
  return {
    list: {
      ...catalogCall,
      method: 'get',
      path,
      summary: `Every one of the ${kind}, by sort then id, with how many products use each. ${rules}`,
      returns: v.array(dto),
    },
    create: {
      ...catalogCall,
      method: 'post',
      path,
      summary: `Creates one of the ${kind} (HTTP 201); audited`,
      body,
      created: true,
      returns: dto,
    },
    update: {
      ...catalogCall,
      method: 'put',
      path: idPath,
      summary: `Saves one of the ${kind}; audited with the changed fields`,
      body,
      returns: dto,
    },
    remove: {
      ...catalogCall,
      method: 'delete',
      path: idPath,
      summary: `Deletes one of the ${kind}; 409 with InUseData while ${kind === 'categories' ? 'products or child categories use it' : 'products use it'}. Audited`,
      returns: nothing,
    },
  } satisfies Record<string, RouteContract>
}

export const categoryCalls = taxonomyCalls(
  'categories',
  categoryBody,
  'Two levels: parentId must be a top-level category, not the category itself, and a category with children stays top-level (400 naming parentId). The list is the tree: the top-level categories, each with its children.',
  opsCategoryAnswer,
)
export const seriesCalls = taxonomyCalls(
  'series',
  seriesBody,
  'hot puts a series in the shop’s hot-series area, ranked by its sort.',
  opsSeriesAnswer,
)
export const brandCalls = taxonomyCalls(
  'brands',
  brandBody,
  'logo is an uploaded media id (400 naming logo otherwise).',
  opsBrandAnswer,
)

export const catalogOpsContracts: RouteContract[] = [
  listOpsProducts,
  opsProductDetail,
  opsProductAlerts,
  createOpsProduct,
  updateOpsProduct,
  ...[categoryCalls, seriesCalls, brandCalls].flatMap((calls) => [
    calls.list,
    calls.create,
    calls.update,
    calls.remove,
  ]),
]

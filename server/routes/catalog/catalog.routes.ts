import { languageQuery } from '../../../src/domain/queries.ts'
import type { RouteContract } from '../contract.ts'

export const categoryList = {
  method: 'get',
  path: '/mall/category/list',
  summary: 'The two-level category tree, names in zh/ja/en',
  tag: 'catalog',
  access: 'public',
  returns: 'CategoryNode[]',
} satisfies RouteContract

export const hotList = {
  method: 'get',
  path: '/mall/product/hotList',
  summary: 'Hot products for the home page; prices only for callers allowed to see them',
  tag: 'catalog',
  access: 'public',
  query: languageQuery,
  returns: 'ProductCardDto[]',
} satisfies RouteContract

export const catalogContracts = [categoryList, hotList]

import { pagedListQuery, productListQuery } from '../../../src/domain/list-queries.ts'
import { languageQuery } from '../../../src/domain/queries.ts'
import {
  brandListAnswer,
  categoryTreeAnswer,
  productCardListAnswer,
  productCardPageAnswer,
  productDetailAnswer,
  searchPageAnswer,
  seriesListAnswer,
  seriesPageAnswer,
} from '../../answers/catalog.ts'
import type { RouteContract } from '../contract.ts'

export const categoryList = {
  method: 'get',
  path: '/mall/category/list',
  summary: 'The two-level category tree, names in zh/ja/en',
  tag: 'catalog',
  access: 'public',
  returns: categoryTreeAnswer,
} satisfies RouteContract

const homeList = (path: string, summary: string) =>
  ({
    method: 'get',
    path,
    summary: `${summary} (home page, at most 12); prices only for callers allowed to see them`,
    tag: 'catalog',
    access: 'public',
    query: languageQuery,
    returns: productCardListAnswer,
  }) satisfies RouteContract

const pagedList = (path: string, summary: string) =>
  ({
    method: 'get',
    path,
    summary: `${summary}, paged; prices only for callers allowed to see them`,
    tag: 'catalog',
    access: 'public',
    query: pagedListQuery,
    returns: productCardPageAnswer,
  }) satisfies RouteContract

export const hotList = homeList('/mall/product/hotList', 'Hot products by rank')
export const newList = homeList('/mall/product/newList', 'New products by rank')
export const recommendList = homeList('/mall/product/recommendList', 'Recommended products by rank')
export const discountList = homeList('/mall/product/discountList', 'Discounted products, newest first')
export const hotListPage = pagedList('/mall/product/hotListPage', 'Hot products by rank')
export const newListPage = pagedList('/mall/product/newListPage', 'New products by rank')
export const recommendListPage = pagedList('/mall/product/recommendListPage', 'Recommended products by rank')
export const discountListPage = pagedList(
  '/mall/product/discountListPage',
  'Discounted products, newest first',
)

export const bestList = {
  method: 'get',
  path: '/mall/product/bestList',
  summary:
    'Best sellers: on-sale products by units on orders paid in the last 30 days, ties newest first; ' +
    'the products that sold nothing follow by hot rank, then newest; paged; prices only for callers allowed to see them',
  tag: 'catalog',
  access: 'public',
  query: pagedListQuery,
  returns: productCardPageAnswer,
} satisfies RouteContract

export const brandList = {
  method: 'get',
  path: '/mall/brand/list',
  summary: 'Every brand by sort order, names in zh/ja/en, its logo and its count of products on sale',
  tag: 'catalog',
  access: 'public',
  query: languageQuery,
  returns: brandListAnswer,
} satisfies RouteContract

export const trendingBrands = {
  method: 'get',
  path: '/mall/brand/trending',
  summary:
    'At most 12 brands by units on orders paid in the last 30 days; brands that sold nothing are left out',
  tag: 'catalog',
  access: 'public',
  query: languageQuery,
  returns: brandListAnswer,
} satisfies RouteContract

export const hotSeriesList = {
  method: 'get',
  path: '/mall/product/hotSeriesList',
  summary: 'Hot series by rank (home page)',
  tag: 'catalog',
  access: 'public',
  query: languageQuery,
  returns: seriesListAnswer,
} satisfies RouteContract

export const hotSeriesPage = {
  method: 'get',
  path: '/mall/product/hotSeriesPage',
  summary: 'Hot series by rank, paged',
  tag: 'catalog',
  access: 'public',
  query: pagedListQuery,
  returns: seriesPageAnswer,
} satisfies RouteContract

export const allSeries = {
  method: 'get',
  path: '/mall/product/allSeries',
  summary: 'Every series by sort order, each with its count of products on sale',
  tag: 'catalog',
  access: 'public',
  query: languageQuery,
  returns: seriesListAnswer,
} satisfies RouteContract

export const search = {
  method: 'get',
  path: '/mall/product/search',
  summary:
    'Search on-sale products: keywords match item number (any case), JAN code or box barcode exactly, ' +
    'or any of the three names by substring; exact code hits first, then names beginning with the keywords, ' +
    'then the other name matches, newest first within each; name matches are ranked among the newest 300 ' +
    '(`more` says more match, `total` then counts the ranked ones); ' +
    'a parent category includes its children; brandId keeps one brand; paged with a total',
  tag: 'catalog',
  access: 'public',
  query: productListQuery,
  returns: searchPageAnswer,
} satisfies RouteContract

export const details = {
  method: 'get',
  path: '/mall/product/details/:id',
  summary:
    'One product, on sale or not (`available` says which); a signed-in customer opening it records it in the browsing history',
  tag: 'catalog',
  access: 'public',
  query: languageQuery,
  returns: productDetailAnswer,
} satisfies RouteContract

export const preview = {
  method: 'get',
  path: '/mall/product/preview/:id',
  summary: 'One product for a passed token (Authorization: Bearer), on sale or not; records no history',
  tag: 'catalog',
  access: 'customer',
  query: languageQuery,
  returns: productDetailAnswer,
} satisfies RouteContract

export const catalogContracts = [
  categoryList,
  hotList,
  newList,
  recommendList,
  discountList,
  hotListPage,
  newListPage,
  recommendListPage,
  discountListPage,
  bestList,
  brandList,
  trendingBrands,
  hotSeriesList,
  hotSeriesPage,
  allSeries,
  search,
  details,
  preview,
]

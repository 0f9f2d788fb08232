import { Hono } from 'hono'
import type { AppEnv } from '../../app-env.ts'
import * as handlers from './catalog.handlers.ts'
import * as contracts from './catalog.routes.ts'

export const catalogRoutes = new Hono<AppEnv>()
  .get(contracts.categoryList.path, ...handlers.categoryListHandlers)
  .get(contracts.hotList.path, ...handlers.hotListHandlers)
  .get(contracts.newList.path, ...handlers.newListHandlers)
  .get(contracts.recommendList.path, ...handlers.recommendListHandlers)
  .get(contracts.discountList.path, ...handlers.discountListHandlers)
  .get(contracts.hotListPage.path, ...handlers.hotListPageHandlers)
  .get(contracts.newListPage.path, ...handlers.newListPageHandlers)
  .get(contracts.recommendListPage.path, ...handlers.recommendListPageHandlers)
  .get(contracts.discountListPage.path, ...handlers.discountListPageHandlers)
  .get(contracts.bestList.path, ...handlers.bestListHandlers)
  .get(contracts.brandList.path, ...handlers.brandListHandlers)
  .get(contracts.trendingBrands.path, ...handlers.trendingBrandsHandlers)
  .get(contracts.hotSeriesList.path, ...handlers.hotSeriesListHandlers)
  .get(contracts.hotSeriesPage.path, ...handlers.hotSeriesPageHandlers)
  .get(contracts.allSeries.path, ...handlers.allSeriesHandlers)
  .get(contracts.search.path, ...handlers.searchHandlers)
  .get(contracts.details.path, ...handlers.detailsHandlers)
  .get(contracts.preview.path, ...handlers.previewHandlers)

import { Hono } from 'hono'
import type { AppEnv } from '../../app-env.ts'
import * as handlers from './catalog-ops.handlers.ts'
import * as contracts from './catalog-ops.routes.ts'

const { categoryCalls, seriesCalls, brandCalls } = contracts

export const catalogOpsRoutes = new Hono<AppEnv>()
  .get(contracts.listOpsProducts.path, ...handlers.listProductsHandlers)
  .post(contracts.createOpsProduct.path, ...handlers.createProductHandlers)
  .get(contracts.opsProductDetail.path, ...handlers.productDetailHandlers)
  .get(contracts.opsProductAlerts.path, ...handlers.productAlertsHandlers)
  .put(contracts.updateOpsProduct.path, ...handlers.updateProductHandlers)
  .get(categoryCalls.list.path, ...handlers.categoryHandlers.list)
  .post(categoryCalls.create.path, ...handlers.categoryHandlers.create)
  .put(categoryCalls.update.path, ...handlers.categoryHandlers.update)
  .delete(categoryCalls.remove.path, ...handlers.categoryHandlers.remove)
  .get(seriesCalls.list.path, ...handlers.seriesHandlers.list)
  .post(seriesCalls.create.path, ...handlers.seriesHandlers.create)
  .put(seriesCalls.update.path, ...handlers.seriesHandlers.update)
  .delete(seriesCalls.remove.path, ...handlers.seriesHandlers.remove)
  .get(brandCalls.list.path, ...handlers.brandHandlers.list)
  .post(brandCalls.create.path, ...handlers.brandHandlers.create)
  .put(brandCalls.update.path, ...handlers.brandHandlers.update)
  .delete(brandCalls.remove.path, ...handlers.brandHandlers.remove)

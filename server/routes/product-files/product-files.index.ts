import { Hono } from 'hono'
import type { AppEnv } from '../../app-env.ts'
import * as handlers from './product-files.handlers.ts'
import * as contracts from './product-files.routes.ts'

export const productFileRoutes = new Hono<AppEnv>()
  .post(contracts.importProducts.path, ...handlers.importProductsHandlers)
  .get(contracts.exportProducts.path, ...handlers.exportProductsHandlers)
  .get(contracts.productImportTemplate.path, ...handlers.productTemplateHandlers)

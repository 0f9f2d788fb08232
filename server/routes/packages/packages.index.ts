import { Hono } from 'hono'
import type { AppEnv } from '../../app-env.ts'
import * as handlers from './packages.handlers.ts'
import * as contracts from './packages.routes.ts'

export const packageRoutes = new Hono<AppEnv>()
  .get(contracts.listPackages.path, ...handlers.listPackagesHandlers)
  .get(contracts.packageDetail.path, ...handlers.packageDetailHandlers)
  .get(contracts.packageShippingCost.path, ...handlers.packageShippingCostHandlers)
  .get(contracts.packageTracking.path, ...handlers.packageTrackingHandlers)
  .get(contracts.listOpsPackages.path, ...handlers.listOpsPackagesHandlers)
  .get(contracts.opsPackageDetail.path, ...handlers.opsPackageDetailHandlers)
  .post(contracts.shipPackage.path, ...handlers.shipPackageHandlers)
  .post(contracts.markDelivered.path, ...handlers.markDeliveredHandlers)

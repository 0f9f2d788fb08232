import { Hono } from 'hono'
import type { AppEnv } from '../../app-env.ts'
import * as handlers from './package-photos.handlers.ts'
import * as contracts from './package-photos.routes.ts'

export const packagePhotoRoutes = new Hono<AppEnv>()
  .get(contracts.listShopperPackagePhotos.path, ...handlers.listShopperPackagePhotosHandlers)
  .get(contracts.listOpsPackagePhotos.path, ...handlers.listOpsPackagePhotosHandlers)
  .post(contracts.addPackagePhoto.path, ...handlers.addPackagePhotoHandlers)
  .delete(contracts.deletePackagePhoto.path, ...handlers.deletePackagePhotoHandlers)
  .get(contracts.packagePhotoFile.path, ...handlers.packagePhotoFileHandlers)

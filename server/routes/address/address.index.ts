import { Hono } from 'hono'
import type { AppEnv } from '../../app-env.ts'
import * as handlers from './address.handlers.ts'
import * as contracts from './address.routes.ts'

export const addressRoutes = new Hono<AppEnv>()
  .get(contracts.addressList.path, ...handlers.addressListHandlers)
  .post(contracts.addressSave.path, ...handlers.addressSaveHandlers)
  .put(contracts.addressUpdate.path, ...handlers.addressUpdateHandlers)
  .delete(contracts.addressDelete.path, ...handlers.addressDeleteHandlers)
  .get(contracts.usZipStateCity.path, ...handlers.usZipStateCityHandlers)

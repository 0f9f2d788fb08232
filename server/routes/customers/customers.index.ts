import { Hono } from 'hono'
import type { AppEnv } from '../../app-env.ts'
import * as handlers from './customers.handlers.ts'
import * as contracts from './customers.routes.ts'

export const customerRoutes = new Hono<AppEnv>()
  .get(contracts.listCustomers.path, ...handlers.listHandlers)
  .get(contracts.customerDetail.path, ...handlers.detailHandlers)
  .get(contracts.customerPoints.path, ...handlers.pointsListHandlers)
  .put(contracts.changeCustomerRole.path, ...handlers.roleHandlers)
  .post(contracts.disableCustomer.path, ...handlers.disableHandlers)
  .post(contracts.adjustCustomerPoints.path, ...handlers.pointsAdjustHandlers)

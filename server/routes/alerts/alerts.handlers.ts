import { createFactory } from 'hono/factory'
import * as v from 'valibot'
import { idValue } from '../../../src/domain/list-queries.ts'
import type { AppEnv } from '../../app-env.ts'
import { notFound, ok } from '../../http/envelope.ts'
import { priceViewerOf, requireSession, signedIn } from '../../http/session.ts'
import { validParams, validQuery } from '../../http/validate.ts'
import {
  alertStateOf,
  listAlerts,
  subscribeAlert,
  unsubscribeAlert,
} from '../../services/alerts/product-alerts.ts'
import * as contracts from './alerts.routes.ts'

const factory = createFactory<AppEnv>()

const productIdParam = v.object({ productId: idValue })

export const alertSubscribeHandlers = factory.createHandlers(
  requireSession(),
  validParams(productIdParam),
  async (c) => {
    const state = await subscribeAlert(c.var.deps.db, signedIn(c).userId, c.req.valid('param').productId)
    if (!state) throw notFound('product')
    return ok(c, state)
  },
)

export const alertUnsubscribeHandlers = factory.createHandlers(
  requireSession(),
  validParams(productIdParam),
  async (c) =>
    ok(c, await unsubscribeAlert(c.var.deps.db, signedIn(c).userId, c.req.valid('param').productId)),
)

export const alertStateHandlers = factory.createHandlers(
  requireSession(),
  validParams(productIdParam),
  async (c) => {
    const state = await alertStateOf(c.var.deps.db, signedIn(c).userId, c.req.valid('param').productId)
    if (!state) throw notFound('product')
    return ok(c, state)
  },
)

export const alertListHandlers = factory.createHandlers(
  requireSession(),
  validQuery(contracts.alertList.query),
  async (c) => {
    const query = c.req.valid('query')
    return ok(c, await listAlerts(c.var.deps.db, signedIn(c).userId, { ...query, viewer: priceViewerOf(c) }))
  },
)

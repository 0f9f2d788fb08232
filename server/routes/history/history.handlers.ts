import { createFactory } from 'hono/factory'
import * as v from 'valibot'
import { idValue } from '../../../src/domain/list-queries.ts'
import type { AppEnv } from '../../app-env.ts'
import { notFound, ok } from '../../http/envelope.ts'
import { priceViewerOf, requireSession, signedIn } from '../../http/session.ts'
import { validParams, validQuery } from '../../http/validate.ts'
import { listBrowsingHistory, removeBrowsingHistory } from '../../services/browsing-history.ts'
import { toggleFavourite } from '../../services/favourites.ts'
import * as contracts from './history.routes.ts'

const factory = createFactory<AppEnv>()

export const historyListHandlers = factory.createHandlers(
  requireSession(),
  validQuery(contracts.historyList.query),
  async (c) => {
    const query = c.req.valid('query')
    const page = await listBrowsingHistory(c.var.deps.db, signedIn(c).userId, {
      ...query,
      viewer: priceViewerOf(c),
    })
    return ok(c, page)
  },
)

export const collectOrCancelHandlers = factory.createHandlers(
  requireSession(),
  validParams(v.object({ productId: idValue })),
  async (c) => {
    const { productId } = c.req.valid('param')
    const toggled = await toggleFavourite(c.var.deps.db, signedIn(c).userId, productId)
    if (!toggled) throw notFound('product')
    return ok(c, toggled)
  },
)

export const removeOrClearHandlers = factory.createHandlers(
  requireSession(),
  validQuery(contracts.removeOrClear.query),
  async (c) => {
    const { productId } = c.req.valid('query')
    return ok(c, await removeBrowsingHistory(c.var.deps.db, signedIn(c).userId, productId))
  },
)

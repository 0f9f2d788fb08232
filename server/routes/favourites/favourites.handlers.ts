import { createFactory } from 'hono/factory'
import * as v from 'valibot'
import { idValue } from '../../../src/domain/list-queries.ts'
import type { AppEnv } from '../../app-env.ts'
import { notFound, ok } from '../../http/envelope.ts'
import { priceViewerOf, requireSession, signedIn } from '../../http/session.ts'
import { validParams, validQuery } from '../../http/validate.ts'
import { clearFavourites, favouriteStateOf, listFavourites, setFavourite } from '../../services/favourites.ts'
import * as contracts from './favourites.routes.ts'

const factory = createFactory<AppEnv>()

const productIdParam = v.object({ productId: idValue })

export const favouriteListHandlers = factory.createHandlers(
  requireSession(),
  validQuery(contracts.favouriteList.query),
  async (c) => {
    const query = c.req.valid('query')
    const page = await listFavourites(c.var.deps.db, signedIn(c).userId, {
      ...query,
      viewer: priceViewerOf(c),
    })
    return ok(c, page)
  },
)

export const favouriteCheckHandlers = factory.createHandlers(
  requireSession(),
  validParams(productIdParam),
  async (c) => {
    const { productId } = c.req.valid('param')
    const state = await favouriteStateOf(c.var.deps.db, signedIn(c).userId, productId)
    if (!state) throw notFound('product')
    return ok(c, state)
  },
)

export const collectOrDeleteHandlers = factory.createHandlers(
  requireSession(),
  validParams(productIdParam),
  validQuery(contracts.collectOrDelete.query),
  async (c) => {
    const { productId } = c.req.valid('param')
    const { collect } = c.req.valid('query')
    const state = await setFavourite(c.var.deps.db, signedIn(c).userId, productId, collect)
    if (!state) throw notFound('product')
    return ok(c, state)
  },
)

export const favouriteClearHandlers = factory.createHandlers(requireSession(), async (c) =>
  ok(c, await clearFavourites(c.var.deps.db, signedIn(c).userId)),
)

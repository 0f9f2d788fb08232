import { createFactory } from 'hono/factory'
import type { AppEnv } from '../../app-env.ts'
import { ok } from '../../http/envelope.ts'
import { validQuery } from '../../http/validate.ts'
import { listCategoryTree, listHotProducts } from '../../services/catalog.ts'
import { hotList } from './catalog.routes.ts'

const factory = createFactory<AppEnv>()

export const categoryListHandlers = factory.createHandlers(async (c) =>
  ok(c, await listCategoryTree(c.var.deps.db)),
)

export const hotListHandlers = factory.createHandlers(validQuery(hotList.query), async (c) => {
  // `language` is validated (a bad one is a 400) and keys the client's cache; the list itself is the
  // same in every language, since each card carries all three names. No session exists yet, so every
  // caller is a visitor and gets no prices.
  return ok(c, await listHotProducts(c.var.deps.db, { viewer: 'visitor' }))
})

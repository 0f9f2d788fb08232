import { createFactory } from 'hono/factory'
import * as v from 'valibot'
import { idValue } from '../../../src/domain/list-queries.ts'
import type { AppEnv } from '../../app-env.ts'
import { notFound, ok } from '../../http/envelope.ts'
import { requireSession, signedIn } from '../../http/session.ts'
import { validParams, validQuery } from '../../http/validate.ts'
import * as content from '../../services/content.ts'
import * as contracts from './content.routes.ts'

const factory = createFactory<AppEnv>()

export const bannerListHandlers = factory.createHandlers(validQuery(contracts.bannerList.query), async (c) =>
  // `language` is validated and keys the client's cache; a banner is a picture, the same in every language.
  ok(c, await content.listBanners(c.var.deps.db)),
)

export const announcementListHandlers = factory.createHandlers(
  validQuery(contracts.announcementList.query),
  async (c) => {
    const { db, now } = c.var.deps
    return ok(c, await content.listAnnouncements(db, c.req.valid('query').language, now()))
  },
)

export const footerListHandlers = factory.createHandlers(validQuery(contracts.footerList.query), async (c) =>
  ok(c, await content.listFooterArticles(c.var.deps.db, c.req.valid('query').language)),
)

export const customerServiceListHandlers = factory.createHandlers(requireSession(), async (c) => {
  // Everyone else signed in gets an empty list rather than a refusal: the panel simply is not shown.
  if (!content.seesCustomerService(signedIn(c).account.role)) return ok(c, [])
  return ok(c, await content.listCustomerServiceContacts(c.var.deps.db))
})

export const articleHandlers = factory.createHandlers(
  validParams(v.object({ id: idValue })),
  validQuery(contracts.article.query),
  async (c) => {
    const { id } = c.req.valid('param')
    const { type, language } = c.req.valid('query')
    const found = await content.readArticle(c.var.deps.db, { id, type, language })
    if (!found) throw notFound('article')
    return ok(c, found)
  },
)

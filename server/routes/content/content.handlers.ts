import { createFactory } from 'hono/factory'
import * as v from 'valibot'
import { idValue } from '../../../src/domain/list-queries.ts'
import type { AppEnv } from '../../app-env.ts'
import { answerCatalog } from '../../http/cached-answer.ts'
import { notFound, ok } from '../../http/envelope.ts'
import { requireSession, signedIn } from '../../http/session.ts'
import { validParams, validQuery } from '../../http/validate.ts'
import { nextAnnouncementAfter, nextBannerChangeAfter } from '../../services/announcement-schedule.ts'
import * as content from '../../services/content.ts'
import * as contracts from './content.routes.ts'

const factory = createFactory<AppEnv>()

/** A cached list lasts until the next banner starts or ends, when the list changes by itself. */
export const bannerListHandlers = factory.createHandlers(
  validQuery(contracts.bannerList.query),
  async (c) => {
    const { db, now } = c.var.deps
    const at = now()
    // `language` is validated and keys the client's cache; a banner is a picture, the same in every language.
    return answerCatalog(c, {
      query: c.req.valid('query'),
      load: () => content.listBanners(db, at),
      expiresAt: () => nextBannerChangeAfter(db, at),
    })
  },
)

/** A cached list lasts until the next scheduled announcement is due, when the list grows by itself. */
export const announcementListHandlers = factory.createHandlers(
  validQuery(contracts.announcementList.query),
  async (c) => {
    const { db, now } = c.var.deps
    const query = c.req.valid('query')
    const at = now()
    return answerCatalog(c, {
      query,
      load: () => content.listAnnouncements(db, query.language, at),
      expiresAt: () => nextAnnouncementAfter(db, at),
    })
  },
)

export const footerListHandlers = factory.createHandlers(
  validQuery(contracts.footerList.query),
  async (c) => {
    const query = c.req.valid('query')
    return answerCatalog(c, { query, load: () => content.listFooterArticles(c.var.deps.db, query.language) })
  },
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
    const query = c.req.valid('query')
    return answerCatalog(c, {
      query,
      load: async () => {
        const found = await content.readArticle(c.var.deps.db, {
          id,
          type: query.type,
          language: query.language,
        })
        if (!found) throw notFound('article')
        return found
      },
    })
  },
)

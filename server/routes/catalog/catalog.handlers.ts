import type { Context } from 'hono'
import { createFactory } from 'hono/factory'
import * as v from 'valibot'
import { idValue } from '../../../src/domain/list-queries.ts'
import type { AppEnv } from '../../app-env.ts'
import { answerCatalog, priceKeyOf } from '../../http/cached-answer.ts'
import { notFound, ok } from '../../http/envelope.ts'
import { optionalSession, priceViewerOf, requireSession } from '../../http/session.ts'
import { validParams, validQuery } from '../../http/validate.ts'
import { recordProductView } from '../../services/browsing-history.ts'
import { pageBestSellers } from '../../services/catalog/best-sellers.ts'
import { listBrands, listTrendingBrands } from '../../services/catalog/brands.ts'
import type { CardAudience } from '../../services/catalog/card-pages.ts'
import { listCategoryTree } from '../../services/catalog/categories.ts'
import { readProductDetail } from '../../services/catalog/product-detail.ts'
import { listProducts, type ProductListName, pageProducts } from '../../services/catalog/product-lists.ts'
import { searchProducts } from '../../services/catalog/product-search.ts'
import { listAllSeries, listHotSeries, pageHotSeries } from '../../services/catalog/series.ts'
import * as contracts from './catalog.routes.ts'

const factory = createFactory<AppEnv>()

const productIdParam = v.object({ id: idValue })

/**
 * Prices follow the caller (visitor, customer's role, operator) and the request's language; a signed-in
 * caller's favourites carry their `bid`.
 */
const audienceOf = (c: Context<AppEnv>, language: CardAudience['language']): CardAudience => ({
  viewer: priceViewerOf(c),
  language,
  favouritesOf: c.var.signedIn?.userId,
})

/** The part of the audience every caller of one price column shares: answerCatalog marks favourites. */
const sharedAudienceOf = (c: Context<AppEnv>, language: CardAudience['language']): CardAudience => ({
  viewer: priceViewerOf(c),
  language,
})

export const categoryListHandlers = factory.createHandlers(async (c) =>
  answerCatalog(c, { query: {}, load: () => listCategoryTree(c.var.deps.db) }),
)

const homeListHandlers = (list: ProductListName, contract: typeof contracts.hotList) =>
  factory.createHandlers(optionalSession(), validQuery(contract.query), async (c) => {
    const query = c.req.valid('query')
    return answerCatalog(c, {
      query,
      prices: priceKeyOf(priceViewerOf(c), query.language),
      load: () => listProducts(c.var.deps.db, list, sharedAudienceOf(c, query.language)),
      cards: 'list',
    })
  })

const pagedListHandlers = (list: ProductListName, contract: typeof contracts.hotListPage) =>
  factory.createHandlers(optionalSession(), validQuery(contract.query), async (c) => {
    const query = c.req.valid('query')
    const { language, pageNum, pageSize } = query
    return answerCatalog(c, {
      query,
      prices: priceKeyOf(priceViewerOf(c), language),
      load: () => pageProducts(c.var.deps.db, list, sharedAudienceOf(c, language), { pageNum, pageSize }),
      cards: 'page',
    })
  })

export const hotListHandlers = homeListHandlers('hot', contracts.hotList)
export const newListHandlers = homeListHandlers('new', contracts.newList)
export const recommendListHandlers = homeListHandlers('recommend', contracts.recommendList)
export const discountListHandlers = homeListHandlers('discount', contracts.discountList)
export const hotListPageHandlers = pagedListHandlers('hot', contracts.hotListPage)
export const newListPageHandlers = pagedListHandlers('new', contracts.newListPage)
export const recommendListPageHandlers = pagedListHandlers('recommend', contracts.recommendListPage)
export const discountListPageHandlers = pagedListHandlers('discount', contracts.discountListPage)

/**
 * Best sellers change with orders as well as with the catalog, and orders send no catalog notice: a
 * cached page is at most the cache's TTL (60 s) behind the sales, which a 30-day ranking can bear.
 */
export const bestListHandlers = factory.createHandlers(
  optionalSession(),
  validQuery(contracts.bestList.query),
  async (c) => {
    const query = c.req.valid('query')
    const { language, pageNum, pageSize } = query
    const { db, now } = c.var.deps
    return answerCatalog(c, {
      query,
      prices: priceKeyOf(priceViewerOf(c), language),
      load: () => pageBestSellers(db, sharedAudienceOf(c, language), { pageNum, pageSize }, now()),
      cards: 'page',
    })
  },
)

// Brands carry names in all three languages and no prices: `language` is validated, not used.
export const brandListHandlers = factory.createHandlers(validQuery(contracts.brandList.query), async (c) =>
  answerCatalog(c, { query: c.req.valid('query'), load: () => listBrands(c.var.deps.db) }),
)

// As stale as best sellers at most (see above).
export const trendingBrandsHandlers = factory.createHandlers(
  validQuery(contracts.trendingBrands.query),
  async (c) =>
    answerCatalog(c, {
      query: c.req.valid('query'),
      load: () => listTrendingBrands(c.var.deps.db, c.var.deps.now()),
    }),
)

// Series carry names in all three languages and no prices: `language` is validated, not used.
export const hotSeriesListHandlers = factory.createHandlers(
  validQuery(contracts.hotSeriesList.query),
  async (c) => answerCatalog(c, { query: c.req.valid('query'), load: () => listHotSeries(c.var.deps.db) }),
)

export const hotSeriesPageHandlers = factory.createHandlers(
  validQuery(contracts.hotSeriesPage.query),
  async (c) => {
    const query = c.req.valid('query')
    const { pageNum, pageSize } = query
    return answerCatalog(c, { query, load: () => pageHotSeries(c.var.deps.db, { pageNum, pageSize }) })
  },
)

export const allSeriesHandlers = factory.createHandlers(validQuery(contracts.allSeries.query), async (c) =>
  answerCatalog(c, { query: c.req.valid('query'), load: () => listAllSeries(c.var.deps.db) }),
)

// Not cached: keywords make its keys countless, so cached searches would only push the lists out.
export const searchHandlers = factory.createHandlers(
  optionalSession(),
  validQuery(contracts.search.query),
  async (c) => {
    const query = c.req.valid('query')
    return ok(c, await searchProducts(c.var.deps.db, query, audienceOf(c, query.language)))
  },
)

/**
 * Opening a product: a signed-in customer's browsing history records it. A visitor's answer is the
 * same for every visitor and is served from the catalog cache; a signed-in caller's carries their
 * favourite and member price, and records history, so it is built for them.
 */
export const detailsHandlers = factory.createHandlers(
  optionalSession(),
  validParams(productIdParam),
  validQuery(contracts.details.query),
  async (c) => {
    const { id } = c.req.valid('param')
    const query = c.req.valid('query')
    const { language } = query
    const { db, now } = c.var.deps
    const caller = c.var.signedIn
    if (!caller) {
      return answerCatalog(c, {
        query,
        prices: 'visitor',
        load: async () => {
          const detail = await readProductDetail(db, id, {
            viewer: { kind: 'visitor' },
            language,
            signedIn: undefined,
          })
          if (!detail) throw notFound('product')
          return detail
        },
      })
    }
    const detail = await readProductDetail(db, id, { ...audienceOf(c, language), signedIn: caller })
    if (!detail) throw notFound('product')
    if (caller?.kind === 'customer') await recordProductView(db, caller.userId, id, now())
    return ok(c, detail)
  },
)

/** A product seen through a passed token (a shared preview link): on sale or not, and not history. */
export const previewHandlers = factory.createHandlers(
  // The token was passed in a link; renewing it would sign the viewing browser in as its owner.
  requireSession({ renew: false }),
  validParams(productIdParam),
  validQuery(contracts.preview.query),
  async (c) => {
    const { id } = c.req.valid('param')
    const { language } = c.req.valid('query')
    const detail = await readProductDetail(c.var.deps.db, id, {
      ...audienceOf(c, language),
      signedIn: c.var.signedIn,
    })
    if (!detail) throw notFound('product')
    return ok(c, detail)
  },
)

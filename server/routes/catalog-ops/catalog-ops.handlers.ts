import type { Context } from 'hono'
import { createFactory } from 'hono/factory'
import type * as v from 'valibot'
import {
  brandBody,
  categoryBody,
  seriesBody,
  taxonomyIdParams,
} from '../../../src/domain/catalog-taxonomy.ts'
import {
  opsProductListQuery,
  productBody,
  productIdParams,
  productUpdateBody,
} from '../../../src/domain/product-editor.ts'
import type { AppEnv } from '../../app-env.ts'
import type { Db } from '../../db/client.ts'
import { created, ok } from '../../http/envelope.ts'
import { requirePermission, signedIn } from '../../http/session.ts'
import { validJson, validParams, validQuery } from '../../http/validate.ts'
import { alertSubscriberCount } from '../../services/alerts/product-alerts.ts'
import type { CatalogSave } from '../../services/catalog-ops/catalog-save.ts'
import {
  createOpsBrand,
  deleteOpsBrand,
  listOpsBrands,
  updateOpsBrand,
} from '../../services/catalog-ops/ops-brands.ts'
import {
  createOpsCategory,
  deleteOpsCategory,
  listOpsCategories,
  updateOpsCategory,
} from '../../services/catalog-ops/ops-categories.ts'
import { listOpsProducts } from '../../services/catalog-ops/ops-product-list.ts'
import {
  createOpsProduct,
  loadOpsProduct,
  updateOpsProduct,
} from '../../services/catalog-ops/ops-products.ts'
import {
  createOpsSeries,
  deleteOpsSeries,
  listOpsSeries,
  updateOpsSeries,
} from '../../services/catalog-ops/ops-series.ts'

const factory = createFactory<AppEnv>()

/** The catalog room's guard: no token 401, a customer or an operator without `catalog` 403. */
const catalogRoom = requirePermission('catalog')

/** Who saves, by the shop's clock. */
const saveOf = (c: Context<AppEnv>): CatalogSave => ({ actorId: signedIn(c).userId, at: c.var.deps.now() })

export const listProductsHandlers = factory.createHandlers(
  catalogRoom,
  validQuery(opsProductListQuery),
  async (c) => ok(c, await listOpsProducts(c.var.deps.db, c.req.valid('query'))),
)

export const productDetailHandlers = factory.createHandlers(
  catalogRoom,
  validParams(productIdParams),
  async (c) => ok(c, await loadOpsProduct(c.var.deps.db, c.req.valid('param').id)),
)

export const productAlertsHandlers = factory.createHandlers(
  catalogRoom,
  validParams(productIdParams),
  async (c) => {
    const { id } = c.req.valid('param')
    await loadOpsProduct(c.var.deps.db, id)
    return ok(c, { subscribers: await alertSubscriberCount(c.var.deps.db, id) })
  },
)

export const createProductHandlers = factory.createHandlers(catalogRoom, validJson(productBody), async (c) =>
  created(c, await createOpsProduct(c.var.deps.db, c.req.valid('json'), saveOf(c))),
)

export const updateProductHandlers = factory.createHandlers(
  catalogRoom,
  validParams(productIdParams),
  validJson(productUpdateBody),
  async (c) =>
    ok(c, await updateOpsProduct(c.var.deps.db, c.req.valid('param').id, c.req.valid('json'), saveOf(c))),
)

/** The services of one taxonomy editor (categories, series or brands), with its body's output. */
interface TaxonomyServices<Body, Dto, List> {
  list: (db: Db) => Promise<List>
  create: (db: Db, body: Body, save: CatalogSave) => Promise<Dto>
  update: (db: Db, id: number, body: Body, save: CatalogSave) => Promise<Dto>
  remove: (db: Db, id: number, save: CatalogSave) => Promise<void>
}

/** The four calls of a taxonomy editor, as catalog-ops.routes.ts's taxonomyCalls names them. */
function taxonomyHandlers<S extends v.GenericSchema, Dto, List>(
  body: S,
  services: TaxonomyServices<v.InferOutput<S>, Dto, List>,
) {
  return {
    list: factory.createHandlers(catalogRoom, async (c) => ok(c, await services.list(c.var.deps.db))),
    create: factory.createHandlers(catalogRoom, validJson(body), async (c) =>
      created(c, await services.create(c.var.deps.db, c.req.valid('json'), saveOf(c))),
    ),
    update: factory.createHandlers(catalogRoom, validParams(taxonomyIdParams), validJson(body), async (c) =>
      ok(c, await services.update(c.var.deps.db, c.req.valid('param').id, c.req.valid('json'), saveOf(c))),
    ),
    remove: factory.createHandlers(catalogRoom, validParams(taxonomyIdParams), async (c) => {
      await services.remove(c.var.deps.db, c.req.valid('param').id, saveOf(c))
      return ok(c, null)
    }),
  }
}

export const categoryHandlers = taxonomyHandlers(categoryBody, {
  list: listOpsCategories,
  create: createOpsCategory,
  update: updateOpsCategory,
  remove: deleteOpsCategory,
})

export const seriesHandlers = taxonomyHandlers(seriesBody, {
  list: listOpsSeries,
  create: createOpsSeries,
  update: updateOpsSeries,
  remove: deleteOpsSeries,
})

export const brandHandlers = taxonomyHandlers(brandBody, {
  list: listOpsBrands,
  create: createOpsBrand,
  update: updateOpsBrand,
  remove: deleteOpsBrand,
})

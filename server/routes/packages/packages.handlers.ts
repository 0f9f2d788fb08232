import { createFactory } from 'hono/factory'
import * as v from 'valibot'
import { idValue } from '../../../src/domain/list-queries.ts'
import {
  opsPackageListQuery,
  packageDetailParams,
  packageIdParams,
  packageListQuery,
  shipBody,
} from '../../../src/domain/packaging.ts'
import { languageQuery } from '../../../src/domain/queries.ts'
import type { AppEnv } from '../../app-env.ts'
import { ok } from '../../http/envelope.ts'
import { requirePermission, requireSession, signedIn } from '../../http/session.ts'
import { validJson, validParams, validQuery } from '../../http/validate.ts'
import {
  listOpsPackages,
  loadOpsPackage,
  markDelivered,
  shipPackage,
} from '../../services/packaging/ops-shipping.ts'
import {
  listShopperPackages,
  loadShopperPackage,
  shopperShippingOptions,
  shopperTracking,
} from '../../services/packaging/packages.ts'

const factory = createFactory<AppEnv>()

// A shopper's packages are theirs: an operator reads them through /api/ops.
const customerOnly = requireSession({ kind: 'customer' })

const opsPackageParams = v.object({ id: idValue })

export const listPackagesHandlers = factory.createHandlers(
  customerOnly,
  validQuery(packageListQuery),
  async (c) =>
    ok(
      c,
      await listShopperPackages(c.var.deps.db, {
        userId: signedIn(c).userId,
        query: c.req.valid('query'),
        at: c.var.deps.now(),
      }),
    ),
)

export const packageDetailHandlers = factory.createHandlers(
  customerOnly,
  validParams(packageDetailParams),
  validQuery(languageQuery),
  async (c) => {
    const { applyId, boxId } = c.req.valid('param')
    const dto = await loadShopperPackage(c.var.deps.db, {
      userId: signedIn(c).userId,
      applyId,
      packageId: boxId,
      at: c.var.deps.now(),
    })
    return ok(c, dto)
  },
)

export const packageShippingCostHandlers = factory.createHandlers(
  customerOnly,
  validParams(packageIdParams),
  async (c) =>
    ok(
      c,
      await shopperShippingOptions(c.var.deps.db, {
        userId: signedIn(c).userId,
        packageId: c.req.valid('param').packageId,
      }),
    ),
)

export const packageTrackingHandlers = factory.createHandlers(
  customerOnly,
  validParams(packageIdParams),
  async (c) =>
    ok(
      c,
      await shopperTracking(c.var.deps.db, {
        userId: signedIn(c).userId,
        packageId: c.req.valid('param').packageId,
      }),
    ),
)

export const listOpsPackagesHandlers = factory.createHandlers(
  requirePermission('warehouse'),
  validQuery(opsPackageListQuery),
  async (c) => ok(c, await listOpsPackages(c.var.deps.db, c.req.valid('query'), c.var.deps.now())),
)

export const opsPackageDetailHandlers = factory.createHandlers(
  requirePermission('warehouse'),
  validParams(opsPackageParams),
  async (c) => ok(c, await loadOpsPackage(c.var.deps.db, c.req.valid('param').id, c.var.deps.now())),
)

export const shipPackageHandlers = factory.createHandlers(
  requirePermission('warehouse'),
  validParams(opsPackageParams),
  validJson(shipBody),
  async (c) => {
    const { carrier, trackingNo } = c.req.valid('json')
    const dto = await shipPackage(c.var.deps.db, {
      packageId: c.req.valid('param').id,
      carrier,
      trackingNo,
      actorId: signedIn(c).userId,
      at: c.var.deps.now(),
    })
    return ok(c, dto)
  },
)

export const markDeliveredHandlers = factory.createHandlers(
  requirePermission('warehouse'),
  validParams(opsPackageParams),
  async (c) => {
    const dto = await markDelivered(c.var.deps.db, {
      packageId: c.req.valid('param').id,
      actorId: signedIn(c).userId,
      at: c.var.deps.now(),
    })
    return ok(c, dto)
  },
)

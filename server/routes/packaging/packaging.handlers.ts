import { createFactory } from 'hono/factory'
import * as v from 'valibot'
import { idValue, pagedListQuery } from '../../../src/domain/list-queries.ts'
import {
  methodsQuery,
  opsPackageListQuery,
  packageApplyBody,
  packBody,
} from '../../../src/domain/packaging.ts'
import { languageQuery } from '../../../src/domain/queries.ts'
import type { AppEnv } from '../../app-env.ts'
import { ok } from '../../http/envelope.ts'
import { requirePermission, requireSession, signedIn } from '../../http/session.ts'
import { validJson, validParams, validQuery } from '../../http/validate.ts'
import { listOpsApplies, loadOpsApply, markPicked, packApply } from '../../services/packaging/ops-packing.ts'
import {
  applyForPackaging,
  listApplies,
  methodEstimates,
  packagingGoods,
} from '../../services/packaging/package-apply.ts'
import { packageNotifyCount } from '../../services/packaging/package-counts.ts'

const factory = createFactory<AppEnv>()

// Packaging requests are a customer's; the operator's side is under /api/ops.
const customerOnly = requireSession({ kind: 'customer' })

const applyIdParams = v.object({ id: idValue })

export const goodsHandlers = factory.createHandlers(customerOnly, validQuery(languageQuery), async (c) =>
  ok(c, await packagingGoods(c.var.deps.db, { userId: signedIn(c).userId, at: c.var.deps.now() })),
)

export const applyHandlers = factory.createHandlers(customerOnly, validJson(packageApplyBody), async (c) => {
  const apply = await applyForPackaging(c.var.deps.db, {
    userId: signedIn(c).userId,
    body: c.req.valid('json'),
    at: c.var.deps.now(),
  })
  return ok(c, apply)
})

export const listHandlers = factory.createHandlers(customerOnly, validQuery(pagedListQuery), async (c) =>
  ok(c, await listApplies(c.var.deps.db, { userId: signedIn(c).userId, page: c.req.valid('query') })),
)

export const notifyCountHandlers = factory.createHandlers(customerOnly, async (c) =>
  ok(c, await packageNotifyCount(c.var.deps.db, { userId: signedIn(c).userId, at: c.var.deps.now() })),
)

export const methodsHandlers = factory.createHandlers(customerOnly, validQuery(methodsQuery), async (c) => {
  const { addressId, orderIds } = c.req.valid('query')
  return ok(
    c,
    await methodEstimates(c.var.deps.db, {
      userId: signedIn(c).userId,
      addressId,
      orderIds,
      at: c.var.deps.now(),
    }),
  )
})

export const opsListHandlers = factory.createHandlers(
  requirePermission('warehouse'),
  validQuery(opsPackageListQuery),
  async (c) => ok(c, await listOpsApplies(c.var.deps.db, c.req.valid('query'), c.var.deps.now())),
)

export const opsDetailHandlers = factory.createHandlers(
  requirePermission('warehouse'),
  validParams(applyIdParams),
  async (c) => ok(c, await loadOpsApply(c.var.deps.db, c.req.valid('param').id, c.var.deps.now())),
)

export const pickedHandlers = factory.createHandlers(
  requirePermission('warehouse'),
  validParams(applyIdParams),
  async (c) => {
    const apply = await markPicked(c.var.deps.db, {
      applyId: c.req.valid('param').id,
      actorId: signedIn(c).userId,
      at: c.var.deps.now(),
    })
    return ok(c, apply)
  },
)

export const packHandlers = factory.createHandlers(
  requirePermission('warehouse'),
  validParams(applyIdParams),
  validJson(packBody),
  async (c) => {
    const answer = await packApply(c.var.deps.db, {
      applyId: c.req.valid('param').id,
      boxes: c.req.valid('json').boxes,
      actorId: signedIn(c).userId,
      at: c.var.deps.now(),
    })
    return ok(c, answer)
  },
)

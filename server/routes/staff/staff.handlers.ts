import { createFactory } from 'hono/factory'
import { staffCreateBody, staffIdParams, staffUpdateBody } from '../../../src/domain/staff.ts'
import type { AppEnv } from '../../app-env.ts'
import { ok } from '../../http/envelope.ts'
import { requirePermission, requireSession, signedIn } from '../../http/session.ts'
import { validJson, validParams } from '../../http/validate.ts'
import { createStaff, listStaff, staffMeOf, updateStaff } from '../../services/ops/staff.ts'

const factory = createFactory<AppEnv>()

// Any operator, even one that must still change its password: the console asks this to know what to show.
export const meHandlers = factory.createHandlers(requireSession({ kind: 'operator' }), (c) =>
  ok(c, staffMeOf(signedIn(c).account)),
)

export const listHandlers = factory.createHandlers(requirePermission('staff'), async (c) =>
  ok(c, await listStaff(c.var.deps.db)),
)

export const createHandlers = factory.createHandlers(
  requirePermission('staff'),
  validJson(staffCreateBody),
  async (c) =>
    ok(
      c,
      await createStaff(c.var.deps.db, {
        body: c.req.valid('json'),
        actorId: signedIn(c).userId,
        at: c.var.deps.now(),
      }),
    ),
)

export const updateHandlers = factory.createHandlers(
  requirePermission('staff'),
  validParams(staffIdParams),
  validJson(staffUpdateBody),
  async (c) =>
    ok(
      c,
      await updateStaff(c.var.deps.db, {
        id: c.req.valid('param').id,
        body: c.req.valid('json'),
        actorId: signedIn(c).userId,
        at: c.var.deps.now(),
      }),
    ),
)

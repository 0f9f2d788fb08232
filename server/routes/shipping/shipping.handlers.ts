import { createFactory } from 'hono/factory'
import { shippingMethodsBody } from '../../../src/domain/shipping-editor.ts'
import type { AppEnv } from '../../app-env.ts'
import { ok } from '../../http/envelope.ts'
import { requirePermission, signedIn } from '../../http/session.ts'
import { validJson } from '../../http/validate.ts'
import { loadShippingMethods, updateShippingMethods } from '../../services/shipping/shipping-methods-admin.ts'

const factory = createFactory<AppEnv>()

export const listShippingMethodsHandlers = factory.createHandlers(requirePermission('settings'), async (c) =>
  ok(c, await loadShippingMethods(c.var.deps.db)),
)

export const updateShippingMethodsHandlers = factory.createHandlers(
  requirePermission('settings'),
  validJson(shippingMethodsBody),
  async (c) =>
    ok(
      c,
      await updateShippingMethods(c.var.deps.db, {
        methods: c.req.valid('json').methods,
        actorId: signedIn(c).userId,
        at: c.var.deps.now(),
      }),
    ),
)

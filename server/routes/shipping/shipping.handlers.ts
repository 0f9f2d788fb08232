import { createFactory } from 'hono/factory'
import { shippingMethodsBody } from '../../../src/domain/shipping-editor.ts'
import type { AppEnv } from '../../app-env.ts'
import { ok } from '../../http/envelope.ts'
import { requireSession, signedIn } from '../../http/session.ts'
import { validJson } from '../../http/validate.ts'
import { loadShippingMethods, updateShippingMethods } from '../../services/shipping/shipping-methods-admin.ts'

const factory = createFactory<AppEnv>()

/** Console calls: no token 401, a customer's 403. */
const operatorOnly = requireSession({ kind: 'operator' })

export const listShippingMethodsHandlers = factory.createHandlers(operatorOnly, async (c) =>
  ok(c, await loadShippingMethods(c.var.deps.db)),
)

export const updateShippingMethodsHandlers = factory.createHandlers(
  operatorOnly,
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

import { createFactory } from 'hono/factory'
import { isAllowedPushEndpoint, type VapidPublicKeyDto } from '../../../src/domain/push.ts'
import { ResultCode } from '../../../src/domain/result-code.ts'
import type { AppEnv } from '../../app-env.ts'
import { ApiError, ok } from '../../http/envelope.ts'
import { requireSession, signedIn } from '../../http/session.ts'
import { validJson } from '../../http/validate.ts'
import { removeSubscription, saveSubscription } from '../../services/push/subscriptions.ts'
import { loadVapidKeys } from '../../services/push/vapid-keys.ts'
import * as contracts from './push.routes.ts'

const factory = createFactory<AppEnv>()

// Reminders are a customer's: an operator has no deadlines to be told about.
const customerOnly = requireSession({ kind: 'customer' })

export const vapidPublicKeyHandlers = factory.createHandlers(async (c) => {
  const { publicKey } = await loadVapidKeys(c.var.deps.db)
  return ok(c, { publicKey } satisfies VapidPublicKeyDto)
})

export const subscribeHandlers = factory.createHandlers(
  customerOnly,
  validJson(contracts.subscribe.body),
  async (c) => {
    const subscription = c.req.valid('json')
    const { db, push, now } = c.var.deps
    // The server will POST to this URL: only push services, never an address the client picks.
    if (!isAllowedPushEndpoint(subscription.endpoint, push.endpointHosts)) {
      const message = 'is not a push service this shop sends to'
      throw new ApiError(ResultCode.invalidInput, `endpoint: ${message}`, {
        fields: [{ field: 'endpoint', message }],
      })
    }
    const { userId, sessionId } = signedIn(c)
    await saveSubscription(db, { userId, sessionId }, subscription, now())
    return ok(c, { subscribed: true as const })
  },
)

export const unsubscribeHandlers = factory.createHandlers(
  customerOnly,
  validJson(contracts.unsubscribe.body),
  async (c) => {
    await removeSubscription(c.var.deps.db, signedIn(c).userId, c.req.valid('json').endpoint)
    return ok(c, { subscribed: false as const })
  },
)

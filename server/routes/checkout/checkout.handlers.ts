import type { Context } from 'hono'
import { createFactory } from 'hono/factory'
import type { Language } from '../../../src/domain/language.ts'
import { orderIdParams } from '../../../src/domain/orders.ts'
import type { AppEnv } from '../../app-env.ts'
import type { Db } from '../../db/client.ts'
import { notFound, ok } from '../../http/envelope.ts'
import { requireSession, signedIn } from '../../http/session.ts'
import { validJson, validParams, validQuery } from '../../http/validate.ts'
import { idempotencyKeyHeader, withIdempotency } from '../../services/idempotency.ts'
import { cancelOwnOrder } from '../../services/orders/cancel-order.ts'
import { createOrder as placeOrder } from '../../services/orders/create-order.ts'
import { loadOrder } from '../../services/orders/order-views.ts'
import { cancelOrder, createOrder } from './checkout.routes.ts'

const factory = createFactory<AppEnv>()

// Orders are a customer's: an operator has no price role to buy with.
const customerOnly = requireSession({ kind: 'customer' })

/**
 * Runs an order change under the caller's idempotency key. The key stands for the method, path, the
 * validated query and body, so the same key with other lines or other points is refused (409).
 */
function idempotently<T>(
  c: Context<AppEnv>,
  key: string | undefined,
  request: { query: unknown; body?: unknown },
  effect: (tx: Db) => Promise<T>,
): Promise<T> {
  const described = `${c.req.method} ${c.req.path} ${JSON.stringify(request)}`
  return withIdempotency(
    c.var.deps.db,
    { userId: signedIn(c).userId, key, request: described, at: c.var.deps.now() },
    effect,
  )
}

/** The order as the lists show it, read in the same transaction as the change (so a replay answers it too). */
async function orderAnswer(tx: Db, c: Context<AppEnv>, orderId: number, language: Language) {
  const order = await loadOrder(tx, { orderId, userId: signedIn(c).userId, language, at: c.var.deps.now() })
  if (!order) throw notFound('Order')
  return order
}

export const createOrderHandlers = factory.createHandlers(
  customerOnly,
  idempotencyKeyHeader,
  validQuery(createOrder.query),
  validJson(createOrder.body),
  async (c) => {
    const query = c.req.valid('query')
    const body = c.req.valid('json')
    const { userId, account } = signedIn(c)
    const at = c.var.deps.now()
    const answer = await idempotently(c, c.req.valid('header').idempotencyKey, { query, body }, (tx) =>
      placeOrder(tx, {
        shopper: { userId, role: account.role, language: query.language },
        cartLineIds: body.cartLineIds,
        pointsRequested: query.score,
        at,
      }),
    )
    return ok(c, answer)
  },
)

export const cancelOrderHandlers = factory.createHandlers(
  customerOnly,
  idempotencyKeyHeader,
  validParams(orderIdParams),
  validQuery(cancelOrder.query),
  async (c) => {
    const { id } = c.req.valid('param')
    const query = c.req.valid('query')
    const at = c.var.deps.now()
    const answer = await idempotently(c, c.req.valid('header').idempotencyKey, { query }, async (tx) => {
      await cancelOwnOrder(tx, { orderId: id, userId: signedIn(c).userId, at })
      return orderAnswer(tx, c, id, query.language)
    })
    return ok(c, answer)
  },
)

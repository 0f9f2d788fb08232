import type { Context } from 'hono'
import { createFactory } from 'hono/factory'
import { changeNumParams } from '../../../src/domain/cart.ts'
import type { AppEnv } from '../../app-env.ts'
import { notFound, ok } from '../../http/envelope.ts'
import { priceViewerOf, requireSession, signedIn } from '../../http/session.ts'
import { validJson, validParams, validQuery } from '../../http/validate.ts'
import {
  addToCart as addLine,
  cartLine,
  changeCartAmount,
  clearCart as clearLines,
  listCart as listLines,
  removeFromCart as removeLines,
} from '../../services/cart.ts'
import { idempotencyKeyHeader, withIdempotency } from '../../services/idempotency.ts'
import { addToCart, changeNum, listCart, removeFromCart } from './cart.routes.ts'

const factory = createFactory<AppEnv>()

// The cart is a customer's: an operator has no price role to shop with.
const customerOnly = requireSession({ kind: 'customer' })

/**
 * Runs a cart change under the caller's idempotency key. The key stands for this method, path and
 * validated body, so reusing it on any other request is refused rather than answered wrongly.
 */
function idempotently<T>(
  c: Context<AppEnv>,
  key: string | undefined,
  body: unknown,
  effect: Parameters<typeof withIdempotency<T>>[2],
): Promise<T> {
  const request = `${c.req.method} ${c.req.path}${body === undefined ? '' : ` ${JSON.stringify(body)}`}`
  return withIdempotency(
    c.var.deps.db,
    { userId: signedIn(c).userId, key, request, at: c.var.deps.now() },
    effect,
  )
}

export const listCartHandlers = factory.createHandlers(
  customerOnly,
  validQuery(listCart.query),
  async (c) => {
    const { language } = c.req.valid('query')
    return ok(c, await listLines(c.var.deps.db, signedIn(c).userId, priceViewerOf(c), language))
  },
)

export const addToCartHandlers = factory.createHandlers(
  customerOnly,
  idempotencyKeyHeader,
  validJson(addToCart.body),
  async (c) => {
    const body = c.req.valid('json')
    const at = c.var.deps.now()
    const answer = await idempotently(c, c.req.valid('header').idempotencyKey, body, (tx) =>
      addLine(tx, signedIn(c).userId, body, at),
    )
    return ok(c, answer)
  },
)

export const changeNumHandlers = factory.createHandlers(
  customerOnly,
  idempotencyKeyHeader,
  validParams(changeNumParams),
  validQuery(changeNum.query),
  async (c) => {
    const { id, num } = c.req.valid('param')
    const { language } = c.req.valid('query')
    const { userId } = signedIn(c)
    const at = c.var.deps.now()
    const answer = await idempotently(c, c.req.valid('header').idempotencyKey, undefined, async (tx) => {
      await changeCartAmount(tx, userId, { cartId: id, amount: num }, at)
      const line = await cartLine(tx, userId, id, priceViewerOf(c), language)
      if (!line) throw notFound('Cart line')
      return line
    })
    return ok(c, answer)
  },
)

export const removeFromCartHandlers = factory.createHandlers(
  customerOnly,
  idempotencyKeyHeader,
  validJson(removeFromCart.body),
  async (c) => {
    const body = c.req.valid('json')
    const answer = await idempotently(c, c.req.valid('header').idempotencyKey, body, (tx) =>
      removeLines(tx, signedIn(c).userId, body.cartIds),
    )
    return ok(c, answer)
  },
)

export const clearCartHandlers = factory.createHandlers(customerOnly, idempotencyKeyHeader, async (c) => {
  const answer = await idempotently(c, c.req.valid('header').idempotencyKey, undefined, (tx) =>
    clearLines(tx, signedIn(c).userId),
  )
  return ok(c, answer)
})

import { createFactory } from 'hono/factory'
import type { AppEnv } from '../../app-env.ts'
import { ok } from '../../http/envelope.ts'
import { priceViewerOf, requireSession, signedIn } from '../../http/session.ts'
import { validJson, validQuery } from '../../http/validate.ts'
import { addToCart as addLine, listCart as listLines } from '../../services/cart.ts'
import { addToCart, listCart } from './cart.routes.ts'

const factory = createFactory<AppEnv>()

// The cart is a customer's: an operator has no price role to shop with.
const customerOnly = requireSession({ kind: 'customer' })

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
  validJson(addToCart.body),
  async (c) => {
    await addLine(c.var.deps.db, signedIn(c).userId, c.req.valid('json'), c.var.deps.now())
    return ok(c, null)
  },
)

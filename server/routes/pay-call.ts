import type { Context } from 'hono'
import { PAY_METHODS, type PayAnswer, type PayRoute } from '../../src/domain/payments.ts'
import { ResultCode } from '../../src/domain/result-code.ts'
import { ValidationMessage } from '../../src/domain/validation-messages.ts'
import type { AppEnv } from '../app-env.ts'
import { ApiError, ok } from '../http/envelope.ts'
import { signedIn } from '../http/session.ts'
import { withIdempotency } from '../services/idempotency.ts'
import { payFor } from '../services/payments/pay-service.ts'
import type { PayPurpose } from '../services/payments/purposes/purpose.ts'
import { countEvent, type RateLimit } from '../services/rate-limit.ts'

/**
 * Pay calls per shopper: each may open a payment at a provider, so a script must not be able to open
 * thousands. 30 a minute is far more than a shopper paying, retrying or changing method ever needs;
 * the counter is in the database, so every process shares it (README 'Sessions and limits').
 */
export const PAY_CALLS_PER_ACCOUNT: RateLimit = { max: 30, windowSeconds: 60 }

const typeNotOffered = () =>
  new ApiError(ResultCode.invalidInput, `type: ${ValidationMessage.payType}`, {
    fields: [{ field: 'type', message: ValidationMessage.payType }],
  })

/** What one pay call pays with: the route, its `{type}`, the Idempotency-Key and the query it keys. */
export interface PayCall {
  route: PayRoute
  method: number
  idempotencyKey: string | undefined
  /** The query that changes what is paid (the address chosen, the points used), part of the key. */
  keyedQuery: string
}

/**
 * Any pay call once its `{type}` is known (deposit, balance, shipping fee, extra fees): checked against
 * the route's types and the shopper's rate, then the pay service pays for `purpose` what `details` name,
 * in the Idempotency-Key's transaction. The key stands for the path (route, type, target) and
 * `keyedQuery`.
 */
export async function idempotentPay<Details>(
  c: Context<AppEnv>,
  call: PayCall,
  purpose: PayPurpose<Details>,
  details: Details,
) {
  if (!PAY_METHODS[call.route].includes(call.method)) throw typeNotOffered()
  const { deps } = c.var
  const { userId } = signedIn(c)
  const at = deps.now()
  const rate = await countEvent(deps.db, `pay:user:${userId}`, PAY_CALLS_PER_ACCOUNT, at)
  if (rate.count > PAY_CALLS_PER_ACCOUNT.max) {
    throw new ApiError(ResultCode.tooManyRequests, 'Too many payment attempts; please try again shortly', {
      retryAfterSeconds: rate.retryAfterSeconds,
    })
  }
  const request = `${c.req.method} ${c.req.path}?${call.keyedQuery}`
  const answer = await withIdempotency<PayAnswer>(
    deps.db,
    { userId, key: call.idempotencyKey, request, at },
    (tx) => payFor(tx, deps, purpose, { ...details, userId, route: call.route, method: call.method }, at),
  )
  return ok(c, answer)
}

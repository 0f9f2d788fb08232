import type { Context } from 'hono'
import { createFactory } from 'hono/factory'
import {
  extraPayListQuery,
  extraPayParams,
  opsCreateExtraFeeBody,
  opsExtraFeeListQuery,
  opsVoidExtraFeeBody,
  paypalExtraPayParams,
  sbpsExtraPayParams,
  sbpsExtraPayQuery,
} from '../../../src/domain/extras.ts'
import { PAY_METHODS, type PayRoute } from '../../../src/domain/payments.ts'
import type { AppEnv } from '../../app-env.ts'
import { ok } from '../../http/envelope.ts'
import { requirePermission, requireSession, signedIn } from '../../http/session.ts'
import { validJson, validParams, validQuery } from '../../http/validate.ts'
import { createExtraFee, listOpsExtraFees, voidExtraFee } from '../../services/extras/ops-extra-fees.ts'
import { extraPayCount, listExtraFees } from '../../services/extras/shopper-fees.ts'
import { idempotencyKeyHeader } from '../../services/idempotency.ts'
import { extraPurpose } from '../../services/payments/purposes/extra.ts'
import { idempotentPay } from '../pay-call.ts'
import { extraFeeIdParams } from './extras.routes.ts'

const factory = createFactory<AppEnv>()

// Paying is a customer's act: an operator has no fees of their own.
const customerOnly = requireSession({ kind: 'customer' })

export const countHandlers = factory.createHandlers(customerOnly, async (c) =>
  ok(c, await extraPayCount(c.var.deps.db, signedIn(c).userId)),
)

export const listHandlers = factory.createHandlers(customerOnly, validQuery(extraPayListQuery), async (c) =>
  ok(c, await listExtraFees(c.var.deps.db, signedIn(c).userId, c.req.valid('query'))),
)

interface ExtraPayCall {
  route: PayRoute
  method: number
  feeIds: number[]
  points: number
  idempotencyKey: string | undefined
}

/**
 * One extra-fee pay call once its route and `{type}` are known, as the other pay calls are
 * (pay-call.ts idempotentPay): the Idempotency-Key stands for the path and the points used.
 */
function payFees(c: Context<AppEnv>, call: ExtraPayCall) {
  const { feeIds, points } = call
  return idempotentPay(c, { ...call, keyedQuery: `score=${points}` }, extraPurpose, { feeIds, points })
}

export const payCardHandlers = factory.createHandlers(
  customerOnly,
  idempotencyKeyHeader,
  validParams(extraPayParams),
  (c) => {
    const { type, ids, score } = c.req.valid('param')
    const { idempotencyKey } = c.req.valid('header')
    return payFees(c, { route: 'card', method: type, feeIds: ids, points: score, idempotencyKey })
  },
)

export const paySbpsHandlers = factory.createHandlers(
  customerOnly,
  idempotencyKeyHeader,
  validParams(sbpsExtraPayParams),
  validQuery(sbpsExtraPayQuery),
  (c) => {
    const { type, ids } = c.req.valid('param')
    const { idempotencyKey } = c.req.valid('header')
    const points = c.req.valid('query').score
    return payFees(c, { route: 'sbps', method: type, feeIds: ids, points, idempotencyKey })
  },
)

export const payPaypalHandlers = factory.createHandlers(
  customerOnly,
  idempotencyKeyHeader,
  validParams(paypalExtraPayParams),
  (c) => {
    const { ids, score } = c.req.valid('param')
    const { idempotencyKey } = c.req.valid('header')
    // PayPal has no `{type}`: its one method is 0.
    const method = PAY_METHODS.paypal[0] ?? 0
    return payFees(c, { route: 'paypal', method, feeIds: ids, points: score, idempotencyKey })
  },
)

export const opsListHandlers = factory.createHandlers(
  requirePermission('payments'),
  validQuery(opsExtraFeeListQuery),
  async (c) => ok(c, await listOpsExtraFees(c.var.deps.db, c.req.valid('query'))),
)

export const opsCreateHandlers = factory.createHandlers(
  requirePermission('payments'),
  validJson(opsCreateExtraFeeBody),
  async (c) =>
    ok(
      c,
      await createExtraFee(c.var.deps.db, {
        body: c.req.valid('json'),
        actorId: signedIn(c).userId,
        at: c.var.deps.now(),
      }),
    ),
)

export const opsVoidHandlers = factory.createHandlers(
  requirePermission('payments'),
  validParams(extraFeeIdParams),
  validJson(opsVoidExtraFeeBody),
  async (c) =>
    ok(
      c,
      await voidExtraFee(c.var.deps, {
        feeId: c.req.valid('param').id,
        body: c.req.valid('json'),
        actorId: signedIn(c).userId,
      }),
    ),
)

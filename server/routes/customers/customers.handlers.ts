import { createFactory } from 'hono/factory'
import type * as v from 'valibot'
import {
  customerDisableBody,
  customerIdParams,
  customerListQuery,
  customerPointsBody,
  customerPointsQuery,
  customerRoleBody,
} from '../../../src/domain/customer-ops.ts'
import type { AppEnv } from '../../app-env.ts'
import type { Db } from '../../db/client.ts'
import { ok } from '../../http/envelope.ts'
import { requirePermission, signedIn } from '../../http/session.ts'
import { validJson, validParams, validQuery } from '../../http/validate.ts'
import {
  adjustCustomerPoints,
  changeCustomerRole,
  setCustomerDisabled,
} from '../../services/customers/customer-changes.ts'
import { customerDetail, customerPoints, listCustomers } from '../../services/customers/customer-queries.ts'
import { idempotencyKeyHeader, withIdempotency } from '../../services/idempotency.ts'

const factory = createFactory<AppEnv>()
const guard = requirePermission('customers')

export const listHandlers = factory.createHandlers(guard, validQuery(customerListQuery), async (c) =>
  ok(c, await listCustomers(c.var.deps.db, c.req.valid('query'), c.var.deps.now())),
)

export const detailHandlers = factory.createHandlers(guard, validParams(customerIdParams), async (c) =>
  ok(c, await customerDetail(c.var.deps.db, c.req.valid('param').id, c.var.deps.now())),
)

export const pointsListHandlers = factory.createHandlers(
  guard,
  validParams(customerIdParams),
  validQuery(customerPointsQuery),
  async (c) => ok(c, await customerPoints(c.var.deps.db, c.req.valid('param').id, c.req.valid('query'))),
)

/**
 * One of the room's changes to a customer: the id from the path, the body checked by `body`, and the
 * service `change` told who makes it and when.
 */
const customerChange = <S extends v.GenericSchema, R>(
  body: S,
  change: (db: Db, input: { id: number; body: v.InferOutput<S>; actorId: number; at: Date }) => Promise<R>,
) =>
  factory.createHandlers(guard, validParams(customerIdParams), validJson(body), async (c) =>
    ok(
      c,
      await change(c.var.deps.db, {
        id: c.req.valid('param').id,
        body: c.req.valid('json'),
        actorId: signedIn(c).userId,
        at: c.var.deps.now(),
      }),
    ),
  )

export const roleHandlers = customerChange(customerRoleBody, changeCustomerRole)
export const disableHandlers = customerChange(customerDisableBody, setCustomerDisabled)
/** A retried adjustment (the same Idempotency-Key and request) answers the first and adds nothing. */
export const pointsAdjustHandlers = factory.createHandlers(
  guard,
  idempotencyKeyHeader,
  validParams(customerIdParams),
  validJson(customerPointsBody),
  async (c) => {
    const { db, now } = c.var.deps
    const id = c.req.valid('param').id
    const body = c.req.valid('json')
    const actorId = signedIn(c).userId
    const at = now()
    const request = `${c.req.method} ${c.req.path} ${JSON.stringify(body)}`
    const key = c.req.valid('header').idempotencyKey
    const answer = await withIdempotency(db, { userId: actorId, key, request, at }, (tx) =>
      adjustCustomerPoints(tx, { id, body, actorId, at }),
    )
    return ok(c, answer)
  },
)

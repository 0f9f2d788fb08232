import { createFactory } from 'hono/factory'
import {
  customerDisableBody,
  customerIdParams,
  customerListQuery,
  customerPointsBody,
  customerPointsQuery,
  customerRoleBody,
} from '../../../src/domain/customer-ops.ts'
import type { AppEnv } from '../../app-env.ts'
import { ok } from '../../http/envelope.ts'
import { requirePermission, signedIn } from '../../http/session.ts'
import { validJson, validParams, validQuery } from '../../http/validate.ts'
import {
  adjustCustomerPoints,
  changeCustomerRole,
  setCustomerDisabled,
} from '../../services/customers/customer-changes.ts'
import { customerDetail, customerPoints, listCustomers } from '../../services/customers/customer-queries.ts'

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

export const roleHandlers = factory.createHandlers(
  guard,
  validParams(customerIdParams),
  validJson(customerRoleBody),
  async (c) =>
    ok(
      c,
      await changeCustomerRole(c.var.deps.db, {
        id: c.req.valid('param').id,
        body: c.req.valid('json'),
        actorId: signedIn(c).userId,
        at: c.var.deps.now(),
      }),
    ),
)

export const disableHandlers = factory.createHandlers(
  guard,
  validParams(customerIdParams),
  validJson(customerDisableBody),
  async (c) =>
    ok(
      c,
      await setCustomerDisabled(c.var.deps.db, {
        id: c.req.valid('param').id,
        body: c.req.valid('json'),
        actorId: signedIn(c).userId,
        at: c.var.deps.now(),
      }),
    ),
)

export const pointsAdjustHandlers = factory.createHandlers(
  guard,
  validParams(customerIdParams),
  validJson(customerPointsBody),
  async (c) =>
    ok(
      c,
      await adjustCustomerPoints(c.var.deps.db, {
        id: c.req.valid('param').id,
        body: c.req.valid('json'),
        actorId: signedIn(c).userId,
        at: c.var.deps.now(),
      }),
    ),
)

import { createFactory } from 'hono/factory'
import { arrivalBody, splitBody } from '../../../src/domain/arrival.ts'
import { opsOrderListQuery, orderIdParams, refundBody } from '../../../src/domain/orders.ts'
import { payLatchBody } from '../../../src/domain/payments.ts'
import type { AppEnv } from '../../app-env.ts'
import { ok } from '../../http/envelope.ts'
import { requirePermission, signedIn } from '../../http/session.ts'
import { validJson, validParams, validQuery } from '../../http/validate.ts'
import { bookArrival, splitOpsOrder } from '../../services/ops/ops-arrival.ts'
import {
  listOpsOrders,
  loadOpsOrderDetail,
  markOrdered,
  refundOpsOrder,
  setPayLatch,
} from '../../services/ops/ops-orders.ts'
import { readPayLatch } from '../../services/payments/pay-latch.ts'

const factory = createFactory<AppEnv>()

export const listOrdersHandlers = factory.createHandlers(
  requirePermission('orders'),
  validQuery(opsOrderListQuery),
  async (c) => ok(c, await listOpsOrders(c.var.deps.db, c.req.valid('query'), c.var.deps.now())),
)

export const orderDetailHandlers = factory.createHandlers(
  requirePermission('orders'),
  validParams(orderIdParams),
  async (c) => ok(c, await loadOpsOrderDetail(c.var.deps.db, c.req.valid('param').id, c.var.deps.now())),
)

export const markOrderedHandlers = factory.createHandlers(
  requirePermission('orders'),
  validParams(orderIdParams),
  async (c) => {
    const detail = await markOrdered(c.var.deps.db, {
      orderId: c.req.valid('param').id,
      actorId: signedIn(c).userId,
      at: c.var.deps.now(),
    })
    return ok(c, detail)
  },
)

export const refundOrderHandlers = factory.createHandlers(
  requirePermission('payments'),
  validParams(orderIdParams),
  validJson(refundBody),
  async (c) => {
    const refund = await refundOpsOrder(c.var.deps.db, c.var.deps, {
      orderId: c.req.valid('param').id,
      reason: c.req.valid('json').reason ?? null,
      actorId: signedIn(c).userId,
      at: c.var.deps.now(),
    })
    return ok(c, refund)
  },
)

export const arrivalHandlers = factory.createHandlers(
  requirePermission('warehouse'),
  validParams(orderIdParams),
  validJson(arrivalBody),
  async (c) => {
    const { arrivedAt, lineIds } = c.req.valid('json')
    const detail = await bookArrival(c.var.deps.db, {
      orderId: c.req.valid('param').id,
      arrivedAt,
      lineIds,
      actorId: signedIn(c).userId,
      at: c.var.deps.now(),
    })
    return ok(c, detail)
  },
)

export const splitHandlers = factory.createHandlers(
  requirePermission('orders'),
  validParams(orderIdParams),
  validJson(splitBody),
  async (c) => {
    const detail = await splitOpsOrder(c.var.deps.db, {
      orderId: c.req.valid('param').id,
      groups: c.req.valid('json').groups,
      actorId: signedIn(c).userId,
      at: c.var.deps.now(),
    })
    return ok(c, detail)
  },
)

export const readPayLatchHandlers = factory.createHandlers(requirePermission('payments'), async (c) =>
  ok(c, await readPayLatch(c.var.deps.db)),
)

export const setPayLatchHandlers = factory.createHandlers(
  requirePermission('payments'),
  validJson(payLatchBody),
  async (c) => {
    const latch = await setPayLatch(c.var.deps.db, {
      ...c.req.valid('json'),
      actorId: signedIn(c).userId,
      at: c.var.deps.now(),
    })
    return ok(c, latch)
  },
)

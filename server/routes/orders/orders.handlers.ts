import { createFactory } from 'hono/factory'
import * as v from 'valibot'
import { isCalendarDate } from '../../../src/domain/dates.ts'
import { idValue } from '../../../src/domain/list-queries.ts'
import { isOrderStatus } from '../../../src/domain/order-status.ts'
import {
  orderExportBody,
  orderExportQuery,
  orderIdParams,
  type ShopperOrderListQuery,
  shopperOrderListQuery,
} from '../../../src/domain/orders.ts'
import { languageQuery } from '../../../src/domain/queries.ts'
import { ValidationMessage } from '../../../src/domain/validation-messages.ts'
import type { AppEnv } from '../../app-env.ts'
import { notFound, ok } from '../../http/envelope.ts'
import { requireSession, signedIn } from '../../http/session.ts'
import { validJson, validParams, validQuery } from '../../http/validate.ts'
import { finalCount } from '../../services/orders/order-counts.ts'
import { exportOrders } from '../../services/orders/order-export.ts'
import {
  listChildOrders,
  listShopperOrders,
  type OrderFilter,
  type OrderView,
  shopperStatuses,
} from '../../services/orders/order-lists.ts'
import { loadOrderDetail, loadSettleDetails } from '../../services/orders/order-views.ts'
import { paymentsTestMode } from '../../services/payments/gateways.ts'

const factory = createFactory<AppEnv>()

// Orders are a customer's: an operator reads them through /api/ops.
const customerOnly = requireSession({ kind: 'customer' })

function filterOf(query: ShopperOrderListQuery): OrderFilter {
  return {
    statuses: shopperStatuses(query.status),
    orderId: query.orderId,
    startDate: query.startDate,
    endDate: query.endDate,
  }
}

const listHandlers = (view: OrderView) =>
  factory.createHandlers(customerOnly, validQuery(shopperOrderListQuery), async (c) => {
    const query = c.req.valid('query')
    const page = await listShopperOrders(c.var.deps.db, {
      userId: signedIn(c).userId,
      view,
      filter: filterOf(query),
      page: query,
      at: c.var.deps.now(),
    })
    return ok(c, page)
  })

export const listOrdersHandlers = listHandlers('original')
export const listOperableOrdersHandlers = listHandlers('operable')

export const listChildOrdersHandlers = factory.createHandlers(
  customerOnly,
  validParams(v.object({ parentId: idValue })),
  validQuery(languageQuery),
  async (c) => {
    const children = await listChildOrders(c.var.deps.db, {
      userId: signedIn(c).userId,
      parentId: c.req.valid('param').parentId,
      at: c.var.deps.now(),
    })
    return ok(c, children)
  },
)

export const orderDetailHandlers = factory.createHandlers(
  customerOnly,
  validParams(orderIdParams),
  validQuery(languageQuery),
  async (c) => {
    const detail = await loadOrderDetail(c.var.deps.db, {
      orderId: c.req.valid('param').id,
      userId: signedIn(c).userId,
      language: c.req.valid('query').language,
      at: c.var.deps.now(),
    })
    if (!detail) throw notFound('Order')
    return ok(c, detail)
  },
)

export const settleDetailsHandlers = factory.createHandlers(
  customerOnly,
  validParams(orderIdParams),
  validQuery(languageQuery),
  async (c) => {
    const details = await loadSettleDetails(c.var.deps.db, {
      orderId: c.req.valid('param').id,
      userId: signedIn(c).userId,
      at: c.var.deps.now(),
      testMode: paymentsTestMode(c.var.deps),
    })
    return ok(c, details)
  },
)

export const finalCountHandlers = factory.createHandlers(customerOnly, async (c) =>
  ok(c, await finalCount(c.var.deps.db, { userId: signedIn(c).userId, at: c.var.deps.now() })),
)

/** A left-out, null or blank date is no bound. */
const blankAsMissing = (value: string | null | undefined) => value?.trim() || undefined

/**
 * The export's filter, held to the list's rules: a status of the tables, real dates, an end not
 * before the start. (orderExportBody types the fields; these checks make a bad one a 400 naming it.)
 */
const exportBody = v.pipe(
  orderExportBody,
  v.transform((body) => ({
    ...body,
    startDate: blankAsMissing(body.startDate),
    endDate: blankAsMissing(body.endDate),
  })),
  v.forward(
    v.check(
      ({ status }) => status === null || status === undefined || isOrderStatus(status),
      ValidationMessage.orderStatus,
    ),
    ['status'],
  ),
  v.forward(
    v.check(({ startDate }) => startDate === undefined || isCalendarDate(startDate), ValidationMessage.date),
    ['startDate'],
  ),
  v.forward(
    v.check(({ endDate }) => endDate === undefined || isCalendarDate(endDate), ValidationMessage.date),
    ['endDate'],
  ),
  v.forward(
    v.check(
      ({ startDate, endDate }) => startDate === undefined || endDate === undefined || endDate >= startDate,
      ValidationMessage.endBeforeStart,
    ),
    ['endDate'],
  ),
)

export const exportOrdersHandlers = factory.createHandlers(
  customerOnly,
  validQuery(orderExportQuery),
  validJson(exportBody),
  async (c) => {
    const { language, format } = c.req.valid('query')
    const body = c.req.valid('json')
    const status = body.status ?? undefined
    const file = await exportOrders(c.var.deps.db, {
      userId: signedIn(c).userId,
      view: body.operable ? 'operable' : 'original',
      filter: {
        statuses: status !== undefined && isOrderStatus(status) ? shopperStatuses(status) : undefined,
        orderId: body.orderId ?? undefined,
        startDate: body.startDate,
        endDate: body.endDate,
      },
      language,
      format,
      at: c.var.deps.now(),
    })
    // A file, not the envelope (spec §7: the export's answer is a blob); errors above stay enveloped.
    return c.body(file.body, 200, {
      'Content-Type': file.contentType,
      'Content-Disposition': `attachment; filename="${file.filename}"`,
      'Cache-Control': 'private, no-store',
    })
  },
)

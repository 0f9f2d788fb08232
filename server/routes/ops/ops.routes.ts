import * as v from 'valibot'
import { arrivalBody, splitBody } from '../../../src/domain/arrival.ts'
import { opsOrderListEntries, refundBody } from '../../../src/domain/orders.ts'
import { payLatchBody } from '../../../src/domain/payments.ts'
import { opsOrderDetailAnswer, opsOrderPageAnswer, orderRefundAnswer } from '../../answers/ops-orders.ts'
import { payLatchAnswer } from '../../answers/payments.ts'
import type { RouteContract } from '../contract.ts'

/*
 * The operator console's calls (flows §7), all under /api/ops and for operator tokens only (a
 * customer's is a 403). Every change writes an audit row in its own transaction. The later steps
 * (arrival, split, packaging, packages, fees, shipping, jobs) add their contracts to this list.
 */

// Published query of the list; the handler validates with opsOrderListQuery (adds end ≥ start).
const opsListQuery = v.object(opsOrderListEntries)

export const listOpsOrders = {
  method: 'get',
  path: '/ops/orders',
  summary:
    'Every shopper’s orders, newest first. Filters: status (table B, each code on its own: 15 is not folded into 1), userId, orderId, startDate and endDate (shop dates, inclusive), keyword (an order number, or a line’s JAN code or item number, exactly; item numbers in any case)',
  tag: 'ops',
  access: 'operator',
  permission: 'orders',
  query: opsListQuery,
  returns: opsOrderPageAnswer,
} satisfies RouteContract

export const opsOrderDetail = {
  method: 'get',
  path: '/ops/orders/:id',
  summary:
    'Any shopper’s order with its lines, children, payments, address, shopper and audit log (newest first)',
  tag: 'ops',
  access: 'operator',
  permission: 'orders',
  returns: opsOrderDetailAnswer,
} satisfies RouteContract

export const markOrdered = {
  method: 'post',
  path: '/ops/orders/:id/ordered',
  summary:
    'The goods are ordered from the supplier: 3 waitOrder → 4 order, audited. Any other status is a 409 with the current one in data.status',
  tag: 'ops',
  access: 'operator',
  permission: 'orders',
  returns: opsOrderDetailAnswer,
} satisfies RouteContract

export const refundOrder = {
  method: 'post',
  path: '/ops/orders/:id/refund',
  summary:
    'Gives every paid deposit and balance payment of the order back through the gateway that took it, returns the points used and moves the order to 12 refund (from 3, 4, 5 or 6; otherwise 409), audited with the reason',
  tag: 'ops',
  access: 'operator',
  permission: 'payments',
  body: refundBody,
  returns: orderRefundAnswer,
} satisfies RouteContract

export const bookArrival = {
  method: 'post',
  path: '/ops/orders/:id/arrival',
  summary:
    'The goods reached the warehouse on arrivedAt (a shop date, today or earlier; 400 when in the future, or so long ago that the goods would already be forfeited). With lineIds (some of the order’s lines, each once) the order is split first and only those lines’ child arrives. The order goes 3/4 → 5 arrival when a balance is owed, → 6 finalPay when paid in full; any other status 409. Audited',
  tag: 'ops',
  access: 'operator',
  permission: 'warehouse',
  body: arrivalBody,
  returns: v.pipe(opsOrderDetailAnswer, v.description('The order that arrived (the child when split)')),
} satisfies RouteContract

export const splitOrder = {
  method: 'post',
  path: '/ops/orders/:id/split',
  summary:
    'Splits an order in 3 waitOrder or 4 order into one child per group of lines (every line once, two groups or more; else 400 on groups), in the same status; amounts, what was paid and the points held add up to the parent’s to the yen. The order goes to 0 split; other statuses 409. Audited',
  tag: 'ops',
  access: 'operator',
  permission: 'orders',
  body: splitBody,
  returns: v.pipe(opsOrderDetailAnswer, v.description('The split order (0 split), with its children')),
} satisfies RouteContract

export const readPayLatch = {
  method: 'get',
  path: '/ops/settings/pay-latch',
  summary: 'Whether payments are open, and the message shoppers see while they are closed',
  tag: 'ops',
  access: 'operator',
  permission: 'payments',
  returns: payLatchAnswer,
} satisfies RouteContract

export const setPayLatch = {
  method: 'put',
  path: '/ops/settings/pay-latch',
  summary:
    'Opens or closes payments (maintenance): while closed every pay call answers 409 "Payment is currently unavailable". The message is kept while closed and cleared on reopening; audited',
  tag: 'ops',
  access: 'operator',
  permission: 'payments',
  body: payLatchBody,
  returns: payLatchAnswer,
} satisfies RouteContract

export const opsContracts: RouteContract[] = [
  listOpsOrders,
  opsOrderDetail,
  markOrdered,
  refundOrder,
  bookArrival,
  splitOrder,
  readPayLatch,
  setPayLatch,
]

import * as v from 'valibot'
import { orderListEntries } from '../../../src/domain/list-queries.ts'
import { orderExportBody, orderExportQuery } from '../../../src/domain/orders.ts'
import { languageQuery } from '../../../src/domain/queries.ts'
import {
  finalCountAnswer,
  orderDetailAnswer,
  orderListAnswer,
  orderPageAnswer,
  settleDetailsAnswer,
} from '../../answers/orders.ts'
import { notJson } from '../../answers/shape.ts'
import type { RouteContract } from '../contract.ts'

// The published query of the two lists. The handlers validate with shopperOrderListQuery, which adds
// the check that the end date is not before the start (a pipe, which the contract cannot carry).
const listQuery = v.object({ ...orderListEntries, ...languageQuery.entries })

const filters =
  'Filters: status (table A; 1 "cancelled" also finds 15), orderId, startDate and endDate (shop dates, inclusive); newest first'

export const listOrders = {
  method: 'get',
  path: '/mall/order/list',
  summary: `The caller’s original orders as placed: split parents and orders never split. ${filters}`,
  tag: 'orders',
  access: 'customer',
  query: listQuery,
  returns: orderPageAnswer,
} satisfies RouteContract

export const listOperableOrders = {
  method: 'get',
  path: '/mall/order/operatorList',
  summary: `The caller’s operable orders: children of split orders and orders never split, never a 0 split parent. ${filters}`,
  tag: 'orders',
  access: 'customer',
  query: listQuery,
  returns: orderPageAnswer,
} satisfies RouteContract

export const listChildOrders = {
  method: 'get',
  path: '/mall/order/childList/:parentId',
  summary:
    'The children of the caller’s split order {parentId}, oldest first; another shopper’s order is a 404',
  tag: 'orders',
  access: 'customer',
  query: languageQuery,
  returns: orderListAnswer,
} satisfies RouteContract

export const settleDetails = {
  method: 'get',
  path: '/mall/order/settleDetails/:id',
  summary:
    'What the first payment of the caller’s order {id} costs: the deposit, the held points that pay first, what the gateway charges, whether payments are open and whether they run in test mode. An order not in 2 waitPay is a 409',
  tag: 'orders',
  access: 'customer',
  query: languageQuery,
  returns: settleDetailsAnswer,
} satisfies RouteContract

export const finalCount = {
  method: 'get',
  path: '/mall/order/finalCount',
  summary:
    'Balances for the header and the tips: count, the caller’s operable orders in 5 arrival (balance unpaid); overCount, those of them past the balance due date on the shop’s day',
  tag: 'orders',
  access: 'customer',
  returns: finalCountAnswer,
} satisfies RouteContract

export const exportOrders = {
  method: 'post',
  path: '/mall/order/export',
  summary:
    'Every order of the caller’s list that the filter shows (operable: the operable list), up to 5,000, as an XLSX file (format=xlsx) or a UTF-8 CSV with a BOM (format=csv), headers and status labels in `language`. An orderId that is not one of the caller’s orders is a 404. On success the answer is the file itself (Content-Disposition: attachment), not the envelope',
  tag: 'orders',
  access: 'customer',
  query: orderExportQuery,
  body: orderExportBody,
  returns: notJson({
    status: 200,
    contentType: 'application/octet-stream',
    description: 'A file (XLSX or CSV, Content-Disposition: attachment); errors in the envelope',
  }),
} satisfies RouteContract

export const orderDetail = {
  method: 'get',
  path: '/mall/order/:id',
  summary:
    'The caller’s order {id} with its lines, children, deposit and balance payments and delivery address; another shopper’s order is a 404',
  tag: 'orders',
  access: 'customer',
  query: languageQuery,
  returns: orderDetailAnswer,
} satisfies RouteContract

/**
 * The detail's path as mounted: digits only, so the literal paths beside it (list, operatorList, the
 * checkout's and payments' calls) are never read as an order id whatever order the routes mount in.
 */
export const ORDER_DETAIL_ROUTE = '/mall/order/:id{[0-9]+}'

export const orderContracts: RouteContract[] = [
  listOrders,
  listOperableOrders,
  listChildOrders,
  settleDetails,
  finalCount,
  exportOrders,
  orderDetail,
]

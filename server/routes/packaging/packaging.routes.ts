import { pagedListQuery } from '../../../src/domain/list-queries.ts'
import {
  methodsQuery,
  opsPackageListQuery,
  packageApplyBody,
  packBody,
} from '../../../src/domain/packaging.ts'
import { languageQuery } from '../../../src/domain/queries.ts'
import { orderListAnswer } from '../../answers/orders.ts'
import {
  opsPackageApplyAnswer,
  opsPackageApplyPageAnswer,
  packAnswer,
  packageApplyAnswer,
  packageApplyPageAnswer,
  packageNotifyCountAnswer,
  shippingMethodEstimateListAnswer,
} from '../../answers/packaging.ts'
import type { RouteContract } from '../contract.ts'

/*
 * Packaging requests (flows §5, §6; spec §3 'Packaging application', §5 rules) and the operator's
 * packing (flows §7 'packaging'). Refusals of a request carry PackageApplyRefusalData
 * `{ reason, orderIds }` in `data`.
 */

export const packagingGoods = {
  method: 'get',
  path: '/mall/package_apply/goods',
  summary:
    'The caller’s operable orders in 6 finalPay that no packaging request holds yet (never a 0 split parent), oldest arrival first, each with its packaging deadline, forfeiture date and deadline state',
  tag: 'packaging',
  access: 'customer',
  query: languageQuery,
  returns: orderListAnswer,
} satisfies RouteContract

export const applyForPackaging = {
  method: 'post',
  path: '/mall/package_apply/apply',
  summary:
    'Requests packaging of some of the caller’s paid orders together, to one of the caller’s addresses (copied), with an optional preferred shipping method (its fee estimate for the orders, as /mall/package_apply/methods gives it, is kept and shown beside each package’s fee) and a remark. Cannot be cancelled. Refused, nothing written: an address that is not the caller’s, 409 "please add a delivery address" (reason noAddress); a method that is not active, 400 on shippingMethodId; unpaid extra fees, 409 (unpaidFees); an order that is not the caller’s, 404 (orderNotReady, the ids); an order not in 6 finalPay or already requested, 409 (orderNotReady, the ids); an order past its packaging deadline’s grace window, 409 (forfeited, the ids). The orders go 6 → 7 waitOut',
  tag: 'packaging',
  access: 'customer',
  body: packageApplyBody,
  returns: packageApplyAnswer,
} satisfies RouteContract

export const listApplies = {
  method: 'get',
  path: '/mall/package_apply/list',
  summary:
    'The caller’s packaging requests, newest first: lines with names and barcodes, product count, weight and billed weight (sums over the packages once packed, else null), latest arrival, and free storage until (the earliest packaging deadline before packing, the earliest shipping-fee due date after)',
  tag: 'packaging',
  access: 'customer',
  query: pagedListQuery,
  returns: packageApplyPageAnswer,
} satisfies RouteContract

export const notifyCount = {
  method: 'get',
  path: '/mall/package_apply/notifyCount',
  summary:
    'Counts for the header and the tips (flows §6): applyCount, operable orders in 6 not yet requested; applyOverCount, those past the packaging deadline; count, packages in 3 with the shipping fee unpaid; overCount, those past the fee’s due date; badgeCount = count',
  tag: 'packaging',
  access: 'customer',
  returns: packageNotifyCountAnswer,
} satisfies RouteContract

export const methodEstimates = {
  method: 'get',
  path: '/mall/package_apply/methods',
  summary:
    'The active shipping methods a request to the caller’s address {addressId} may prefer, in the shop’s order, each with the cheapest band of its zone there (fromFee); a method that does not serve that country or is suspended there is listed with available false and reason wrongAddress. Another shopper’s address is a 404. With orderIds (comma-separated, judged as a packaging request judges them: another shopper’s order 404, one not waiting for a request 409), each method that serves the address carries estimate { billedWeightG, fee, allowanceG }: the catalog unit weights × quantities plus the packing allowance (10 %, at least 200 g), billed as the tariff bills that weight (no volumetric weight before packing); null without orders, when one box of that weight is outside the method’s range, or when a product has no weight',
  tag: 'packaging',
  access: 'customer',
  query: methodsQuery,
  returns: shippingMethodEstimateListAnswer,
} satisfies RouteContract

export const listOpsApplies = {
  method: 'get',
  path: '/ops/package-applies',
  summary:
    'Every shopper’s packaging requests, oldest first (the packing queue). Filters: status (outbound code: 1 requested, 2 picked, 3 packed), keyword (the request’s number or one of its order numbers, a line’s barcode, or the shopper’s e-mail, exactly)',
  tag: 'ops',
  access: 'operator',
  permission: 'warehouse',
  query: opsPackageListQuery,
  returns: opsPackageApplyPageAnswer,
} satisfies RouteContract

export const opsApplyDetail = {
  method: 'get',
  path: '/ops/package-applies/:id',
  summary: 'One packaging request with its lines, shopper, address and packages',
  tag: 'ops',
  access: 'operator',
  permission: 'warehouse',
  returns: opsPackageApplyAnswer,
} satisfies RouteContract

export const markPicked = {
  method: 'post',
  path: '/ops/package-applies/:id/picked',
  summary:
    'The request’s goods are picked: request 1 → 2, its orders 7 waitOut → 8 waitPackage; any other status is a 409 with the current one in data.status. Audited',
  tag: 'ops',
  access: 'operator',
  permission: 'warehouse',
  returns: opsPackageApplyAnswer,
} satisfies RouteContract

export const packApply = {
  method: 'post',
  path: '/ops/package-applies/:id/pack',
  summary:
    'The picked request (2; else 409) is packed into boxes, each a package in 3 (shipping fee due in 7 days) numbered YP<request>-<box>, with its weight, size, goods value and billed weight for the preferred method. Every line of the request’s orders in exactly one box, else 400 on boxes and nothing written. Request 2 → 3, orders 8 → 9 waitExpressPay. Audited',
  tag: 'ops',
  access: 'operator',
  permission: 'warehouse',
  body: packBody,
  returns: packAnswer,
} satisfies RouteContract

export const packagingContracts: RouteContract[] = [
  packagingGoods,
  applyForPackaging,
  listApplies,
  notifyCount,
  methodEstimates,
  listOpsApplies,
  opsApplyDetail,
  markPicked,
  packApply,
]

import * as v from 'valibot'
import { opsPackageListQuery, packageListQuery, shipBody } from '../../../src/domain/packaging.ts'
import { languageQuery } from '../../../src/domain/queries.ts'
import {
  opsPackageAnswer,
  opsPackagePageAnswer,
  packageAnswer,
  packagePageAnswer,
  trackingAnswer,
} from '../../answers/packages.ts'
import { shippingOptionListAnswer } from '../../answers/shipping.ts'
import type { RouteContract } from '../contract.ts'

/*
 * Packages after packing (flows §5, §7, §9): the shopper's list, detail, shipping options and tracking,
 * and the operator's list, ship and delivered calls (operator tokens only, audited).
 */

export const listPackages = {
  method: 'get',
  path: '/mall/package/list',
  summary:
    'The caller’s packages, newest packed first: 3 package, 4 waitSend, 5 send, 9 shipping, and 7 packageLock (a box locked for an overdue fee; status=3 finds it too). Filters: applyId, barcode (a product’s barcode among the contents, exactly), packageNo (exactly or its beginning, any case), status (3, 4, 5 or 9)',
  tag: 'packages',
  access: 'customer',
  query: v.object({ ...packageListQuery.entries, ...languageQuery.entries }),
  returns: packagePageAnswer,
} satisfies RouteContract

export const packageDetail = {
  method: 'get',
  path: '/mall/package/detail/:applyId/:boxId',
  summary:
    'The caller’s package {boxId} (the package’s id) of application {applyId}, with its contents, the fee’s due date and the delivery address; a package of another application or shopper is a 404',
  tag: 'packages',
  access: 'customer',
  query: languageQuery,
  returns: packageAnswer,
} satisfies RouteContract

export const packageShippingCost = {
  method: 'get',
  path: '/mall/package/shippingCost/:packageId',
  summary:
    'Every active shipping method, in the shop’s order, quoted for the caller’s package and its address: the billed weight and fee, or available: false with fee null and the reason (belowMinimum, aboveMaximum, wrongAddress)',
  tag: 'packages',
  access: 'customer',
  returns: shippingOptionListAnswer,
} satisfies RouteContract

export const packageTracking = {
  method: 'get',
  path: '/mall/package/tracking/:packageId',
  summary:
    'The tracking number, carrier and the carrier’s tracking page of the caller’s package; all null until the package is shipped',
  tag: 'packages',
  access: 'customer',
  returns: trackingAnswer,
} satisfies RouteContract

export const listOpsPackages = {
  method: 'get',
  path: '/ops/packages',
  summary:
    'Every shopper’s packages, newest packed first. Filters: status (an outbound code), keyword (a package number exactly or its beginning, an application number, a tracking number, or the shopper’s e-mail)',
  tag: 'ops',
  access: 'operator',
  permission: 'warehouse',
  query: opsPackageListQuery,
  returns: opsPackagePageAnswer,
} satisfies RouteContract

export const opsPackageDetail = {
  method: 'get',
  path: '/ops/packages/:id',
  summary: 'Any shopper’s package with its contents, address, shopper and the method paid for',
  tag: 'ops',
  access: 'operator',
  permission: 'warehouse',
  returns: opsPackageAnswer,
} satisfies RouteContract

export const shipPackage = {
  method: 'post',
  path: '/ops/packages/:id/ship',
  summary:
    'Hands a package whose fee is paid to the carrier: 4 waitSend → 5 send with the tracking number (400 on trackingNo when it fails the carrier’s check digit: UPU S10 for japanpost, mod 7 for dhl); its orders whose boxes are all sent go 10 → 11. Another status (fee unpaid, already shipped) or another carrier than the paid method’s is a 409. Audited',
  tag: 'ops',
  access: 'operator',
  permission: 'warehouse',
  body: shipBody,
  returns: opsPackageAnswer,
} satisfies RouteContract

export const markDelivered = {
  method: 'post',
  path: '/ops/packages/:id/delivered',
  summary:
    'The carrier has the package: 5 send → 9 shipping; its orders whose boxes are all there go 11 → 16. Another status is a 409. Audited',
  tag: 'ops',
  access: 'operator',
  permission: 'warehouse',
  returns: opsPackageAnswer,
} satisfies RouteContract

export const packageContracts: RouteContract[] = [
  listPackages,
  packageDetail,
  packageShippingCost,
  packageTracking,
  listOpsPackages,
  opsPackageDetail,
  shipPackage,
  markDelivered,
]

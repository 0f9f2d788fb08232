import * as v from 'valibot'
import type { DeadlineState } from './deadlines.ts'
import { boundedText, optionalText, orRequired, payloadObject } from './fields.ts'
import { commaIdList } from './id-list-query.ts'
import { idValue } from './list-queries.ts'
import type { LocalizedText } from './localized.ts'
import { idValueNumber } from './orders.ts'
import { CUSTOMER_PACKAGE_STATUSES, type PackageStatus } from './package-status.ts'
import { optionalQueryValue, pageQuery, wholeNumber } from './queries.ts'
import { CARRIERS, type Carrier, isValidTrackingNo, type ShippingRefusal } from './shipping.ts'
import { ValidationMessage } from './validation-messages.ts'

/* Packaging requests, packages and the shipping fee on the wire (flows §5, §7, §9). */

/** Orders one packaging request may hold, and boxes one application may be packed into. */
export const MAX_APPLY_ORDERS = 100
export const MAX_BOXES = 20
/** The heaviest box any method takes (DHL 70 kg) and the longest side any box has (3 m). */
export const MAX_BOX_WEIGHT_G = 70_000
export const MAX_BOX_SIDE_MM = 3_000

/** POST /mall/package_apply/apply { orderIds, addressId, shippingMethodId?, remark }. */
export const packageApplyBody = payloadObject({
  orderIds: v.pipe(
    v.array(idValueNumber(), orRequired(ValidationMessage.idList)),
    v.minLength(1, ValidationMessage.idList),
    v.maxLength(MAX_APPLY_ORDERS, ValidationMessage.idList),
    v.check((ids) => new Set(ids).size === ids.length, ValidationMessage.idList),
  ),
  addressId: v.pipe(
    v.number(orRequired(ValidationMessage.id)),
    v.integer(ValidationMessage.id),
    v.minValue(1, ValidationMessage.id),
    v.maxValue(999_999_999, ValidationMessage.id),
  ),
  shippingMethodId: v.nullish(
    v.pipe(
      v.number(ValidationMessage.id),
      v.integer(ValidationMessage.id),
      v.minValue(1, ValidationMessage.id),
      v.maxValue(999_999_999, ValidationMessage.id),
    ),
  ),
  remark: optionalText(boundedText(200, ValidationMessage.atMost200)),
})
export type PackageApplyBody = v.InferOutput<typeof packageApplyBody>

/** Why a packaging request is refused (409), beyond bad input (400). */
export type PackageApplyRefusal =
  /** spec §5: 'please add a delivery address' — the address is not one of the shopper's. */
  | 'noAddress'
  /** spec §5, §6: unpaid extra fees restrict packaging. */
  | 'unpaidFees'
  /** an order is not the shopper's operable order in 6 finalPay (already requested, forfeited, elsewhere). */
  | 'orderNotReady'
  /** an order is past its packaging deadline's grace window: its goods are forfeited. */
  | 'forfeited'

/** GET /mall/package_apply/notifyCount (flows §6). `badgeCount` = `count`. */
export interface PackageNotifyCountDto {
  /** Operable orders in 6 finalPay not yet requested for packaging. */
  applyCount: number
  /** Of them, those past the packaging deadline. */
  applyOverCount: number
  /** Packages in 3 with the shipping fee unpaid. */
  count: number
  /** Of them, those past the fee's due date. */
  overCount: number
  badgeCount: number
}

/** One order line as a packaging request lists it. */
export interface PackageApplyLineDto {
  id: number
  orderId: number
  productId: number
  productName: string
  jpProductName: string | null
  enProductName: string | null
  barcode: string
  quantity: number
  unitPrice: number
  total: number
}

/**
 * A packaging request (spec §3 'Packaging application'). `status` is the outbound code 1 requested,
 * 2 picked, 3 packed. Weights are the packages' once packed (null before). `arrivedAt` is the latest
 * arrival of its orders; `freeStorageUntil` the packaging deadline before packing and the shipping
 * fee's due date after.
 */
export interface PackageApplyDto {
  id: number
  createTime: string
  status: PackageStatus
  orderIds: number[]
  lines: PackageApplyLineDto[]
  productCount: number
  barcodes: string[]
  weightG: number | null
  billedWeightG: number | null
  arrivedAt: string | null
  freeStorageUntil: string | null
  shippingMethodId: number | null
  remark: string | null
  packageIds: number[]
}

/** One line of a package (spec §3 'Package' contents). */
export interface PackageContentDto {
  lineId: number
  orderId: number
  productId: number
  productName: string
  jpProductName: string | null
  enProductName: string | null
  barcode: string
  price: number
  requested: number
  actual: number
  remark: string | null
}

/** A package (spec §3 'Package', flows §9). `shippingCost` is the fee paid (null before). */
export interface PackageDto {
  id: number
  applyId: number
  packageNo: string
  status: PackageStatus
  weightG: number
  lengthMm: number
  widthMm: number
  heightMm: number
  billedWeightG: number
  shippingMethodId: number | null
  shippingCost: number | null
  amount: number
  contents: PackageContentDto[]
  trackingNo: string | null
  carrier: Carrier | null
  freeStorageUntil: string
  /** The shipping fee's due date (packed + 7 days) and its deadline state while unpaid. */
  feeDue: string
  deadlineState: DeadlineState | null
  createTime: string
  /** The delivery address copied from the request. */
  address: Record<string, string | number | null>
  /**
   * The fee its application estimated for its preferred method when it was requested (for all the
   * application's goods, before packing); null without a preferred method or an estimate then.
   */
  applyEstimate: ApplyEstimateDto | null
}

/** GET /mall/package/shippingCost/{packageId}: one method for the package's destination. */
export interface ShippingOptionDto {
  methodId: number
  name: LocalizedText
  carrier: Carrier
  tracked: boolean
  fee: number | null
  billedWeightG: number
  maxWeightG: number
  available: boolean
  reason: ShippingRefusal | null
}

/** GET /mall/package/tracking/{packageId}: null number until the operator ships it. */
export interface TrackingDto {
  packageId: number
  trackingNo: string | null
  carrier: Carrier | null
  url: string | null
  shippedAt: string | null
}

/** GET /mall/package/list: the spec's filters (application number, product barcode, package number, status). */
export const packageListQuery = v.object({
  ...pageQuery.entries,
  applyId: optionalQueryValue(wholeNumber(1, 999_999_999)),
  barcode: optionalQueryValue(v.pipe(v.string(), v.trim(), v.maxLength(64, ValidationMessage.atMost64))),
  packageNo: optionalQueryValue(v.pipe(v.string(), v.trim(), v.maxLength(32, ValidationMessage.atMost50))),
  status: optionalQueryValue(
    v.pipe(
      v.string(ValidationMessage.packageStatus),
      v.regex(/^\d$/, ValidationMessage.packageStatus),
      v.transform(Number),
      v.check(
        (s) => (CUSTOMER_PACKAGE_STATUSES as readonly number[]).includes(s),
        ValidationMessage.packageStatus,
      ),
    ),
  ),
})
export type PackageListQuery = v.InferOutput<typeof packageListQuery>

/** `{packageId}` and `{applyId}/{boxId}` path parameters. */
export const packageIdParams = v.object({ packageId: idValue })
export const packageDetailParams = v.object({ applyId: idValue, boxId: idValue })
/** `?shippingMethodId=` of the shipping-fee pay calls. */
export const shippingMethodQuery = v.object({ shippingMethodId: idValue })

const positiveWhole = (max: number, message: string) =>
  v.pipe(v.number(orRequired(message)), v.integer(message), v.minValue(1, message), v.maxValue(max, message))

/** Operator: POST /api/ops/package-applies/{id}/pack { boxes: [{ weightG, lengthMm, widthMm, heightMm, lineIds }] }. */
export const packBody = payloadObject({
  boxes: v.pipe(
    v.array(
      payloadObject({
        weightG: positiveWhole(MAX_BOX_WEIGHT_G, ValidationMessage.boxWeight),
        lengthMm: positiveWhole(MAX_BOX_SIDE_MM, ValidationMessage.boxSide),
        widthMm: positiveWhole(MAX_BOX_SIDE_MM, ValidationMessage.boxSide),
        heightMm: positiveWhole(MAX_BOX_SIDE_MM, ValidationMessage.boxSide),
        lineIds: v.pipe(
          v.array(idValueNumber(), orRequired(ValidationMessage.boxLines)),
          v.minLength(1, ValidationMessage.boxLines),
        ),
      }),
      orRequired(ValidationMessage.boxes),
    ),
    v.minLength(1, ValidationMessage.boxes),
    v.maxLength(MAX_BOXES, ValidationMessage.boxes),
  ),
})
export type PackBody = v.InferOutput<typeof packBody>

/** Operator: POST /api/ops/packages/{id}/ship { carrier, trackingNo } — the number checked against the carrier's rule. */
export const shipBody = v.pipe(
  payloadObject({
    carrier: v.picklist(CARRIERS, orRequired(ValidationMessage.carrier)),
    trackingNo: v.pipe(
      v.string(orRequired(ValidationMessage.text)),
      v.trim(),
      v.toUpperCase(),
      v.nonEmpty(ValidationMessage.required),
    ),
  }),
  v.forward(
    v.partialCheck(
      [['carrier'], ['trackingNo']],
      ({ carrier, trackingNo }) => isValidTrackingNo(carrier, trackingNo),
      ValidationMessage.trackingNo,
    ),
    ['trackingNo'],
  ),
)
export type ShipBody = v.InferOutput<typeof shipBody>

/**
 * The packing allowance added to the goods' weight when a method's fee is estimated before packing: it
 * stands for the box, the padding and the tape the warehouse adds. 10 % of the goods' weight, at least
 * 200 g, rounded up to the gram (a 500 g figure ships at 700 g, a 5 kg order at 5.5 kg).
 */
export const PACKING_ALLOWANCE = { percent: 10, minG: 200 } as const

/** The packing allowance (PACKING_ALLOWANCE) for goods weighing `goodsG` grams. */
export function packingAllowanceG(goodsG: number): number {
  return Math.max(PACKING_ALLOWANCE.minG, Math.ceil((goodsG * PACKING_ALLOWANCE.percent) / 100))
}

/**
 * A method's fee estimated before packing for the chosen orders: the catalog's unit weights times the
 * quantities plus `allowanceG` (PACKING_ALLOWANCE), billed as the tariff bills that weight. The
 * box's size is unknown until it is packed, so no volumetric weight is estimated.
 */
export interface ShippingEstimateDto {
  billedWeightG: number
  fee: number
  allowanceG: number
}

/** A packaging request's estimate, kept when it was made, for its preferred method `methodId`. */
export interface ApplyEstimateDto extends ShippingEstimateDto {
  methodId: number
}

/**
 * GET /mall/package_apply/methods?addressId=: the methods a request to that address may prefer, each
 * with its cheapest band there ("from ¥…") — the fee itself is quoted per box after packing. What the
 * packaging flow keeps of a method; the answer adds the estimate (EstimatedMethodDto).
 */
export interface ShippingMethodEstimateDto {
  methodId: number
  name: LocalizedText
  carrier: Carrier
  tracked: boolean
  /** The lowest band's fee for the destination; null when the method does not serve it. */
  fromFee: number | null
  maxWeightG: number
  available: boolean
  reason: ShippingRefusal | null
}

/** A method as GET /mall/package_apply/methods?addressId=&orderIds= answers it: with its estimate. */
export interface EstimatedMethodDto extends ShippingMethodEstimateDto {
  /**
   * The estimate for the chosen orders; null with no orders chosen, when the method does not serve the
   * address, when the estimated weight is outside the method's range for one box, or when a product's
   * weight is not known (never guessed).
   */
  estimate: ShippingEstimateDto | null
}
export const methodsQuery = v.object({
  addressId: idValue,
  /** The orders chosen for the request ("1,2,3"), for the estimate; left out, no estimate. */
  orderIds: optionalQueryValue(commaIdList('order', MAX_APPLY_ORDERS)),
})
export type MethodsQuery = v.InferOutput<typeof methodsQuery>

/** 409 data of a refused packaging request: why, and which orders when it is about some of them. */
export interface PackageApplyRefusalData {
  reason: PackageApplyRefusal
  orderIds: number[]
}

/** 409 data of a refused shipping-fee payment (spec §5: below the minimum, above the maximum, wrong address). */
export interface ShippingPayRefusalData {
  reason: ShippingRefusal
}

/** Operator views: the shopper, and for an application its packages. */
export interface OpsPackageApplyDto extends PackageApplyDto {
  userId: number
  userEmail: string | null
  address: Record<string, string | number | null>
  packages: PackageDto[]
}
export interface OpsPackageDto extends PackageDto {
  userId: number
  userEmail: string | null
  shippingMethodName: LocalizedText | null
}

/** GET /api/ops/package-applies and /api/ops/packages: a status filter (outbound codes) and a keyword. */
export const opsPackageListQuery = v.object({
  ...pageQuery.entries,
  status: optionalQueryValue(wholeNumber(1, 9)),
  keyword: optionalQueryValue(v.pipe(v.string(), v.trim(), v.maxLength(64, ValidationMessage.atMost64))),
})
export type OpsPackageListQuery = v.InferOutput<typeof opsPackageListQuery>

/** POST /api/ops/package-applies/{id}/pack's answer. */
export interface PackAnswer {
  apply: OpsPackageApplyDto
  packages: PackageDto[]
}

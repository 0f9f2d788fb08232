import * as v from 'valibot'
import { PackageStatus } from '../../src/domain/package-status.ts'
import type {
  ApplyEstimateDto,
  OpsPackageDto,
  PackageContentDto,
  PackageDto,
  ShippingEstimateDto,
  TrackingDto,
} from '../../src/domain/packaging.ts'
import { answerOf, count, id, named, pageOf, productNameEntries, time } from './shape.ts'
import { carrier, localizedText } from './shipping.ts'

export const packageStatus = v.picklist(Object.values(PackageStatus))
/** A shop date, `YYYY-MM-DD`. */
export const shopDate = v.pipe(v.string(), v.description('A shop date, YYYY-MM-DD'))
export const deadlineState = v.picklist(['onTime', 'dueSoon', 'overdue', 'forfeited'] as const)
/** A delivery address copied onto a request: its plain values by field name. */
export const wireAddress = v.record(v.string(), v.nullable(v.union([v.string(), v.number()])))

export const packageContentAnswer = named(
  'PackageContentDto',
  answerOf<PackageContentDto>()(
    v.strictObject({
      lineId: id,
      orderId: id,
      productId: id,
      ...productNameEntries,
      barcode: v.string(),
      price: count,
      requested: count,
      actual: count,
      remark: v.nullable(v.string()),
    }),
  ),
)

const shippingEstimateEntries = { billedWeightG: count, fee: count, allowanceG: count }
export const shippingEstimateAnswer = named(
  'ShippingEstimateDto',
  answerOf<ShippingEstimateDto>()(v.strictObject(shippingEstimateEntries)),
)
export const applyEstimateAnswer = named(
  'ApplyEstimateDto',
  answerOf<ApplyEstimateDto>()(v.strictObject({ ...shippingEstimateEntries, methodId: id })),
)

export const packageEntries = {
  id,
  applyId: id,
  packageNo: v.string(),
  status: packageStatus,
  weightG: count,
  lengthMm: count,
  widthMm: count,
  heightMm: count,
  billedWeightG: count,
  shippingMethodId: v.nullable(id),
  shippingCost: v.nullable(count),
  amount: count,
  contents: v.array(packageContentAnswer),
  trackingNo: v.nullable(v.string()),
  carrier: v.nullable(carrier),
  freeStorageUntil: shopDate,
  feeDue: shopDate,
  deadlineState: v.nullable(deadlineState),
  createTime: time,
  address: wireAddress,
  applyEstimate: v.nullable(applyEstimateAnswer),
}

export const packageAnswer = named('PackageDto', answerOf<PackageDto>()(v.strictObject(packageEntries)))
export const packagePageAnswer = pageOf(packageAnswer)

export const opsPackageAnswer = named(
  'OpsPackageDto',
  answerOf<OpsPackageDto>()(
    v.strictObject({
      ...packageEntries,
      userId: id,
      userEmail: v.nullable(v.string()),
      shippingMethodName: v.nullable(localizedText),
    }),
  ),
)
export const opsPackagePageAnswer = pageOf(opsPackageAnswer)

export const trackingAnswer = named(
  'TrackingDto',
  answerOf<TrackingDto>()(
    v.strictObject({
      packageId: id,
      trackingNo: v.nullable(v.string()),
      carrier: v.nullable(carrier),
      url: v.nullable(v.string()),
      shippedAt: v.nullable(time),
    }),
  ),
)

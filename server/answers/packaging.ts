import * as v from 'valibot'
import type {
  OpsPackageApplyDto,
  PackAnswer,
  PackageApplyDto,
  PackageApplyLineDto,
  PackageNotifyCountDto,
  ShippingMethodEstimateDto,
} from '../../src/domain/packaging.ts'
import { packageAnswer, packageStatus, shopDate, wireAddress } from './packages.ts'
import { answerOf, count, id, named, nullable, pageOf, productNameEntries, time } from './shape.ts'
import { carrier, localizedText, shippingRefusal } from './shipping.ts'

export const packageApplyLineAnswer = named(
  'PackageApplyLineDto',
  answerOf<PackageApplyLineDto>()(
    v.strictObject({
      id,
      orderId: id,
      productId: id,
      ...productNameEntries,
      barcode: v.string(),
      quantity: count,
      unitPrice: count,
      total: count,
    }),
  ),
)

export const packageApplyEntries = {
  id,
  createTime: time,
  status: packageStatus,
  orderIds: v.array(id),
  lines: v.array(packageApplyLineAnswer),
  productCount: count,
  barcodes: v.array(v.string()),
  weightG: nullable(count),
  billedWeightG: nullable(count),
  arrivedAt: nullable(time),
  freeStorageUntil: nullable(shopDate),
  shippingMethodId: nullable(id),
  remark: nullable(v.string()),
  packageIds: v.array(id),
}

export const packageApplyAnswer = named(
  'PackageApplyDto',
  answerOf<PackageApplyDto>()(v.strictObject(packageApplyEntries)),
)
export const packageApplyPageAnswer = pageOf(packageApplyAnswer)

export const opsPackageApplyAnswer = named(
  'OpsPackageApplyDto',
  answerOf<OpsPackageApplyDto>()(
    v.strictObject({
      ...packageApplyEntries,
      userId: id,
      userEmail: nullable(v.string()),
      address: wireAddress,
      packages: v.array(packageAnswer),
    }),
  ),
)
export const opsPackageApplyPageAnswer = pageOf(opsPackageApplyAnswer)

export const packageNotifyCountAnswer = named(
  'PackageNotifyCountDto',
  answerOf<PackageNotifyCountDto>()(
    v.strictObject({
      applyCount: count,
      applyOverCount: count,
      count,
      overCount: count,
      badgeCount: count,
    }),
  ),
)

export const shippingMethodEstimateAnswer = named(
  'ShippingMethodEstimateDto',
  answerOf<ShippingMethodEstimateDto>()(
    v.strictObject({
      methodId: id,
      name: localizedText,
      carrier,
      tracked: v.boolean(),
      fromFee: nullable(count),
      maxWeightG: count,
      available: v.boolean(),
      reason: nullable(shippingRefusal),
    }),
  ),
)
export const shippingMethodEstimateListAnswer = v.array(shippingMethodEstimateAnswer)

export const packAnswer = named(
  'PackAnswer',
  answerOf<PackAnswer>()(v.strictObject({ apply: opsPackageApplyAnswer, packages: v.array(packageAnswer) })),
)

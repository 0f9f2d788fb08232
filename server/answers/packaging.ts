import * as v from 'valibot'
import type {
  EstimatedMethodDto,
  OpsPackageApplyDto,
  PackAnswer,
  PackageApplyDto,
  PackageApplyLineDto,
  PackageNotifyCountDto,
} from '../../src/domain/packaging.ts'
import { packageAnswer, packageStatus, shippingEstimateAnswer, shopDate, wireAddress } from './packages.ts'
import { answerOf, count, id, named, pageOf, productNameEntries, time } from './shape.ts'
import { methodChoiceEntries } from './shipping.ts'

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
  weightG: v.nullable(count),
  billedWeightG: v.nullable(count),
  arrivedAt: v.nullable(time),
  freeStorageUntil: v.nullable(shopDate),
  shippingMethodId: v.nullable(id),
  remark: v.nullable(v.string()),
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
      userEmail: v.nullable(v.string()),
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
  answerOf<EstimatedMethodDto>()(
    v.strictObject({
      ...methodChoiceEntries,
      fromFee: v.nullable(count),
      estimate: v.nullable(shippingEstimateAnswer),
    }),
  ),
)
export const shippingMethodEstimateListAnswer = v.array(shippingMethodEstimateAnswer)

export const packAnswer = named(
  'PackAnswer',
  answerOf<PackAnswer>()(v.strictObject({ apply: opsPackageApplyAnswer, packages: v.array(packageAnswer) })),
)

import * as v from 'valibot'
import { ExtraFeeStatus, ExtraFeeType } from '../../src/domain/extra-fee.ts'
import type {
  ExtraFeeDto,
  ExtraFeePackageDto,
  ExtraPayCountDto,
  OpsExtraFeeDto,
} from '../../src/domain/extras.ts'
import { packageStatus, shopDate } from './packages.ts'
import { answerOf, count, id, named, pageOf, time } from './shape.ts'

export const extraFeeStatus = v.picklist(Object.values(ExtraFeeStatus))
export const extraFeeType = v.picklist(Object.values(ExtraFeeType))

export const extraFeePackageAnswer = named(
  'ExtraFeePackageDto',
  answerOf<ExtraFeePackageDto>()(
    v.strictObject({ id, applyId: id, packageNo: v.string(), status: packageStatus }),
  ),
)

export const extraFeeEntries = {
  id,
  orderIds: v.array(id),
  packageId: v.nullable(id),
  package: v.nullable(extraFeePackageAnswer),
  status: extraFeeStatus,
  type: extraFeeType,
  amount: count,
  createTime: time,
  dueDate: v.nullable(shopDate),
  remark: v.nullable(v.string()),
}

export const extraFeeAnswer = named('ExtraFeeDto', answerOf<ExtraFeeDto>()(v.strictObject(extraFeeEntries)))
export const extraFeePageAnswer = pageOf(extraFeeAnswer)

export const opsExtraFeeAnswer = named(
  'OpsExtraFeeDto',
  answerOf<OpsExtraFeeDto>()(
    v.strictObject({
      ...extraFeeEntries,
      userId: id,
      userEmail: v.string(),
      paymentId: v.nullable(v.string()),
      paidAt: v.nullable(time),
    }),
  ),
)
export const opsExtraFeePageAnswer = pageOf(opsExtraFeeAnswer)

export const extraPayCountAnswer = named(
  'ExtraPayCountDto',
  answerOf<ExtraPayCountDto>()(v.strictObject({ count })),
)

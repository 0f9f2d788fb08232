import type { ExtraFeeStatus, ExtraFeeType } from '../../../src/domain/extra-fee.ts'
import type { ExtraFeeDto } from '../../../src/domain/extras.ts'
import type { extraFees } from '../../db/schema.ts'

/* An extra-fee row as the shopper and the console see it (flows §9 'extra fee'). */

export type ExtraFeeRow = typeof extraFees.$inferSelect

export function toExtraFeeDto(row: ExtraFeeRow): ExtraFeeDto {
  return {
    id: row.id,
    orderIds: row.orderIds,
    packageId: row.packageId,
    status: row.status as ExtraFeeStatus,
    type: row.type as ExtraFeeType,
    amount: row.amount,
    createTime: row.createdAt.toISOString(),
    dueDate: row.dueDate,
    remark: row.remark,
  }
}

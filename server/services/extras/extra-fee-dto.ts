import { inArray } from 'drizzle-orm'
import type { ExtraFeeStatus, ExtraFeeType } from '../../../src/domain/extra-fee.ts'
import type { ExtraFeeDto, ExtraFeePackageDto } from '../../../src/domain/extras.ts'
import type { PackageStatus } from '../../../src/domain/package-status.ts'
import type { Db } from '../../db/client.ts'
import { type extraFees, packages } from '../../db/schema.ts'

/* Extra-fee rows as the shopper and the console see them (flows §9 'extra fee'). */

export type ExtraFeeRow = typeof extraFees.$inferSelect

/**
 * The fees as the wire shows them, each with what a page needs of its package (number, application,
 * status: the package's page is addressed by its application too), read in one query for the lot.
 */
export async function extraFeeDtos(db: Db, rows: readonly ExtraFeeRow[]): Promise<ExtraFeeDto[]> {
  const packageIds = [...new Set(rows.flatMap((row) => (row.packageId === null ? [] : [row.packageId])))]
  const boxes =
    packageIds.length === 0
      ? []
      : await db
          .select({
            id: packages.id,
            applyId: packages.applyId,
            packageNo: packages.packageNo,
            status: packages.status,
          })
          .from(packages)
          .where(inArray(packages.id, packageIds))
  const boxOf = new Map<number, ExtraFeePackageDto>(
    boxes.map((box) => [box.id, { ...box, status: box.status as PackageStatus }]),
  )
  return rows.map((row) => ({
    id: row.id,
    orderIds: row.orderIds,
    packageId: row.packageId,
    package: row.packageId === null ? null : (boxOf.get(row.packageId) ?? null),
    status: row.status as ExtraFeeStatus,
    type: row.type as ExtraFeeType,
    amount: row.amount,
    createTime: row.createdAt.toISOString(),
    dueDate: row.dueDate,
    remark: row.remark,
  }))
}

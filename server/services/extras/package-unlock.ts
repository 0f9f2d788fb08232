import { and, asc, eq, inArray, notExists, sql } from 'drizzle-orm'
import { shopDate } from '../../../src/domain/dates.ts'
import { ExtraFeeStatus } from '../../../src/domain/extra-fee.ts'
import { canPackageTransition, PackageStatus } from '../../../src/domain/package-status.ts'
import type { Db } from '../../db/client.ts'
import { extraFees, packages } from '../../db/schema.ts'
import { writeAudit } from '../ops/audit.ts'

/* Lifting a package lock (7 → 3) once nothing is owed on the box any more (flows §4, §5). */

export interface UnlockCause {
  /** The operator who voided or waived the last fee; null when the shopper's payment did it. */
  actorId: number | null
  /** What ended the box's last unpaid fee: 'paid' (with the payment), 'void' or 'waive'. */
  by: 'paid' | 'void' | 'waive'
  paymentId?: string
  at: Date
}

/**
 * In the caller's transaction, once some of a box's package storage fees were paid, voided or waived:
 * each of `packageIds` that is locked (7 packageLock) and has no unpaid fee left goes 7 → 3 in an UPDATE
 * guarded on 7, with `unlocked_on` the shop day (the sweep gives it a new grace window from that day
 * before it may lock it again), an audit row each. Answers the packages unlocked.
 */
export async function unlockPaidUpPackages(
  tx: Db,
  packageIds: number[],
  cause: UnlockCause,
): Promise<number[]> {
  if (packageIds.length === 0) return []
  if (!canPackageTransition(PackageStatus.packageLock, PackageStatus.package)) {
    throw new Error('package flow forbids 7 → 3')
  }
  const today = shopDate(cause.at)
  if (!today) throw new Error('the shop clock gave no date')
  const ids = [...new Set(packageIds)].sort((a, b) => a - b)
  // Locked in id order before they are judged, as every change of a package is.
  const locked = await tx
    .select({ id: packages.id })
    .from(packages)
    .where(and(inArray(packages.id, ids), eq(packages.status, PackageStatus.packageLock)))
    .orderBy(asc(packages.id))
    .for('update')
  if (locked.length === 0) return []
  const moved = await tx
    .update(packages)
    .set({ status: PackageStatus.package, unlockedOn: today, updatedAt: cause.at })
    .where(
      and(
        inArray(
          packages.id,
          locked.map((row) => row.id),
        ),
        eq(packages.status, PackageStatus.packageLock),
        notExists(
          sql`(select 1 from ${extraFees} where ${extraFees.packageId} = ${packages.id}
            and ${extraFees.status} = ${ExtraFeeStatus.waitPay})`,
        ),
      ),
    )
    .returning({ id: packages.id })
  const unlocked = moved.map((row) => row.id).sort((a, b) => a - b)
  for (const id of unlocked) {
    await writeAudit(tx, {
      actorId: cause.actorId,
      action: 'package.unlock',
      entity: 'package',
      entityId: id,
      before: { status: PackageStatus.packageLock },
      after: {
        status: PackageStatus.package,
        unlockedOn: today,
        by: cause.by,
        ...(cause.paymentId ? { paymentId: cause.paymentId } : {}),
      },
      at: cause.at,
    })
  }
  return unlocked
}

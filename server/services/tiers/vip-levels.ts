import { asc, sql } from 'drizzle-orm'
import { scoreRateText } from '../../../src/domain/tier-terms.ts'
import type { VipLevel } from '../../../src/domain/tiers.ts'
import type { Db } from '../../db/client.ts'
import { vipLevels } from '../../db/schema.ts'
import { writeAudit } from '../ops/audit.ts'

/* The shop's membership levels (spec §3 vipList; flows §7 settings): read by everyone, edited by operators. */

/** GET /mall/vip/list: the levels by number, each rate as a number (kept as an exact decimal string). */
export async function readVipLevels(db: Db): Promise<VipLevel[]> {
  const rows = await db.select().from(vipLevels).orderBy(asc(vipLevels.vip))
  return rows.map((row) => ({
    vip: row.vip,
    scoreRate: Number(row.scoreRate),
    minMonthlySpend: row.minMonthlySpend,
  }))
}

export interface VipLevelsUpdate {
  /** Validated by `vipLevelsBody`: numbered 1..n, thresholds rising from 0, rates never falling. */
  levels: readonly VipLevel[]
  actorId: number
  at: Date
}

/**
 * PUT /api/ops/settings/vip-levels: the list replaces the table in one transaction, audited with the
 * list before and after. Members keep the rate the last tier job gave them until the next run, which
 * uses the new thresholds. Answers the levels as they now stand.
 */
export async function replaceVipLevels(db: Db, update: VipLevelsUpdate): Promise<VipLevel[]> {
  return db.transaction(async (tx) => {
    // Two editors at once would both delete and then collide on insert: the second waits instead.
    // Plain reads (the vip list, the tier job) go on meanwhile.
    await tx.execute(sql`lock table ${vipLevels} in exclusive mode`)
    const before = await readVipLevels(tx)
    await tx.delete(vipLevels)
    await tx.insert(vipLevels).values(
      update.levels.map((level) => ({
        vip: level.vip,
        scoreRate: scoreRateText(level.scoreRate),
        minMonthlySpend: level.minMonthlySpend,
        updatedAt: update.at,
      })),
    )
    const after = await readVipLevels(tx)
    await writeAudit(tx, {
      actorId: update.actorId,
      action: 'vipLevels.update',
      entity: 'settings',
      entityId: 'vip-levels',
      before,
      after,
      at: update.at,
    })
    return after
  })
}

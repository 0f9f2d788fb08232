import { and, eq, gt, min } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { announcements, banners } from '../db/schema.ts'

/*
 * Lists that change with time alone, without a write: an answer cached before the next change must
 * not outlive it (answerCatalog's expiresAt).
 */

/** When the next announcement scheduled after `now` is published, or undefined when none is. */
export async function nextAnnouncementAfter(db: Db, now: Date): Promise<Date | undefined> {
  const [row] = await db
    .select({ at: min(announcements.publishedAt) })
    .from(announcements)
    .where(and(eq(announcements.active, true), gt(announcements.publishedAt, now)))
  return row?.at ?? undefined
}

/** When an active banner next starts or ends after `now`, or undefined when none will. */
export async function nextBannerChangeAfter(db: Db, now: Date): Promise<Date | undefined> {
  const [starts, ends] = await Promise.all([
    db
      .select({ at: min(banners.startAt) })
      .from(banners)
      .where(and(eq(banners.active, true), gt(banners.startAt, now))),
    db
      .select({ at: min(banners.endAt) })
      .from(banners)
      .where(and(eq(banners.active, true), gt(banners.endAt, now))),
  ])
  const times = [starts[0]?.at, ends[0]?.at].filter((at): at is Date => at instanceof Date)
  return times.length === 0 ? undefined : new Date(Math.min(...times.map((at) => at.getTime())))
}

import { gt, min } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { announcements } from '../db/schema.ts'

/**
 * When the next announcement scheduled after `now` is published, or undefined when none is: the
 * published list changes then without any write, so an answer cached before must not outlive it.
 */
export async function nextAnnouncementAfter(db: Db, now: Date): Promise<Date | undefined> {
  const [row] = await db
    .select({ at: min(announcements.publishedAt) })
    .from(announcements)
    .where(gt(announcements.publishedAt, now))
  return row?.at ?? undefined
}

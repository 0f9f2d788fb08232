import { and, eq, lt, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { rateLimitCounters } from '../db/schema.ts'

/** A limit of `max` events per fixed window of `windowSeconds`. */
export interface RateLimit {
  max: number
  windowSeconds: number
}

export interface RateCount {
  count: number
  /** Seconds until the window ends and the count starts again. */
  retryAfterSeconds: number
}

function windowOf(limit: RateLimit, now: Date): { start: Date; retryAfterSeconds: number } {
  const windowMs = limit.windowSeconds * 1000
  const startMs = Math.floor(now.getTime() / windowMs) * windowMs
  return {
    start: new Date(startMs),
    retryAfterSeconds: Math.max(1, Math.ceil((startMs + windowMs - now.getTime()) / 1000)),
  }
}

/**
 * Counts one event in `bucket` and returns the count so far in this window. The counters live in the
 * database, so every server process shares them; the upsert is one atomic statement, so two
 * concurrent requests never both read the same count.
 */
export async function countEvent(db: Db, bucket: string, limit: RateLimit, now: Date): Promise<RateCount> {
  const { start, retryAfterSeconds } = windowOf(limit, now)
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ bucket, windowStart: start, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimitCounters.bucket, rateLimitCounters.windowStart],
      set: { count: sql`${rateLimitCounters.count} + 1` },
    })
    .returning({ count: rateLimitCounters.count })
  // Earlier windows of this bucket no longer count for anything.
  await db
    .delete(rateLimitCounters)
    .where(and(eq(rateLimitCounters.bucket, bucket), lt(rateLimitCounters.windowStart, start)))
  return { count: row?.count ?? 1, retryAfterSeconds }
}

/** The count in this window without adding to it. */
export async function peekCount(db: Db, bucket: string, limit: RateLimit, now: Date): Promise<RateCount> {
  const { start, retryAfterSeconds } = windowOf(limit, now)
  const [row] = await db
    .select({ count: rateLimitCounters.count })
    .from(rateLimitCounters)
    .where(and(eq(rateLimitCounters.bucket, bucket), eq(rateLimitCounters.windowStart, start)))
  return { count: row?.count ?? 0, retryAfterSeconds }
}

import { sql } from 'drizzle-orm'
import type { Db } from './client.ts'

/**
 * Takes a transaction-level advisory lock without waiting; answers whether it was free. One key locks
 * a whole job (one runner across every server process); a class and an id lock one row's work. The
 * lock ends with the transaction.
 */
export async function tryAdvisoryXactLock(tx: Db, key: number, id?: number): Promise<boolean> {
  const query =
    id === undefined
      ? sql`select pg_try_advisory_xact_lock(${key}) as locked`
      : sql`select pg_try_advisory_xact_lock(${key}::int4, ${id}::int4) as locked`
  // PGlite and node-postgres both answer raw SQL with { rows }.
  const locked = (await tx.execute(query)) as unknown as { rows: { locked: boolean }[] }
  return locked.rows[0]?.locked === true
}

import { sql } from 'drizzle-orm'
import type { Db } from '../../server/db/client.ts'

/*
 * Every row of the shop's tables as text, to tell whether a call changed anything. Left out: what
 * every request may touch without it being a change of data (sessions' last use, rate-limit counters,
 * idempotency records, sign-up codes, the server's keys).
 */
const NOISE = new Set([
  'sessions',
  'rate_limit_counters',
  'idempotency_keys',
  'email_codes',
  'server_secrets',
])

/** Each table's row count and a digest of its rows (their jsonb text, sorted). */
export type Snapshot = Map<string, { rows: number; digest: string }>

export async function tablesOf(db: Db): Promise<string[]> {
  const result = (await db.execute(
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )) as unknown as { rows: { name: string }[] }
  return result.rows.map((row) => row.name).filter((name) => !NOISE.has(name))
}

/**
 * Each table's rows, read in one statement and digested by the database (md5 of every row's jsonb
 * text, in order): equal snapshots mean equal rows. `ignoreUser` leaves out that account's rows (a
 * call that rightly changes the caller's own rows).
 */
export async function snapshot(db: Db, tables: readonly string[], ignoreUser?: number): Promise<Snapshot> {
  const where =
    ignoreUser === undefined ? '' : ` where coalesce(to_jsonb(x)->>'user_id', '') <> '${ignoreUser}'`
  const union = tables
    .map(
      (table) =>
        `select '${table}' as t, count(*)::int as n, md5(coalesce(string_agg(j, ',' order by j), '')) as h
         from (select to_jsonb(x)::text as j from "${table}" x${where}) s`,
    )
    .join(' union all ')
  const result = (await db.execute(sql.raw(union))) as unknown as {
    rows: { t: string; n: number; h: string }[]
  }
  return new Map(result.rows.map((row) => [row.t, { rows: Number(row.n), digest: row.h }]))
}

/** The tables whose rows differ between two snapshots, with their row counts before and after. */
export function differences(before: Snapshot, after: Snapshot): string[] {
  const changes: string[] = []
  for (const [table, was] of before) {
    const now = after.get(table)
    if (now?.digest !== was.digest) changes.push(`${table} (rows ${was.rows} → ${now?.rows ?? 'gone'})`)
  }
  return changes
}

/** Forgets every rate-limit counter (B's many refused calls would otherwise trip a per-account limit). */
export async function resetRateLimits(db: Db): Promise<void> {
  await db.execute(sql`delete from rate_limit_counters`)
}

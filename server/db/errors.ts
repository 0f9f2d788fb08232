/**
 * PostgreSQL's SQLSTATE of a failed query, wherever the driver put it: PGlite and node-postgres set
 * `code`, and drizzle wraps their error in `cause`.
 */
export function pgErrorCode(error: unknown): string | undefined {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string') return code
  }
  return undefined
}

export const PG_UNIQUE_VIOLATION = '23505'
/** A NOWAIT lock that another transaction holds. */
export const PG_LOCK_NOT_AVAILABLE = '55P03'

import { and, eq, lt } from 'drizzle-orm'
import { validator } from 'hono/validator'
import * as v from 'valibot'
import { IDEMPOTENCY_KEY_HEADER, idempotencyKeySchema } from '../../src/domain/cart.ts'
import { ResultCode } from '../../src/domain/result-code.ts'
import { tryAdvisoryXactLock } from '../db/advisory-locks.ts'
import type { Db } from '../db/client.ts'
import { idempotencyKeys } from '../db/schema.ts'
import { ApiError } from '../http/envelope.ts'

/** How long a key's answer is kept and replayed; after that the same key is a new request. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000

/** Advisory-lock key of the key sweep, so one server of many runs it at a time. */
const KEY_SWEEP_LOCK = 7_140_102

/**
 * The request's idempotency key, or undefined when the header is left out (the call then behaves as
 * without one). A malformed key is a 400 naming the header, so a client bug never silently disables
 * the protection.
 */
export function readIdempotencyKey(header: string | undefined): string | undefined {
  if (header === undefined) return undefined
  const result = v.safeParse(idempotencyKeySchema, header)
  if (result.success) return result.output
  const message = result.issues[0]?.message ?? 'is invalid'
  return invalidKey(message)
}

/** The optional Idempotency-Key header of a route, checked before the body so a bad key is named as such. */
export const idempotencyKeyHeader = validator('header', (headers) => ({
  idempotencyKey: readIdempotencyKey(headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()]),
}))

function invalidKey(message: string): never {
  throw new ApiError(ResultCode.invalidInput, `${IDEMPOTENCY_KEY_HEADER}: ${message}`, {
    fields: [{ field: IDEMPOTENCY_KEY_HEADER, message }],
  })
}

export interface IdempotentRequest {
  userId: number
  /** The Idempotency-Key header; undefined runs the effect once, as a call without a key. */
  key: string | undefined
  /** What the key stands for (method, path and body): the same key on another request is refused. */
  request: string
  /** The shop's clock, which decides whether a stored key is still live. */
  at: Date
}

/**
 * Runs a change at most once per (shopper, key). The effect and the record of its answer commit in one
 * transaction, so a key is never stored without its change nor a change without its key. A repeat of
 * the key within 24 h answers the stored result and changes nothing; two repeats at once are decided by
 * the primary key (user_id, key): the second insert waits for the first transaction and then finds the
 * stored answer. A refusal (the effect throws) rolls the claim back with everything else, so a replay
 * is evaluated afresh. The answer must be plain JSON (it is replayed from a jsonb column).
 */
export async function withIdempotency<T>(
  db: Db,
  request: IdempotentRequest,
  effect: (tx: Db) => Promise<T>,
): Promise<T> {
  const { userId, key, at } = request
  if (key === undefined) return db.transaction((tx) => effect(tx))
  return db.transaction(async (tx) => {
    const thisKey = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key))
    // A key past its 24 h is a new request: drop the old record before claiming the key again.
    await tx
      .delete(idempotencyKeys)
      .where(and(thisKey, lt(idempotencyKeys.createdAt, new Date(at.getTime() - IDEMPOTENCY_KEY_TTL_MS))))
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ userId, key, request: request.request, response: null, createdAt: at })
      .onConflictDoNothing({ target: [idempotencyKeys.userId, idempotencyKeys.key] })
      .returning({ key: idempotencyKeys.key })
    if (claimed.length === 0) {
      const [stored] = await tx
        .select({ request: idempotencyKeys.request, response: idempotencyKeys.response })
        .from(idempotencyKeys)
        .where(thisKey)
      if (!stored) {
        // Only when the sweep deleted the row between the insert and this read: let the client retry.
        throw new ApiError(ResultCode.conflict, `${IDEMPOTENCY_KEY_HEADER}: please send the request again`)
      }
      if (stored.request !== request.request) {
        throw new ApiError(
          ResultCode.conflict,
          `${IDEMPOTENCY_KEY_HEADER}: this key was already used for a different request`,
        )
      }
      return stored.response as T
    }
    const answer = await effect(tx)
    await tx
      .update(idempotencyKeys)
      .set({ response: answer ?? null })
      .where(thisKey)
    return answer
  })
}

export interface KeySweepResult {
  ran: boolean
  keys: number
}

/**
 * Deletes the keys older than 24 h: they are never replayed again, and without this the table only
 * grows. Deleting by age is idempotent; the advisory lock keeps two servers from doing the work twice.
 */
export async function sweepIdempotencyKeys(db: Db, now: Date): Promise<KeySweepResult> {
  return db.transaction(async (tx) => {
    if (!(await tryAdvisoryXactLock(tx, KEY_SWEEP_LOCK))) return { ran: false, keys: 0 }
    const removed = await tx
      .delete(idempotencyKeys)
      .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS)))
      .returning({ key: idempotencyKeys.key })
    return { ran: true, keys: removed.length }
  })
}

import { createHmac, randomInt, timingSafeEqual } from 'node:crypto'
import { and, desc, eq, isNull, sql } from 'drizzle-orm'
import type { EmailCodeType } from '../../../src/domain/account.ts'
import { ResultCode } from '../../../src/domain/result-code.ts'
import type { Db } from '../../db/client.ts'
import { emailCodes } from '../../db/schema.ts'
import { ApiError } from '../../http/envelope.ts'
import { CODE_VALID_MINUTES } from '../mail/account-mail.ts'

/** Wrong tries after which a code is dead and a new one must be asked for. */
export const MAX_CODE_ATTEMPTS = 5
/** The least time between two codes to one address for one purpose. */
export const RESEND_AFTER_SECONDS = 60

/** Six digits from the CSPRNG, leading zeros kept. */
export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0')
}

function codeHash(key: Uint8Array, email: string, type: EmailCodeType, code: string): string {
  return createHmac('sha256', key).update(`${type}:${email}:${code}`).digest('base64url')
}

/** Seconds until another code may be sent to this address for this purpose (0: now). */
export async function resendWait(db: Db, email: string, type: EmailCodeType, now: Date): Promise<number> {
  const [latest] = await db
    .select({ createdAt: emailCodes.createdAt })
    .from(emailCodes)
    .where(and(eq(emailCodes.email, email), eq(emailCodes.type, type)))
    .orderBy(desc(emailCodes.createdAt))
    .limit(1)
  if (!latest) return 0
  const elapsed = (now.getTime() - latest.createdAt.getTime()) / 1000
  return elapsed >= RESEND_AFTER_SECONDS ? 0 : Math.ceil(RESEND_AFTER_SECONDS - elapsed)
}

/** Stores a new code (only its HMAC), retiring any earlier live code for the same address and purpose. */
export async function storeCode(
  db: Db,
  key: Uint8Array,
  input: { email: string; type: EmailCodeType; code: string; userId?: number; now: Date },
): Promise<number> {
  return db.transaction(async (tx) => {
    await tx
      .update(emailCodes)
      .set({ consumedAt: input.now })
      .where(
        and(
          eq(emailCodes.email, input.email),
          eq(emailCodes.type, input.type),
          isNull(emailCodes.consumedAt),
        ),
      )
    const [row] = await tx
      .insert(emailCodes)
      .values({
        email: input.email,
        type: input.type,
        codeHash: codeHash(key, input.email, input.type, input.code),
        userId: input.userId ?? null,
        createdAt: input.now,
        expiresAt: new Date(input.now.getTime() + CODE_VALID_MINUTES * 60_000),
      })
      .returning({ id: emailCodes.id })
    if (!row) throw new Error('the code was not stored')
    return row.id
  })
}

/** Removes a code that never reached its address, so asking again is not held up by the resend wait. */
export async function discardCode(db: Db, id: number): Promise<void> {
  await db.delete(emailCodes).where(eq(emailCodes.id, id))
}

export type CodeCheck =
  | { ok: true; userId: number | null }
  | { ok: false; reason: 'missing' | 'expired' | 'exhausted' | 'wrong' }

/**
 * Checks a code and, when right, uses it up. Run it inside the transaction of the change the code
 * allows, so the code is spent exactly when the change commits. A wrong try is counted even though
 * the caller then fails: the caller must commit before it reports the failure (see `withCode`).
 */
export async function spendCode(
  tx: Db,
  key: Uint8Array,
  input: { email: string; type: EmailCodeType; code: string; now: Date },
): Promise<CodeCheck> {
  const [row] = await tx
    .select()
    .from(emailCodes)
    .where(
      and(eq(emailCodes.email, input.email), eq(emailCodes.type, input.type), isNull(emailCodes.consumedAt)),
    )
    .orderBy(desc(emailCodes.createdAt))
    .limit(1)
    .for('update')
  if (!row) return { ok: false, reason: 'missing' }
  if (row.expiresAt <= input.now) return { ok: false, reason: 'expired' }
  if (row.attempts >= MAX_CODE_ATTEMPTS) return { ok: false, reason: 'exhausted' }
  const expected = Buffer.from(row.codeHash)
  const given = Buffer.from(codeHash(key, input.email, input.type, input.code))
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    await tx
      .update(emailCodes)
      .set({ attempts: sql`${emailCodes.attempts} + 1` })
      .where(eq(emailCodes.id, row.id))
    return { ok: false, reason: row.attempts + 1 >= MAX_CODE_ATTEMPTS ? 'exhausted' : 'wrong' }
  }
  await tx.update(emailCodes).set({ consumedAt: input.now }).where(eq(emailCodes.id, row.id))
  return { ok: true, userId: row.userId }
}

export type CodeRefusal = Exclude<CodeCheck, { ok: true }>['reason']

/**
 * Makes a change that an e-mailed code allows: the code is spent in the same transaction, so it is
 * used exactly when the change commits. A refused code is reported only after that transaction
 * commits, so the wrong try it counted stays counted; the 400 carries `{ reason }`, so a page can
 * tell an expired code from a wrong one. `change` gets the account the code was asked for by (e-mail
 * changes) and may throw to refuse; then nothing is spent.
 */
export async function changeWithCode<R>(
  db: Db,
  key: Uint8Array,
  input: { email: string; type: EmailCodeType; code: string; now: Date },
  change: (tx: Db, askedBy: number | null) => Promise<R>,
): Promise<R> {
  const outcome: { refused: CodeRefusal } | { done: R } = await db.transaction(async (tx) => {
    const check = await spendCode(tx, key, input)
    if (!check.ok) return { refused: check.reason }
    return { done: await change(tx, check.userId) }
  })
  if ('refused' in outcome) {
    const reason = outcome.refused
    throw new ApiError(ResultCode.invalidInput, codeFailureMessage(reason), { reason })
  }
  return outcome.done
}

/** The client-facing message of a refused code; `field` is where the form shows it. */
export function codeFailureMessage(reason: CodeRefusal): string {
  switch (reason) {
    case 'missing':
      return 'code: no code was sent to this address; ask for a new code'
    case 'expired':
      return 'code: has expired; ask for a new code'
    case 'exhausted':
      return 'code: was entered wrong too many times; ask for a new code'
    case 'wrong':
      return 'code: is not the code we sent'
  }
}

import { randomUUID } from 'node:crypto'
import { and, eq, isNull, ne } from 'drizzle-orm'
import { isLanguage } from '../../../src/domain/language.ts'
import type { Db } from '../../db/client.ts'
import { sessions, users } from '../../db/schema.ts'
import { type ClaimsBody, SESSION_MAX_SECONDS, signSessionToken } from './session-tokens.ts'

export type AccountRow = typeof users.$inferSelect

/** Languages whose customers the shop reaches on a messaging account (WeChat); others by e-mail. */
const MESSAGING_ACCOUNT_LANGUAGES = new Set(['zhCn'])

/** The claims a token carries for an account, read fresh from its row. */
export function claimsFor(account: AccountRow, sessionId: string): ClaimsBody {
  const needsMessaging = account.kind === 'customer' && MESSAGING_ACCOUNT_LANGUAGES.has(account.language)
  return {
    sub: String(account.id),
    sid: sessionId,
    kind: account.kind,
    role: account.role,
    nickname: account.nickname,
    avatar: account.avatar,
    score: account.score,
    wechat: needsMessaging ? Boolean(account.wechat) : 'other',
    language: isLanguage(account.language) ? account.language : 'zhCn',
  }
}

/** Opens a session for an account and signs its first token. */
export async function openSession(
  db: Db,
  key: Uint8Array,
  account: AccountRow,
  now: Date,
): Promise<{ token: string; sessionId: string }> {
  const sessionId = randomUUID()
  await db.insert(sessions).values({
    id: sessionId,
    userId: account.id,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + SESSION_MAX_SECONDS * 1000),
  })
  return { token: await signSessionToken(key, claimsFor(account, sessionId), now), sessionId }
}

export type SessionLookup =
  | { status: 'active'; account: AccountRow }
  | { status: 'ended' }
  | { status: 'disabled' }

/**
 * The database sends the user id on this channel whenever the account, one of its sessions' ends, or
 * its favourites change (triggers of migration 0015), and '*' when a table is emptied: the
 * per-process session caches drop what they hold of that user.
 */
export const ACCOUNT_CHANGED_CHANNEL = 'yoyaku_account_changed'

/** A session's row as far as its checks need it, with its account's row; undefined when there is none. */
export type StoredSession =
  | { session: { expiresAt: Date; revokedAt: Date | null }; account: AccountRow }
  | undefined

/** Reads the session named by a token, with its account (one query). */
export async function readSession(db: Db, sessionId: string, userId: number): Promise<StoredSession> {
  const [row] = await db
    .select({ expiresAt: sessions.expiresAt, revokedAt: sessions.revokedAt, account: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
  if (!row) return undefined
  const { account, ...session } = row
  return { session, account }
}

/** What a stored session allows as of `now`: its expiry is checked at every use, so it needs no notice. */
export function sessionStatusAt(stored: StoredSession, now: Date): SessionLookup {
  if (!stored || stored.session.expiresAt <= now) return { status: 'ended' }
  // Disabling a staff account also revokes its sessions; its next call still says why (9005, not 9004).
  if (stored.account.disabled) return { status: 'disabled' }
  if (stored.session.revokedAt) return { status: 'ended' }
  return { status: 'active', account: stored.account }
}

/** The session named by a token, with its account, as of `now`. */
export async function lookUpSession(
  db: Db,
  sessionId: string,
  userId: number,
  now: Date,
): Promise<SessionLookup> {
  return sessionStatusAt(await readSession(db, sessionId, userId), now)
}

export async function touchSession(db: Db, sessionId: string, now: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, sessionId))
}

export async function revokeSession(db: Db, sessionId: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
}

/** Ends every session of an account except `keep` (after a password change or reset). */
export async function revokeOtherSessions(db: Db, userId: number, now: Date, keep?: string): Promise<void> {
  const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)]
  if (keep) conditions.push(ne(sessions.id, keep))
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(...conditions))
}

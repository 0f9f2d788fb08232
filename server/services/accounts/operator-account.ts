import { randomInt } from 'node:crypto'
import { hash } from '@node-rs/argon2'
import { eq } from 'drizzle-orm'
import { STAFF_PERMISSIONS } from '../../../src/domain/staff.ts'
import type { Db } from '../../db/client.ts'
import { ACCOUNT_KIND, users } from '../../db/schema.ts'

export const DEFAULT_OPERATOR_EMAIL = 'admin@yoyaku.local'

const LOWER = 'abcdefghijkmnopqrstuvwxyz'
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ'
const DIGITS = '23456789'
const SPECIALS = '!@#$%&*.,?'

/** A 16-character password that satisfies the shop's password policy, from a CSPRNG. */
export function generatePassword(): string {
  const all = LOWER + UPPER + DIGITS + SPECIALS
  const pick = (set: string) => set.charAt(randomInt(set.length))
  const chars = [pick(LOWER), pick(UPPER), pick(DIGITS), pick(SPECIALS)]
  while (chars.length < 16) chars.push(pick(all))
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1)
    ;[chars[i], chars[j]] = [chars[j] as string, chars[i] as string]
  }
  return chars.join('')
}

/**
 * Creates the operator account on first start. Returns the generated password when none was
 * configured, so the caller can print it once; returns undefined when nothing was created.
 */
export async function ensureOperatorAccount(
  db: Db,
  configured: { email?: string; password?: string },
): Promise<{ email: string; generatedPassword?: string } | undefined> {
  const existing = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.kind, ACCOUNT_KIND.operator))
    .limit(1)
  if (existing.length > 0) return undefined
  const email = configured.email ?? DEFAULT_OPERATOR_EMAIL
  const password = configured.password ?? generatePassword()
  const inserted = await db
    .insert(users)
    .values({
      email,
      passwordHash: await hash(password),
      nickname: 'Operator',
      kind: ACCOUNT_KIND.operator,
      // The first operator holds every room (backoffice §1).
      permissions: [...STAFF_PERMISSIONS],
    })
    .onConflictDoNothing()
    .returning({ id: users.id })
  if (inserted.length === 0) return undefined // another server created it first
  return configured.password ? { email } : { email, generatedPassword: password }
}

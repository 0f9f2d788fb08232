import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { serverSecrets } from '../../db/schema.ts'

/**
 * A 256-bit secret by name, made once and kept in the database, so every server process on the same
 * database signs and checks tokens with the same key and a restart does not sign everyone out.
 */
export async function serverSecret(db: Db, name: string): Promise<Uint8Array> {
  await db
    .insert(serverSecrets)
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing()
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, name))
  if (!row) throw new Error(`server secret ${name} is missing`)
  return new Uint8Array(Buffer.from(row.value, 'base64url'))
}

/** The keys of the account services. */
export interface AuthKeys {
  /** HMAC-SHA256 key of session tokens. */
  tokenKey: Uint8Array
  /** HMAC key of stored e-mail codes: a leaked table does not give the 6-digit codes away. */
  codeKey: Uint8Array
}

export async function loadAuthKeys(db: Db): Promise<AuthKeys> {
  return { tokenKey: await serverSecret(db, 'session-token'), codeKey: await serverSecret(db, 'email-code') }
}

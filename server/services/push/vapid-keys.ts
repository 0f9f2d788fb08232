import { eq } from 'drizzle-orm'
import webpush from 'web-push'
import type { Db } from '../../db/client.ts'
import { serverSecrets } from '../../db/schema.ts'

/** The application server's VAPID key pair (RFC 8292), base64url as web-push reads and makes them. */
export interface VapidKeys {
  /** Uncompressed P-256 point: the browser's `applicationServerKey`. */
  publicKey: string
  privateKey: string
}

const SECRET_NAME = 'vapid-keys'

/*
 * One row holds both halves: two processes starting at once on a fresh database each try to insert
 * their own pair and both read back the one that won, so a public key never meets another's private one.
 * A changed pair would orphan every browser's subscription, so it is made once and never replaced.
 */
async function readOrMakeVapidKeys(db: Db): Promise<VapidKeys> {
  const fresh = webpush.generateVAPIDKeys()
  await db
    .insert(serverSecrets)
    .values({ name: SECRET_NAME, value: JSON.stringify(fresh) })
    .onConflictDoNothing()
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, SECRET_NAME))
  if (!row) throw new Error(`server secret ${SECRET_NAME} is missing`)
  const stored = JSON.parse(row.value) as Partial<VapidKeys>
  if (typeof stored.publicKey !== 'string' || typeof stored.privateKey !== 'string') {
    throw new Error(`server secret ${SECRET_NAME} is not a VAPID key pair`)
  }
  return { publicKey: stored.publicKey, privateKey: stored.privateKey }
}

// The pair never changes once stored, so each database is read once per process.
const loaded = new WeakMap<Db, Promise<VapidKeys>>()

/** The shop's VAPID keys, made on the first call against a database and the same ever after. */
export function loadVapidKeys(db: Db): Promise<VapidKeys> {
  let keys = loaded.get(db)
  if (!keys) {
    keys = readOrMakeVapidKeys(db)
    // A failed read (database briefly down) is tried again on the next call rather than remembered.
    keys.catch(() => loaded.delete(db))
    loaded.set(db, keys)
  }
  return keys
}

import type { Db } from './db/client.ts'
import type { AuthKeys } from './services/accounts/server-secrets.ts'
import type { AccountRow } from './services/accounts/sessions.ts'
import type { Mailer } from './services/mail/mailer.ts'

/** What every request handler can reach through `c.var`. */
export interface AppDeps {
  db: Db
  /** Directory of the built PWA (index.html, assets, sw.js). */
  staticDir: string
  /** Directory of uploaded and generated images, served under /media. */
  mediaDir: string
  /** Directory of user uploads (avatars), served under /uploads. */
  uploadsDir: string
  /** Print one line per request. Off in tests. */
  logRequests: boolean
  authKeys: AuthKeys
  mailer: Mailer
  /** The shop's public address, for links in mail. */
  publicUrl: string
  /** Read the client address from X-Forwarded-For (only behind a proxy that sets it). */
  trustProxy: boolean
  /** The clock; tests move it to check expiry. */
  now: () => Date
}

/** The signed-in account of a guarded call, set by the session middleware. */
export interface SignedIn {
  userId: number
  sessionId: string
  kind: 'customer' | 'operator'
  /** The account row the session check has just read: handlers use it rather than read it again. */
  account: AccountRow
}

export interface AppEnv {
  Variables: { deps: AppDeps; signedIn: SignedIn | undefined }
}

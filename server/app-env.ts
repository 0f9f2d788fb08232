import type { Context } from 'hono'
import type { Db } from './db/client.ts'
import type { SentSharedAnswer } from './http/catalog-cache.ts'
import type { AuthKeys } from './services/accounts/server-secrets.ts'
import type { AccountRow } from './services/accounts/sessions.ts'
import type { Mailer } from './services/mail/mailer.ts'
import type { MediaStore } from './services/media/media-store.ts'
import type { PackagePhotoStore } from './services/package-photos/photo-store.ts'
import type { ProviderSettings } from './services/payments/provider-settings.ts'

/** What every request handler can reach through `c.var`. */
export interface AppDeps {
  db: Db
  /** Directory of the built PWA (index.html, assets, sw.js). */
  staticDir: string
  /**
   * Every stored picture: uploads' encoded variants, the demo drawings and avatars (MEDIA_STORE: the
   * local folder or an S3 bucket), served by every process at /media/<key>.
   */
  media: MediaStore
  /** The local store's folder (MEDIA_DIR), served as files at /media; undefined with a bucket. */
  mediaDir: string | undefined
  /**
   * The folder avatars were written to before the media store (`$DATA_DIR/uploads/avatars`). On a local
   * store its files stay served at their old URLs, read-only, until media:migrate copies them into the
   * store; undefined with a bucket (nothing of a process's own disk is served then).
   */
  legacyAvatarsDir: string | undefined
  /** Photos of packed boxes, kept where no public route serves them; a local one beside mediaDir when absent. */
  packagePhotos?: PackagePhotoStore
  /** Tests: every successful answer is checked against its published schema (http/answer-check.ts). */
  checkAnswers?: boolean
  /** Print one line per request. Off in tests. */
  logRequests: boolean
  authKeys: AuthKeys
  mailer: Mailer
  /** The shop's public address, for links in mail. */
  publicUrl: string
  /** Read the client address from X-Forwarded-For (only behind a proxy that sets it). */
  trustProxy: boolean
  /** Whether the process is stopping (SIGTERM): /api/ready answers 503 so the proxy sends no more. */
  draining?: () => boolean
  /** METRICS_TOKEN: /metrics needs it as a bearer token; without one, /metrics answers loopback only. */
  metricsToken?: string
  /** The fast lane (http/fast-lane.ts), learning from every answer sent, when the server runs one. */
  fastLane?: AnswerRecorder
  /** The clock; tests move it to check expiry. */
  now: () => Date
  payments: PaymentDeps
  push: PushDeps
}

/** What Web Push needs from the process (services/push). The VAPID keys live in the database. */
/** What the app asks of the fast lane: to learn from each answer it has sent. */
export interface AnswerRecorder {
  record(c: Context<AppEnv>): void
}

export interface PushDeps {
  /**
   * PUSH_ENDPOINT_HOSTS: `host:port` entries of push services accepted besides the browsers' own
   * (empty by default; tests add their local push service).
   */
  endpointHosts: readonly string[]
  /** The VAPID subject: the shop's contact, a mailto: or https: URL. */
  subject: string
  /**
   * A PEM certificate trusted for push services besides the system's (tests: the local push service's
   * self-signed one). A server process trusts it through NODE_EXTRA_CA_CERTS instead.
   */
  trustedCa?: string
}

/** What the payment gateways need from the process (services/payments/gateways.ts). */
export interface PaymentDeps {
  /** The sandbox gateway serves the routes without a real provider (PAYMENTS_SANDBOX, default on). */
  sandbox: boolean
  /**
   * The address this server reaches itself at over HTTP (`http://127.0.0.1:<port>`), where the sandbox
   * delivers its signed webhooks. Not PUBLIC_URL, which is for links in mail and may sit behind a
   * proxy. Throws while the server is not listening yet.
   */
  selfUrl: () => string
  /** The real providers whose credentials are configured; a route without one uses the sandbox. */
  providers: ProviderSettings
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
  Variables: {
    deps: AppDeps
    signedIn: SignedIn | undefined
    /** Set when the answer is a cached catalog answer shared by every caller of its key. */
    sharedAnswer: SentSharedAnswer | undefined
  }
}

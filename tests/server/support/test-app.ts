import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { getRequestListener } from '@hono/node-server'
import { createApp } from '../../../server/app.ts'
import type { AppDeps, PushDeps } from '../../../server/app-env.ts'
import type { Db } from '../../../server/db/client.ts'
import type { FastLane } from '../../../server/http/fast-lane.ts'
import { loadAuthKeys } from '../../../server/services/accounts/server-secrets.ts'
import { createMailer } from '../../../server/services/mail/mailer.ts'
import { createLocalMediaStore } from '../../../server/services/media/local-media-store.ts'
import type { MediaStore } from '../../../server/services/media/media-store.ts'
import type { ProviderSettings } from '../../../server/services/payments/provider-settings.ts'
import { type Engine, openTestDatabase } from './test-database.ts'

export interface JsonResponse<T> {
  status: number
  body: T
  headers: Headers
}

export interface TestApp {
  app: ReturnType<typeof createApp>
  db: Db
  /** The folder the app's mail is written to (no SMTP in tests). */
  outboxDir: string
  /** The app's media store: the local one in mediaDir unless the test gave another. */
  media: MediaStore
  /** The local store's folder, served as files; undefined when the test gave a store of its own. */
  mediaDir: string | undefined
  /** The folder of avatars from before the media store, served read-only at /uploads/avatars/. */
  legacyAvatarsDir: string
  /** With `listen: true`, where the app is served over HTTP (`http://127.0.0.1:<port>`). */
  baseUrl: string | undefined
  /**
   * The real providers the app uses (none at first): the same object the app reads on every call, so a
   * test points a route at its emulator once both are listening.
   */
  providers: ProviderSettings
  /** The app's Web Push settings, for a sender made with createPushToUser(t.db, t.push). */
  push: PushDeps
  /** The app's clock: starts at the real time; `advance` moves it forward. */
  clock: { now: Date; advance(ms: number): void }
  /** GET a path and return the status, headers and parsed JSON body. */
  getJson<T = unknown>(path: string, headers?: Record<string, string>): Promise<JsonResponse<T>>
  /** Send a JSON body with any method. */
  sendJson<T = unknown>(
    method: 'POST' | 'PUT' | 'DELETE',
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<JsonResponse<T>>
  close(): Promise<void>
}

export interface TestAppOptions {
  staticDir?: string
  /** The local media store's folder (a temporary one by default); ignored when `media` is given. */
  mediaDir?: string
  /** Another media store (a bucket): the app then serves nothing from a local folder. */
  media?: MediaStore
  /**
   * Another app's database, as a second process on the same PostgreSQL: this app's close() leaves it
   * open (its owner closes it).
   */
  db?: Db
  /**
   * Also serve the app over HTTP on 127.0.0.1 (a free port), for calls the server makes to itself:
   * the sandbox gateway delivers its webhooks that way. Off, the sandbox cannot deliver. On, the
   * app's PUBLIC_URL is that address too, so providers' emulators reach its webhooks and return pages.
   */
  listen?: boolean
  /** PAYMENTS_SANDBOX: the sandbox gateway serves the payment routes (default on). */
  paymentsSandbox?: boolean
  /** Web Push settings besides the defaults (no extra hosts): a local push service's host and CA. */
  push?: Partial<PushDeps>
  /** Process settings besides the defaults (the request log, draining, the metrics token). */
  deps?: Pick<Partial<AppDeps>, 'logRequests' | 'draining' | 'metricsToken'>
  /** With `listen`, the HTTP server answers through this fast lane first, as the server's does. */
  fastLane?: FastLane
}

/** The real app on a fresh database. `staticDir`/`mediaDir` default to empty temporary folders. */
export async function createTestApp(engine: Engine, options: TestAppOptions = {}): Promise<TestApp> {
  const database = options.db
    ? { db: options.db, close: async () => undefined }
    : await openTestDatabase(engine)
  const scratch = mkdtempSync(join(tmpdir(), 'yoyaku-app-'))
  const outboxDir = join(scratch, 'outbox')
  const legacyAvatarsDir = join(scratch, 'uploads', 'avatars')
  mkdirSync(legacyAvatarsDir, { recursive: true })
  let offsetMs = 0
  const clock = {
    get now() {
      return new Date(Date.now() + offsetMs)
    },
    advance(ms: number) {
      offsetMs += ms
    },
  }
  let baseUrl: string | undefined
  let server: Server | undefined
  // Listening first: the app's public address (return URLs, SBPS's notification URL) is where it listens.
  let handler: ((request: Request, bindings?: unknown) => Response | Promise<Response>) | undefined
  if (options.listen) {
    // The Node bindings (the socket's peer address) go on to the app as they do in the server.
    const framework = getRequestListener((request, bindings) => {
      if (!handler) throw new Error('the test app is not ready')
      return handler(request, bindings)
    })
    const listening = createServer(options.fastLane?.listener(framework) ?? framework)
    await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve))
    server = listening
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  }
  const providers: ProviderSettings = {}
  const push: PushDeps = { endpointHosts: [], subject: 'mailto:no-reply@yoyaku.test', ...options.push }
  const mediaDir = options.media ? undefined : (options.mediaDir ?? join(scratch, 'media'))
  // The app serves a local folder as files only when it exists at start.
  if (mediaDir) mkdirSync(mediaDir, { recursive: true })
  const media = options.media ?? createLocalMediaStore(mediaDir ?? join(scratch, 'media'))
  const app = createApp({
    db: database.db,
    staticDir: options.staticDir ?? join(scratch, 'dist'),
    media,
    mediaDir,
    legacyAvatarsDir,
    logRequests: false,
    checkAnswers: true,
    authKeys: await loadAuthKeys(database.db),
    mailer: createMailer({ smtpUrl: undefined, outboxDir, from: 'Yoyaku <no-reply@yoyaku.test>' }),
    publicUrl: baseUrl ?? 'http://shop.test',
    push,
    // Tests set X-Forwarded-For to act as different clients.
    trustProxy: true,
    now: () => clock.now,
    payments: {
      sandbox: options.paymentsSandbox ?? true,
      selfUrl: () => {
        if (baseUrl === undefined)
          throw new Error('the test app is not listening (createTestApp listen: true)')
        return baseUrl
      },
      providers,
    },
    fastLane: options.fastLane,
    ...options.deps,
  })
  handler = app.fetch
  const parse = async <T>(response: Response): Promise<JsonResponse<T>> => ({
    status: response.status,
    body: (await response.json()) as T,
    headers: response.headers,
  })
  return {
    app,
    db: database.db,
    outboxDir,
    media,
    mediaDir,
    legacyAvatarsDir,
    baseUrl,
    providers,
    push,
    clock,
    async getJson<T>(path: string, headers: Record<string, string> = {}) {
      return parse<T>(await app.request(path, { headers }))
    },
    async sendJson<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
      return parse<T>(
        await app.request(path, {
          method,
          headers: { 'content-type': 'application/json', ...headers },
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
      )
    },
    async close() {
      if (server) {
        const listening = server
        const closed = new Promise<void>((resolve) => listening.close(() => resolve()))
        // Keep-alive connections of the sandbox's fetch would hold close() open.
        if ('closeAllConnections' in listening) listening.closeAllConnections()
        await closed
      }
      await database.close()
      rmSync(scratch, { recursive: true, force: true })
    },
  }
}

/**
 * Another app on an existing database, built as the server builds it, as a second server process on
 * the same PostgreSQL would be (with its own database handle, caches and listener when given them).
 * Its files (static, media, outbox) go to `scratch`; it does not listen.
 */
export async function appOnDatabase(db: Db, scratch: string, options: { now?: () => Date } = {}) {
  return createApp({
    db,
    staticDir: scratch,
    media: createLocalMediaStore(scratch),
    mediaDir: scratch,
    legacyAvatarsDir: undefined,
    logRequests: false,
    checkAnswers: true,
    authKeys: await loadAuthKeys(db),
    mailer: createMailer({ smtpUrl: undefined, outboxDir: scratch, from: 'Yoyaku <no-reply@yoyaku.test>' }),
    publicUrl: 'http://shop.test',
    push: { endpointHosts: [], subject: 'mailto:no-reply@yoyaku.test' },
    trustProxy: true,
    payments: {
      sandbox: true,
      selfUrl: () => {
        throw new Error('not listening')
      },
      providers: {},
    },
    now: options.now ?? (() => new Date()),
  })
}

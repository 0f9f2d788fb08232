import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { getRequestListener } from '@hono/node-server'
import { createApp } from './app.ts'
import type { AppDeps } from './app-env.ts'
import { seedDemoCatalog } from './db/seed/seed.ts'
import { FastLane } from './http/fast-lane.ts'
import { scheduleAccountSweep } from './jobs/account-sweep.ts'
import { startAlertDelivery } from './jobs/alert-delivery.ts'
import { scheduleDeadlineSweep } from './jobs/deadline-sweep.ts'
import { scheduleOrderExpiry } from './jobs/order-expiry.ts'
import { scheduleTierJob } from './jobs/tier-job.ts'
import { configureLogging, flushLog, log } from './observability/log.ts'
import { ensureOperatorAccount } from './services/accounts/operator-account.ts'
import { loadAuthKeys } from './services/accounts/server-secrets.ts'
import { createMailer } from './services/mail/mailer.ts'
import {
  createMediaStore,
  describeMediaSettings,
  localMediaDirOf,
} from './services/media/create-media-store.ts'
import { createPackagePhotoStore } from './services/package-photos/photo-store.ts'
import type { ProviderSettings } from './services/payments/provider-settings.ts'
import { createPushToUser, loadVapidKeys } from './services/push/send-push.ts'
import { loadEnvOrExit, openDatabaseOrExit } from './startup.ts'

async function main() {
  const env = loadEnvOrExit()
  configureLogging({ level: env.logLevel, format: env.logFormat })
  const database = await openDatabaseOrExit(env)

  const mediaStore = createMediaStore(env.media)
  log.info(`Media: ${describeMediaSettings(env.media)}`)
  // Writes the demo pictures on every start (a fresh DATA_DIR may face an already seeded PostgreSQL).
  const seeded = await seedDemoCatalog(database.db, { mediaStore })
  if (seeded.seeded) log.info(`Seeded the demo catalog: ${seeded.products} products`)

  const operator = await ensureOperatorAccount(database.db, {
    email: env.adminEmail,
    password: env.adminPassword,
  })
  if (operator?.generatedPassword) {
    // Shown once to the person starting the shop, on the terminal, never as a log line: log lines are
    // shipped and kept, and never carry a password (deploy §2).
    process.stderr.write(
      `Created the operator account ${operator.email} with password ${operator.generatedPassword} (shown once; set ADMIN_EMAIL/ADMIN_PASSWORD to choose them)\n`,
    )
  } else if (operator) {
    log.info(`Created the operator account ${operator.email}`)
  }

  const mailer = createMailer({
    smtpUrl: env.smtpUrl,
    outboxDir: env.mailOutboxDir,
    from: env.mailFrom,
    onOutboxWrite: (path) => log.info(`[mail] no SMTP_URL set; wrote ${path}`),
  })
  log.info(`Mail goes to ${mailer.destination}`)
  log.info(`Payments: ${describePaymentRoutes(env.paymentProviders, env.paymentsSandbox)}`)

  const pushDeps = { endpointHosts: env.pushEndpointHosts, subject: pushSubject(env.mailFrom, env.publicUrl) }
  // Made on the first start and kept in the database: every subscription is tied to this pair.
  await loadVapidKeys(database.db)

  // Set by SIGTERM/SIGINT: /api/ready answers 503 from then on.
  let draining = false
  // Known once the server listens (PORT=0 picks a free port): the sandbox's webhooks come back here.
  let listeningPort: number | undefined
  const fastLane = new FastLane()
  const deps: AppDeps = {
    db: database.db,
    staticDir: env.staticDir,
    media: mediaStore,
    mediaDir: localMediaDirOf(env.media),
    // Avatars of a local install from before the media store, served until media:migrate copies them.
    legacyAvatarsDir: env.media.store === 'local' ? join(env.dataDir, 'uploads', 'avatars') : undefined,
    packagePhotos: createPackagePhotoStore(env.media),
    logRequests: env.logRequests,
    checkAnswers: env.checkAnswers,
    authKeys: await loadAuthKeys(database.db),
    mailer,
    publicUrl: env.publicUrl,
    trustProxy: env.trustProxy,
    draining: () => draining,
    metricsToken: env.metricsToken,
    fastLane,
    now: () => new Date(),
    push: pushDeps,
    payments: {
      sandbox: env.paymentsSandbox,
      providers: env.paymentProviders,
      selfUrl: () => {
        if (listeningPort === undefined) throw new Error('the server is not listening yet')
        return `http://${selfHost(env.host)}:${listeningPort}`
      },
    },
  }
  const app = createApp(deps)
  const reminderDeps = {
    mailer,
    publicUrl: env.publicUrl,
    pushToUser: createPushToUser(database.db, pushDeps),
  }
  const alertDelivery = await startAlertDelivery(database.db, () => new Date(), reminderDeps)
  const stopJobs = [
    scheduleAccountSweep(database.db),
    scheduleOrderExpiry(database.db, () => new Date()),
    scheduleDeadlineSweep(database.db, () => new Date(), reminderDeps),
    scheduleTierJob(database.db, () => new Date()),
    alertDelivery.stop,
  ]
  const framework = getRequestListener(app.fetch, { hostname: env.host })
  const server = createServer(fastLane.listener(framework))
  server.listen(env.port, env.host, () => {
    const info = server.address() as AddressInfo
    listeningPort = info.port
    const where = database.kind === 'pglite' ? `PGlite in ${env.dataDir}` : 'PostgreSQL'
    log.info(`Yoyaku is listening on http://localhost:${info.port} (${where})`)
  })

  server.on('error', (error: NodeJS.ErrnoException) => {
    const reason =
      error.code === 'EADDRINUSE'
        ? `port ${env.port} is already in use (set PORT to another one)`
        : error.message
    log.fatal(`Cannot listen: ${reason}`)
    void database.close().finally(() => exitAfterFlush(1))
  })

  const stop = async (signal: string) => {
    if (draining) return
    draining = true
    log.info(`${signal}: draining (ready answers 503), finishing open requests, then stopping`)
    // The proxy's health check sees 503 within its interval and sends no more; until then requests
    // are still served (each answer closes its connection), so none is refused.
    await delay(env.drainNoticeMs)
    const force = setTimeout(() => {
      log.error(`Requests still open after ${REQUEST_GRACE_MS / 1000} s; stopping anyway`)
      server.closeAllConnections()
    }, REQUEST_GRACE_MS)
    force.unref()
    await new Promise<void>((resolve) => {
      server.close(() => resolve())
      server.closeIdleConnections()
    })
    clearTimeout(force)
    await Promise.all(stopJobs.map((stopJob) => stopJob()))
    let code = 0
    await database.close().catch((error: unknown) => {
      log.error({ err: error }, 'closing the database failed')
      code = 1
    })
    log.info(`${signal}: stopped`)
    await exitAfterFlush(code)
  }
  process.on('SIGINT', () => void stop('SIGINT'))
  process.on('SIGTERM', () => void stop('SIGTERM'))
}

/** How long open requests may take to finish after the listener closes (deploy §1: up to 20 s). */
const REQUEST_GRACE_MS = 20_000

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function exitAfterFlush(code: number): Promise<never> {
  await flushLog()
  process.exit(code)
}

/** One line saying which provider takes each route's payments, so a misconfiguration shows at start. */
function describePaymentRoutes(providers: ProviderSettings, sandbox: boolean): string {
  const fallback = sandbox ? 'sandbox (test mode)' : 'unavailable'
  const routes = [
    ['card', providers.stripe && `Stripe at ${providers.stripe.apiBase}`],
    ['sbps', providers.sbps && `SB Payment Service at ${providers.sbps.apiBase}`],
    ['paypal', providers.paypal && `PayPal at ${providers.paypal.apiBase}`],
  ] as const
  return routes.map(([route, provider]) => `${route} → ${provider || fallback}`).join('; ')
}

/** Where this process reaches itself: loopback when it listens on every interface, else the one address. */
function selfHost(host: string): string {
  if (host === '0.0.0.0' || host === '' || host === 'localhost') return '127.0.0.1'
  if (host === '::') return '[::1]'
  return host.includes(':') ? `[${host}]` : host
}

await main()

/** The VAPID subject (RFC 8292): the shop's https address, else mailto: its sender address. */
function pushSubject(mailFrom: string, publicUrl: string): string {
  if (publicUrl.startsWith('https://')) return publicUrl
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim()
  return `mailto:${address}`
}

import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { serve } from '@hono/node-server'
import { createApp } from './app.ts'
import { seedDemoCatalog } from './db/seed/seed.ts'
import { scheduleAccountSweep } from './jobs/account-sweep.ts'
import { scheduleDeadlineSweep } from './jobs/deadline-sweep.ts'
import { scheduleOrderExpiry } from './jobs/order-expiry.ts'
import { scheduleTierJob } from './jobs/tier-job.ts'
import { ensureOperatorAccount } from './services/accounts/operator-account.ts'
import { loadAuthKeys } from './services/accounts/server-secrets.ts'
import { createMailer } from './services/mail/mailer.ts'
import { createLocalMediaStore } from './services/media/local-media-store.ts'
import type { ProviderSettings } from './services/payments/provider-settings.ts'
import { createPushToUser, loadVapidKeys } from './services/push/send-push.ts'
import { loadEnvOrExit, openDatabaseOrExit } from './startup.ts'

async function main() {
  const env = loadEnvOrExit()
  const database = await openDatabaseOrExit(env)

  const mediaDir = join(env.dataDir, 'media')
  const mediaStore = createLocalMediaStore(mediaDir)
  // Writes the demo pictures on every start (a fresh DATA_DIR may face an already seeded PostgreSQL).
  const seeded = await seedDemoCatalog(database.db, { mediaDir, mediaStore })
  if (seeded.seeded) console.log(`Seeded the demo catalog: ${seeded.products} products`)

  const operator = await ensureOperatorAccount(database.db, {
    email: env.adminEmail,
    password: env.adminPassword,
  })
  if (operator?.generatedPassword) {
    console.log(
      `Created the operator account ${operator.email} with password ${operator.generatedPassword} (shown once; set ADMIN_EMAIL/ADMIN_PASSWORD to choose them)`,
    )
  } else if (operator) {
    console.log(`Created the operator account ${operator.email}`)
  }

  const mailer = createMailer({
    smtpUrl: env.smtpUrl,
    outboxDir: env.mailOutboxDir,
    from: env.mailFrom,
    onOutboxWrite: (path) => console.log(`[mail] no SMTP_URL set; wrote ${path}`),
  })
  console.log(`Mail goes to ${mailer.destination}`)
  console.log(`Payments: ${describePaymentRoutes(env.paymentProviders, env.paymentsSandbox)}`)

  const pushDeps = { endpointHosts: env.pushEndpointHosts, subject: pushSubject(env.mailFrom, env.publicUrl) }
  // Made on the first start and kept in the database: every subscription is tied to this pair.
  await loadVapidKeys(database.db)

  const uploadsDir = join(env.dataDir, 'uploads')
  await mkdir(uploadsDir, { recursive: true })
  // Known once the server listens (PORT=0 picks a free port): the sandbox's webhooks come back here.
  let listeningPort: number | undefined
  const app = createApp({
    db: database.db,
    staticDir: env.staticDir,
    mediaDir,
    media: mediaStore,
    uploadsDir,
    logRequests: env.logRequests,
    authKeys: await loadAuthKeys(database.db),
    mailer,
    publicUrl: env.publicUrl,
    trustProxy: env.trustProxy,
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
  })
  const stopSweep = scheduleAccountSweep(database.db)
  const stopOrderExpiry = scheduleOrderExpiry(database.db, () => new Date())
  const stopDeadlineSweep = scheduleDeadlineSweep(database.db, () => new Date(), {
    mailer,
    publicUrl: env.publicUrl,
    pushToUser: createPushToUser(database.db, pushDeps),
  })
  const stopTierJob = scheduleTierJob(database.db, () => new Date())
  const server = serve({ fetch: app.fetch, port: env.port, hostname: env.host }, (info) => {
    listeningPort = info.port
    const where = database.kind === 'pglite' ? `PGlite in ${env.dataDir}` : 'PostgreSQL'
    console.log(`Yoyaku is listening on http://localhost:${info.port} (${where})`)
  })

  server.on('error', (error: NodeJS.ErrnoException) => {
    const reason =
      error.code === 'EADDRINUSE'
        ? `port ${env.port} is already in use (set PORT to another one)`
        : error.message
    console.error(`Cannot listen: ${reason}`)
    void database.close().finally(() => process.exit(1))
  })

  let stopping = false
  const stop = (signal: string) => {
    if (stopping) return
    stopping = true
    stopSweep()
    stopOrderExpiry()
    stopDeadlineSweep()
    stopTierJob()
    console.log(`${signal}: finishing open requests, then stopping`)
    // Give in-flight requests 10 s, then stop regardless.
    const force = setTimeout(() => {
      console.error('Requests still open after 10 s; stopping anyway')
      void database.close().finally(() => process.exit(1))
    }, 10_000)
    force.unref()
    server.close(() => {
      void database.close().then(
        () => process.exit(0),
        () => process.exit(1),
      )
    })
    if ('closeIdleConnections' in server) server.closeIdleConnections()
  }
  process.on('SIGINT', () => stop('SIGINT'))
  process.on('SIGTERM', () => stop('SIGTERM'))
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

import { resolve } from 'node:path'
import * as v from 'valibot'
import { passwordSchema } from '../src/domain/account.ts'
import { DEFAULT_API_BASES, type ProviderSettings } from './services/payments/provider-settings.ts'

export interface Env {
  port: number
  host: string
  dataDir: string
  databaseUrl: string | undefined
  adminEmail: string | undefined
  adminPassword: string | undefined
  smtpUrl: string | undefined
  mailOutboxDir: string
  publicUrl: string
  staticDir: string
  /** The sender of the shop's mail. */
  mailFrom: string
  /** Behind a reverse proxy: read the client address from X-Forwarded-For. */
  trustProxy: boolean
  /** Log each request's method, path, status and time to stdout (on unless LOG_REQUESTS=0). */
  logRequests: boolean
  /** CHECK_ANSWERS=1 (tests): each success answer is checked against its published schema (http/answer-check.ts). */
  checkAnswers: boolean
  /**
   * The sandbox gateway serves every payment route that has no provider credentials (on unless
   * PAYMENTS_SANDBOX=0): `npm start` takes test payments out of the box, clearly labelled.
   */
  paymentsSandbox: boolean
  /** Stripe, SB Payment Service and PayPal: each configured by all of its credentials or not at all. */
  paymentProviders: ProviderSettings
  /** PUSH_ENDPOINT_HOSTS, comma-separated `host:port`: push services accepted besides the browsers' own. */
  pushEndpointHosts: string[]
  /** LOG_LEVEL: the least severe level written (pino's names). */
  logLevel: LogLevel
  /** LOG_FORMAT: `json` (one object a line, the default) or `pretty` for people (`npm run dev`). */
  logFormat: 'json' | 'pretty'
  /** METRICS_TOKEN: when set, /metrics needs `Authorization: Bearer <token>`; otherwise loopback only. */
  metricsToken: string | undefined
  /**
   * DRAIN_NOTICE_MS: after SIGTERM, how long the process keeps serving (ready answering 503) before it
   * closes its listener, so the proxy's health check takes it out first.
   */
  drainNoticeMs: number
  media: MediaSettings
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const
export type LogLevel = (typeof LOG_LEVELS)[number]

/** Where uploaded pictures live (deploy §1 Media): a folder every process shares, or an S3 bucket. */
export type MediaSettings = {
  /** MEDIA_PUBLIC_URL: a CDN base the media URLs point at instead of this server's /media/. */
  publicUrl: string | undefined
} & (
  | { store: 'local'; dir: string }
  | {
      store: 's3'
      endpoint: string | undefined
      region: string
      bucket: string
      accessKeyId: string
      secretAccessKey: string
    }
)

export class EnvError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'EnvError'
  }
}

const url = (protocols: string[], message: string) =>
  v.pipe(
    v.string(),
    v.check((s) => {
      try {
        return protocols.includes(new URL(s).protocol)
      } catch {
        return false
      }
    }, message),
  )

const portSchema = v.pipe(
  v.string(),
  v.regex(/^\d{1,5}$/, 'must be a port number from 0 to 65535'),
  v.transform(Number),
  v.maxValue(65535, 'must be a port number from 0 to 65535'),
)

const pushHostsSchema = v.pipe(
  v.string(),
  v.transform((text) =>
    text
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
  ),
  v.check(
    (entries) => entries.every((entry) => /^[A-Za-z0-9.-]+:\d{1,5}$/.test(entry)),
    'must be a comma-separated list of host:port',
  ),
)

/** Reads and validates the configuration once. A bad value is one clear line naming the variable. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const read = (name: string) => {
    const value = source[name]?.trim()
    return value === '' ? undefined : value
  }
  function parse<S extends v.GenericSchema<string, unknown>>(name: string, schema: S, secret = false) {
    const value = read(name)
    if (value === undefined) return undefined
    const result = v.safeParse(schema, value)
    if (result.success) return result.output as v.InferOutput<S>
    const got = secret ? '' : ` (got "${value}")`
    throw new EnvError(`Invalid configuration: ${name} ${result.issues[0].message}${got}`)
  }

  const port = parse('PORT', portSchema) ?? 8080
  const dataDir = resolve(read('DATA_DIR') ?? './data')
  const adminEmail = parse('ADMIN_EMAIL', v.pipe(v.string(), v.email('must be an e-mail address')))
  const adminPassword = parse('ADMIN_PASSWORD', passwordSchema, true)
  if (adminPassword !== undefined && adminEmail === undefined) {
    throw new EnvError('Invalid configuration: ADMIN_PASSWORD is set but ADMIN_EMAIL is not')
  }
  /**
   * A provider's settings: all of its credentials, or none (then its route uses the sandbox). Some but
   * not all is a mistake worth stopping for: the shop would silently take test payments.
   */
  function provider<K extends string>(
    label: string,
    credentials: Record<K, string>,
    baseVar: string,
    base: string,
  ) {
    const values = Object.fromEntries(
      Object.entries(credentials).map(([key, name]) => [key, read(name as string)]),
    ) as Record<K, string | undefined>
    const missing = Object.entries(credentials)
      .filter(([key]) => values[key as K] === undefined)
      .map(([, name]) => name as string)
    const apiBase = parse(baseVar, url(['http:', 'https:'], 'must be an http:// or https:// URL'))
    if (missing.length === Object.keys(credentials).length) return undefined
    if (missing.length > 0) {
      throw new EnvError(`Invalid configuration: ${label} needs ${missing.join(', ')} as well`)
    }
    return { ...(values as Record<K, string>), apiBase: (apiBase ?? base).replace(/\/+$/, '') }
  }
  const sbps = provider(
    'SB Payment Service',
    { merchantId: 'SBPS_MERCHANT_ID', serviceId: 'SBPS_SERVICE_ID', hashKey: 'SBPS_HASH_KEY' },
    'SBPS_API_BASE',
    DEFAULT_API_BASES.sbps,
  )
  if (sbps && !/^\d{5}$/.test(sbps.merchantId)) {
    throw new EnvError(`Invalid configuration: SBPS_MERCHANT_ID must be 5 digits (got "${sbps.merchantId}")`)
  }
  if (sbps && !/^\d{3}$/.test(sbps.serviceId)) {
    throw new EnvError(`Invalid configuration: SBPS_SERVICE_ID must be 3 digits (got "${sbps.serviceId}")`)
  }
  const paymentProviders: ProviderSettings = {
    stripe: provider(
      'Stripe',
      { secretKey: 'STRIPE_SECRET_KEY', webhookSecret: 'STRIPE_WEBHOOK_SECRET' },
      'STRIPE_API_BASE',
      DEFAULT_API_BASES.stripe,
    ),
    sbps,
    paypal: provider(
      'PayPal',
      { clientId: 'PAYPAL_CLIENT_ID', clientSecret: 'PAYPAL_CLIENT_SECRET', webhookId: 'PAYPAL_WEBHOOK_ID' },
      'PAYPAL_API_BASE',
      DEFAULT_API_BASES.paypal,
    ),
  }
  function mediaSettings(): MediaSettings {
    const base = parse('MEDIA_PUBLIC_URL', url(['http:', 'https:'], 'must be an http:// or https:// URL'))
    const mediaPublicUrl = base?.replace(/\/+$/, '')
    const store = parse('MEDIA_STORE', v.picklist(['local', 's3'], 'must be local or s3')) ?? 'local'
    if (store === 'local') {
      return {
        store,
        dir: resolve(read('MEDIA_DIR') ?? resolve(dataDir, 'media')),
        publicUrl: mediaPublicUrl,
      }
    }
    const required = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].filter((name) => !read(name))
    if (required.length > 0) {
      throw new EnvError(`Invalid configuration: MEDIA_STORE=s3 needs ${required.join(', ')} as well`)
    }
    return {
      store,
      endpoint: parse('S3_ENDPOINT', url(['http:', 'https:'], 'must be an http:// or https:// URL')),
      region: read('S3_REGION') ?? 'us-east-1',
      bucket: read('S3_BUCKET') as string,
      accessKeyId: read('S3_ACCESS_KEY_ID') as string,
      secretAccessKey: read('S3_SECRET_ACCESS_KEY') as string,
      publicUrl: mediaPublicUrl,
    }
  }
  const publicUrl = parse('PUBLIC_URL', url(['http:', 'https:'], 'must be an http:// or https:// URL'))
  return {
    logLevel: parse('LOG_LEVEL', v.picklist(LOG_LEVELS, `must be one of ${LOG_LEVELS.join(', ')}`)) ?? 'info',
    logFormat: parse('LOG_FORMAT', v.picklist(['json', 'pretty'], 'must be json or pretty')) ?? 'json',
    metricsToken: parse(
      'METRICS_TOKEN',
      v.pipe(v.string(), v.minLength(16, 'must be at least 16 characters')),
      true,
    ),
    drainNoticeMs:
      parse(
        'DRAIN_NOTICE_MS',
        v.pipe(v.string(), v.regex(/^\d{1,6}$/, 'must be milliseconds'), v.transform(Number)),
      ) ?? 2_000,
    media: mediaSettings(),
    port,
    host: read('HOST') ?? '0.0.0.0',
    dataDir,
    databaseUrl: parse('DATABASE_URL', url(['postgres:', 'postgresql:'], 'must be a postgres:// URL')),
    adminEmail: adminEmail?.toLowerCase(),
    adminPassword,
    smtpUrl: parse('SMTP_URL', url(['smtp:', 'smtps:'], 'must be an smtp:// or smtps:// URL')),
    mailOutboxDir: resolve(read('MAIL_OUTBOX_DIR') ?? resolve(dataDir, 'outbox')),
    publicUrl: (publicUrl ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    staticDir: resolve(read('STATIC_DIR') ?? 'dist'),
    mailFrom: read('MAIL_FROM') ?? 'Yoyaku <no-reply@yoyaku.local>',
    trustProxy: parse('TRUST_PROXY', v.picklist(['0', '1'], 'must be 0 or 1')) === '1',
    logRequests: parse('LOG_REQUESTS', v.picklist(['0', '1'], 'must be 0 or 1')) !== '0',
    checkAnswers: parse('CHECK_ANSWERS', v.picklist(['0', '1'], 'must be 0 or 1')) === '1',
    paymentsSandbox: parse('PAYMENTS_SANDBOX', v.picklist(['0', '1'], 'must be 0 or 1')) !== '0',
    paymentProviders,
    pushEndpointHosts: parse('PUSH_ENDPOINT_HOSTS', pushHostsSchema) ?? [],
  }
}

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
  /**
   * The sandbox gateway serves every payment route that has no provider credentials (on unless
   * PAYMENTS_SANDBOX=0): `npm start` takes test payments out of the box, clearly labelled.
   */
  paymentsSandbox: boolean
  /** Stripe, SB Payment Service and PayPal: each configured by all of its credentials or not at all. */
  paymentProviders: ProviderSettings
  /** PUSH_ENDPOINT_HOSTS, comma-separated `host:port`: push services accepted besides the browsers' own. */
  pushEndpointHosts: string[]
}

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
  const publicUrl = parse('PUBLIC_URL', url(['http:', 'https:'], 'must be an http:// or https:// URL'))
  return {
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
    paymentsSandbox: parse('PAYMENTS_SANDBOX', v.picklist(['0', '1'], 'must be 0 or 1')) !== '0',
    paymentProviders,
    pushEndpointHosts: parse('PUSH_ENDPOINT_HOSTS', pushHostsSchema) ?? [],
  }
}

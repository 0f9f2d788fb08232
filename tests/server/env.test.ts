import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadEnv } from '../../server/env.ts'

describe('configuration', () => {
  it('has working defaults', () => {
    const env = loadEnv({})
    expect(env).toMatchObject({
      port: 8080,
      dataDir: resolve('data'),
      databaseUrl: undefined,
      mailOutboxDir: resolve('data', 'outbox'),
      publicUrl: 'http://localhost:8080',
      mailFrom: 'Yoyaku <no-reply@yoyaku.local>',
      trustProxy: false,
      logRequests: true,
      logLevel: 'info',
      logFormat: 'json',
      metricsToken: undefined,
      drainNoticeMs: 2000,
      media: { store: 'local', dir: resolve('data', 'media'), publicUrl: undefined },
    })
  })

  it('reads every documented variable', () => {
    const env = loadEnv({
      PORT: '9000',
      DATA_DIR: '/tmp/yoyaku-x',
      DATABASE_URL: 'postgres://shop@db:5432/yoyaku',
      ADMIN_EMAIL: 'Ops@Example.com',
      ADMIN_PASSWORD: 'Str0ng!Pass',
      SMTP_URL: 'smtp://mail:25',
      MAIL_OUTBOX_DIR: '/tmp/outbox',
      PUBLIC_URL: 'https://shop.example/',
      MAIL_FROM: 'Shop <hello@shop.example>',
      TRUST_PROXY: '1',
      LOG_REQUESTS: '0',
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'pretty',
      METRICS_TOKEN: 'a-metrics-token-of-32-characters',
      DRAIN_NOTICE_MS: '5000',
      MEDIA_STORE: 's3',
      S3_ENDPOINT: 'http://minio:9000',
      S3_BUCKET: 'yoyaku-media',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      MEDIA_PUBLIC_URL: 'https://cdn.shop.example/media/',
    })
    expect(env).toMatchObject({
      port: 9000,
      dataDir: '/tmp/yoyaku-x',
      databaseUrl: 'postgres://shop@db:5432/yoyaku',
      adminEmail: 'ops@example.com',
      adminPassword: 'Str0ng!Pass',
      smtpUrl: 'smtp://mail:25',
      mailOutboxDir: '/tmp/outbox',
      publicUrl: 'https://shop.example',
      mailFrom: 'Shop <hello@shop.example>',
      trustProxy: true,
      logRequests: false,
      logLevel: 'warn',
      logFormat: 'pretty',
      metricsToken: 'a-metrics-token-of-32-characters',
      drainNoticeMs: 5000,
      media: {
        store: 's3',
        endpoint: 'http://minio:9000',
        region: 'us-east-1',
        bucket: 'yoyaku-media',
        accessKeyId: 'key',
        secretAccessKey: 'secret',
        publicUrl: 'https://cdn.shop.example/media',
      },
    })
  })

  it.each([
    [{ PORT: 'eighty' }, 'Invalid configuration: PORT must be a port number from 0 to 65535 (got "eighty")'],
    [{ PORT: '70000' }, 'Invalid configuration: PORT must be a port number from 0 to 65535 (got "70000")'],
    [
      { DATABASE_URL: 'mysql://x' },
      'Invalid configuration: DATABASE_URL must be a postgres:// URL (got "mysql://x")',
    ],
    [
      { SMTP_URL: 'mail.example' },
      'Invalid configuration: SMTP_URL must be an smtp:// or smtps:// URL (got "mail.example")',
    ],
    [
      { ADMIN_EMAIL: 'not-an-email' },
      'Invalid configuration: ADMIN_EMAIL must be an e-mail address (got "not-an-email")',
    ],
    [{ TRUST_PROXY: 'yes' }, 'Invalid configuration: TRUST_PROXY must be 0 or 1 (got "yes")'],
    [{ LOG_REQUESTS: 'off' }, 'Invalid configuration: LOG_REQUESTS must be 0 or 1 (got "off")'],
    [
      { LOG_LEVEL: 'loud' },
      'Invalid configuration: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")',
    ],
    [{ METRICS_TOKEN: 'short' }, 'Invalid configuration: METRICS_TOKEN must be at least 16 characters'],
    [
      { MEDIA_STORE: 's3', S3_BUCKET: 'b' },
      'Invalid configuration: MEDIA_STORE=s3 needs S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY as well',
    ],
    [
      { ADMIN_PASSWORD: 'Str0ng!Pass' },
      'Invalid configuration: ADMIN_PASSWORD is set but ADMIN_EMAIL is not',
    ],
  ])('rejects %o with one clear line', (source, message) => {
    expect(() => loadEnv(source)).toThrow(message)
  })

  it('never echoes a rejected password', () => {
    expect(() => loadEnv({ ADMIN_EMAIL: 'a@b.co', ADMIN_PASSWORD: 'weakpassword' })).toThrow(
      /^Invalid configuration: ADMIN_PASSWORD must be 8–16 characters[^"]*$/,
    )
  })

  it('reads PUSH_ENDPOINT_HOSTS as host:port entries, none by default, and refuses anything else', () => {
    expect(loadEnv({}).pushEndpointHosts).toEqual([])
    expect(loadEnv({ PUSH_ENDPOINT_HOSTS: ' 127.0.0.1:8443, push.test:443 ,' }).pushEndpointHosts).toEqual([
      '127.0.0.1:8443',
      'push.test:443',
    ])
    for (const value of ['https://push.test:443', 'push.test', '127.0.0.1:8443/push']) {
      expect(() => loadEnv({ PUSH_ENDPOINT_HOSTS: value })).toThrow(
        /^Invalid configuration: PUSH_ENDPOINT_HOSTS must be a comma-separated list of host:port/,
      )
    }
  })

  it('configures no payment provider by default: every route uses the sandbox', () => {
    expect(loadEnv({}).paymentProviders).toEqual({ stripe: undefined, sbps: undefined, paypal: undefined })
  })

  it('configures each provider from all of its credentials, on its production host unless told', () => {
    const { paymentProviders } = loadEnv({
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      SBPS_MERCHANT_ID: '30132',
      SBPS_SERVICE_ID: '002',
      SBPS_HASH_KEY: 'hashkey',
      SBPS_API_BASE: 'https://stbfep.sps-system.com/',
      PAYPAL_CLIENT_ID: 'client',
      PAYPAL_CLIENT_SECRET: 'secret',
      PAYPAL_WEBHOOK_ID: 'WH-1',
      PAYPAL_API_BASE: 'http://127.0.0.1:12112',
    })
    expect(paymentProviders).toEqual({
      stripe: { secretKey: 'sk_live_x', webhookSecret: 'whsec_x', apiBase: 'https://api.stripe.com' },
      sbps: {
        merchantId: '30132',
        serviceId: '002',
        hashKey: 'hashkey',
        apiBase: 'https://stbfep.sps-system.com',
      },
      paypal: {
        clientId: 'client',
        clientSecret: 'secret',
        webhookId: 'WH-1',
        apiBase: 'http://127.0.0.1:12112',
      },
    })
  })

  it('refuses a provider with only some of its credentials, naming the missing ones', () => {
    expect(() => loadEnv({ STRIPE_SECRET_KEY: 'sk_live_x' })).toThrow(
      'Invalid configuration: Stripe needs STRIPE_WEBHOOK_SECRET as well',
    )
    expect(() => loadEnv({ PAYPAL_WEBHOOK_ID: 'WH-1' })).toThrow(
      'Invalid configuration: PayPal needs PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET as well',
    )
    expect(() => loadEnv({ SBPS_MERCHANT_ID: '3013', SBPS_SERVICE_ID: '002', SBPS_HASH_KEY: 'k' })).toThrow(
      'Invalid configuration: SBPS_MERCHANT_ID must be 5 digits (got "3013")',
    )
    expect(() => loadEnv({ STRIPE_API_BASE: 'ftp://x' })).toThrow(
      'Invalid configuration: STRIPE_API_BASE must be an http:// or https:// URL (got "ftp://x")',
    )
  })
})

import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { configureLogging } from '../../server/observability/log.ts'
import type { Envelope } from '../../src/domain/result-code.ts'
import { TEST_PASSWORD } from './support/accounts.ts'
import { signedInAccount } from './support/catalog-fixture.ts'
import { insertWaitPayOrder, orderPay, pressSandbox } from './support/order-fixture.ts'
import { latestCodeFor } from './support/outbox.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'
import { engines } from './support/test-database.ts'

/** Every log line the app writes while a test runs, parsed (each must be one JSON object). */
let lines: string[] = []
const parsedLines = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>)

beforeEach(() => {
  lines = []
  configureLogging({
    level: 'info',
    format: 'json',
    destination: { write: (chunk: string) => void lines.push(...chunk.split('\n').filter(Boolean)) },
  })
})
afterEach(() => {
  configureLogging({ level: 'silent', format: 'json' })
})

const ADDRESS = {
  firstName: 'Hanako',
  lastName: 'Yamada',
  telephone: '+1 (212) 555-0199',
  shopNameEn: 'Shop',
  postCode: '10001',
  country: '美国',
  address: '350 Secret Keeper Avenue',
}

describe.each(engines)('logs, request ids, metrics and readiness on %s', (engine) => {
  let t: TestApp
  let draining = false

  beforeAll(async () => {
    t = await createTestApp(engine, { listen: true, deps: { logRequests: true, draining: () => draining } })
  })
  afterAll(async () => {
    await t.close()
  })

  it('writes one JSON line per request with its id, route pattern, status, time and user', async () => {
    const shopper = await signedInAccount(t, 'log-line@example.com')
    lines = []
    const sent = await t.app.request('/api/mall/product/details/999999?language=en', {
      headers: { token: shopper.token, 'x-request-id': 'trace-abc-123' },
    })
    expect(sent.headers.get('x-request-id')).toBe('trace-abc-123')
    const line = parsedLines().find((entry) => entry.reqId === 'trace-abc-123')
    expect(line).toMatchObject({
      level: 'info',
      msg: 'request',
      method: 'GET',
      route: '/api/mall/product/details/:id',
      status: sent.status,
      userId: shopper.userId,
    })
    expect(typeof line?.time).toBe('string')
    expect(typeof line?.ms).toBe('number')
  })

  it('makes a request id when none is sent or the one sent is not sane, and echoes it', async () => {
    const made = await t.app.request('/api/health')
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
    const insane = await t.app.request('/api/health', { headers: { 'x-request-id': 'a b\u0007<script>' } })
    const echoed = insane.headers.get('x-request-id')
    expect(echoed).toMatch(/^[0-9a-f-]{36}$/)
    expect(parsedLines().some((entry) => entry.reqId === echoed)).toBe(true)
  })

  it('never logs a password, token, code or address: sign-up, login, address save and a payment', async () => {
    const email = 'secret-keeper@example.com'
    const shopper = await signedInAccount(t, email)
    const code = await latestCodeFor(t.outboxDir, email)
    const login = await t.sendJson<Envelope<unknown>>(
      'POST',
      '/api/mall/user/login',
      { username: email, password: TEST_PASSWORD },
      { 'x-forwarded-for': 'client-log-login' },
    )
    expect(login.body.code).toBe(200)
    const loginToken = login.headers.get('token') ?? ''
    const saved = await t.sendJson<Envelope<unknown>>('POST', '/api/mall/address/save', ADDRESS, {
      token: loginToken,
    })
    expect(saved.body.msg).toBe('success')
    const book = await t.getJson<Envelope<{ id: number }[]>>('/api/mall/address/list', { token: loginToken })
    const addressId = book.body.data[0]?.id
    const { orderId } = await insertWaitPayOrder(t.db, { userId: shopper.userId, deposit: 2500 })
    const pay = await orderPay(t, loginToken, { orderId, addressId })
    const paymentId = pay.body.data?.paymentId ?? ''
    expect(paymentId).not.toBe('')
    const pressed = await pressSandbox(t, paymentId, 'paid')
    expect(pressed.status).toBeLessThan(400)
    // The sandbox's webhook arrives over HTTP: wait for its request line.
    await expect
      .poll(() => parsedLines().some((entry) => String(entry.route).includes('/pay/webhook/')), {
        timeout: 5000,
      })
      .toBe(true)

    const log = lines.join('\n')
    expect(parsedLines().length).toBeGreaterThan(6)
    for (const secret of [
      TEST_PASSWORD,
      shopper.token,
      loginToken,
      code,
      ADDRESS.address,
      ADDRESS.telephone,
      ADDRESS.lastName,
      email,
    ]) {
      expect(log).not.toContain(secret)
    }
  })

  it('counts requests by route pattern in /metrics, which answers only to this machine or the token', async () => {
    await t.app.request('/api/mall/product/details/123?language=en')
    const metrics = await fetch(`${t.baseUrl}/metrics`)
    expect(metrics.status).toBe(200)
    const text = await metrics.text()
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/mall\/product\/details\/:id",status="\d+"\} \d+/,
    )
    expect(text).toContain('yoyaku_payments_total{gateway="sandbox",outcome="succeeded"}')
    expect(text).toContain('process_cpu_user_seconds_total')
    // Through a proxy (X-Forwarded-For), loopback is not enough.
    const proxied = await fetch(`${t.baseUrl}/metrics`, { headers: { 'x-forwarded-for': '203.0.113.9' } })
    expect(proxied.status).toBe(401)
    // In-process requests have no loopback peer.
    expect((await t.app.request('/metrics')).status).toBe(401)
  })

  it('answers /api/ready 200 when migrated and 503 while draining', async () => {
    const ready = await t.getJson<Envelope<{ status: string }>>('/api/ready')
    expect(ready.status).toBe(200)
    expect(ready.body.data.status).toBe('ready')
    draining = true
    try {
      const stopping = await t.getJson<Envelope<{ status: string }>>('/api/ready')
      expect(stopping.status).toBe(503)
      expect(stopping.body.data.status).toBe('draining')
      // Still serving while the proxy notices, each answer closing its connection.
      const served = await t.app.request('/api/health')
      expect(served.status).toBe(200)
      expect(served.headers.get('connection')).toBe('close')
    } finally {
      draining = false
    }
  })
})

describe('/metrics with METRICS_TOKEN', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp('pglite', { listen: true, deps: { metricsToken: 'metrics-token-0123456789' } })
  })
  afterAll(async () => {
    await t.close()
  })

  it('needs the bearer token, even from this machine', async () => {
    expect((await fetch(`${t.baseUrl}/metrics`)).status).toBe(401)
    const wrong = await fetch(`${t.baseUrl}/metrics`, { headers: { authorization: 'Bearer nope' } })
    expect(wrong.status).toBe(401)
    const right = await t.app.request('/metrics', {
      headers: { authorization: 'Bearer metrics-token-0123456789' },
    })
    expect(right.status).toBe(200)
    expect(right.headers.get('content-type')).toContain('text/plain')
  })
})

import { createPublicKey, verify } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import webpush from 'web-push'
import { freePort } from '../../scripts/cluster/free-port.ts'
import { pushSubscriptions } from '../../server/db/schema.ts'
import type { PushMessage } from '../../server/services/push/push-types.ts'
import {
  createPushToUser,
  DEFAULT_RETRY_MS,
  loadVapidKeys,
  type SendNotification,
} from '../../server/services/push/send-push.ts'
import { signedInAccount } from './support/catalog-fixture.ts'
import { type BrowserKeys, browserKeys, type PushService, startPushService } from './support/push-service.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'
import { engines } from './support/test-database.ts'

const payload = {
  web_push: 8030,
  notification: {
    title: '尾款即将到期',
    body: '订单 12 的尾款请在 3 天内支付',
    navigate: 'https://shop.test/order',
  },
}
const message: PushMessage = {
  payload: JSON.stringify(payload),
  ttlSeconds: 3 * 86_400,
  topic: 'balanceDueSoon-12',
  urgency: 'high',
}

/** Checks an ES256 JWT's signature with the raw P-256 public key it claims, and returns its parts. */
function verifiedJwt(jwt: string, publicKey: string) {
  const [header, claims, signature] = jwt.split('.') as [string, string, string]
  const point = Buffer.from(publicKey, 'base64url')
  const key = createPublicKey({
    format: 'jwk',
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
  })
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  )
  const decode = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as unknown
  return {
    signed,
    header: decode(header),
    claims: decode(claims) as { aud: string; sub: string; exp: number },
  }
}

describe.each(engines)('sending Web Push through a local push service on %s', (engine) => {
  let t: TestApp
  let service: PushService
  let ada: { token: string; userId: number }
  let closedPort: number

  beforeAll(async () => {
    service = await startPushService()
    closedPort = await freePort()
    t = await createTestApp(engine, {
      push: { endpointHosts: [service.hostPort, `127.0.0.1:${closedPort}`], trustedCa: service.caPem },
    })
    ada = await signedInAccount(t, 'sender-ada@example.com')
  })
  afterAll(async () => {
    await t?.close()
    await service?.close()
  })
  beforeEach(async () => {
    service.respondWith(201)
    service.requests.length = 0
    await t.db.delete(pushSubscriptions)
  })

  // The test clock runs on with the real one: each send gets one instant, the assertions the same.
  const pushToAda = (at: Date = t.clock.now) => createPushToUser(t.db, t.push)(ada.userId, message, at)
  const subscribe = async (endpoint: string, keys: BrowserKeys = browserKeys()) => {
    const answer = await t.sendJson(
      'POST',
      '/api/mall/push/subscribe',
      { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } },
      { token: ada.token },
    )
    expect(answer.status).toBe(200)
    return keys
  }
  const rowOf = async (endpoint: string) => {
    const [row] = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint))
    return row
  }

  it('delivers the payload encrypted for the browser, with TTL, urgency, topic and a VAPID signature', async () => {
    const endpoint = service.endpointFor('ada-phone')
    const keys = await subscribe(endpoint)

    const at = t.clock.now
    const outcome = await pushToAda(at)
    expect(outcome).toEqual({ subscriptions: 1, sent: 1, removed: 0, retryLater: 0, failed: 0 })
    expect(service.requests).toHaveLength(1)
    const [request] = service.requests
    if (!request) throw new Error('no request')
    expect(request.name).toBe('ada-phone')
    expect(request.headers).toMatchObject({
      ttl: String(3 * 86_400),
      urgency: 'high',
      topic: 'balanceDueSoon-12',
      'content-encoding': 'aes128gcm',
    })
    expect(JSON.parse(keys.decrypt(request.body))).toEqual(payload)

    const { publicKey } = await loadVapidKeys(t.db)
    const vapid = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(request.headers.authorization ?? '')
    expect(vapid?.[2]).toBe(publicKey)
    const jwt = verifiedJwt(vapid?.[1] ?? '', publicKey)
    expect(jwt.signed).toBe(true)
    expect(jwt.header).toEqual({ typ: 'JWT', alg: 'ES256' })
    expect(jwt.claims.aud).toBe(service.url)
    expect(jwt.claims.sub).toBe(t.push.subject)
    // The push service checks the token against the real time: at most 24 h ahead (RFC 8292).
    const nowSeconds = Date.now() / 1000
    expect(jwt.claims.exp).toBeGreaterThan(nowSeconds)
    expect(jwt.claims.exp).toBeLessThanOrEqual(nowSeconds + 86_400)

    expect((await rowOf(endpoint))?.lastSentAt).toEqual(at)
  })

  it('sends to every subscription of the shopper and none of anyone else’s', async () => {
    const phone = await subscribe(service.endpointFor('ada-phone'))
    const laptop = await subscribe(service.endpointFor('ada-laptop'))
    const bob = await signedInAccount(t, `sender-bob-${engine}@example.com`)
    await t.sendJson(
      'POST',
      '/api/mall/push/subscribe',
      { endpoint: service.endpointFor('bob-phone'), keys: browserKeys() },
      { token: bob.token },
    )
    expect(await pushToAda()).toMatchObject({ subscriptions: 2, sent: 2 })
    const received = new Map(service.requests.map((request) => [request.name, request.body]))
    expect([...received.keys()].sort()).toEqual(['ada-laptop', 'ada-phone'])
    expect(phone.decrypt(received.get('ada-phone') as Buffer)).toBe(message.payload)
    expect(laptop.decrypt(received.get('ada-laptop') as Buffer)).toBe(message.payload)
  })

  it('answers nothing to send to for a shopper without subscriptions', async () => {
    expect(await pushToAda()).toEqual({ subscriptions: 0, sent: 0, removed: 0, retryLater: 0, failed: 0 })
    expect(service.requests).toHaveLength(0)
  })

  it.each([410, 404])('deletes a subscription its push service answers %i for', async (status) => {
    const endpoint = service.endpointFor('gone')
    await subscribe(endpoint)
    service.respondWith(status)
    expect(await pushToAda()).toMatchObject({ subscriptions: 1, removed: 1, sent: 0 })
    expect(await rowOf(endpoint)).toBeUndefined()
  })

  it('keeps a subscription answered 429 with Retry-After, leaves it alone until then, and tries again after', async () => {
    const endpoint = service.endpointFor('busy')
    await subscribe(endpoint)
    service.respondWith(429, { 'Retry-After': '120' })
    const askedAt = t.clock.now
    expect(await pushToAda(askedAt)).toMatchObject({ retryLater: 1, sent: 0 })
    expect((await rowOf(endpoint))?.retryAfter).toEqual(new Date(askedAt.getTime() + 120_000))

    service.respondWith(201)
    t.clock.advance(60_000)
    expect(await pushToAda()).toMatchObject({ subscriptions: 1, retryLater: 1, sent: 0 })
    expect(service.requests).toHaveLength(1)

    t.clock.advance(61_000)
    const retriedAt = t.clock.now
    expect(await pushToAda(retriedAt)).toMatchObject({ sent: 1, retryLater: 0 })
    expect(service.requests).toHaveLength(2)
    expect(await rowOf(endpoint)).toMatchObject({ retryAfter: null, lastSentAt: retriedAt })
  })

  it('keeps a subscription answered 500 and waits 10 minutes when the service does not say', async () => {
    const endpoint = service.endpointFor('broken')
    await subscribe(endpoint)
    service.respondWith(500)
    const askedAt = t.clock.now
    expect(await pushToAda(askedAt)).toMatchObject({ retryLater: 1 })
    expect((await rowOf(endpoint))?.retryAfter).toEqual(new Date(askedAt.getTime() + DEFAULT_RETRY_MS))
    await pushToAda(new Date(askedAt.getTime() + DEFAULT_RETRY_MS - 1))
    expect(service.requests).toHaveLength(1)
    service.respondWith(201)
    expect(await pushToAda(new Date(askedAt.getTime() + DEFAULT_RETRY_MS))).toMatchObject({ sent: 1 })
  })

  it('reports another refusal as failed and keeps the subscription as it was', async () => {
    const endpoint = service.endpointFor('mismatched-key')
    await subscribe(endpoint)
    service.respondWith(403)
    expect(await pushToAda()).toMatchObject({ failed: 1, sent: 0 })
    expect(await rowOf(endpoint)).toMatchObject({ retryAfter: null, lastSentAt: null })
  })

  it('keeps a subscription whose push service cannot be reached, without failing the others', async () => {
    const unreachable = `https://127.0.0.1:${closedPort}/push/offline`
    await subscribe(unreachable)
    await subscribe(service.endpointFor('online'))
    const at = t.clock.now
    expect(await pushToAda(at)).toEqual({ subscriptions: 2, sent: 1, removed: 0, retryLater: 1, failed: 0 })
    expect((await rowOf(unreachable))?.retryAfter).toEqual(new Date(at.getTime() + DEFAULT_RETRY_MS))
  })

  it('skips an endpoint whose host is no longer allowed, sending it nothing', async () => {
    const endpoint = service.endpointFor('was-allowed')
    await subscribe(endpoint)
    const narrowed = createPushToUser(t.db, { ...t.push, endpointHosts: [] })
    expect(await narrowed(ada.userId, message, t.clock.now)).toMatchObject({ subscriptions: 1, failed: 1 })
    expect(service.requests).toHaveLength(0)
  })
})

describe.each(engines)('the push sender’s reading of answers on %s', (engine) => {
  let t: TestApp
  let ada: { token: string; userId: number }
  const endpoint = 'https://fcm.googleapis.com/fcm/send/ada'

  beforeAll(async () => {
    t = await createTestApp(engine)
    ada = await signedInAccount(t, 'answers-ada@example.com')
    const keys = browserKeys()
    await t.sendJson('POST', '/api/mall/push/subscribe', { endpoint, keys }, { token: ada.token })
  })
  afterAll(async () => {
    await t?.close()
  })
  beforeEach(async () => {
    at = t.clock.now
    await t.db.update(pushSubscriptions).set({ retryAfter: null })
  })

  let at: Date
  const sendWith = (send: SendNotification) =>
    createPushToUser(t.db, t.push, { send })(ada.userId, message, at)
  const retryAfter = async () =>
    (await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint)))[0]
      ?.retryAfter
  const refusal = (status: number, headers: Record<string, string> = {}) =>
    new webpush.WebPushError('Received unexpected response code', status, headers, '', endpoint)

  it('waits until the HTTP date a 503 gives in Retry-After', async () => {
    const until = new Date(Math.ceil(at.getTime() / 1000) * 1000 + 3_600_000)
    const outcome = await sendWith(() => Promise.reject(refusal(503, { 'retry-after': until.toUTCString() })))
    expect(outcome).toMatchObject({ retryLater: 1 })
    expect(await retryAfter()).toEqual(until)
  })

  it('retries after 10 minutes when the socket timed out', async () => {
    expect(await sendWith(() => Promise.reject(new Error('Socket timeout')))).toMatchObject({ retryLater: 1 })
    expect(await retryAfter()).toEqual(new Date(at.getTime() + DEFAULT_RETRY_MS))
  })

  it('gives up on a message the sender cannot encrypt rather than retrying it forever', async () => {
    const outcome = await sendWith(() =>
      Promise.reject(new Error('The subscription p256dh value is invalid')),
    )
    expect(outcome).toMatchObject({ failed: 1, retryLater: 0 })
    expect(await retryAfter()).toBeNull()
  })

  it('passes the message’s options and the shop’s VAPID details to the sender', async () => {
    const calls: Parameters<SendNotification>[] = []
    await sendWith(async (...call) => {
      calls.push(call)
      return { statusCode: 201, body: '', headers: {} }
    })
    const keys = await loadVapidKeys(t.db)
    expect(calls).toHaveLength(1)
    expect(calls[0]?.[0].endpoint).toBe(endpoint)
    expect(calls[0]?.[1]).toBe(message.payload)
    expect(calls[0]?.[2]).toMatchObject({
      TTL: message.ttlSeconds,
      urgency: 'high',
      topic: message.topic,
      timeout: 10_000,
      vapidDetails: { subject: t.push.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
    })
    expect(calls[0]?.[2].agent).toBeUndefined()
  })
})

import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DatabaseHandle, openDatabase } from '../../server/db/client.ts'
import { pushSubscriptions, sessions } from '../../server/db/schema.ts'
import { loadVapidKeys } from '../../server/services/push/vapid-keys.ts'
import type { VapidPublicKeyDto } from '../../src/domain/push.ts'
import type { Envelope } from '../../src/domain/result-code.ts'
import { logIn } from './support/accounts.ts'
import { signedInAccount } from './support/catalog-fixture.ts'
import { browserKeys } from './support/push-service.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'
import { engines, openTestDatabase } from './support/test-database.ts'

/** The local push service a test would run, as PUSH_ENDPOINT_HOSTS lists it. */
const LOCAL_PUSH_HOST = '127.0.0.1:8443'
const REFUSED = 'endpoint: is not a push service this shop sends to'

const fcm = (id: string) => `https://fcm.googleapis.com/fcm/send/${id}`

function subscriptionJson(endpoint: string, keys: { p256dh: string; auth: string } = browserKeys()) {
  return { endpoint, expirationTime: null, keys: { p256dh: keys.p256dh, auth: keys.auth } }
}

/** The key as the browser's applicationServerKey needs it: an uncompressed P-256 point. */
function expectP256PublicKey(publicKey: string) {
  expect(publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/)
  const point = Buffer.from(publicKey, 'base64url')
  expect(point).toHaveLength(65)
  expect(point[0]).toBe(0x04)
}

describe.each(engines)('Web Push subscriptions on %s', (engine) => {
  let t: TestApp
  let ada: { token: string; userId: number }
  let bob: { token: string; userId: number }

  beforeAll(async () => {
    t = await createTestApp(engine, { push: { endpointHosts: [LOCAL_PUSH_HOST] } })
    ada = await signedInAccount(t, 'push-ada@example.com')
    bob = await signedInAccount(t, 'push-bob@example.com')
  })
  afterAll(async () => {
    await t?.close()
  })

  const subscribe = (token: string | undefined, body: unknown) =>
    t.sendJson<Envelope<{ subscribed: boolean } | { fields: { field: string }[] } | null>>(
      'POST',
      '/api/mall/push/subscribe',
      body,
      token ? { token } : {},
    )
  const unsubscribe = (token: string, body: unknown) =>
    t.sendJson<Envelope<{ subscribed: boolean } | null>>('DELETE', '/api/mall/push/subscribe', body, {
      token,
    })
  const rowOf = async (endpoint: string) => {
    const [row] = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint))
    return row
  }
  const endpointsOf = async (userId: number) =>
    (await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)))
      .map((row) => row.endpoint)
      .sort()

  it('tells anyone the shop’s VAPID public key, the same on every call', async () => {
    const first = await t.getJson<Envelope<VapidPublicKeyDto>>('/api/mall/push/vapidPublicKey')
    expect(first.status).toBe(200)
    expectP256PublicKey(first.body.data.publicKey)
    const again = await t.getJson<Envelope<VapidPublicKeyDto>>('/api/mall/push/vapidPublicKey')
    expect(again.body.data.publicKey).toBe(first.body.data.publicKey)
    expect((await loadVapidKeys(t.db)).publicKey).toBe(first.body.data.publicKey)
  })

  it('stores a browser’s subscription for the signed-in session, keys and all', async () => {
    const keys = browserKeys()
    const endpoint = fcm('ada-laptop')
    const answer = await subscribe(ada.token, subscriptionJson(endpoint, keys))
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({ code: 200, data: { subscribed: true } })
    const row = await rowOf(endpoint)
    expect(row).toMatchObject({ userId: ada.userId, p256dh: keys.p256dh, auth: keys.auth, retryAfter: null })
    const [session] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, row?.sessionId ?? ''))
    expect(session?.userId).toBe(ada.userId)
  })

  it('refuses a caller without a session (401) and an operator (403)', async () => {
    const endpoint = fcm('nobody')
    expect((await subscribe(undefined, subscriptionJson(endpoint))).status).toBe(401)
    const operator = await signedInAccount(t, 'push-ops@example.com', { kind: 'operator' })
    expect((await subscribe(operator.token, subscriptionJson(endpoint))).status).toBe(403)
    expect(await rowOf(endpoint)).toBeUndefined()
  })

  it.each([
    ['no keys', { endpoint: fcm('a1') }, /^keys: /],
    [
      'a p256dh that is not a key',
      subscriptionJson(fcm('a2'), { p256dh: 'abc', auth: 'A'.repeat(22) }),
      /^keys\.p256dh: /,
    ],
    [
      'an auth secret with other characters',
      subscriptionJson(fcm('a3'), { p256dh: 'B'.repeat(87), auth: '+/'.repeat(11) }),
      /^keys\.auth: /,
    ],
    ['no endpoint', { keys: browserKeys() }, /^endpoint: /],
    [
      'an http:// endpoint',
      subscriptionJson('http://fcm.googleapis.com/fcm/send/a4'),
      /^endpoint: must be an https URL/,
    ],
  ])('answers 400 naming the field for %s, and stores nothing', async (_, body, message) => {
    const before = await endpointsOf(ada.userId)
    const answer = await subscribe(ada.token, body)
    expect(answer.status).toBe(400)
    expect(answer.body.msg).toMatch(message)
    expect(await endpointsOf(ada.userId)).toEqual(before)
  })

  it.each([
    ['an unknown host', 'https://collector.example/push/1'],
    ['a known push service on another port', 'https://fcm.googleapis.com:8443/fcm/send/1'],
    ['a push service’s bare domain where only its subdomains push', 'https://push.apple.com/3/device/1'],
    ['credentials in the URL', 'https://user:secret@fcm.googleapis.com/fcm/send/1'],
    ['the local push service on another port', 'https://127.0.0.1:8444/push/1'],
    ['the local push service’s port on another host', 'https://localhost:8443/push/1'],
  ])('refuses an endpoint at %s (no requests to addresses the client picks)', async (_, endpoint) => {
    const answer = await subscribe(ada.token, subscriptionJson(endpoint))
    expect(answer.status).toBe(400)
    expect(answer.body.msg).toBe(REFUSED)
    expect(answer.body.data).toEqual({ fields: [{ field: 'endpoint', message: expect.any(String) }] })
    expect(await rowOf(endpoint)).toBeUndefined()
  })

  it.each([
    ['Firefox', 'https://updates.push.services.mozilla.com/wpush/v2/gAAAA'],
    ['Safari', 'https://web.push.apple.com/QGuQyavXutnMH'],
    ['Edge', 'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA'],
    ['a host:port of PUSH_ENDPOINT_HOSTS', `https://${LOCAL_PUSH_HOST}/push/ada-test`],
  ])('accepts an endpoint of %s', async (_, endpoint) => {
    const answer = await subscribe(ada.token, subscriptionJson(endpoint))
    expect(answer.body).toMatchObject({ code: 200, data: { subscribed: true } })
    expect((await rowOf(endpoint))?.userId).toBe(ada.userId)
  })

  it('moves a browser to the account that subscribes it last, with its new keys', async () => {
    const endpoint = fcm('shared-tablet')
    await subscribe(ada.token, subscriptionJson(endpoint))
    await t.db
      .update(pushSubscriptions)
      .set({ retryAfter: new Date(t.clock.now.getTime() + 3_600_000) })
      .where(eq(pushSubscriptions.endpoint, endpoint))
    const keys = browserKeys()
    expect((await subscribe(bob.token, subscriptionJson(endpoint, keys))).body.data).toEqual({
      subscribed: true,
    })
    const rows = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      userId: bob.userId,
      p256dh: keys.p256dh,
      auth: keys.auth,
      retryAfter: null,
    })
    expect(await endpointsOf(ada.userId)).not.toContain(endpoint)
  })

  it('unsubscribes the caller’s own endpoint, leaves another’s alone, and answers a repeat the same', async () => {
    const endpoint = fcm('ada-phone')
    await subscribe(ada.token, subscriptionJson(endpoint))

    const byBob = await unsubscribe(bob.token, { endpoint })
    expect(byBob.body).toMatchObject({ code: 200, data: { subscribed: false } })
    expect((await rowOf(endpoint))?.userId).toBe(ada.userId)

    expect((await unsubscribe(ada.token, { endpoint })).body.data).toEqual({ subscribed: false })
    expect(await rowOf(endpoint)).toBeUndefined()
    expect((await unsubscribe(ada.token, { endpoint })).body.data).toEqual({ subscribed: false })
  })

  it('answers 400 for an unsubscribe without an endpoint, 401 without a session', async () => {
    const missing = await unsubscribe(ada.token, {})
    expect(missing.status).toBe(400)
    expect(missing.body.msg).toMatch(/^endpoint: /)
    const anonymous = await t.sendJson('DELETE', '/api/mall/push/subscribe', { endpoint: fcm('x') })
    expect(anonymous.status).toBe(401)
  })

  it('unsubscribes the device that logs out, not the account’s other devices', async () => {
    const cleo = await signedInAccount(t, 'push-cleo@example.com')
    const secondLogin = await logIn(t, 'push-cleo@example.com')
    const otherDevice = secondLogin.headers.get('token')
    if (!otherDevice) throw new Error('no second session')
    await subscribe(cleo.token, subscriptionJson(fcm('cleo-phone')))
    await subscribe(otherDevice, subscriptionJson(fcm('cleo-laptop')))
    expect(await endpointsOf(cleo.userId)).toEqual([fcm('cleo-laptop'), fcm('cleo-phone')])

    const exit = await t.sendJson<Envelope<null>>('POST', '/api/mall/user/exit', undefined, {
      token: cleo.token,
    })
    expect(exit.body.code).toBe(200)
    expect(await endpointsOf(cleo.userId)).toEqual([fcm('cleo-laptop')])
  })
})

describe('the VAPID key pair across restarts', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'yoyaku-vapid-'))
  afterAll(() => rmSync(scratch, { recursive: true, force: true }))

  it('is made on the first start and read back, unchanged, after a restart on PGlite', async () => {
    const dataDir = join(scratch, 'data')
    const first = await openDatabase({ kind: 'pglite', dataDir })
    const made = await loadVapidKeys(first.db)
    await first.close()
    const restarted = await openDatabase({ kind: 'pglite', dataDir })
    try {
      expect(await loadVapidKeys(restarted.db)).toEqual(made)
      expectP256PublicKey(made.publicKey)
      expect(Buffer.from(made.privateKey, 'base64url')).toHaveLength(32)
    } finally {
      await restarted.close()
    }
  })

  it.runIf(engines.includes('postgres'))(
    'is the same for servers starting at once on one PostgreSQL, and after they restart',
    async () => {
      const database = await openTestDatabase('postgres')
      const url = database.url ?? ''
      const handles: DatabaseHandle[] = []
      try {
        const servers = [database, await openDatabase({ kind: 'postgres', url })]
        handles.push(servers[1] as DatabaseHandle)
        const [one, two] = await Promise.all(servers.map((server) => loadVapidKeys(server.db)))
        expect(two).toEqual(one)
        const restarted = await openDatabase({ kind: 'postgres', url })
        handles.push(restarted)
        expect(await loadVapidKeys(restarted.db)).toEqual(one)
      } finally {
        for (const handle of handles) await handle.close()
        await database.close()
      }
    },
  )
})

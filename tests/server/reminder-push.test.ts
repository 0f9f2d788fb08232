import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pushSubscriptions, reminders } from '../../server/db/schema.ts'
import { shopDate } from '../../src/domain/dates.ts'
import { addDays } from '../../src/domain/deadlines.ts'
import type { ReminderPushPayload } from '../../src/domain/reminders.ts'
import type { Envelope } from '../../src/domain/result-code.ts'
import { logIn } from './support/accounts.ts'
import { signedInAccount } from './support/catalog-fixture.ts'
import { insertArrivedOrder } from './support/order-fixture.ts'
import { type BrowserKeys, browserKeys, type PushService, startPushService } from './support/push-service.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'
import { engines } from './support/test-database.ts'

/*
 * The reminders run from the console's call (POST /api/ops/jobs/deadlines/run) as an operator would,
 * through the real Web Push sender (web-push: VAPID, aes128gcm) to a local HTTPS push service: the
 * call's counts, and what a subscribed browser receives.
 */

const HOUR = 3_600_000
const DAY = 24 * HOUR
const TOKYO_OFFSET = 9 * HOUR

interface RunAnswer {
  ran: boolean
  reminders: { created: number; mailed: number; pushed: number }
}

describe.each(engines)('reminders pushed through a push service on %s', (engine) => {
  let service: PushService
  let t: TestApp
  let shoppers = 0

  const today = () => shopDate(t.clock.now) ?? ''
  const toNextNoon = () => {
    const sinceMidnight = (t.clock.now.getTime() + TOKYO_OFFSET) % DAY
    t.clock.advance(DAY + 12 * HOUR - sinceMidnight)
  }
  const runNow = async () => {
    const token = (await logIn(t, 'ops-push@example.com')).headers.get('token') ?? ''
    const { status, body } = await t.sendJson<Envelope<RunAnswer>>(
      'POST',
      '/api/ops/jobs/deadlines/run',
      undefined,
      {
        token,
      },
    )
    expect(status).toBe(200)
    return body.data.reminders
  }
  /** A shopper whose browser subscribed through the real call, and an overdue balance of theirs. */
  const subscribedShopperWithOverdueBalance = async (device: string) => {
    shoppers += 1
    const email = `push-${shoppers}@example.com`
    const { token, userId } = await signedInAccount(t, email, { language: 'ja' })
    const keys = browserKeys()
    const subscribed = await t.sendJson<Envelope<unknown>>(
      'POST',
      '/api/mall/push/subscribe',
      { endpoint: service.endpointFor(device), keys: { p256dh: keys.p256dh, auth: keys.auth } },
      { token },
    )
    expect(subscribed.status).toBe(200)
    const { orderId } = await insertArrivedOrder(t.db, {
      userId,
      arrivedAt: addDays(today(), -33),
      at: t.clock.now,
    })
    return { userId, orderId, keys }
  }
  const requestsTo = (device: string) => service.requests.filter((request) => request.name === device)
  const decrypted = (keys: BrowserKeys, body: Buffer) => JSON.parse(keys.decrypt(body)) as ReminderPushPayload
  const reminderOf = async (orderId: number) => {
    const [row] = await t.db.select().from(reminders).where(eq(reminders.targetId, orderId))
    return row
  }

  beforeAll(async () => {
    service = await startPushService()
    t = await createTestApp(engine, { push: { endpointHosts: [service.hostPort], trustedCa: service.caPem } })
    await signedInAccount(t, 'ops-push@example.com', { kind: 'operator' })
  })
  afterAll(async () => {
    await t?.close()
    await service?.close()
  })

  it('delivers the reminder encrypted for the browser, with its TTL, urgency, topic and VAPID signature', async () => {
    toNextNoon()
    service.respondWith(201)
    const ada = await subscribedShopperWithOverdueBalance('ada-phone')

    expect(await runNow()).toEqual({ created: 1, mailed: 1, pushed: 1 })
    const [request] = requestsTo('ada-phone')
    expect(requestsTo('ada-phone')).toHaveLength(1)
    expect(request?.headers).toMatchObject({
      urgency: 'high',
      topic: `order-${ada.orderId}`,
      'content-encoding': 'aes128gcm',
    })
    expect(request?.headers.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/)
    // Until the end of the last day before the goods are forfeited: 12 days after today, Tokyo midnight.
    const endOfLastDay = Date.parse(`${addDays(today(), 13)}T00:00:00+09:00`)
    const ttl = Number(request?.headers.ttl)
    expect(ttl).toBeLessThanOrEqual(Math.ceil((endOfLastDay - t.clock.now.getTime()) / 1000) + 60)
    expect(ttl).toBeGreaterThan(12 * 86_400)

    const payload = decrypted(ada.keys, request?.body ?? Buffer.alloc(0))
    const url = `http://shop.test/order/${ada.orderId}`
    expect(payload).toMatchObject({
      web_push: 8030,
      notification: {
        title: '残金のお支払い期限を過ぎています',
        navigate: url,
        lang: 'ja',
        tag: `order-${ada.orderId}`,
        data: { url, kind: 'balanceOverdue', targetId: ada.orderId },
      },
    })
    expect(payload.notification.body).toContain('¥7,150')
    expect(await reminderOf(ada.orderId)).toMatchObject({
      mailStatus: 'sent',
      pushStatus: 'sent',
      pushAttempts: 1,
    })

    // Again the same day: the push service hears nothing more.
    t.clock.advance(HOUR)
    expect(await runNow()).toEqual({ created: 0, mailed: 0, pushed: 0 })
    expect(requestsTo('ada-phone')).toHaveLength(1)
  })

  it('is refused to a customer with 403, sending nothing', async () => {
    toNextNoon()
    const before = service.requests.length
    const { userId } = await signedInAccount(t, 'customer-push@example.com')
    await insertArrivedOrder(t.db, { userId, arrivedAt: addDays(today(), -31), at: t.clock.now })
    const token = (await logIn(t, 'customer-push@example.com')).headers.get('token') ?? ''
    const asCustomer = await t.sendJson<Envelope<null>>('POST', '/api/ops/jobs/deadlines/run', undefined, {
      token,
    })
    expect(asCustomer.status).toBe(403)
    expect(await t.db.select().from(reminders).where(eq(reminders.userId, userId))).toEqual([])
    expect(service.requests).toHaveLength(before)
  })

  it('retries a push the service answered 429 on a later run the same day, and drops a subscription gone (410)', async () => {
    toNextNoon()
    const ada = await subscribedShopperWithOverdueBalance('busy-phone')
    const todays = async () =>
      (await t.db.select().from(reminders).where(eq(reminders.targetId, ada.orderId))).find(
        (row) => row.shopDate === today(),
      )

    service.respondWith(429, { 'Retry-After': '120' })
    await runNow()
    expect(await todays()).toMatchObject({ mailStatus: 'sent', pushStatus: 'pending', pushAttempts: 1 })
    expect(requestsTo('busy-phone')).toHaveLength(1)

    // An hour later the service takes it.
    service.respondWith(201)
    t.clock.advance(HOUR)
    expect((await runNow()).pushed).toBeGreaterThanOrEqual(1)
    expect(await todays()).toMatchObject({ mailStatus: 'sent', pushStatus: 'sent', pushAttempts: 2 })
    expect(requestsTo('busy-phone')).toHaveLength(2)
    const [first, second] = requestsTo('busy-phone').map((request) => decrypted(ada.keys, request.body))
    expect(second).toEqual(first)

    // The next day the browser has unsubscribed from the push service: its subscription is dropped.
    service.respondWith(410)
    toNextNoon()
    await runNow()
    expect(
      await t.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.endpoint, service.endpointFor('busy-phone'))),
    ).toEqual([])
    expect(await todays()).toMatchObject({ mailStatus: 'sent', pushStatus: 'failed', pushAttempts: 1 })

    // From then on the shopper is mailed only.
    toNextNoon()
    await runNow()
    expect(await todays()).toMatchObject({ mailStatus: 'sent', pushStatus: 'none', pushAttempts: 1 })
    expect(requestsTo('busy-phone')).toHaveLength(3)
  })
})

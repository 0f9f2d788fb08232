import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { alertOutbox, products, reminders } from '../../server/db/schema.ts'
import { type AlertDelivery, startAlertDelivery } from '../../server/jobs/alert-delivery.ts'
import { sendAlerts } from '../../server/services/alerts/send-alerts.ts'
import { createMailer } from '../../server/services/mail/mailer.ts'
import type { PushToUser } from '../../server/services/push/push-types.ts'
import type { ReminderDeps } from '../../server/services/reminders/deliver-reminders.ts'
import { sendReminders } from '../../server/services/reminders/send-reminders.ts'
import type { AlertDto, AlertStateDto } from '../../src/domain/alerts.ts'
import type { Page } from '../../src/domain/queries.ts'
import type { ReminderPushPayload } from '../../src/domain/reminders.ts'
import type { Envelope } from '../../src/domain/result-code.ts'
import { insertProducts, productRow, signedInAccount } from './support/catalog-fixture.ts'
import { readOutbox } from './support/outbox.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'
import { engines } from './support/test-database.ts'

const DAY = 24 * 3_600_000
const PUBLIC_URL = 'https://shop.test'
/** Product type 2: goods in hand, limited by a counted stock. */
const IN_STOCK_TYPE = 2

describe.each(engines)('product alerts on %s', (engine) => {
  let t: TestApp
  let deps: ReminderDeps
  const pushes: { userId: number; payload: ReminderPushPayload }[] = []
  let accounts = 0

  const shopper = async (language: 'zhCn' | 'ja' | 'en' = 'en') => {
    accounts += 1
    const email = `alert-${accounts}-${engine}@example.com`
    const { token, userId } = await signedInAccount(t, email, { language })
    return { token, userId, email }
  }
  const product = async (overrides: Parameters<typeof productRow>[0] = {}) => {
    const [row] = await insertProducts(t.db, [productRow({ type: IN_STOCK_TYPE, stock: 0, ...overrides })])
    if (!row) throw new Error('no product')
    return row.id
  }
  const subscribe = (token: string, productId: number) =>
    t.sendJson<Envelope<AlertStateDto>>('POST', `/api/mall/alert/subscribe/${productId}`, undefined, {
      token,
    })
  const setStock = (productId: number, stock: number) =>
    t.db.update(products).set({ stock }).where(eq(products.id, productId))
  const alertMailsTo = async (email: string) =>
    (await readOutbox(t.outboxDir)).filter(
      (mail) => mail.to.includes(email) && mail.subject.includes('Back in stock'),
    )
  const pushesTo = (userId: number) => pushes.filter((push) => push.userId === userId)

  beforeAll(async () => {
    t = await createTestApp(engine)
    const pushToUser: PushToUser = async (userId, message) => {
      pushes.push({ userId, payload: JSON.parse(message.payload) as ReminderPushPayload })
      return { subscriptions: 1, sent: 1, removed: 0, retryLater: 0, failed: 0 }
    }
    const mailer = createMailer({
      smtpUrl: undefined,
      outboxDir: t.outboxDir,
      from: 'Yoyaku <no-reply@yoyaku.test>',
    })
    deps = { mailer, publicUrl: PUBLIC_URL, pushToUser }
  })
  afterAll(async () => {
    await t.close()
  })

  it('tells a waiting shopper once when stock goes 0 → 3, and not again that day', async () => {
    const { token, userId, email } = await shopper('en')
    const productId = await product({ enProductName: 'Nendoroid Rem' })
    expect((await subscribe(token, productId)).body.data).toEqual({ subscribed: true })
    // Asking twice keeps one alert.
    expect((await subscribe(token, productId)).status).toBe(200)

    await setStock(productId, 3)
    const sentAt = t.clock.now
    const first = await sendAlerts(t.db, deps, sentAt)
    expect(first).toMatchObject({ ran: true, created: 1, mailed: 1, pushed: 1 })
    const [push] = pushesTo(userId)
    expect(push?.payload.notification).toMatchObject({
      title: 'Back in stock: you can order it now',
      navigate: `${PUBLIC_URL}/product/${productId}`,
      lang: 'en',
    })
    expect(push?.payload.notification.body).toContain('Nendoroid Rem')
    const [mail] = await alertMailsTo(email)
    expect(mail?.text).toContain(`${PUBLIC_URL}/product/${productId}`)

    // Sold out and restocked the same day: nothing more goes out.
    await setStock(productId, 0)
    await setStock(productId, 3)
    const again = await sendAlerts(t.db, deps, t.clock.now)
    expect(again).toMatchObject({ created: 0, mailed: 0, pushed: 0 })
    expect(pushesTo(userId)).toHaveLength(1)
    expect(await alertMailsTo(email)).toHaveLength(1)

    const list = await t.getJson<Envelope<Page<AlertDto>>>('/api/mall/alert/list', { token })
    expect(list.body.data.list).toHaveLength(1)
    expect(list.body.data.list[0]).toMatchObject({ productId, lastSentAt: sentAt.toISOString() })

    // The next day a restock is news again.
    t.clock.advance(DAY)
    await setStock(productId, 0)
    await setStock(productId, 5)
    expect(await sendAlerts(t.db, deps, t.clock.now)).toMatchObject({ created: 1, mailed: 1, pushed: 1 })
    expect(pushesTo(userId)).toHaveLength(2)
  })

  it('sends nothing to a disabled account', async () => {
    const { token, userId, email } = await shopper()
    const productId = await product()
    await subscribe(token, productId)
    await t.db.execute(sql`update users set disabled = true where id = ${userId}`)
    await setStock(productId, 2)
    expect(await sendAlerts(t.db, deps, t.clock.now)).toMatchObject({ created: 0, mailed: 0, pushed: 0 })
    expect(pushesTo(userId)).toHaveLength(0)
    expect(await alertMailsTo(email)).toHaveLength(0)
  })

  it('writes to the outbox only when someone waits and the change can open the product', async () => {
    const watched = await product()
    const unwatched = await product()
    const { token } = await shopper()
    await subscribe(token, watched)
    const pending = () => t.db.select().from(alertOutbox).where(eq(alertOutbox.productId, watched))
    await sendAlerts(t.db, deps, t.clock.now)
    const before = (await pending()).length
    await setStock(unwatched, 4)
    await t.db.update(products).set({ productName: '改名' }).where(eq(products.id, watched))
    expect(await pending()).toHaveLength(before)
    expect(await t.db.select().from(alertOutbox).where(eq(alertOutbox.productId, unwatched))).toHaveLength(0)
    await setStock(watched, 1)
    expect(await pending()).toHaveLength(before + 1)
  })

  it('tells the shopper in their language when a product is put on sale, or its JAN is released again', async () => {
    const { token, userId } = await shopper('ja')
    const offSale = await product({ type: 1, status: 2, jpProductName: '予約フィギュア' })
    await subscribe(token, offSale)
    await t.db.update(products).set({ status: 1 }).where(eq(products.id, offSale))
    await sendAlerts(t.db, deps, t.clock.now)
    expect(pushesTo(userId).at(-1)?.payload.notification).toMatchObject({
      title: '入荷のお知らせ：ご注文いただけます',
      lang: 'ja',
    })

    const soldOut = await product({ janCode: '4580590171234' })
    await subscribe(token, soldOut)
    const rerelease = await insertProducts(t.db, [productRow({ type: 1, janCode: '4580590171234' })])
    await sendAlerts(t.db, deps, t.clock.now)
    expect(pushesTo(userId).at(-1)?.payload.notification.data.url).toBe(
      `${PUBLIC_URL}/product/${rerelease[0]?.id}`,
    )
  })

  it('leaves a product that sold out again before delivery unsent', async () => {
    const { token, userId } = await shopper()
    const productId = await product()
    await subscribe(token, productId)
    await setStock(productId, 1)
    await setStock(productId, 0)
    expect(await sendAlerts(t.db, deps, t.clock.now)).toMatchObject({ created: 0 })
    expect(pushesTo(userId)).toHaveLength(0)
  })

  it('delivers on the outbox notice after commit, and the hourly reminders do not close it', async () => {
    const { token, userId } = await shopper()
    const productId = await product()
    await subscribe(token, productId)
    const delivery: AlertDelivery = await startAlertDelivery(t.db, () => t.clock.now, deps)
    try {
      await delivery.idle()
      await setStock(productId, 2)
      for (let waited = 0; pushesTo(userId).length === 0 && waited < 10_000; waited += 50) {
        await new Promise((resolve) => setTimeout(resolve, 50))
        await delivery.idle()
      }
      expect(pushesTo(userId)).toHaveLength(1)
      await sendReminders(t.db, deps, t.clock.now)
      const [row] = await t.db.select().from(reminders).where(eq(reminders.userId, userId))
      expect(row).toMatchObject({
        kind: 'productAvailable',
        targetId: productId,
        mailStatus: 'sent',
        pushStatus: 'sent',
      })
    } finally {
      await delivery.stop()
    }
  })

  it('favouriting an unavailable product watches it; turning the alert off stops it', async () => {
    const { token } = await shopper()
    const productId = await product()
    const available = await product({ stock: 5 })
    await t.sendJson('POST', `/api/mall/collect/collectOrDelete/${productId}?collect=true`, undefined, {
      token,
    })
    await t.sendJson('POST', `/api/mall/collect/collectOrDelete/${available}?collect=true`, undefined, {
      token,
    })
    const state = (id: number) => t.getJson<Envelope<AlertStateDto>>(`/api/mall/alert/state/${id}`, { token })
    expect((await state(productId)).body.data).toEqual({ subscribed: true })
    expect((await state(available)).body.data).toEqual({ subscribed: false })
    const off = await t.sendJson<Envelope<AlertStateDto>>(
      'DELETE',
      `/api/mall/alert/${productId}`,
      undefined,
      { token },
    )
    expect(off.body.data).toEqual({ subscribed: false })
    expect((await state(productId)).body.data).toEqual({ subscribed: false })
  })

  it('refuses a visitor with 401, an unknown product with 404 and a bad id with 400', async () => {
    const productId = await product()
    expect((await t.sendJson('POST', `/api/mall/alert/subscribe/${productId}`)).status).toBe(401)
    expect((await t.getJson('/api/mall/alert/list')).status).toBe(401)
    const { token } = await shopper()
    const unknown = await subscribe(token, 999_999)
    expect(unknown.body).toMatchObject({ code: 404, data: null })
    const bad = await t.sendJson<Envelope<unknown>>('POST', '/api/mall/alert/subscribe/abc', undefined, {
      token,
    })
    expect(bad.status).toBe(400)
    expect(JSON.stringify(bad.body)).toContain('productId')
  })

  it('shows operators how many shoppers wait for a product', async () => {
    const productId = await product()
    for (let k = 0; k < 2; k += 1) await subscribe((await shopper()).token, productId)
    const { token } = await signedInAccount(t, `alert-op-${engine}@example.com`, { kind: 'operator' })
    const answer = await t.getJson<Envelope<{ subscribers: number }>>(
      `/api/ops/products/${productId}/alerts`,
      {
        token,
      },
    )
    expect(answer.body.data).toEqual({ subscribers: 2 })
  })
})

import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { extraFees, orders, reminders, users } from '../../server/db/schema.ts'
import { sweepDeadlines } from '../../server/services/deadlines/deadline-sweep.ts'
import { createMailer, type Mailer } from '../../server/services/mail/mailer.ts'
import type { PushMessage, PushOutcome, PushToUser } from '../../server/services/push/push-types.ts'
import { type ReminderDeps, sendReminders } from '../../server/services/reminders/send-reminders.ts'
import { shopDate } from '../../src/domain/dates.ts'
import { addDays } from '../../src/domain/deadlines.ts'
import type { Language } from '../../src/domain/language.ts'
import type { ReminderKind, ReminderPushPayload } from '../../src/domain/reminders.ts'
import { captureLog } from './support/captured-log.ts'
import { signedInAccount } from './support/catalog-fixture.ts'
import { insertArrivedOrder } from './support/order-fixture.ts'
import { readOutbox, type SentMail } from './support/outbox.ts'
import { insertPackedPackage } from './support/package-fixture.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'
import { engines } from './support/test-database.ts'

const HOUR = 3_600_000
const DAY = 24 * HOUR
const TOKYO_OFFSET = 9 * HOUR
const PUBLIC_URL = 'https://shop.test'

/** What a shopper reads as each reminder's title (and mail subject) when it is due soon or overdue. */
const TITLES: Record<Language, Record<ReminderKind, string>> = {
  zhCn: {
    balanceDueSoon: '尾款即将到期',
    balanceOverdue: '尾款已逾期',
    packagingDueSoon: '请尽快申请打包',
    packagingOverdue: '打包申请已逾期',
    shippingFeeDue: '包裹运费待支付',
    extraFeeDue: '追加费用即将到期',
    productAvailable: '到货提醒：现在可以下单了',
  },
  ja: {
    balanceDueSoon: '残金のお支払い期限が近づいています',
    balanceOverdue: '残金のお支払い期限を過ぎています',
    packagingDueSoon: '梱包のご依頼をお願いします',
    packagingOverdue: '梱包依頼の期限を過ぎています',
    shippingFeeDue: '送料のお支払いをお願いします',
    extraFeeDue: '追加費用のお支払い期限が近づいています',
    productAvailable: '入荷のお知らせ：ご注文いただけます',
  },
  en: {
    balanceDueSoon: 'Balance due soon',
    balanceOverdue: 'Balance overdue',
    packagingDueSoon: 'Request packaging soon',
    packagingOverdue: 'Packaging request overdue',
    shippingFeeDue: 'Shipping fee due',
    extraFeeDue: 'Extra fee due soon',
    productAvailable: 'Back in stock: you can order it now',
  },
}
const SUBJECT: Record<Language, (title: string) => string> = {
  zhCn: (title) => `【Yoyaku】${title}`,
  ja: (title) => `【Yoyaku】${title}`,
  en: (title) => `Yoyaku: ${title}`,
}
const LANG_TAG: Record<Language, string> = { zhCn: 'zh-CN', ja: 'ja', en: 'en' }

interface PushCall {
  userId: number
  message: PushMessage
  payload: ReminderPushPayload
  now: Date
}

/** Seconds from `now` to the end of shop day `lastDay` (Tokyo midnight). */
const secondsUntilEndOf = (lastDay: string, now: Date) =>
  Math.floor((Date.parse(`${addDays(lastDay, 1)}T00:00:00+09:00`) - now.getTime()) / 1000)

const SENT: PushOutcome = { subscriptions: 1, sent: 1, removed: 0, retryLater: 0, failed: 0 }
const WAIT: PushOutcome = { subscriptions: 1, sent: 0, removed: 0, retryLater: 1, failed: 0 }

/** A PushToUser that records each message and answers per shopper from a queue (one subscription taking it by default). */
function recordingPush() {
  const calls: PushCall[] = []
  const outcomes = new Map<number, PushOutcome[]>()
  const pushToUser: PushToUser = async (userId, message, now) => {
    calls.push({ userId, message, now, payload: JSON.parse(message.payload) as ReminderPushPayload })
    return outcomes.get(userId)?.shift() ?? SENT
  }
  return {
    calls,
    outcomes,
    pushToUser,
    of: (userId: number) => calls.filter((call) => call.userId === userId),
  }
}

/** The reminder mails in the outbox (not the sign-up codes). */
const isReminderMail = (mail: SentMail) => /^(【Yoyaku】|Yoyaku: )/.test(mail.subject)

describe.each(engines)('reminders by mail and push on %s', (engine) => {
  let t: TestApp
  let push: ReturnType<typeof recordingPush>
  let deps: ReminderDeps
  /** Addresses whose mail the shop's mail server refuses. */
  const refusing = new Set<string>()
  let shoppers = 0

  const today = () => shopDate(t.clock.now) ?? ''
  const day = (n: number) => addDays(today(), n)
  /** Noon of the next shop day: each test starts on a day of its own. */
  const toNextNoon = () => {
    const sinceMidnight = (t.clock.now.getTime() + TOKYO_OFFSET) % DAY
    t.clock.advance(DAY + 12 * HOUR - sinceMidnight)
  }
  /** The sweep, then the reminders: the hourly job's order. */
  const run = async () => {
    await sweepDeadlines(t.db, t.clock.now)
    return sendReminders(t.db, deps, t.clock.now)
  }
  const shopper = async (language: Language) => {
    shoppers += 1
    const email = `shopper-${shoppers}-${language.toLowerCase()}@example.com`
    const { userId } = await signedInAccount(t, email, { language })
    return { userId, email, language }
  }
  const mailsTo = async (email: string) =>
    (await readOutbox(t.outboxDir)).filter((mail) => mail.to.includes(email) && isReminderMail(mail))
  const rowsOf = (userId: number) =>
    t.db.select().from(reminders).where(eq(reminders.userId, userId)).orderBy(asc(reminders.id))
  const inArrival = (userId: number, arrivedAt: string) =>
    insertArrivedOrder(t.db, { userId, arrivedAt, at: t.clock.now })
  const inFinalPay = (userId: number, arrivedAt: string) =>
    insertArrivedOrder(t.db, { userId, arrivedAt, status: 6, at: t.clock.now })
  const extraFee = async (
    userId: number,
    fee: { amount: number; dueDate: string | null; status?: number },
  ) => {
    const [row] = await t.db
      .insert(extraFees)
      .values({
        userId,
        type: 2,
        status: fee.status ?? 1,
        amount: fee.amount,
        remark: 'customs duty',
        dueDate: fee.dueDate,
        createdAt: t.clock.now,
        updatedAt: t.clock.now,
      })
      .returning({ id: extraFees.id })
    if (!row) throw new Error('no fee')
    return row.id
  }

  beforeAll(async () => {
    t = await createTestApp(engine)
    push = recordingPush()
    const outbox = createMailer({
      smtpUrl: undefined,
      outboxDir: t.outboxDir,
      from: 'Yoyaku <no-reply@yoyaku.test>',
    })
    const mailer: Mailer = {
      destination: outbox.destination,
      async send(message) {
        if (refusing.has(message.to)) throw new Error('550 mailbox unavailable')
        await outbox.send(message)
      },
    }
    deps = { mailer, publicUrl: PUBLIC_URL, pushToUser: push.pushToUser }
  })
  afterAll(async () => {
    await t?.close()
  })

  it('sends each of the six kinds once per target and day, by mail and push, in the shopper’s language', async () => {
    toNextNoon()
    const everyone = await Promise.all((['zhCn', 'ja', 'en'] as const).map((language) => shopper(language)))
    const targets = []
    for (const who of everyone) {
      const balanceSoon = await inArrival(who.userId, day(-28))
      const balanceLate = await inArrival(who.userId, day(-33))
      const packagingSoon = await inFinalPay(who.userId, day(-43))
      const packagingLate = await inFinalPay(who.userId, day(-50))
      const box = await insertPackedPackage(t.db, { userId: who.userId, packedOn: day(-5) })
      const feeId = await extraFee(who.userId, { amount: 1_234, dueDate: day(1) })
      targets.push({
        who,
        // What each reminder must say, where it leads, and the last day its push is worth keeping.
        expected: [
          {
            kind: 'balanceDueSoon',
            targetId: balanceSoon.orderId,
            path: `/order/${balanceSoon.orderId}`,
            tag: `order-${balanceSoon.orderId}`,
            says: ['¥7,000', day(2)],
            lastDay: day(2),
            urgency: 'normal',
          },
          {
            kind: 'balanceOverdue',
            targetId: balanceLate.orderId,
            path: `/order/${balanceLate.orderId}`,
            tag: `order-${balanceLate.orderId}`,
            // ¥7,000 owed + 3 late days × 0.5 % of ¥10,000
            says: ['¥7,150', day(-3), day(12)],
            lastDay: day(12),
            urgency: 'high',
          },
          {
            kind: 'packagingDueSoon',
            targetId: packagingSoon.orderId,
            path: '/packaging',
            tag: `order-${packagingSoon.orderId}`,
            says: [String(packagingSoon.orderId), day(2)],
            lastDay: day(2),
            urgency: 'normal',
          },
          {
            kind: 'packagingOverdue',
            targetId: packagingLate.orderId,
            path: '/packaging',
            tag: `order-${packagingLate.orderId}`,
            says: [String(packagingLate.orderId), day(-5), day(10)],
            lastDay: day(10),
            urgency: 'high',
          },
          {
            kind: 'shippingFeeDue',
            targetId: box.packageId,
            path: `/shipping?packageId=${box.packageId}`,
            tag: `package-${box.packageId}`,
            says: [box.packageNo, day(2)],
            lastDay: day(2),
            urgency: 'normal',
          },
          {
            kind: 'extraFeeDue',
            targetId: feeId,
            path: '/extra',
            tag: `extraFee-${feeId}`,
            says: ['¥1,234', day(1)],
            lastDay: day(1),
            urgency: 'normal',
          },
        ] as const,
      })
    }

    const first = await run()
    expect(first).toMatchObject({ ran: true })
    expect(first.created).toBeGreaterThanOrEqual(18)
    for (const { who, expected } of targets) {
      const mails = await mailsTo(who.email)
      const pushes = push.of(who.userId)
      // Exactly these six: the overdue balance's late fee (paid with the balance) and the storage fee
      // of the late packaging (not due yet) get none of their own.
      expect(mails).toHaveLength(6)
      expect(pushes).toHaveLength(6)
      expect((await rowsOf(who.userId)).map((row) => [row.kind, row.targetId, row.shopDate])).toEqual(
        expected.map((item) => [item.kind, item.targetId, today()]),
      )
      for (const item of expected) {
        const title = TITLES[who.language][item.kind]
        const url = `${PUBLIC_URL}${item.path}`
        const mail = mails.find((m) => m.subject === SUBJECT[who.language](title))
        expect(mail, `${who.language} ${item.kind} mail`).toBeDefined()
        for (const words of item.says) expect(mail?.text).toContain(words)
        expect(mail?.text).toContain(url)

        const call = pushes.find(
          (c) =>
            c.payload.notification.data.kind === item.kind &&
            c.payload.notification.data.targetId === item.targetId,
        )
        expect(call?.message).toMatchObject({
          ttlSeconds: secondsUntilEndOf(item.lastDay, call?.now ?? new Date(0)),
          urgency: item.urgency,
          topic: item.tag,
        })
        expect(call?.payload).toEqual({
          web_push: 8030,
          notification: {
            title,
            body: mail?.text.split('\n')[0],
            navigate: url,
            lang: LANG_TAG[who.language],
            tag: item.tag,
            icon: '/icon-192.png',
            badge: '/icon-192.png',
            data: { url, kind: item.kind, targetId: item.targetId },
          },
        })
      }
      expect((await rowsOf(who.userId)).map((row) => [row.language, row.mailStatus, row.pushStatus])).toEqual(
        expected.map(() => [who.language, 'sent', 'sent']),
      )
    }

    // Again the same day: nothing new is written or sent.
    const pushesBefore = push.calls.length
    t.clock.advance(2 * HOUR)
    expect(await run()).toEqual({ ran: true, created: 0, mailed: 0, pushed: 0 })
    expect(push.calls).toHaveLength(pushesBefore)
    for (const { who } of targets) expect(await mailsTo(who.email)).toHaveLength(6)

    // The next day each target, still due, is reminded again.
    toNextNoon()
    await run()
    for (const { who, expected } of targets) {
      expect(await mailsTo(who.email)).toHaveLength(12)
      expect(push.of(who.userId)).toHaveLength(12)
      const rows = await rowsOf(who.userId)
      expect(rows.filter((row) => row.shopDate === today()).map((row) => row.targetId)).toEqual(
        expected.map((item) => item.targetId),
      )
    }
  })

  it('says an overdue shipping fee and a fee without a due date in their own words', async () => {
    toNextNoon()
    const who = await shopper('en')
    const box = await insertPackedPackage(t.db, { userId: who.userId, packedOn: day(-10) })
    const feeId = await extraFee(who.userId, { amount: 50_000, dueDate: null })
    await run()
    const mails = await mailsTo(who.email)
    expect(mails.map((mail) => mail.subject).sort()).toEqual([
      'Yoyaku: Extra fee to pay',
      'Yoyaku: Shipping fee overdue',
    ])
    const overdue = push
      .of(who.userId)
      .find((call) => call.payload.notification.data.kind === 'shippingFeeDue')
    // Due 3 days ago; the box is locked after 12 more days.
    expect(overdue?.payload.notification.body).toBe(
      `The shipping fee of package ${box.packageNo} was due on ${day(-3)}; storage is charged every day. Pay it by ${day(12)} or the package will be locked.`,
    )
    expect(overdue?.message).toMatchObject({
      urgency: 'high',
      ttlSeconds: secondsUntilEndOf(day(12), overdue?.now ?? new Date(0)),
    })
    const open = push.of(who.userId).find((call) => call.payload.notification.data.kind === 'extraFeeDue')
    expect(open?.payload.notification.body).toBe('Other fee of ¥50,000 is waiting to be paid.')
    // No deadline: the push service may keep it as long as it allows.
    expect(open?.message).toMatchObject({ urgency: 'normal', ttlSeconds: 28 * 86_400 })

    // A fee without a due date is announced on the day it was charged only.
    toNextNoon()
    await run()
    expect(
      (await rowsOf(who.userId)).filter((row) => row.targetId === feeId && row.kind === 'extraFeeDue'),
    ).toHaveLength(1)
  })

  it('sends nothing for a paid balance, a forfeited or refunded order, a paid or voided fee, or a disabled account', async () => {
    toNextNoon()
    const ada = await shopper('zhCn')
    const paidLater = await inArrival(ada.userId, day(-33))
    const forfeitable = await inArrival(ada.userId, day(-47))
    const refunded = await inArrival(ada.userId, day(-33))
    await t.db.update(orders).set({ status: 12 }).where(eq(orders.id, refunded.orderId))
    await extraFee(ada.userId, { amount: 500, dueDate: day(1), status: 2 })
    await extraFee(ada.userId, { amount: 500, dueDate: day(1), status: 4 })
    const off = await shopper('ja')
    await inArrival(off.userId, day(-33))
    await extraFee(off.userId, { amount: 500, dueDate: day(1) })
    await t.db.update(users).set({ disabled: true }).where(eq(users.id, off.userId))

    await run()
    // Only the overdue balance: the one past its grace window was forfeited by the sweep.
    expect(
      await t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, forfeitable.orderId)),
    ).toEqual([{ status: 15 }])
    expect((await rowsOf(ada.userId)).map((row) => [row.kind, row.targetId])).toEqual([
      ['balanceOverdue', paidLater.orderId],
    ])
    expect(await rowsOf(off.userId)).toEqual([])
    expect(await mailsTo(off.email)).toEqual([])
    expect(push.of(off.userId)).toEqual([])

    // The balance is paid (its late fee with it): the next day brings no reminder of it.
    await t.db.update(orders).set({ status: 6, paidAmount: 10_000 }).where(eq(orders.id, paidLater.orderId))
    await t.db.update(extraFees).set({ status: 2 }).where(eq(extraFees.orderId, paidLater.orderId))
    toNextNoon()
    await run()
    expect(await rowsOf(ada.userId)).toHaveLength(1)
    expect(await mailsTo(ada.email)).toHaveLength(1)
    expect(push.of(ada.userId)).toHaveLength(1)
  })

  it('retries a push a service asked to wait on a later run the same day, gives up after 3 attempts, and mails once', async () => {
    toNextNoon()
    const patient = await shopper('en')
    const unlucky = await shopper('en')
    const settled = await shopper('en')
    await inArrival(patient.userId, day(-33))
    await inArrival(unlucky.userId, day(-33))
    const paidMeanwhile = await inArrival(settled.userId, day(-33))
    push.outcomes.set(patient.userId, [WAIT, SENT])
    push.outcomes.set(unlucky.userId, [WAIT, WAIT, WAIT, WAIT])
    push.outcomes.set(settled.userId, [WAIT])
    const statusOf = async (userId: number) =>
      (await rowsOf(userId)).map((row) => [row.mailStatus, row.pushStatus, row.pushAttempts])

    await run()
    expect(await statusOf(patient.userId)).toEqual([['sent', 'pending', 1]])
    expect(await statusOf(unlucky.userId)).toEqual([['sent', 'pending', 1]])

    // A minute later nothing is tried again: the push service asked for time.
    t.clock.advance(60_000)
    await run()
    expect(push.of(patient.userId)).toHaveLength(1)

    // The balance of the third shopper is paid before the retry: nothing left to push.
    await t.db
      .update(orders)
      .set({ status: 6, paidAmount: 10_000 })
      .where(eq(orders.id, paidMeanwhile.orderId))
    t.clock.advance(HOUR)
    await run()
    expect(await statusOf(patient.userId)).toEqual([['sent', 'sent', 2]])
    expect(await statusOf(unlucky.userId)).toEqual([['sent', 'pending', 2]])
    expect(await statusOf(settled.userId)).toEqual([['sent', 'none', 1]])
    expect(push.of(settled.userId)).toHaveLength(1)

    t.clock.advance(HOUR)
    await run()
    expect(await statusOf(unlucky.userId)).toEqual([['sent', 'failed', 3]])
    t.clock.advance(HOUR)
    await run()
    expect(push.of(unlucky.userId)).toHaveLength(3)
    expect(push.of(patient.userId)).toHaveLength(2)
    // Each push carried the same reminder; the mail went once.
    for (const who of [patient, unlucky]) {
      expect(new Set(push.of(who.userId).map((call) => call.message.payload)).size).toBe(1)
      expect(await mailsTo(who.email)).toHaveLength(1)
    }
  })

  it('records a mail the mail server refused as failed and still pushes', async () => {
    toNextNoon()
    const who = await shopper('ja')
    refusing.add(who.email)
    const logged = captureLog()
    try {
      await inArrival(who.userId, day(-28))
      const result = await run()
      expect(result.mailed).toBeLessThan(result.created)
      expect((await rowsOf(who.userId)).map((row) => [row.mailStatus, row.pushStatus])).toEqual([
        ['failed', 'sent'],
      ])
      expect(push.of(who.userId)).toHaveLength(1)
      expect(logged.lines()).toContainEqual(
        expect.objectContaining({
          level: 'error',
          msg: expect.stringMatching(/^\[reminders\] mail of reminder \d+ failed$/),
          err: expect.objectContaining({ type: 'Error' }),
        }),
      )
    } finally {
      logged.restore()
      refusing.delete(who.email)
    }
  })

  it('lets one runner at a time decide the day’s reminders', async () => {
    toNextNoon()
    const who = await shopper('en')
    await inArrival(who.userId, day(-31))
    const [a, b] = await Promise.all([
      sendReminders(t.db, deps, t.clock.now),
      sendReminders(t.db, deps, t.clock.now),
    ])
    expect(await rowsOf(who.userId)).toHaveLength(1)
    expect(push.of(who.userId)).toHaveLength(1)
    expect(await mailsTo(who.email)).toHaveLength(1)
    // On PostgreSQL the second finds the lock taken; on PGlite the two run one after the other.
    expect([a, b].filter((r) => r.created > 0)).toHaveLength(1)
  })
})

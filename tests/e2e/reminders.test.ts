import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { freePort } from '../../scripts/cluster/free-port.ts'
import { finalAmountDue } from '../../src/domain/arrival.ts'
import { addDays } from '../../src/domain/deadlines.ts'
import { OrderStatus } from '../../src/domain/order-status.ts'
import { formatYen } from '../../src/domain/price-display.ts'
import type { ReminderPushPayload } from '../../src/domain/reminders.ts'
import { readOutbox } from '../server/support/outbox.ts'
import { browserKeys, type PushService, startPushService } from '../server/support/push-service.ts'
import { screenshotPath } from './browser.ts'
import { filledIn, orderDetail, shopperWithCart, textIn, WAIT } from './checkout-steps.ts'
import { customerPage, waitForServiceWorker } from './customer.ts'
import { operatorApi, today } from './packaging-steps.ts'
import {
  orderWithOverdueBalance,
  pluralIn,
  runDeadlineSweep,
  type ShownNotification,
  staysClosed,
  stubPushSubscription,
  workerPushes,
} from './reminder-steps.ts'
import { type RunningShop, startShop } from './shop.ts'

/* Reminders (issue 17): an overdue balance reaches the shopper in the app (tips dialog, banner), by
 * mail and by Web Push. The browser's subscription is stubbed (headless Chromium cannot subscribe:
 * web-push-facts.md); the shop sends the push through a local HTTPS push service, which the test
 * decrypts and relays into the real service worker over CDP. */

/** The reminder's title as the server writes it for a Japanese shopper (reminder-texts.ts). */
const OVERDUE_TITLE_JA = '残金のお支払い期限を過ぎています'

describe('reminders of an overdue balance in a real browser', () => {
  let push: PushService
  let shop: RunningShop
  let origin: string

  before(async () => {
    push = await startPushService()
    // a known address, so the reminders' links point where the browser is
    const port = await freePort()
    origin = `http://127.0.0.1:${port}`
    shop = await startShop({
      locale: 'ja-JP',
      name: 'reminders',
      env: {
        PORT: String(port),
        PUBLIC_URL: origin,
        PUSH_ENDPOINT_HOSTS: push.hostPort,
        // web-push always speaks TLS: the server process trusts the push service's certificate
        NODE_EXTRA_CA_CERTS: push.caPath,
      },
    })
  })
  after(async () => {
    await shop?.close()
    await push?.close()
  })

  it('tips, banner, push notification and mail for a balance 5 days overdue, once a day (ja)', async () => {
    const language = 'ja'
    const t = (source: string) => textIn(language, source)
    const shopper = await shopperWithCart(shop, 'push-reminder@example.com', language)
    const ops = await operatorApi(shop)
    const order = await orderWithOverdueBalance(shop, shopper, ops, addDays(today(), -35))
    const owed = finalAmountDue(order)
    assert.ok(order.lateFee > 0, 'five days late: a late fee so far')

    const keys = browserKeys()
    const endpoint = push.endpointFor('hanako-laptop')
    const { context, page } = await customerPage(shop, shopper.customer, language)
    try {
      await context.grantPermissions(['notifications'], { origin })
      await stubPushSubscription(context, { endpoint, p256dh: keys.p256dh, auth: keys.auth })

      // The first page after signing in lists what is waiting, with the pages that settle it.
      await page.goto(shop.url('/'))
      const tips = page.getByRole('dialog', { name: t('待处理事项'), exact: true })
      await tips.waitFor(WAIT)
      const balances = tips
        .getByRole('listitem')
        .filter({ hasText: pluralIn(language, '{count, plural, other {# 笔订单待付尾款}}', 1) })
        .filter({ hasText: pluralIn(language, '{over, plural, other {，其中 # 笔已逾期}}', 1) })
      await balances.waitFor(WAIT)
      const toBalances = balances.getByRole('link', { name: t('去付尾款'), exact: true })
      assert.equal(
        await toBalances.getAttribute('href'),
        `/order-list/list?pageNum=1&status=${OrderStatus.arrival}`,
      )
      const toExtra = balances.getByRole('link', { name: t('查看额外费用'), exact: true })
      assert.equal(await toExtra.getAttribute('href'), '/extra')
      assert.equal(await tips.getByRole('listitem').count(), 1, 'nothing else is waiting')
      await page.screenshot({ path: screenshotPath('reminders-tips') })
      await tips.getByRole('button', { name: t('关闭'), exact: true }).click()
      await tips.waitFor({ ...WAIT, state: 'detached' })

      // Once per session: a reload shows the badge, not the dialog again.
      await page.reload()
      await page
        .locator('header')
        .getByText(filledIn(language, '（{text} 项待处理）', 1), { exact: true })
        .first()
        .waitFor({ ...WAIT, state: 'attached' })
      await staysClosed(page, t('待处理事项'))

      // The order's page warns of the overdue balance and the late fee so far.
      await page.goto(shop.url(`/order/${order.id}`))
      const banner = page
        .getByRole('alert')
        .filter({ hasText: pluralIn(language, '{daysLate, plural, other {尾款已逾期 # 天}}', 5) })
      await banner.first().waitFor(WAIT)
      await banner
        .filter({ hasText: formatYen(order.lateFee, language) })
        .first()
        .waitFor(WAIT)

      // The notifications switch subscribes this browser and tells the shop.
      await waitForServiceWorker(page)
      await page.goto(shop.url('/userinfo'))
      const toggle = page.getByRole('switch', { name: t('在此设备上接收截止提醒'), exact: true })
      // usable once it has read the browser's state
      await page.locator('[role=switch]:not([disabled])').waitFor(WAIT)
      assert.equal(await toggle.getAttribute('aria-checked'), 'false', 'off until the shopper turns it on')
      await toggle.click()
      await page
        .getByText(t('已开启：付款、打包和运费的截止提醒会推送到此设备。'), { exact: true })
        .waitFor(WAIT)
      assert.equal(await toggle.getAttribute('aria-checked'), 'true')
      await page.screenshot({ path: screenshotPath('reminders-switch-on') })

      // The operator runs the sweep: the late fee is booked, the reminder goes by mail and push.
      const first = await runDeadlineSweep(ops)
      assert.deepEqual(first.lateFeesCreated, [order.id])
      assert.deepEqual(first.reminders, { created: 1, mailed: 1, pushed: 1 })
      const received = push.requests.filter((request) => request.name === 'hanako-laptop')
      assert.equal(received.length, 1, 'the push service got one message for the subscribed browser')
      const plaintext = keys.decrypt(received[0]?.body ?? Buffer.alloc(0))
      const payload = JSON.parse(plaintext) as ReminderPushPayload
      const url = `${origin}/order/${order.id}`
      assert.equal(payload.notification.title, OVERDUE_TITLE_JA)
      assert.equal(payload.notification.lang, 'ja')
      assert.deepEqual(payload.notification.data, { url, kind: 'balanceOverdue', targetId: order.id })
      assert.ok(payload.notification.body.includes(String(order.id)), 'the body names the order')
      assert.ok(
        payload.notification.body.includes(formatYen(owed, 'ja')),
        'and what is owed with the late fee',
      )

      // Relayed into the real service worker, it shows the notification with its deep link.
      const worker = await workerPushes(context, page, origin)
      const [shown] = await worker.deliverUntilShown(plaintext)
      assert.deepEqual(shown, {
        title: OVERDUE_TITLE_JA,
        body: payload.notification.body,
        tag: `order-${order.id}`,
        lang: 'ja',
        data: { url, kind: 'balanceOverdue', targetId: order.id },
      } satisfies ShownNotification)

      // The same reminder by mail, in Japanese, with the link.
      const reminderMails = async () =>
        (await readOutbox(shop.outboxDir)).filter(
          (mail) => mail.to.includes(shopper.customer.email) && mail.subject.includes(OVERDUE_TITLE_JA),
        )
      const [mail] = await reminderMails()
      assert.ok(mail, 'the reminder was mailed')
      assert.equal(mail.subject, `【Yoyaku】${OVERDUE_TITLE_JA}`)
      assert.ok(mail.text.includes(payload.notification.body), 'the mail says what the notification says')
      assert.ok(mail.text.includes(url), 'the mail links to the order')

      // Later the same day: nothing is sent again.
      const again = await runDeadlineSweep(ops)
      assert.deepEqual(again.reminders, { created: 0, mailed: 0, pushed: 0 })
      assert.equal(push.requests.filter((request) => request.name === 'hanako-laptop').length, 1)
      assert.equal((await reminderMails()).length, 1)

      // The late fee is now on the books: the fees page says it is paid with the balance.
      await page.goto(shop.url('/extra'))
      const lateFeeBanner = page.getByRole('alert').filter({ hasText: t('滞纳金须与尾款一起支付') })
      await lateFeeBanner.waitFor(WAIT)
      const payBalance = lateFeeBanner.getByRole('link', { name: t('去支付尾款'), exact: true })
      assert.equal(await payBalance.getAttribute('href'), `/order/${order.id}#pay-balance`)
      const detail = await orderDetail(shopper.customer, order.id)
      assert.equal(detail.lateFee, order.lateFee, 'the booked late fee is the one the page showed')
    } finally {
      await context.close()
    }
  })
})

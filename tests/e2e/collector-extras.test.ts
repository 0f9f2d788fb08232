import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Page } from 'playwright-core'
import sharp from 'sharp'
import { freePort } from '../../scripts/cluster/free-port.ts'
import { isStockedType } from '../../src/domain/cart.ts'
import { type ProductCardDto, productNameIn } from '../../src/domain/catalog.ts'
import type { Page as ListPage } from '../../src/domain/queries.ts'
import { type CalendarDto, shiftMonth } from '../../src/domain/release-calendar.ts'
import type { ReminderPushPayload } from '../../src/domain/reminders.ts'
import { readOutbox } from '../server/support/outbox.ts'
import { browserKeys, type PushService, startPushService } from '../server/support/push-service.ts'
import { screenshotPath } from './browser.ts'
import { eventually, shopperWithCart, textIn, WAIT } from './checkout-steps.ts'
import {
  type Customer,
  customerPage,
  operatorPage,
  signUpCustomer,
  waitForServiceWorker,
} from './customer.ts'
import {
  addHongKongAddress,
  operatorApi,
  packedThroughApi,
  paidArrivedOrder,
  today,
} from './packaging-steps.ts'
import { closeTips, stubPushSubscription, workerPushes } from './reminder-steps.ts'
import { type RunningShop, startShop } from './shop.ts'

/* What no peer shop has (issue 32), in a real browser: a shopper asks to be told when a sold-out
 * product is back, the operator restocks it in the console, and the push goes through a local push
 * service into the real service worker; the release calendar opens offline; the photos of a packed
 * box are shown before the shipping fee is paid. */

const language = 'en'
const t = (source: string) => textIn(language, source)
/** The alert's title as the server writes it for an English shopper (reminder-texts.ts). */
const BACK_IN_STOCK_EN = 'Back in stock: you can order it now'

/** The operator sets the product's stock in the console's product editor and saves. */
async function setStockInConsole(ops: Page, shop: RunningShop, productId: number, stock: number) {
  await ops.goto(shop.url(`/ops/products/${productId}`))
  const form = ops.getByRole('form', { name: '商品资料' })
  await form.waitFor(WAIT)
  await form.getByLabel('库存', { exact: true }).fill(String(stock))
  await form.getByRole('button', { name: '保存', exact: true }).click()
  await ops.getByText('已保存。').waitFor(WAIT)
}

/** A phone photo of a box: a 1200×900 JPEG carrying the camera's EXIF and where it was taken. */
function boxPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 196, g: 160, b: 112 } } })
    .jpeg({ quality: 85 })
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 15' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '35/1 41/1 0/1' },
    })
    .toBuffer()
}

describe('alerts, the release calendar and box photos in a real browser', () => {
  let push: PushService
  let shop: RunningShop
  let origin: string
  let shopper: Customer

  before(async () => {
    push = await startPushService()
    const port = await freePort()
    origin = `http://127.0.0.1:${port}`
    shop = await startShop({
      locale: 'en-US',
      name: 'collector-extras',
      env: {
        PORT: String(port),
        PUBLIC_URL: origin,
        PUSH_ENDPOINT_HOSTS: push.hostPort,
        NODE_EXTRA_CA_CERTS: push.caPath,
      },
    })
    shopper = await signUpCustomer(shop, 'collector@example.com', language)
  })
  after(async () => {
    await shop?.close()
    await push?.close()
  })

  it('tells a waiting shopper by push and mail when the operator restocks the product', async () => {
    const hot = await shopper.api<ListPage<ProductCardDto>>(
      'GET',
      `/mall/product/hotListPage?pageSize=30&language=${language}`,
    )
    const product = hot.list.find((card) => isStockedType(card.type))
    assert.ok(product, 'the demo catalog has a hot product in stock')
    const name = product.enProductName ?? product.productName

    const { context: opsContext, page: ops } = await operatorPage(shop)
    const keys = browserKeys()
    const endpoint = push.endpointFor('collector-phone')
    const { context, page } = await customerPage(shop, shopper, language)
    try {
      await setStockInConsole(ops, shop, product.id, 0)

      // The shopper turns notifications on for this browser, then asks to hear about the sold-out product.
      await context.grantPermissions(['notifications'], { origin })
      await stubPushSubscription(context, { endpoint, p256dh: keys.p256dh, auth: keys.auth })
      await page.goto(shop.url('/userinfo'))
      await waitForServiceWorker(page)
      await page.locator('[role=switch]:not([disabled])').waitFor(WAIT)
      await page.getByRole('switch', { name: t('在此设备上接收截止提醒'), exact: true }).click()
      await page
        .getByText(t('已开启：付款、打包和运费的截止提醒会推送到此设备。'), { exact: true })
        .waitFor(WAIT)

      await page.goto(shop.url(`/product/${product.id}`))
      const notifyMe = page.getByRole('button', { name: t('到货提醒我'), exact: true })
      await page
        .locator('button[aria-pressed="false"]:not([disabled])', { hasText: t('到货提醒我') })
        .waitFor(WAIT)
      await notifyMe.click()
      await page.getByText(t('可以下单时我们会通知您'), { exact: true }).waitFor(WAIT)
      await page.getByRole('button', { name: t('已订阅到货提醒'), exact: true }).waitFor(WAIT)
      await page.screenshot({ path: screenshotPath('alerts-notify-me') })

      // The console shows who waits; the operator restocks: the push leaves after the save commits.
      await ops.goto(shop.url(`/ops/products/${product.id}`))
      await ops.getByText('1 位顾客在等待到货提醒', { exact: true }).waitFor(WAIT)
      await setStockInConsole(ops, shop, product.id, 5)
      const received = await eventually(
        async () => push.requests.filter((request) => request.name === 'collector-phone'),
        (requests) => requests.length > 0,
        'the push service got the alert',
      )
      assert.equal(received.length, 1)
      const plaintext = keys.decrypt(received[0]?.body ?? Buffer.alloc(0))
      const payload = JSON.parse(plaintext) as ReminderPushPayload
      const url = `${origin}/product/${product.id}`
      assert.equal(payload.notification.title, BACK_IN_STOCK_EN)
      assert.deepEqual(payload.notification.data, { url, kind: 'productAvailable', targetId: product.id })
      assert.ok(payload.notification.body.includes(name), 'the body names the product')

      // Relayed into the real service worker, it is shown with its deep link.
      const worker = await workerPushes(context, page, origin)
      const [shown] = await worker.deliverUntilShown(plaintext)
      assert.equal(shown?.title, BACK_IN_STOCK_EN)
      assert.equal(shown?.tag, `product-${product.id}`)
      assert.equal(shown?.data?.url, url)

      // And by mail, with the link; sold out and restocked again today: nothing more.
      const alertMails = async () =>
        (await readOutbox(shop.outboxDir)).filter(
          (mail) => mail.to.includes(shopper.email) && mail.subject.includes(BACK_IN_STOCK_EN),
        )
      const [mail] = await eventually(alertMails, (mails) => mails.length === 1, 'the alert was mailed')
      assert.ok(mail?.text.includes(url), 'the mail links to the product')
      await setStockInConsole(ops, shop, product.id, 0)
      await setStockInConsole(ops, shop, product.id, 2)
      await new Promise((resolve) => setTimeout(resolve, 1500))
      assert.equal(push.requests.filter((request) => request.name === 'collector-phone').length, 1)
      assert.equal((await alertMails()).length, 1)

      // The account page lists the alert, told once.
      await page.goto(shop.url('/userinfo'))
      const alerts = page.getByRole('region', { name: t('到货提醒'), exact: true })
      await alerts.getByRole('link', { name, exact: true }).waitFor(WAIT)
      await page.screenshot({ path: screenshotPath('alerts-account'), fullPage: true })
    } finally {
      await context.close()
      await opsContext.close()
    }
  })

  it('opens the release calendar offline once a month was seen', async () => {
    // A month the demo catalog fills: from this month on, the first with entries.
    let month = today().slice(0, 7)
    let calendar: CalendarDto | undefined
    for (let tries = 0; tries < 24; tries++) {
      calendar = await shopper.api<CalendarDto>(
        'GET',
        `/mall/product/calendar?month=${month}&language=${language}`,
      )
      if (calendar.list.length > 0) break
      month = shiftMonth(month, 1)
    }
    const entry = calendar?.list[0]
    assert.ok(entry, 'the demo catalog has a month with releases or closings')
    const name = productNameIn(language, entry.product)

    const { context, page } = await customerPage(shop, shopper, language)
    try {
      await page.goto(shop.url('/'))
      await waitForServiceWorker(page)
      await page.goto(shop.url(`/calendar?month=${month}`))
      await page.getByRole('heading', { name: t('发售日历'), exact: true }).waitFor(WAIT)
      await page.getByRole('article', { name, exact: true }).first().waitFor(WAIT)

      await context.setOffline(true)
      await page.reload()
      await page.getByRole('heading', { name: t('发售日历'), exact: true }).waitFor(WAIT)
      await page.getByRole('article', { name, exact: true }).first().waitFor(WAIT)
      await page.screenshot({ path: screenshotPath('calendar-offline'), fullPage: true })
    } finally {
      await context.setOffline(false)
      await context.close()
    }
  })

  it('shows the photos of a packed box to its shopper before the shipping fee is paid, without their EXIF', async () => {
    const boxes = await shopperWithCart(shop, 'boxes@example.com', language)
    const ops = await operatorApi(shop)
    const order = await paidArrivedOrder(shop, boxes, ops)
    const address = await addHongKongAddress(boxes.customer)
    const packed = await packedThroughApi(boxes, ops, [order], address)
    const box = packed.packages[0]
    assert.ok(box, 'one box packed')

    // The operator adds a photo to the box in the packing room.
    const { context: opsContext, page: opsPage } = await operatorPage(shop)
    const { context, page } = await customerPage(shop, boxes.customer, language)
    try {
      await opsPage.goto(shop.url(`/ops/packing/${packed.apply.id}`))
      await opsPage.getByLabel(`为包裹 ${box.packageNo} 拍照或选择照片`, { exact: true }).setInputFiles({
        name: 'box.jpg',
        mimeType: 'image/jpeg',
        buffer: await boxPhoto(),
      })
      await opsPage.getByRole('img', { name: `包裹 ${box.packageNo} 的照片 1`, exact: true }).waitFor(WAIT)

      // The shopper opens the box's page: the fee is still to pay, the photo is there and opens large.
      await page.goto(shop.url(`/package/product/${packed.apply.id}/${box.id}`))
      await closeTips(page, language)
      const photos = page.getByRole('list', {
        name: textIn(language, '包裹 {packageNo} 的照片').replace('{packageNo}', box.packageNo),
      })
      await photos.waitFor(WAIT)
      await photos
        .getByRole('button', {
          name: textIn(language, '查看第 {position} 张照片（共 {total} 张）')
            .replace('{position}', '1')
            .replace('{total}', '1'),
        })
        .click()
      const viewer = page.getByRole('dialog')
      await viewer.waitFor(WAIT)
      const large = viewer.locator('img')
      await page.waitForFunction(
        (image) => image instanceof HTMLImageElement && image.complete && image.naturalWidth > 0,
        await large.elementHandle(),
        WAIT,
      )
      await page.screenshot({ path: screenshotPath('box-photos-viewer') })
      const src = await large.getAttribute('src')
      assert.ok(src, 'the photo has an address')
      const served = await page.evaluate(async (url) => {
        const response = await fetch(url)
        const bytes = new Uint8Array(await response.arrayBuffer())
        return {
          cacheControl: response.headers.get('cache-control'),
          text: new TextDecoder('latin1').decode(bytes),
        }
      }, src)
      assert.match(served.cacheControl ?? '', /no-store/)
      assert.ok(
        !served.text.includes('PhoneMaker') && !served.text.includes('Exif'),
        'the camera and place are gone',
      )
      // Signed for this shopper's box only: another shopper's session cannot list them.
      const list = await fetch(shop.url(`/api/mall/package/photos/${box.id}`), {
        headers: { token: shopper.token },
      })
      assert.equal(((await list.json()) as { code: number }).code, 404)
    } finally {
      await context.close()
      await opsContext.close()
    }
  })
})

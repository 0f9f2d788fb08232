import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Page } from 'playwright-core'
import sharp from 'sharp'
import { type ProductCardDto, type ProductDetailDto, productNameIn } from '../../src/domain/catalog.ts'
import type { Language } from '../../src/domain/language.ts'
import { formatYen } from '../../src/domain/price-display.ts'
import { screenshotPath } from './browser.ts'
import { eventually, textIn, WAIT } from './checkout-steps.ts'
import { customerPage, operatorPage, signUpCustomer, waitForServiceWorker } from './customer.ts'
import { type RunningShop, startShop } from './shop.ts'

/*
 * Running the shop from the console as an operator does it, and what a shopper then sees in another
 * browser: a new home banner, an announcement whose script and event handler never reach the page,
 * and the batch prices once the shopper is moved to the batch column; then every room of this
 * console in the three languages, with the audit trail naming those changes.
 */

const BANNER = 'Winter festival'
const ANNOUNCEMENT = 'Holiday shipping notice'
const WHOLESALE_EMAIL = 'wholesale-buyer@example.com'
const HOSTILE_BODY =
  '<p>Orders placed after 20 December ship in January.</p>' +
  '<script>window.__injected = "script"</script>' +
  '<img src="/nothing.png" onerror="window.__injected = \'onerror\'">' +
  '<a href="javascript:window.__injected=\'link\'">details</a>'

/** A 1200×400 banner picture. */
function bannerPicture(): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 400, channels: 3, background: { r: 30, g: 90, b: 160 } } })
    .jpeg({ quality: 85 })
    .toBuffer()
}

/** A hot product whose English single and batch prices differ, with every column (an operator's view). */
async function productWithBatchPrice(shop: RunningShop, operatorToken: string): Promise<ProductDetailDto> {
  const hot = (await (await fetch(shop.url('/api/mall/product/hotList?language=en'))).json()) as {
    data: ProductCardDto[]
  }
  for (const card of hot.data) {
    const response = await fetch(shop.url(`/api/mall/product/details/${card.id}?language=en`), {
      headers: { token: operatorToken },
    })
    const product = ((await response.json()) as { data: ProductDetailDto }).data
    if (product.enBatchPrice && product.enAlonePrice && product.enBatchPrice !== product.enAlonePrice) {
      return product
    }
  }
  throw new Error('the demo catalog has a hot product with distinct English single and batch prices')
}

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('token') ?? '')

describe('running the shop from the console in a real browser', () => {
  let shop: RunningShop

  before(async () => {
    shop = await startShop({ locale: 'zh-CN', name: 'run-the-shop' })
  })
  after(async () => {
    await shop?.close()
  })

  it('publishes a banner and a cleaned announcement and moves a customer to the batch column; the shopper sees all three', async () => {
    const customer = await signUpCustomer(shop, WHOLESALE_EMAIL, 'en')
    const operator = await operatorPage(shop)
    const shopperSide = await customerPage(shop, customer, 'en')
    try {
      const ops = operator.page
      const product = await productWithBatchPrice(shop, await storedToken(ops))
      const productName = productNameIn('en', product)
      const single = formatYen(product.enAlonePrice ?? 0, 'en')
      const batch = formatYen(product.enBatchPrice ?? 0, 'en')

      // The shopper has browsed the hot list before: the service worker keeps it, at single prices.
      const shopper = shopperSide.page
      const hotCard = shopper.locator('main article').filter({ hasText: productName }).first()
      await shopper.goto(shop.url('/product-hot/list'))
      await waitForServiceWorker(shopper)
      await shopper.reload()
      await hotCard.getByText(single, { exact: true }).waitFor(WAIT)

      // A new banner with a picture through the media pipeline, leading to a shop page.
      await ops.goto(shop.url('/ops/content'))
      await ops.getByRole('heading', { level: 1, name: '内容' }).waitFor(WAIT)
      await ops.getByRole('button', { name: '添加横幅…' }).click()
      const bannerDialog = ops.getByRole('dialog', { name: '添加横幅' })
      await bannerDialog.getByLabel('名称', { exact: true }).fill(BANNER)
      await bannerDialog.getByLabel('图片', { exact: true }).setInputFiles({
        name: 'winter.jpg',
        mimeType: 'image/jpeg',
        buffer: await bannerPicture(),
      })
      await bannerDialog.getByRole('img', { name: '图片预览' }).waitFor(WAIT)
      await bannerDialog.getByLabel('跳转地址').fill('/product-new')
      await bannerDialog.getByLabel('排序').fill('0')
      await bannerDialog.getByRole('button', { name: '保存', exact: true }).click()
      await ops.getByText(`横幅“${BANNER}”已保存。`).waitFor(WAIT)

      // An announcement whose body carries a script, an event handler and a javascript: link.
      await ops.getByRole('tab', { name: '公告' }).click()
      await ops.getByRole('button', { name: '添加公告…' }).click()
      const announcementDialog = ops.getByRole('dialog', { name: '添加公告' })
      await announcementDialog.getByLabel('中文标题').fill('假期发货通知')
      await announcementDialog.getByLabel('英文标题').fill(ANNOUNCEMENT)
      await announcementDialog.getByLabel('中文内容（HTML）').fill(HOSTILE_BODY)
      await announcementDialog.getByLabel('英文内容（HTML）').fill(HOSTILE_BODY)
      await announcementDialog.getByRole('button', { name: '保存', exact: true }).click()
      await ops.getByText('公告“假期发货通知”已保存。').waitFor(WAIT)
      await ops.screenshot({ path: screenshotPath('ops-content-announcements'), fullPage: true })

      // The customer, found by e-mail, moved to the English batch column.
      await ops.goto(shop.url('/ops/customers'))
      const filters = ops.getByRole('form', { name: '筛选客户' })
      await filters.getByLabel('关键词').fill(WHOLESALE_EMAIL)
      await filters.getByRole('button', { name: '搜索', exact: true }).click()
      await ops.getByRole('link', { name: `查看客户 ${WHOLESALE_EMAIL}` }).click()
      const roleForm = ops.getByRole('form', { name: '价格角色' })
      await roleForm.getByLabel('价格角色（客户看到的价格列）').selectOption('5')
      await roleForm.getByRole('button', { name: '保存角色' }).click()
      await ops.getByText('已将价格角色改为 5 · 英文站批发价，客户下一次访问即看到该列价格。').waitFor(WAIT)
      await ops.screenshot({ path: screenshotPath('ops-customer-detail'), fullPage: true })

      // The shopper, signed in all along in another browser: the batch price on the list kept
      // offline (answers of the old column are not replayed), the banner, the clean announcement ...
      await shopper.goto(shop.url('/product-hot/list'))
      await hotCard.getByText(batch, { exact: true }).waitFor(WAIT)
      await shopper.goto(shop.url('/'))
      const banner = shopper.getByRole('img', { name: BANNER })
      await banner.waitFor({ state: 'attached', ...WAIT })
      const bannerLink = await banner.evaluate((img) => {
        const link = img.closest('a')
        return { href: link?.getAttribute('href'), target: link?.target, rel: link?.rel }
      })
      assert.deepEqual(bannerLink, { href: '/product-new', target: '_blank', rel: 'noopener noreferrer' })
      await shopper.getByRole('button', { name: ANNOUNCEMENT }).click()
      const notice = shopper.getByRole('dialog', { name: ANNOUNCEMENT })
      await notice.getByText('Orders placed after 20 December ship in January.').waitFor(WAIT)
      const shown = await notice.evaluate((dialog) => dialog.innerHTML)
      assert.doesNotMatch(shown, /<script|onerror|javascript:/i, 'nothing executable reaches the shopper')
      assert.equal(await shopper.evaluate(() => (window as { __injected?: string }).__injected), undefined)
      await shopper.screenshot({ path: screenshotPath('shopper-home-after-console-en'), fullPage: true })

      // ... and the batch price on the product page.
      await shopper.goto(shop.url(`/product/${product.id}`))
      await shopper.getByRole('heading', { level: 1 }).waitFor(WAIT)
      await eventually(
        () => shopper.getByText(batch, { exact: true }).count(),
        (count) => count > 0,
        `the product page shows the batch price ${batch}`,
      )
      assert.equal(await shopper.getByText(single, { exact: true }).count(), 0, 'no longer the single price')
    } finally {
      await operator.context.close()
      await shopperSide.context.close()
    }
  })

  for (const language of ['zhCn', 'ja', 'en'] satisfies Language[]) {
    it(`shows the content, customers, settings, staff and audit rooms in ${language}`, async () => {
      const { context, page } = await operatorPage(shop, language)
      try {
        const rooms: [path: string, heading: string][] = [
          ['/ops/content', '内容'],
          ['/ops/customers', '客户'],
          ['/ops/settings', '设置'],
          ['/ops/staff', '员工'],
          ['/ops/audit', '审计日志'],
        ]
        for (const [path, heading] of rooms) {
          await page.goto(shop.url(path))
          await page.getByRole('heading', { level: 1, name: textIn(language, heading) }).waitFor(WAIT)
        }
        await page.goto(shop.url('/ops/customers'))
        await page
          .getByRole('link', {
            name: textIn(language, '查看客户 {email}').replace('{email}', WHOLESALE_EMAIL),
          })
          .click()
        await page.getByRole('heading', { level: 1, name: new RegExp(WHOLESALE_EMAIL) }).waitFor(WAIT)
        await page.screenshot({ path: screenshotPath(`ops-customer-${language}`), fullPage: true })

        // The audit trail names the role change in words, with its before and after.
        await page.goto(shop.url('/ops/audit?entity=customer'))
        const trail = page.getByRole('table', { name: textIn(language, '审计日志') })
        const roleChange = trail.getByRole('row').filter({ hasText: 'customer.role' })
        await roleChange.waitFor(WAIT)
        const words = `${textIn(language, '客户')} · ${textIn(language, '价格角色')}`
        assert.ok(((await roleChange.textContent()) ?? '').includes(words), `${language}: ${words}`)
        await page.screenshot({ path: screenshotPath(`ops-audit-${language}`), fullPage: true })
      } finally {
        await context.close()
      }
    })
  }
})

import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Locator } from 'playwright-core'
import sharp from 'sharp'
import { type CategoryNode, productNameIn } from '../../src/domain/catalog.ts'
import type { Language } from '../../src/domain/language.ts'
import { formatYen } from '../../src/domain/price-display.ts'
import { screenshotPath } from './browser.ts'
import { eventually, paidOrderThroughApi, shopperWithCart, textIn, WAIT } from './checkout-steps.ts'
import { customerPage, operatorPage, signUpCustomer } from './customer.ts'
import { type RunningShop, startShop } from './shop.ts'

/*
 * Stocking the shop as an operator does it, and what a shopper then sees: a supplier's sheet imported
 * (a bad JAN refused with its line, the fixed file applied), a photo uploaded and a price changed in
 * the editor; the shopper finds the product by its JAN, sees the uploaded picture as AVIF and the new
 * price; best sellers and the brand directory in each language.
 */

const JAN = '4573102660015' // a valid EAN-13 (check digit 5)
const BAD_JAN = '4573102660023' // check digit off by one
const OTHER_JAN = '4573102660022'
const BRAND = 'Tsukimori Works'
const NEW_PRICE = 12_345

const HEADER = [
  'itemNo',
  'janCode',
  'productName',
  'jpProductName',
  'enProductName',
  'type',
  'categoryId',
  'series',
  'brand',
  'cnAlonePrice',
  'cnBatchPrice',
  'jpAlonePrice',
  'jpBatchPrice',
  'enAlonePrice',
  'enBatchPrice',
  'orderBase',
  'status',
]

function supplierSheet(
  categoryId: number,
  secondJan: string,
): { name: string; mimeType: string; buffer: Buffer } {
  const row = (itemNo: string, jan: string, name: string) =>
    [
      itemNo,
      jan,
      `${name}（中文）`,
      `${name}（日本語）`,
      name,
      1, // in stock
      categoryId,
      'Moonlit Garden',
      BRAND,
      8800,
      8000,
      8800,
      8000,
      8800,
      8000,
      1,
      1,
    ].join(',')
  const text = [
    HEADER.join(','),
    row('TW-001', JAN, 'Hinagiku Acrylic Stand'),
    row('TW-002', secondJan, 'Hinagiku Tin Badge'),
  ].join('\r\n')
  return { name: 'supplier.csv', mimeType: 'text/csv', buffer: Buffer.from(text) }
}

/** A photo-like 1600×1200 JPEG: smooth gradients with some noise, as a phone camera gives. */
async function photo(): Promise<Buffer> {
  const width = 1600
  const height = 1200
  const pixels = Buffer.alloc(width * height * 3)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3
      const noise = ((x * 7919 + y * 104_729) % 23) - 11
      pixels[at] = Math.max(0, Math.min(255, (x / width) * 220 + noise))
      pixels[at + 1] = Math.max(0, Math.min(255, (y / height) * 180 + 40 + noise))
      pixels[at + 2] = Math.max(0, Math.min(255, 200 - (x / width) * 120 + noise))
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 88 })
    .toBuffer()
}

async function firstCategoryId(shop: RunningShop): Promise<number> {
  const response = await fetch(shop.url('/api/mall/category/list?language=zhCn'))
  const body = (await response.json()) as { data: CategoryNode[] }
  const first = body.data[0]
  assert.ok(first, 'the demo catalog has categories')
  return first.id
}

/** The types a drawn picture offers and the variant the browser chose, once it has loaded. */
async function drawnPicture(image: Locator): Promise<{ currentSrc: string; sources: string[] }> {
  await image.waitFor(WAIT)
  await eventually(
    () => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
    (loaded) => loaded,
    'the picture has loaded',
  )
  return image.evaluate((img: HTMLImageElement) => ({
    currentSrc: new URL(img.currentSrc).pathname,
    sources: [...(img.parentElement?.querySelectorAll('source') ?? [])].map(
      (source) => source.getAttribute('type') ?? '',
    ),
  }))
}

describe('stocking the shop in a real browser', () => {
  let shop: RunningShop

  before(async () => {
    shop = await startShop({ locale: 'zh-CN', name: 'catalog-console' })
  })
  after(async () => {
    await shop?.close()
  })

  it('imports a supplier sheet (a bad row refused with its line), uploads a photo and changes a price; a shopper finds it by JAN', async () => {
    const categoryId = await firstCategoryId(shop)
    const operator = await operatorPage(shop)
    const customer = await signUpCustomer(shop, 'catalog-shopper@example.com', 'en')
    const shopperSide = await customerPage(shop, customer, 'en')
    try {
      const ops = operator.page
      // The console is a console: its own sidebar, not the shop's header with its cart.
      const sidebar = ops.getByRole('navigation', { name: '后台菜单' })
      await sidebar.getByRole('link', { name: '商品', exact: true }).click()
      await ops.waitForURL((url) => url.pathname === '/ops/products', WAIT)
      assert.equal(
        await ops.getByRole('link', { name: '购物车' }).count(),
        0,
        'no shop header in the console',
      )

      // The supplier's sheet, one JAN mistyped: checked, refused with its line, nothing written.
      await ops.goto(shop.url('/ops/products/import'))
      const fileInput = ops.getByLabel('商品文件（CSV 或 XLSX）')
      await fileInput.setInputFiles(supplierSheet(categoryId, BAD_JAN))
      const errors = ops.getByRole('table', { name: '导入错误' })
      const badRow = errors.getByRole('row').filter({ hasText: 'janCode' })
      await badRow.waitFor(WAIT)
      assert.equal((await badRow.getByRole('cell').first().textContent())?.trim(), '3', 'the file line')
      await ops.getByText('有错误时不能导入：请修正文件后重新选择。').waitFor(WAIT)
      assert.ok(await ops.getByRole('button', { name: '导入', exact: true }).isDisabled())
      await ops.screenshot({ path: screenshotPath('ops-import-errors'), fullPage: true })

      // Fixed and chosen again: two new products, the new brand and series named, then applied.
      await fileInput.setInputFiles(supplierSheet(categoryId, OTHER_JAN))
      await ops.getByText(`将新建的品牌：${BRAND}`).waitFor(WAIT)
      await ops.getByRole('button', { name: '导入', exact: true }).click()
      await ops.getByText('导入完成').waitFor(WAIT)
      await ops.getByText('新建 2 个，更新 0 个，不变 0 个；新建系列 1 个，新建品牌 1 个。').waitFor(WAIT)

      // Found in the list by its JAN, opened in the editor.
      await ops.goto(shop.url('/ops/products'))
      const filters = ops.getByRole('form', { name: '筛选商品' })
      await filters.getByLabel('关键词').fill(JAN)
      await filters.getByRole('button', { name: '搜索', exact: true }).click()
      await ops.waitForURL((url) => url.searchParams.get('keyword')?.includes(JAN) === true, WAIT)
      // the header and the one product (the table may still be swapping in the filtered answer)
      const rows = ops.getByRole('table', { name: '商品列表' }).getByRole('row')
      await eventually(
        () => rows.count(),
        (count) => count === 2,
        'one product found by its JAN',
      )
      await ops.getByRole('link', { name: /^编辑：TW-001 / }).click()
      const form = ops.getByRole('form', { name: '商品资料' })
      await form.waitFor(WAIT)

      // A photo, re-encoded by the server and shown as the cover; a new English single price.
      await form.getByLabel('选择要上传的图片').setInputFiles({
        name: 'stand.jpg',
        mimeType: 'image/jpeg',
        buffer: await photo(),
      })
      await form.getByRole('img', { name: '图片 1' }).waitFor(WAIT)
      await form.getByLabel('英文站 单价（日元）', { exact: true }).fill(String(NEW_PRICE))
      await form.getByRole('button', { name: '保存', exact: true }).click()
      await ops.getByText('已保存。').waitFor(WAIT)
      await ops.screenshot({ path: screenshotPath('ops-product-editor'), fullPage: true })

      // The shopper (English) searches the JAN: the product, its new price, its picture as AVIF.
      const shopper = shopperSide.page
      await shopper.goto(shop.url(`/product-search/list?name=${JAN}`))
      const card = shopper.getByRole('link', { name: /Hinagiku Acrylic Stand/ }).first()
      await card.waitFor(WAIT)
      assert.equal(
        await shopper.getByRole('link', { name: /Hinagiku Tin Badge/ }).count(),
        0,
        'only the JAN searched for',
      )
      await card.click()
      await shopper.getByRole('heading', { level: 1, name: 'Hinagiku Acrylic Stand' }).waitFor(WAIT)
      await shopper.getByText(formatYen(NEW_PRICE, 'en')).first().waitFor(WAIT)
      const picture = await drawnPicture(
        shopper.getByRole('img', { name: 'Hinagiku Acrylic Stand', exact: true }),
      )
      assert.deepEqual(picture.sources, ['image/avif', 'image/webp'])
      assert.match(picture.currentSrc, /^\/media\/m\/[\w-]+\.avif$/, 'Chromium draws the AVIF variant')
      await shopper.getByRole('link', { name: BRAND }).waitFor(WAIT)
      await shopper.screenshot({ path: screenshotPath('shopper-imported-product-en'), fullPage: true })
    } finally {
      await operator.context.close()
      await shopperSide.context.close()
    }
  })

  it('shows best sellers by paid units and the brand directory, in each language', async () => {
    // One paid order: its product leads the best sellers, whatever the hot ranks say.
    const buyer = await shopperWithCart(shop, 'catalog-buyer@example.com', 'ja')
    await paidOrderThroughApi(shop, buyer)
    for (const language of ['zhCn', 'ja', 'en'] satisfies Language[]) {
      const customer = await signUpCustomer(shop, `catalog-${language.toLowerCase()}@example.com`, language)
      const { context, page } = await customerPage(shop, customer, language)
      try {
        await page.goto(shop.url('/product-best/list'))
        await page.getByRole('heading', { level: 1, name: textIn(language, '畅销商品') }).waitFor(WAIT)
        const firstCard = page.locator('main article').first()
        await firstCard.waitFor(WAIT)
        const name = productNameIn(language, buyer.product)
        assert.ok(
          ((await firstCard.textContent()) ?? '').includes(name),
          `${language}: the paid product leads`,
        )

        await page.goto(shop.url('/brands'))
        await page.getByRole('heading', { level: 1, name: textIn(language, '品牌大全') }).waitFor(WAIT)
        const brand = page.getByRole('link', { name: new RegExp(BRAND) })
        await brand.waitFor(WAIT)
        await page.screenshot({ path: screenshotPath(`brands-${language}`), fullPage: true })
        await brand.click()
        await page.waitForURL(
          (url) => url.pathname === '/product-search/list' && url.searchParams.has('brandId'),
          WAIT,
        )
        await page
          .getByRole('link', { name: /Hinagiku Tin Badge|Hinagiku Acrylic Stand/ })
          .first()
          .waitFor(WAIT)
      } finally {
        await context.close()
      }
    }
  })
})

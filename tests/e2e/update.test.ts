import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { after, before, describe, it } from 'node:test'
import type { Page } from 'playwright-core'
import { isStockedType } from '../../src/domain/cart.ts'
import type { ProductCardDto } from '../../src/domain/catalog.ts'
import { priceColumnFor, SIGN_UP_ROLE } from '../../src/domain/price-display.ts'
import { screenshotPath } from './browser.ts'
import { type Customer, customerPage, signUpCustomer, waitForServiceWorker } from './customer.ts'
import { type RunningShop, startShop, staticDir } from './shop.ts'

const WAIT = { timeout: 15_000 }

/**
 * Builds the app again into `outDir`, unminified: the same source as a different build, so every
 * file (the service worker's precache list included) changes, as with any new release.
 */
function buildAnotherVersion(outDir: string): Promise<void> {
  return new Promise((done, fail) => {
    const build = spawn('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--minify', 'false'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    build.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    build.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    build.on('exit', (code) =>
      code === 0 ? done() : fail(new Error(`vite build failed (${code}):\n${output}`)),
    )
  })
}

/** The address of the app's entry script in a build's index.html: what tells two builds apart. */
function entryScriptOf(buildDir: string): string {
  const html = readFileSync(join(buildDir, 'index.html'), 'utf8')
  const src = /<script type="module"[^>]*\ssrc="([^"]+)"/.exec(html)?.[1]
  assert.ok(src, `${buildDir}/index.html names its entry script`)
  return src
}

/** The module scripts the open page runs (its entry among them). */
function runningEntries(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLScriptElement>('script[type="module"][src]')].map(
      (script) => new URL(script.src).pathname,
    ),
  )
}

/** The keys of the app's IndexedDB store (idb-keyval's), as the page sees them. */
function storedKeys(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((done, fail) => {
        const opening = indexedDB.open('keyval-store')
        opening.onerror = () => fail(opening.error)
        opening.onsuccess = () => {
          const request = opening.result.transaction('keyval').objectStore('keyval').getAllKeys()
          request.onsuccess = () => {
            opening.result.close()
            done(request.result.map(String))
          }
          request.onerror = () => fail(request.error)
        }
      }),
  )
}

/** A hot product a card adds for this shopper: priced in their column, sold singly, no counted stock. */
async function addableHotProduct(customer: Customer): Promise<ProductCardDto> {
  const column = priceColumnFor(SIGN_UP_ROLE.zhCn, 'zhCn')
  const page = await customer.api<{ list: ProductCardDto[] }>(
    'GET',
    '/mall/product/hotListPage?pageSize=30&language=zhCn',
  )
  const product = page.list.find(
    (card) =>
      card.orderBase === 1 && column !== undefined && card[column] !== undefined && !isStockedType(card.type),
  )
  assert.ok(product, 'the demo catalog has a hot product sold singly')
  return product
}

describe('updating the installed app to a new version', () => {
  let workDir: string
  let shop: RunningShop
  let versionA: string
  let versionB: string
  let buildingB: Promise<void>

  before(async () => {
    workDir = mkdtempSync(join(tmpdir(), 'yoyaku-e2e-update-'))
    versionA = resolve(staticDir())
    versionB = join(workDir, 'b')
    // B builds while the shopper uses A (a build takes a while on a small machine)
    buildingB = buildAnotherVersion(versionB)
    buildingB.catch(() => {}) // awaited in the test
    // the server reads the built files on every request: the link decides which version it serves
    symlinkSync(versionA, join(workDir, 'current'))
    process.env.E2E_STATIC_DIR = join(workDir, 'current')
    shop = await startShop({ locale: 'zh-CN', name: 'update' })
  })
  after(async () => {
    await shop?.close()
    await buildingB?.catch(() => {})
    if (workDir) rmSync(workDir, { recursive: true, force: true })
  })

  it('offers the new version, and accepting it reloads the same page in it with the cart intact', async () => {
    const customer = await signUpCustomer(shop, 'update@example.com', 'zhCn')
    const product = await addableHotProduct(customer)
    const { context, page } = await customerPage(shop, customer, 'zhCn', { phone: true })
    const card = page.getByRole('article', { name: product.productName, exact: true })
    try {
      await page.goto(shop.url('/product-hot/list?pageNum=1'))
      await card.getByRole('button', { name: /^加入购物车/ }).click()
      await page.getByText('已加入购物车').first().waitFor(WAIT)
      // The update reloads a page only if the service worker already controlled it when it loaded.
      await waitForServiceWorker(page)
      await page.reload()
      await card.waitFor(WAIT)
      const visited = page.url()
      assert.ok((await runningEntries(page)).includes(entryScriptOf(versionA)), 'the page runs A')

      await buildingB
      assert.notEqual(entryScriptOf(versionB), entryScriptOf(versionA), 'B is another build than A')
      rmSync(join(workDir, 'current'))
      symlinkSync(versionB, join(workDir, 'current'))

      // Nothing navigates: the app's own check finds B (headless Chromium never hides a tab or moves
      // the focus between tabs, so the check that runs when the connection returns is the one used).
      await context.setOffline(true)
      await context.setOffline(false)
      const prompt = page.getByRole('status').filter({ hasText: '有新版本可用。' })
      await prompt.waitFor(WAIT)
      assert.ok(await prompt.getByText('更新后仍停留在当前页面，购物车不会丢失。').isVisible())
      const accept = prompt.getByRole('button', { name: '立即更新' })
      assert.ok(await prompt.getByRole('button', { name: '稍后' }).isVisible())

      // On a phone it leaves the header (menu, search, cart) free.
      const header = await page.getByRole('banner').boundingBox()
      const banner = await prompt.boundingBox()
      assert.ok(header && banner && banner.y >= header.y + header.height, 'the prompt is below the header')
      await page.screenshot({ path: screenshotPath('update-offered-phone') })

      // what the reload resumes from: the session (signed-in shell at once) and the cart
      const stored = await storedKeys(page)
      assert.ok(stored.includes('snapshot:session') && stored.includes('snapshot:cart'), stored.join(', '))

      let loads = 0
      page.on('load', () => {
        loads += 1
      })
      await accept.focus()
      await page.keyboard.press('Enter')
      await page.waitForFunction(
        (entry) =>
          [...document.scripts].some((script) => new URL(script.src, location.href).pathname === entry),
        entryScriptOf(versionB),
        WAIT,
      )
      await card.waitFor(WAIT)

      assert.equal(page.url(), visited, 'the same page, query included')
      const entries = await runningEntries(page)
      assert.ok(entries.includes(entryScriptOf(versionB)) && !entries.includes(entryScriptOf(versionA)))
      // one reload, and no second offer of the version now running
      await page.waitForTimeout(2000)
      assert.equal(loads, 1)
      assert.equal(await prompt.count(), 0)

      await page.goto(shop.url('/cart/list'))
      const quantity = page.getByRole('spinbutton', { name: `数量：${product.productName}` })
      await quantity.waitFor(WAIT)
      assert.equal(await quantity.inputValue(), '1')
      await page.screenshot({ path: screenshotPath('update-applied-phone'), fullPage: true })
    } finally {
      await context.close()
    }
  })
})

import assert from 'node:assert/strict'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { runServer, type StartedServer, stopServer } from '../support/server-process.ts'
import { launchChrome, savingData, screenshotPath } from './browser.ts'
import { staticDir } from './shop.ts'

interface HotProduct {
  productName: string
  jpProductName: string | null
  enProductName: string | null
}

const HOT_TITLE = { zhCn: '热门商品', ja: '人気商品', en: 'Hot products' } as const

describe('home page in a real browser, served by the real server', () => {
  let dataDir: string
  let server: StartedServer
  let exited: ReturnType<typeof runServer>['exited']
  let browser: Browser
  let context: BrowserContext
  let page: Page
  let hot: HotProduct[]
  /** Console errors and uncaught exceptions while online: a CSP violation or a crash shows up here. */
  const pageErrors: string[] = []

  before(async () => {
    assert.ok(
      existsSync(join(staticDir(), 'index.html')),
      'the PWA is not built: run `npm run build` first (npm test does)',
    )
    dataDir = mkdtempSync(join(tmpdir(), 'yoyaku-e2e-'))
    const run = runServer({ DATA_DIR: dataDir, STATIC_DIR: staticDir() })
    exited = run.exited
    server = await run.started
    const response = await fetch(`${server.baseUrl}/api/mall/product/hotList`)
    hot = ((await response.json()) as { data: HotProduct[] }).data
    assert.ok(hot.length > 0, 'the demo catalog has hot products')
    browser = await launchChrome()
    context = await savingData(
      await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'zh-CN' }),
    )
    page = await context.newPage()
    page.on('console', (message) => {
      if (message.type() === 'error') pageErrors.push(message.text())
    })
    page.on('pageerror', (error) => pageErrors.push(error.message))
  })

  after(async () => {
    await browser?.close()
    if (server) await stopServer(server, exited)
    rmSync(dataDir, { recursive: true, force: true })
  })

  const hotSection = (language: keyof typeof HOT_TITLE) =>
    page.locator('section', { has: page.getByRole('heading', { name: HOT_TITLE[language] }) })

  async function expectHotList(language: keyof typeof HOT_TITLE) {
    const section = hotSection(language)
    await section.waitFor({ timeout: 15_000 })
    const first = hot[0] as HotProduct
    const expectedName =
      language === 'ja'
        ? first.jpProductName || first.productName
        : language === 'en'
          ? first.enProductName || first.productName
          : first.productName
    await section.getByRole('link', { name: expectedName, exact: true }).waitFor()
    assert.equal(await section.getByRole('article').count(), hot.length)
  }

  it('shows the category bar and the hot list in Chinese by default', async () => {
    await page.goto(server.baseUrl)
    await expectHotList('zhCn')
    await page.getByRole('navigation', { name: '商品分类' }).getByRole('link', { name: '全部' }).waitFor()
    assert.equal(await page.getAttribute('html', 'lang'), 'zh-CN')
    await page.screenshot({ path: screenshotPath('home-zhCn'), fullPage: true })
  })

  it('is controlled by the service worker after the first visit', async () => {
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 15_000,
    })
  })

  it('switches to Japanese and English, and keeps the choice across a reload', async () => {
    await page.getByTestId('language-switch').selectOption('ja')
    await expectHotList('ja')
    await page.getByRole('navigation', { name: '商品カテゴリー' }).waitFor()
    await page.screenshot({ path: screenshotPath('home-ja'), fullPage: true })

    await page.getByTestId('language-switch').selectOption('en')
    await expectHotList('en')
    assert.equal(await page.evaluate(() => localStorage.getItem('localeLang')), 'en')
    await page.reload()
    await expectHotList('en')
    assert.equal(await page.getAttribute('html', 'lang'), 'en')
    await page.screenshot({ path: screenshotPath('home-en'), fullPage: true })
    assert.deepEqual(pageErrors, [], 'no console errors (CSP violations, crashes) while online')
  })

  it('reloads with no network and still shows the hot list', async () => {
    await context.setOffline(true)
    try {
      await page.reload()
      await expectHotList('en')
      await page.getByRole('navigation', { name: 'Product categories' }).waitFor()
      await page.screenshot({ path: screenshotPath('home-en-offline'), fullPage: true })

      // the Chinese list was cached on the first visit too
      await page.getByTestId('language-switch').selectOption('zhCn')
      await expectHotList('zhCn')
    } finally {
      await context.setOffline(false)
    }
  })
})

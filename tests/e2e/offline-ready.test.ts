import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import { gzipSync } from 'node:zlib'
import type { BrowserContext, Page } from 'playwright-core'
import { screenshotPath } from './browser.ts'
import { waitForWarmPages } from './customer.ts'
import { type RunningShop, startShop, staticDir } from './shop.ts'

const WAIT = { timeout: 15_000 }

/** Budgets with headroom for a loaded CI machine; the bench writes down the real figures. */
const PRECACHE_BUDGET_GZIP_BYTES = 150 * 1024
const PRECACHE_MAX_FILES = 40
const CONTROLLING_BUDGET_MS = 10_000

/** The paths of what the worker precached, read from its cache (workbox adds a revision to some). */
async function precachedPaths(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const names = (await caches.keys()).filter((name) => name.startsWith('workbox-precache'))
    const requests = (await Promise.all(names.map(async (name) => (await caches.open(name)).keys()))).flat()
    return requests.map((request) => new URL(request.url).pathname)
  })
}

/** Paths cached by the worker when used or warmed. */
async function pageCodePaths(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const cache = await caches.open('page-code')
    return (await cache.keys()).map((request) => new URL(request.url).pathname)
  })
}

const built = (path: string) => readFileSync(join(staticDir(), path))
const gzipBytes = (path: string) => gzipSync(built(path), { level: 9 }).length

describe('a first visit is ready offline in seconds, from a small precache', () => {
  let shop: RunningShop
  let context: BrowserContext
  let page: Page

  before(async () => {
    shop = await startShop({ locale: 'zh-CN', name: 'offline-ready' })
    context = await shop.browser.newContext({ locale: 'zh-CN', viewport: { width: 412, height: 900 } })
    page = await context.newPage()
  })
  after(async () => {
    await context?.close()
    await shop?.close()
  })

  it('takes control soon after the first load and says once that the shop now opens offline', async () => {
    await page.goto(shop.url('/'))
    const controllingMs = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          if (navigator.serviceWorker.controller) resolve(performance.now())
          else navigator.serviceWorker.addEventListener('controllerchange', () => resolve(performance.now()))
        }),
    )
    assert.ok(
      controllingMs <= CONTROLLING_BUDGET_MS,
      `a worker controls the first visit ${Math.round(controllingMs)} ms after it began`,
    )
    const notice = page.getByTestId('offline-ready')
    await notice.getByText('已保存到本机，断网时也能打开。').waitFor(WAIT)
    await page.screenshot({ path: screenshotPath('offline-ready') })
    await notice.getByRole('button', { name: '知道了' }).click()
    await notice.waitFor({ state: 'detached', ...WAIT })

    // told once: not on the next page, nor after a reload
    await page.reload()
    await page.getByRole('heading', { name: '热门商品' }).first().waitFor(WAIT)
    assert.equal(await page.getByTestId('offline-ready').count(), 0)
  })

  it('precaches only the shell: at most 40 files and 150 KB gzip, no page, console or sandbox code', async () => {
    const paths = await precachedPaths(page)
    assert.ok(paths.includes('/index.html'), 'the shell page is precached')
    assert.ok(paths.length <= PRECACHE_MAX_FILES, `${paths.length} files precached`)
    const gzip = paths.reduce((sum, path) => sum + gzipBytes(path), 0)
    assert.ok(gzip <= PRECACHE_BUDGET_GZIP_BYTES, `precache is ${(gzip / 1024).toFixed(1)} KB gzip`)

    const listed = JSON.parse(built('offline-pages.json').toString()) as {
      warm: string[]
      pages: Record<string, string[]>
    }
    const precached = new Set(paths)
    for (const path of [...listed.warm, ...(listed.pages['product.$id'] ?? [])]) {
      assert.ok(!precached.has(path), `${path} is warmed later, not precached`)
    }
    const notWarmed = (path: string) => {
      const text = built(path).toString()
      // the console's stylesheet, the sandbox payment page
      return /\/ops-[\w-]+\.css$/.test(path) || text.includes('sandbox-pay-title')
    }
    for (const path of [...paths, ...listed.warm]) assert.ok(!notWarmed(path), `${path} is not the shopper's`)
  })

  it('warms the other pages once the network is quiet, so a page never opened opens offline', async () => {
    await waitForWarmPages(page)
    const cached = await pageCodePaths(page)
    assert.ok(!cached.some((path) => /\/ops-[\w-]+\.css$/.test(path)), 'no console stylesheet warmed')

    await context.setOffline(true)
    try {
      // never opened: its code comes from the warmed cache, and it needs no data
      await page.goto(shop.url('/login'))
      await page.getByRole('heading', { level: 1, name: '登录' }).waitFor(WAIT)
      await page.getByLabel('密码', { exact: true }).waitFor(WAIT)

      const indicator = page.getByTestId('offline-indicator')
      await indicator.getByText('当前离线，显示的是本机保存的内容').waitFor(WAIT)
      const pages = indicator.getByRole('navigation', { name: '可以打开：' })
      await pages.getByRole('link', { name: '首页' }).waitFor(WAIT)
      // a visitor is not shown a shopper's own pages
      assert.equal(await pages.getByRole('link').count(), 1)
      await page.screenshot({ path: screenshotPath('offline-indicator') })

      await pages.getByRole('link', { name: '首页' }).click()
      await page.getByRole('heading', { name: '热门商品' }).first().waitFor(WAIT)
    } finally {
      await context.setOffline(false)
    }
  })
})

import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { BrowserContext, Locator, Page } from 'playwright-core'
import { type ProductDetailDto, productNameIn } from '../../src/domain/catalog.ts'
import type { Language } from '../../src/domain/language.ts'
import { latestCodeFor } from '../server/support/outbox.ts'
import { seriousViolations } from './axe.ts'
import { savingData, screenshotPath } from './browser.ts'
import { translated } from './catalog-text.ts'
import { type RunningShop, startShop } from './shop.ts'

const LANGUAGES: readonly Language[] = ['zhCn', 'ja', 'en']
const BROWSER_LOCALE: Record<Language, string> = { zhCn: 'zh-CN', ja: 'ja-JP', en: 'en-US' }
const DOCUMENT_LANG: Record<Language, string> = { zhCn: 'zh-CN', ja: 'ja', en: 'en' }
const VIEWPORTS = {
  desktop: { viewport: { width: 1280, height: 900 } },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
} as const

/** What a shopper of `language` reads for a zh-CN source text. */
const textIn = (language: Language, source: string) =>
  language === 'zhCn' ? source : translated(language, source)

describe('browsing the catalog in a real browser: home → list → product → search', () => {
  let shop: RunningShop
  const contexts: BrowserContext[] = []

  before(async () => {
    shop = await startShop({ locale: 'zh-CN', name: 'browse' })
  })
  after(async () => {
    for (const context of contexts) await context.close()
    await shop?.close()
  })

  async function openPage(language: Language, kind: keyof typeof VIEWPORTS): Promise<Page> {
    const context = await savingData(
      await shop.browser.newContext({ ...VIEWPORTS[kind], locale: BROWSER_LOCALE[language] }),
    )
    contexts.push(context)
    // The shopper chose this language earlier: it is in storage before the app starts.
    await context.addInitScript((lang) => localStorage.setItem('localeLang', lang), language)
    return context.newPage()
  }

  async function productDetails(id: number): Promise<ProductDetailDto> {
    const response = await fetch(shop.url(`/api/mall/product/details/${id}`))
    return ((await response.json()) as { data: ProductDetailDto }).data
  }

  /** The card's product link: the one named like the card (the price slot may hold a login link). */
  async function cardLink(card: Locator): Promise<Locator> {
    const name = await card.getAttribute('aria-label')
    assert.ok(name, 'a product card is labelled with its name')
    return card.getByRole('link', { name, exact: true })
  }

  const pathOf = (page: Page) => {
    const { pathname, search } = new URL(page.url())
    return pathname + search
  }

  async function expectNoSeriousViolations(page: Page, where: string) {
    const violations = await seriousViolations(page)
    assert.deepEqual(violations, [], `axe finds no serious or critical violation on ${where}`)
  }

  for (const language of LANGUAGES) {
    for (const kind of ['desktop', 'phone'] as const) {
      it(`browses in ${language} on a ${kind}`, async () => {
        const page = await openPage(language, kind)
        const t = (source: string) => textIn(language, source)
        const errors: string[] = []
        page.on('pageerror', (error) => errors.push(error.message))

        // Home: the hot section, its title leading to the hot list.
        await page.goto(shop.url('/'))
        const hotTitle = page.getByRole('heading', { name: t('热门商品') })
        await hotTitle.waitFor({ timeout: 15_000 })
        assert.equal(await page.getAttribute('html', 'lang'), DOCUMENT_LANG[language])
        await expectNoSeriousViolations(page, `home (${language}, ${kind})`)
        await page.screenshot({ path: screenshotPath(`browse-home-${language}-${kind}`) })

        await hotTitle.getByRole('link').click()
        await page.waitForURL((url) => url.pathname === '/product-hot/list')
        await page.getByRole('heading', { level: 1 }).waitFor()
        const firstCard = page.getByRole('article').first()
        await firstCard.waitFor()
        await expectNoSeriousViolations(page, `the hot list (${language}, ${kind})`)

        // A product from the list, named in the shopper's language.
        const productLink = await cardLink(firstCard)
        const href = (await productLink.getAttribute('href')) ?? ''
        const id = Number(href.split('/').at(-1))
        assert.ok(id > 0, `the card links to a product (${href})`)
        const product = await productDetails(id)
        const name = productNameIn(language, product)
        await productLink.click()
        await page.waitForURL((url) => url.pathname === `/product-hot/product/${id}`)
        await page.getByRole('heading', { level: 1, name }).waitFor()
        // A visitor is asked to log in for the price.
        await page.getByText(t('登录后查看价格')).first().waitFor()
        await expectNoSeriousViolations(page, `a product page (${language}, ${kind})`)
        await page.screenshot({ path: screenshotPath(`browse-product-${language}-${kind}`), fullPage: true })

        // Search for the product's item number from the header (desktop) or the search drawer (phone).
        if (kind === 'desktop') {
          const box = page.getByRole('banner').getByLabel(t('商品名称、货号或 JAN 码'))
          await box.fill(product.itemNo)
          await box.press('Enter')
        } else {
          await page
            .getByRole('banner')
            .getByRole('button', { name: t('搜索'), exact: true })
            .click()
          const drawer = page.getByRole('dialog')
          await drawer.getByLabel(t('商品名称、货号或 JAN 码')).fill(product.itemNo)
          await drawer.getByRole('button', { name: t('搜索'), exact: true }).click()
        }
        await page.waitForURL((url) => url.pathname === '/product-search/list')
        assert.equal(new URL(page.url()).searchParams.get('name'), product.itemNo)
        const results = page.getByRole('article')
        await results.first().getByRole('link', { name, exact: true }).waitFor()
        assert.equal(await results.count(), 1, 'an item number finds exactly its product')
        assert.deepEqual(errors, [], 'no uncaught errors while browsing')
      })
    }
  }

  it('returns from a product to the same scroll position of a long list', async () => {
    const page = await openPage('zhCn', 'desktop')
    await page.goto(shop.url('/product-search/list'))
    const cards = page.getByRole('article')
    await cards.nth(24).waitFor({ timeout: 15_000 })
    await cards.nth(24).scrollIntoViewIfNeeded()
    await page.waitForTimeout(200) // let the router record the position
    const before = await page.evaluate(() => window.scrollY)
    assert.ok(before > 600, `the list is scrolled down (${before})`)
    const listPath = pathOf(page)
    await (await cardLink(cards.nth(24))).click()
    await page.waitForURL((url) => url.pathname.startsWith('/product-search/product/'))
    await page.getByRole('heading', { level: 1 }).waitFor()
    await page.goBack()
    await page.waitForURL((url) => url.pathname + url.search === listPath)
    await cards.nth(24).waitFor()
    await page.waitForFunction((y) => Math.abs(window.scrollY - y) < 4, before, { timeout: 5000 })
  })

  it('shows a signed-in shopper the price of their role, a visitor none', async () => {
    const email = 'browse@example.com'
    const password = 'Browse.2026'
    const post = (path: string, body: unknown) =>
      fetch(shop.url(path), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    await post('/api/mall/user/code/email', { type: 1, username: email, language: 'zhCn' })
    const code = await latestCodeFor(shop.outboxDir, email)
    const registered = await post('/api/mall/user/register', {
      username: email,
      password,
      nickname: '浏览',
      code,
    })
    const token = registered.headers.get('token')
    assert.ok(token, 'sign-up gives a token')

    const hot = (await (await fetch(shop.url('/api/mall/product/hotList'))).json()) as {
      data: { id: number }[]
    }
    const id = hot.data[0]?.id
    assert.ok(id, 'the demo catalog has hot products')
    const detail = (await (
      await fetch(shop.url(`/api/mall/product/details/${id}?language=zhCn`), { headers: { token } })
    ).json()) as { data: ProductDetailDto }
    const yen = detail.data.cnAlonePrice
    assert.ok(yen !== undefined && yen >= 0, 'a zhCn customer (role 2) gets the Chinese single price')

    const page = await openPage('zhCn', 'desktop')
    await page.addInitScript((value) => localStorage.setItem('token', value), token)
    await page.goto(shop.url(`/product/${id}`))
    await page.getByRole('heading', { level: 1 }).waitFor({ timeout: 15_000 })
    await page
      .getByText(`¥${yen.toLocaleString('en-US')}`)
      .first()
      .waitFor()
    assert.equal(await page.getByText('登录后查看价格').count(), 0)
  })
})

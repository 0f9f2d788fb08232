import assert from 'node:assert/strict'
import type { BrowserContext, Page } from 'playwright-core'
import type { AddressDto, AddressInput } from '../../src/domain/address.ts'
import type { Language } from '../../src/domain/language.ts'
import { latestCodeFor } from '../server/support/outbox.ts'
import { savingData } from './browser.ts'
import { translated } from './catalog-text.ts'
import { OPERATOR, type RunningShop } from './shop.ts'

export const BROWSER_LOCALE: Record<Language, string> = { zhCn: 'zh-CN', ja: 'ja-JP', en: 'en-US' }

export interface Customer {
  email: string
  token: string
  /** A call to the shop's API as this customer; answers the envelope's data, fails on a failure code. */
  api<T>(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<T>
}

/** Signs a new customer up through the API (the browser test of sign-up is account.test.ts). */
export async function signUpCustomer(
  shop: RunningShop,
  email: string,
  language: Language,
): Promise<Customer> {
  const post = (path: string, body: unknown) =>
    fetch(shop.url(path), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  await post('/api/mall/user/code/email', { type: 1, username: email, language })
  const code = await latestCodeFor(shop.outboxDir, email)
  const registered = await post('/api/mall/user/register', {
    username: email,
    password: 'Figure.2026',
    nickname: email.split('@')[0],
    // a zhCn customer without a messaging account is asked for one before anything else
    wechat: 'yoyaku-e2e',
    code,
    language,
  })
  const token = registered.headers.get('token')
  assert.ok(token, `sign-up of ${email} gives a token`)
  return {
    email,
    token,
    async api<T>(
      method: string,
      path: string,
      body?: unknown,
      headers: Record<string, string> = {},
    ): Promise<T> {
      const response = await fetch(shop.url(`/api${path}`), {
        method,
        headers: { ...headers, token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      })
      const envelope = (await response.json()) as { code: number; msg: string; data: T }
      assert.equal(envelope.code, 200, `${method} ${path}: ${envelope.msg}`)
      return envelope.data
    },
  }
}

/** A browser page signed in as the customer, in their language, on a desktop or a phone. */
export async function customerPage(
  shop: RunningShop,
  customer: Customer,
  language: Language,
  options: { phone?: boolean; warmPages?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await shop.browser.newContext({
    ...(options.phone
      ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }
      : { viewport: { width: 1280, height: 900 } }),
    locale: BROWSER_LOCALE[language],
  })
  if (!options.warmPages) await savingData(context)
  await context.addInitScript(
    ({ token, lang }) => {
      // only on the first load of this context: a later reload keeps what the app stored
      if (localStorage.getItem('token') === null && !sessionStorage.getItem('e2e-started')) {
        localStorage.setItem('token', token)
        localStorage.setItem('localeLang', lang)
      }
      sessionStorage.setItem('e2e-started', '1')
    },
    { token: customer.token, lang: language },
  )
  return { context, page: await context.newPage() }
}

/** Resolves when the service worker controls the page (so API answers are cached from now on). */
export async function waitForServiceWorker(page: Page): Promise<void> {
  // A worker controls the page and holds every piece of the app the page loaded (those loaded before it
  // took control are handed to it just after): a reload offline now opens this page.
  await pollPage(page, 15_000, 'a worker to control the page and hold its code', async () => {
    if (!navigator.serviceWorker?.controller) return false
    const code = performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((name) => new URL(name).pathname.startsWith('/assets/'))
    const held = await Promise.all(code.map((url) => caches.match(url)))
    return held.every(Boolean)
  })
}

/**
 * Waits until the worker has warmed the shopper's pages: the build's list is saved and every chunk it
 * names is cached (the page asks for it once the network is quiet).
 */
export async function waitForWarmPages(page: Page): Promise<void> {
  await pollPage(page, 45_000, 'the worker to warm every page', async () => {
    const listed = await caches.match('/offline-pages.json')
    if (!listed) return false
    const { warm } = (await listed.json()) as { warm: string[] }
    const held = await Promise.all(warm.map((url) => caches.match(url)))
    return held.every(Boolean)
  })
}

/** Evaluates an async check in the page every 250 ms until it gives true; fails after `timeoutMs`. */
async function pollPage(page: Page, timeoutMs: number, what: string, check: () => Promise<boolean>) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (await page.evaluate(check).catch(() => false)) return
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

/**
 * A delivery address in the United States (the customer's default unless they have one), whose fields
 * no other text of the shop contains: the private-data test looks for them anywhere on the device.
 */
export const US_ADDRESS: AddressInput = {
  firstName: 'Hinagiku',
  lastName: 'Tsukimori',
  nameEn: 'Hinagiku Tsukimori',
  telephone: '+1 (212) 555-0187',
  postCode: '10001',
  country: '美国',
  countryEn: 'United States',
  province: '纽约州',
  provinceEn: 'New York',
  city: '纽约',
  cityEn: 'New York',
  district: null,
  districtEn: null,
  shopName: null,
  shopNameEn: null,
  address: '417 Tsukimori Terrace, Apt 5C',
  addressEn: '417 Tsukimori Terrace, Apt 5C',
  acquiescent: 1,
  isBill: 0,
}

/** Adds an address to the customer's book through the API (the browser test of the book is elsewhere). */
export function addAddress(customer: Customer, address: AddressInput = US_ADDRESS): Promise<AddressDto> {
  return customer.api<AddressDto>('POST', '/mall/address/save', address)
}

/**
 * A browser page signed in as the shop's operator (OPERATOR, set by startShop) through the login
 * page, in the language (zh-CN unless told), on the console's first page (/ops/orders).
 */
export async function operatorPage(
  shop: RunningShop,
  language: Language = 'zhCn',
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await savingData(
    await shop.browser.newContext({
      viewport: { width: 1280, height: 900 },
      locale: BROWSER_LOCALE[language],
    }),
  )
  await context.addInitScript((lang) => {
    if (!sessionStorage.getItem('e2e-started')) localStorage.setItem('localeLang', lang)
    sessionStorage.setItem('e2e-started', '1')
  }, language)
  const page = await context.newPage()
  await page.goto(shop.url('/login?redirectUrl=%2Fops'))
  await page.locator('input[name="username"]').fill(OPERATOR.email)
  await page.locator('input[name="password"]').fill(OPERATOR.password)
  await page
    .getByRole('button', { name: language === 'zhCn' ? '登录' : translated(language, '登录'), exact: true })
    .click()
  // the console's first visit loads its chunks and its own stylesheet: room for a loaded CI machine
  await page.waitForURL((url) => url.pathname === '/ops/orders', { timeout: 30_000 })
  return { context, page }
}

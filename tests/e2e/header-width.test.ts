import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { BrowserContext, Page } from 'playwright-core'
import type { Language } from '../../src/domain/language.ts'
import { savingData } from './browser.ts'
import { translated } from './catalog-text.ts'
import { BROWSER_LOCALE, type Customer, customerPage, operatorPage, signUpCustomer } from './customer.ts'
import { type RunningShop, startShop } from './shop.ts'

/** Desktop widths the header must hold at: the smallest laptop, the common ones. */
const WIDTHS = [1024, 1280, 1366] as const
/** Below this the phone header takes over; from it up the search input keeps this much room. */
const MIN_INPUT_PX = 240
const LANGUAGES: readonly Language[] = ['zhCn', 'ja', 'en']
type Caller = 'visitor' | 'shopper' | 'operator'

const searchInput = (page: Page, language: Language) =>
  page.getByRole('searchbox', {
    name: language === 'zhCn' ? '商品名称、货号或 JAN 码' : translated(language, '商品名称、货号或 JAN 码'),
  })

describe('the desktop header holds its search at every desktop width', () => {
  let shop: RunningShop
  let customer: Customer
  const contexts: BrowserContext[] = []

  before(async () => {
    shop = await startShop({ locale: 'zh-CN', name: 'header-width' })
    // the longest nickname there is (32 characters) in the account menu's button
    customer = await signUpCustomer(shop, 'a-shopper-with-a-very-long-name1@example.com', 'en')
  })
  after(async () => {
    for (const context of contexts) await context.close()
    await shop?.close()
  })

  async function pageFor(caller: Caller, language: Language): Promise<Page> {
    if (caller === 'shopper') {
      const { context, page } = await customerPage(shop, customer, language)
      contexts.push(context)
      return page
    }
    if (caller === 'operator') {
      const { context, page } = await operatorPage(shop, language)
      contexts.push(context)
      return page
    }
    const context = await savingData(
      await shop.browser.newContext({
        viewport: { width: 1280, height: 900 },
        locale: BROWSER_LOCALE[language],
      }),
    )
    await context.addInitScript((lang) => localStorage.setItem('localeLang', lang), language)
    contexts.push(context)
    return context.newPage()
  }

  for (const caller of ['visitor', 'shopper', 'operator'] as const) {
    it(`keeps ≥ ${MIN_INPUT_PX} px for the search input at ${WIDTHS.join(', ')} px for a ${caller}, in each language`, async () => {
      const widths: string[] = []
      const narrow: string[] = []
      for (const language of LANGUAGES) {
        const page = await pageFor(caller, language)
        await page.goto(shop.url('/'))
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 900 })
          const input = searchInput(page, language)
          await input.waitFor({ timeout: 15_000 })
          if (caller !== 'visitor') {
            // the signed-in part of the header is a lazy chunk: measure once it is drawn
            await page.locator('header [aria-haspopup]').first().waitFor({ timeout: 15_000 })
          }
          const box = await input.boundingBox()
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
          // the search form may not run under the logo or the links beside it, nor past the window
          const overlap = await page.evaluate(() => {
            const form = document.querySelector('header search form')
            if (!form) return 'the header has no search form'
            const box = form.getBoundingClientRect()
            if (box.left < 0 || box.right > window.innerWidth) return 'the search runs past the window'
            for (const other of document.querySelectorAll('header a, header button, header select')) {
              if (form.contains(other)) continue
              const o = other.getBoundingClientRect()
              if (o.width === 0 || o.height === 0) continue
              if (o.left < box.right && o.right > box.left && o.top < box.bottom && o.bottom > box.top)
                return `the search runs under "${(other.textContent ?? '').trim().slice(0, 30)}"`
            }
            return undefined
          })
          if (overlap) narrow.push(`${language} at ${width} px: ${overlap}`)
          const px = Math.round(box?.width ?? 0)
          widths.push(`${language}@${width}: ${px}`)
          if (px < MIN_INPUT_PX) narrow.push(`${language} at ${width} px: the input is ${px} px wide`)
          if (overflow > 0)
            narrow.push(`${language} at ${width} px: the page scrolls sideways by ${overflow} px`)
        }
        await page.close()
      }
      console.log(`header search input, ${caller}: ${widths.join(', ')}`)
      assert.deepEqual(narrow, [])
    })
  }
})

import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Page } from 'playwright-core'
import { latestCodeFor, readOutbox } from '../server/support/outbox.ts'
import { screenshotPath } from './browser.ts'
import { translated } from './catalog-text.ts'
import { type RunningShop, startShop } from './shop.ts'

const ja = (source: string) => translated('ja', source)

const EMAIL = 'mika@example.com'
const PASSWORD = 'Sakura.2026'
const NEW_PASSWORD = 'Hanabi!2027'

describe('accounts in a real browser, in Japanese from start to end', () => {
  let shop: RunningShop
  let page: Page

  before(async () => {
    shop = await startShop({ locale: 'ja-JP', name: 'accounts' })
    page = shop.page
  })

  after(async () => {
    await shop?.close()
  })

  const pathOf = () => {
    const { pathname, search } = new URL(page.url())
    return pathname + search
  }
  const storedToken = () => page.evaluate(() => localStorage.getItem('token'))

  it('sends a visitor from a guarded page to login, keeping the target, after choosing Japanese', async () => {
    await page.goto(shop.url('/'))
    await page.getByTestId('language-switch').selectOption('ja')
    await shop.waitForLang('ja')
    await page.goto(shop.url('/userinfo'))
    await shop.waitForPath('/login?redirectUrl=%2Fuserinfo')
    await page.getByRole('heading', { name: ja('登录') }).waitFor()
    await shop.waitForLang('ja')
  })

  it('signs up with the code from the mailed message and is signed in', async () => {
    await page.getByRole('link', { name: ja('注册新账号') }).click()
    await shop.waitForPath('/signup')
    // The URL changes before the sign-up page replaces the login page, which has a username input too:
    // filling before the page is there would type into the login form.
    await page.getByRole('heading', { name: ja('注册'), exact: true }).waitFor()
    await page.locator('input[name="username"]').fill(EMAIL)
    await page.getByRole('button', { name: ja('发送验证码') }).click()
    await page
      .getByRole('status')
      .filter({ hasText: ja('已发送，请查收邮件') })
      .waitFor()
    const mail = (await readOutbox(shop.outboxDir)).at(-1)
    assert.equal(mail?.subject, 'Yoyaku 会員登録の認証コード', 'the mail is in the language of the page')
    await page.locator('input[name="code"]').fill(await latestCodeFor(shop.outboxDir, EMAIL))
    await page.locator('input[name="nickname"]').fill('ミカ')
    await page.locator('input[name="password"]').fill(PASSWORD)
    await page.locator('input[name="confirmPassword"]').fill(PASSWORD)
    await page.getByRole('button', { name: ja('注册'), exact: true }).click()
    await shop.waitForPath('/')
    await page.getByRole('button', { name: /ミカ/ }).waitFor()
    assert.ok(await storedToken())
    await shop.waitForLang('ja')
    await page.screenshot({ path: screenshotPath('account-signed-in-ja') })
  })

  it('logs out from the avatar menu: home, signed out, token gone', async () => {
    await page.getByRole('button', { name: /ミカ/ }).click()
    await page.getByRole('menuitem', { name: ja('退出登录') }).click()
    await page.getByRole('link', { name: ja('登录'), exact: true }).waitFor()
    // The header turns to the visitor's while the logout call is still out; the token goes when it ends.
    await page.waitForFunction(() => localStorage.getItem('token') === null, undefined, { timeout: 5000 })
    assert.equal(pathOf(), '/')
    assert.equal(await storedToken(), null)
  })

  it('logs in on the way to a guarded page and lands on it', async () => {
    await page.goto(shop.url('/userinfo'))
    await shop.waitForPath('/login?redirectUrl=%2Fuserinfo')
    await page.locator('input[name="username"]').fill(EMAIL)
    await page.locator('input[name="password"]').fill(PASSWORD)
    await page.getByRole('button', { name: ja('登录'), exact: true }).click()
    await shop.waitForPath('/userinfo')
    await page.getByText(EMAIL).waitFor()
    await shop.waitForLang('ja')
    await page.screenshot({ path: screenshotPath('account-userinfo-ja'), fullPage: true })
  })

  it('sends the shopper to login when the session ends elsewhere, and back after logging in', async () => {
    const token = await storedToken()
    assert.ok(token)
    // The session is ended by the server (as logout on another device or a password reset would).
    const ended = await fetch(shop.url('/api/mall/user/exit'), { method: 'POST', headers: { token } })
    assert.equal(ended.status, 200)
    await page.goto(shop.url('/change-password'))
    await shop.waitForPath('/login?redirectUrl=%2Fchange-password')
    await page.getByText(ja('登录已超时，请重新登录')).waitFor()
    assert.equal(await storedToken(), null)
    await page.locator('input[name="username"]').fill(EMAIL)
    await page.locator('input[name="password"]').fill(PASSWORD)
    await page.getByRole('button', { name: ja('登录'), exact: true }).click()
    await shop.waitForPath('/change-password')
    await shop.waitForLang('ja')
  })

  it('resets a forgotten password with a mailed code and logs in with the new one', async () => {
    await page.getByRole('button', { name: /ミカ/ }).click()
    await page.getByRole('menuitem', { name: ja('退出登录') }).click()
    await page.getByRole('link', { name: ja('登录'), exact: true }).waitFor()
    await page.goto(shop.url('/forgot'))
    await page.locator('input[name="username"]').fill(EMAIL)
    await page.getByRole('button', { name: ja('发送验证码') }).click()
    await page
      .getByRole('status')
      .filter({ hasText: ja('已发送，请查收邮件') })
      .waitFor()
    await page.locator('input[name="code"]').fill(await latestCodeFor(shop.outboxDir, EMAIL))
    await page.locator('input[name="password"]').fill(NEW_PASSWORD)
    await page.locator('input[name="confirmPassword"]').fill(NEW_PASSWORD)
    await page.getByRole('button', { name: ja('重置密码'), exact: true }).click()
    await page.getByText(ja('密码已重置')).waitFor()
    await page.goto(shop.url('/login'))
    await page.locator('input[name="username"]').fill(EMAIL)
    await page.locator('input[name="password"]').fill(NEW_PASSWORD)
    await page.getByRole('button', { name: ja('登录'), exact: true }).click()
    await shop.waitForPath('/')
    await page.getByRole('button', { name: /ミカ/ }).waitFor()
    await shop.waitForLang('ja')
  })
})

import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { deflateSync } from 'node:zlib'
import type { Page } from 'playwright-core'
import { latestCodeFor, readOutbox } from '../server/support/outbox.ts'
import { screenshotPath } from './browser.ts'
import { translated } from './catalog-text.ts'
import { type RunningShop, startShop } from './shop.ts'

const en = (source: string) => translated('en', source)

/** A valid 2×2 PNG, built here so the test needs no fixture file. */
function tinyPng(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    return c >>> 0
  })
  const crc32 = (bytes: Buffer) => {
    let c = 0xffffffff
    for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] as number) ^ (c >>> 8)
    return (c ^ 0xffffffff) >>> 0
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(body))
    return Buffer.concat([length, body, crc])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(2, 0) // width
  header.writeUInt32BE(2, 4) // height
  header.set([8, 2, 0, 0, 0], 8) // 8-bit RGB
  // Two rows: filter byte 0, then two orange pixels each.
  const pixels = Buffer.from([0, 255, 128, 0, 255, 128, 0, 0, 255, 128, 0, 255, 128, 0])
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

const EMAIL = 'sam@example.com'
const NEW_EMAIL = 'sam.new@example.com'
const PASSWORD = 'Figure.2026'
const NEW_PASSWORD = 'Plushie!27'

describe('profile, password and e-mail changes in a real browser, in English', () => {
  let shop: RunningShop
  let page: Page

  const post = async (path: string, body: unknown) => {
    const response = await fetch(shop.url(path), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    assert.equal(response.status, 200, `${path} answered ${response.status}`)
    return response
  }

  before(async () => {
    shop = await startShop({ locale: 'en-GB', name: 'settings' })
    page = shop.page
    // The account is made through the API; the browser test of sign-up is account.test.ts.
    await post('/api/mall/user/code/email', { type: 1, username: EMAIL, language: 'en' })
    const code = await latestCodeFor(shop.outboxDir, EMAIL)
    await post('/api/mall/user/register', {
      username: EMAIL,
      password: PASSWORD,
      nickname: 'Sam',
      code,
      language: 'en',
    })
  })

  after(async () => {
    await shop?.close()
  })

  async function logIn(email: string, password: string) {
    await page.locator('input[name="username"]').fill(email)
    await page.locator('input[name="password"]').fill(password)
    await page.getByRole('button', { name: en('登录'), exact: true }).click()
  }

  it('logs in in English and changes the nickname; the header shows it at once', async () => {
    await page.goto(shop.url('/'))
    await page.getByTestId('language-switch').selectOption('en')
    await shop.waitForLang('en')
    await page.goto(shop.url('/userinfo'))
    await shop.waitForPath('/login?redirectUrl=%2Fuserinfo')
    await logIn(EMAIL, PASSWORD)
    await shop.waitForPath('/userinfo')
    await page.locator('input[name="nickname"]').fill('Samantha')
    await page.getByRole('button', { name: en('保存'), exact: true }).click()
    await page.getByText(en('保存成功')).waitFor()
    await page.getByRole('button', { name: /Samantha/ }).waitFor()
    await shop.waitForLang('en')
    await page.screenshot({ path: screenshotPath('account-userinfo-en'), fullPage: true })
  })

  it('uploads a profile picture that the header shows at once', async () => {
    await page.getByRole('button', { name: en('更换头像') }).click()
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: tinyPng() })
    await page.getByRole('img', { name: en('头像预览') }).waitFor()
    await page.getByRole('button', { name: en('上传'), exact: true }).click()
    await page.getByText(en('头像已更新')).waitFor()
    const headerAvatar = page.locator('header img[src^="/media/avatars/"]')
    await headerAvatar.waitFor()
    // The picture really loads from the server.
    await page.waitForFunction(
      () =>
        (document.querySelector('header img[src^="/media/avatars/"]') as HTMLImageElement | null)
          ?.naturalWidth === 2,
    )
  })

  it('changes the password; the new one logs in and the old one no longer does', async () => {
    await page.goto(shop.url('/change-password'))
    await page.locator('input[name="password"]').fill(PASSWORD)
    await page.locator('input[name="newPassword"]').fill(NEW_PASSWORD)
    await page.locator('input[name="confirmPassword"]').fill(NEW_PASSWORD)
    await page.getByRole('button', { name: en('修改密码'), exact: true }).click()
    await shop.waitForPath('/userinfo')
    const old = await fetch(shop.url('/api/mall/user/login'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: EMAIL, password: PASSWORD }),
    })
    assert.equal(old.status, 400)
    await post('/api/mall/user/login', { username: EMAIL, password: NEW_PASSWORD })
  })

  it('changes the sign-in e-mail through the mailed link; the new address logs in', async () => {
    await page.getByRole('button', { name: en('更换邮箱') }).click()
    await page.locator('input[name="newEmail"]').fill(NEW_EMAIL)
    await page.getByRole('button', { name: en('发送确认邮件') }).click()
    await page.getByText(en('确认邮件已发送')).waitFor()
    const mail = (await readOutbox(shop.outboxDir)).at(-1)
    assert.equal(mail?.subject, 'Confirm your new Yoyaku e-mail address', 'the mail is in English')
    const link = mail?.text.match(/http:\/\/\S+\/replaceEmail\?\S+/)?.[0]
    assert.ok(link, 'the mail carries the confirmation link')
    const { pathname, search } = new URL(link)
    await page.goto(shop.url(pathname + search))
    await page.getByText(NEW_EMAIL).waitFor()
    await shop.waitForLang('en')
    await page.screenshot({ path: screenshotPath('account-email-changed-en') })
    // The change signed this device out; the result page stays and offers the login.
    assert.equal(await page.evaluate(() => localStorage.getItem('token')), null)
    await page.goto(shop.url('/login'))
    await logIn(NEW_EMAIL, NEW_PASSWORD)
    await shop.waitForPath('/')
    await page.getByRole('button', { name: /Samantha/ }).waitFor()
  })
})

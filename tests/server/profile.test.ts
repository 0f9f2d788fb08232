import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../server/db/schema.ts'
import { shopDate } from '../../src/domain/dates.ts'
import { addDays } from '../../src/domain/deadlines.ts'
import { PaymentStatus } from '../../src/domain/payment-status.ts'
import type { Envelope } from '../../src/domain/result-code.ts'
import { type PayInfo, readSessionClaims, type UserProfile } from '../../src/domain/session.ts'
import { shopMonthOf, shopMonthSpan } from '../../src/domain/tier-terms.ts'
import { logIn, signUp, TEST_PASSWORD } from './support/accounts.ts'
import { readOutbox } from './support/outbox.ts'
import { insertPaymentRow } from './support/payment-fixture.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'
import { engines } from './support/test-database.ts'

const NEW_PASSWORD = 'N3wPassw0rd!'

describe.each(engines)('profile calls on %s', (engine) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(engine)
  })
  afterAll(async () => {
    await t.close()
  })

  const info = (token: string) => t.getJson<Envelope<UserProfile>>('/api/mall/user/info', { token })
  const payInfo = (token: string) => t.getJson<Envelope<PayInfo>>('/api/mall/user/payInfo', { token })
  const put = <T = null>(path: string, body: unknown, token?: string) =>
    t.sendJson<Envelope<T>>('PUT', `/api/mall/user/${path}`, body, token ? { token } : {})
  const claimsOf = (token: string | null) => (token ? readSessionClaims(token) : undefined)

  /** Asks for an e-mail-change code to `newEmail` with `token`; returns the link's username and code. */
  async function requestEmailChange(token: string, newEmail: string) {
    const sent = await t.sendJson<Envelope<null>>(
      'POST',
      '/api/mall/user/code/email',
      { type: 3, username: newEmail, language: 'en' },
      { token, 'x-forwarded-for': `client-${newEmail}` },
    )
    expect(sent.body).toMatchObject({ code: 200 })
    const mail = (await readOutbox(t.outboxDir)).filter((m) => m.to.includes(newEmail)).at(-1)
    const link = mail?.text.match(/http:\/\/shop\.test\/replaceEmail\?\S+/)?.[0]
    if (!link) throw new Error(`no e-mail-change link was mailed to ${newEmail}`)
    const params = new URL(link).searchParams
    return { username: params.get('username') ?? '', code: params.get('code') ?? '' }
  }

  describe('info', () => {
    it("answers each caller with their own profile and nobody else's", async () => {
      const alice = await signUp(t, 'alice@example.com')
      const bob = await signUp(t, 'bob@example.com', { language: 'ja' })
      const aliceInfo = (await info(alice.token)).body
      const bobInfo = (await info(bob.token)).body
      expect(aliceInfo).toMatchObject({
        code: 200,
        data: {
          username: 'alice@example.com',
          nickname: 'alice',
          telephone: null,
          wechat: null,
          sex: 0,
          birthday: null,
          avatar: null,
          role: 2,
          score: 0,
          language: 'zhCn',
        },
      })
      expect(bobInfo.data).toMatchObject({ username: 'bob@example.com', nickname: 'bob', language: 'ja' })
      expect(bobInfo.data.id).not.toBe(aliceInfo.data.id)
      expect(Number.isNaN(Date.parse(aliceInfo.data.createdAt))).toBe(false)
    })

    it.each([
      ['GET', 'info'],
      ['GET', 'payInfo'],
      ['PUT', 'updateBaseInfo'],
      ['PUT', 'changePwd'],
      ['PUT', 'updateWechat?wechat=x'],
      ['PUT', 'updateAvatar'],
    ] as const)('refuses %s %s without a token (401)', async (method, path) => {
      const response =
        method === 'GET' ? await t.getJson<Envelope<unknown>>(`/api/mall/user/${path}`) : await put(path, {})
      expect(response.status).toBe(401)
      expect(response.body).toMatchObject({ code: 401, data: null })
    })

    it('refuses a forged token with 9004', async () => {
      const { token } = await signUp(t, 'forger@example.com')
      const [head, , signature] = token.split('.')
      const body = Buffer.from(JSON.stringify({ ...claimsOf(token), sub: '1' })).toString('base64url')
      const response = await info(`${head}.${body}.${signature}`)
      expect(response.body.code).toBe(9004)
    })
  })

  describe('payInfo', () => {
    it.each([
      ['zhCn', 2],
      ['ja', 4],
      ['en', 6],
    ] as const)('gives a %s sign-up role %i, the default points rate and prices', async (language, role) => {
      const { token } = await signUp(t, `pay-${language}@example.com`, { language })
      const { body } = await payInfo(token)
      expect(body).toEqual({
        code: 200,
        msg: 'success',
        data: {
          role,
          score: 0,
          scoreRate: 0.01,
          scoreSwitch: true,
          scoreTime: null,
          monthlyExpenditure: 0,
          priceSwitch: true,
          idCard: false,
        },
      })
    })

    it("reads the account's own points rate when it has one", async () => {
      const { token } = await signUp(t, 'rate@example.com')
      await t.db.update(users).set({ scoreRate: '0.025' }).where(eq(users.email, 'rate@example.com'))
      expect((await payInfo(token)).body.data.scoreRate).toBe(0.025)
    })

    it('shows the tier the monthly job set, until its last day', async () => {
      const { token } = await signUp(t, 'tier@example.com')
      const today = shopDate(t.clock.now) ?? ''
      await t.db
        .update(users)
        .set({ scoreRate: '0.015', scoreTime: today })
        .where(eq(users.email, 'tier@example.com'))
      expect((await payInfo(token)).body.data).toMatchObject({ scoreRate: 0.015, scoreTime: today })
    })

    it('falls back to the default rate, with no end, once the tier has lapsed', async () => {
      const { token } = await signUp(t, 'lapsed@example.com')
      const yesterday = addDays(shopDate(t.clock.now) ?? '', -1)
      await t.db
        .update(users)
        .set({ scoreRate: '0.02', scoreTime: yesterday })
        .where(eq(users.email, 'lapsed@example.com'))
      expect((await payInfo(token)).body.data).toMatchObject({ scoreRate: 0.01, scoreTime: null })
    })

    it("sums what the caller paid this shop month, and nothing else, as the month's spending", async () => {
      const { token } = await signUp(t, 'spender@example.com')
      const other = await signUp(t, 'other-spender@example.com')
      const idOf = async (email: string) =>
        (await t.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id ?? 0
      const [userId, otherId] = [await idOf('spender@example.com'), await idOf('other-spender@example.com')]
      const { from } = shopMonthSpan(shopMonthOf(shopDate(t.clock.now) ?? ''))
      const justAfter = new Date(from.getTime() + 1_000)
      const justBefore = new Date(from.getTime() - 1_000)
      await insertPaymentRow(t.db, { userId, amount: 12_345, at: justAfter })
      await insertPaymentRow(t.db, { userId, amount: 7_655, at: t.clock.now })
      // Last month's, an open attempt, a refunded one and another shopper's do not count.
      await insertPaymentRow(t.db, { userId, amount: 50_000, at: justBefore })
      await insertPaymentRow(t.db, { userId, amount: 1_000, at: justAfter, status: PaymentStatus.waitPay })
      await insertPaymentRow(t.db, { userId, amount: 2_000, at: justAfter, status: PaymentStatus.refund })
      await insertPaymentRow(t.db, { userId: otherId, amount: 3_000, at: justAfter })
      expect((await payInfo(token)).body.data.monthlyExpenditure).toBe(20_000)
      expect((await payInfo(other.token)).body.data.monthlyExpenditure).toBe(3_000)
    })
  })

  describe('updateBaseInfo', () => {
    it('refuses a bad phone number, naming the field, and changes nothing', async () => {
      const { token } = await signUp(t, 'phone@example.com')
      const before = (await info(token)).body.data
      const { status, body } = await put(
        'updateBaseInfo',
        { nickname: 'Changed', sex: 1, telephone: 'call me maybe' },
        token,
      )
      expect(status).toBe(400)
      expect(body.msg).toMatch(/^telephone: /)
      expect((await info(token)).body.data).toEqual(before)
    })

    it('saves the base info, returns it and sends a token with the new nickname', async () => {
      const carol = await signUp(t, 'carol@example.com')
      const dan = await signUp(t, 'dan@example.com')
      const danBefore = (await info(dan.token)).body.data
      const { status, body, headers } = await put<UserProfile>(
        'updateBaseInfo',
        // An id in the body is not an input: the account is always the caller's.
        {
          id: danBefore.id,
          nickname: '新昵称',
          sex: 2,
          telephone: '+81 90-1234-5678',
          birthday: '1995-04-01',
        },
        carol.token,
      )
      expect(status).toBe(200)
      expect(body.data).toMatchObject({
        username: 'carol@example.com',
        nickname: '新昵称',
        sex: 2,
        telephone: '+81 90-1234-5678',
        birthday: '1995-04-01',
      })
      expect(claimsOf(headers.get('token'))).toMatchObject({ nickname: '新昵称', sub: String(body.data.id) })
      expect((await info(carol.token)).body.data).toEqual(body.data)
      expect((await info(dan.token)).body.data).toEqual(danBefore)
    })

    it('clears the optional fields a save leaves out', async () => {
      const { token } = await signUp(t, 'clear@example.com')
      await put(
        'updateBaseInfo',
        { nickname: 'Clear', sex: 1, telephone: '03-1234-5678', birthday: '2000-01-31' },
        token,
      )
      const { body } = await put<UserProfile>('updateBaseInfo', { nickname: 'Clear', telephone: '' }, token)
      expect(body.data).toMatchObject({ nickname: 'Clear', sex: 0, telephone: null, birthday: null })
      expect((await info(token)).body.data).toMatchObject({ sex: 0, telephone: null, birthday: null })
    })
  })

  describe('changePwd', () => {
    const change = (token: string, password: string, newPassword: string, confirmPassword = newPassword) =>
      put('changePwd', { password, newPassword, confirmPassword }, token)

    it('refuses a wrong current password and keeps the old one working', async () => {
      const { token } = await signUp(t, 'wrongpw@example.com')
      const { status, body } = await change(token, 'Wr0ngPass!', NEW_PASSWORD)
      expect(status).toBe(400)
      expect(body.msg).toBe('password: is not your current password')
      expect((await logIn(t, 'wrongpw@example.com', TEST_PASSWORD)).body.code).toBe(200)
      expect((await logIn(t, 'wrongpw@example.com', NEW_PASSWORD)).body.code).toBe(400)
    })

    it('refuses a confirmation that differs, on confirmPassword', async () => {
      const { token } = await signUp(t, 'mismatch@example.com')
      const { status, body } = await change(token, TEST_PASSWORD, NEW_PASSWORD, 'N3wPassw0rd?')
      expect(status).toBe(400)
      expect(body.msg).toBe('confirmPassword: Passwords do not match')
    })

    it('refuses a new password equal to the current one', async () => {
      const { token } = await signUp(t, 'samepw@example.com')
      const { status, body } = await change(token, TEST_PASSWORD, TEST_PASSWORD)
      expect(status).toBe(400)
      expect(body.msg).toBe('newPassword: must differ from the current password')
    })

    it('sets the new password and ends every other session of the account', async () => {
      const email = 'erin@example.com'
      const here = await signUp(t, email)
      const elsewhere = (await logIn(t, email)).headers.get('token') ?? ''
      expect((await info(elsewhere)).body.code).toBe(200)

      const { status, body } = await change(here.token, TEST_PASSWORD, NEW_PASSWORD)
      expect(status).toBe(200)
      expect(body).toMatchObject({ code: 200, data: null })

      expect((await info(elsewhere)).body.code).toBe(9004)
      expect((await info(here.token)).body.code).toBe(200)
      expect((await logIn(t, email, TEST_PASSWORD)).body.code).toBe(400)
      const again = await logIn(t, email, NEW_PASSWORD)
      expect(again.body.code).toBe(200)
      expect(again.headers.get('token')).toBeTruthy()
    })
  })

  describe('updateWechat', () => {
    it.each(['updateWechat?wechat=', 'updateWechat?wechat=%20%20', 'updateWechat'])(
      'refuses an empty messaging account: %s',
      async (path) => {
        const { token } = await signUp(t, `empty-wechat-${path.length}@example.com`)
        const { status, body } = await put(path, undefined, token)
        expect(status).toBe(400)
        expect(body.msg).toBe('wechat: the messaging account cannot be empty')
        expect((await info(token)).body.data.wechat).toBeNull()
      },
    )

    it("stores the account and flips a Chinese account's token flag to true", async () => {
      const { token } = await signUp(t, 'wx@example.com')
      expect(claimsOf(token)?.wechat).toBe(false)
      const { status, body, headers } = await put('updateWechat?wechat=wx_yoyaku_01', undefined, token)
      expect(status).toBe(200)
      expect(body).toMatchObject({ code: 200, data: null })
      expect(claimsOf(headers.get('token'))?.wechat).toBe(true)
      expect((await info(token)).body.data.wechat).toBe('wx_yoyaku_01')
    })

    it("leaves the flag 'other' for an account the shop reaches by e-mail", async () => {
      const { token } = await signUp(t, 'wx-ja@example.com', { language: 'ja' })
      const { headers } = await put('updateWechat?wechat=line_id', undefined, token)
      expect(claimsOf(headers.get('token'))?.wechat).toBe('other')
    })
  })

  describe('replaceEmail', () => {
    it('moves the account to the new address from the mailed link and signs every device out', async () => {
      const { token } = await signUp(t, 'frank@example.com')
      const link = await requestEmailChange(token, 'frank.new@example.com')
      expect(link.username).toBe('frank.new@example.com')
      expect(link.code).toMatch(/^\d{6}$/)

      // No token: the link may be opened on another device.
      const { status, body } = await put<{ username: string }>('replaceEmail', link)
      expect(status).toBe(200)
      expect(body.data).toEqual({ username: 'frank.new@example.com' })

      expect((await info(token)).body.code).toBe(9004)
      expect((await logIn(t, 'frank@example.com')).body.code).toBe(400)
      const signedIn = await logIn(t, 'frank.new@example.com')
      expect(signedIn.body.code).toBe(200)
      const fresh = signedIn.headers.get('token') ?? ''
      expect((await info(fresh)).body.data).toMatchObject({
        username: 'frank.new@example.com',
        nickname: 'frank',
      })
      // The code is used up.
      expect((await put('replaceEmail', link)).body.data).toEqual({ reason: 'missing' })
    })

    it('dies after 5 wrong codes; then even the right code is refused', async () => {
      const { token } = await signUp(t, 'gina@example.com')
      const link = await requestEmailChange(token, 'gina.new@example.com')
      const wrong = String((Number(link.code) + 1) % 1_000_000).padStart(6, '0')
      const reasons: unknown[] = []
      for (let i = 0; i < 5; i++)
        reasons.push((await put('replaceEmail', { ...link, code: wrong })).body.data)
      expect(reasons).toEqual([
        { reason: 'wrong' },
        { reason: 'wrong' },
        { reason: 'wrong' },
        { reason: 'wrong' },
        { reason: 'exhausted' },
      ])
      const { status, body } = await put('replaceEmail', link)
      expect(status).toBe(400)
      expect(body).toMatchObject({
        code: 400,
        msg: 'code: was entered wrong too many times; ask for a new code',
        data: { reason: 'exhausted' },
      })
      expect((await info(token)).body.data.username).toBe('gina@example.com')
    })

    it('refuses an expired link with reason expired', async () => {
      const { token } = await signUp(t, 'hank@example.com')
      const link = await requestEmailChange(token, 'hank.new@example.com')
      t.clock.advance(11 * 60_000)
      const { status, body } = await put('replaceEmail', link)
      expect(status).toBe(400)
      expect(body).toMatchObject({
        msg: 'code: has expired; ask for a new code',
        data: { reason: 'expired' },
      })
      expect((await info(token)).body.data.username).toBe('hank@example.com')
    })

    it('answers 409 when the address was registered after the code was sent', async () => {
      const { token } = await signUp(t, 'ivy@example.com')
      const link = await requestEmailChange(token, 'ivy.new@example.com')
      await signUp(t, 'ivy.new@example.com')
      const { status, body } = await put('replaceEmail', link)
      expect(status).toBe(409)
      expect(body.msg).toBe('username: is already used by an account')
      expect((await info(token)).body.data.username).toBe('ivy@example.com')
    })

    it('needs a token to ask for the code, and an address nobody uses', async () => {
      const anonymous = await t.sendJson<Envelope<null>>(
        'POST',
        '/api/mall/user/code/email',
        { type: 3, username: 'nobody.new@example.com', language: 'zhCn' },
        { 'x-forwarded-for': 'client-anonymous' },
      )
      expect(anonymous.status).toBe(401)

      const { token } = await signUp(t, 'jack@example.com')
      await signUp(t, 'taken@example.com')
      const taken = await t.sendJson<Envelope<null>>(
        'POST',
        '/api/mall/user/code/email',
        { type: 3, username: 'taken@example.com', language: 'zhCn' },
        { token, 'x-forwarded-for': 'client-jack' },
      )
      expect(taken.status).toBe(409)
      expect(taken.body.msg).toBe('username: is already used by an account')
    })
  })
})

import { rm, writeFile } from 'node:fs/promises'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../server/db/schema.ts'
import { MAX_CODE_ATTEMPTS } from '../../server/services/accounts/email-codes.ts'
import { ensureOperatorAccount } from '../../server/services/accounts/operator-account.ts'
import { TOKEN_TTL_SECONDS } from '../../server/services/accounts/session-tokens.ts'
import type { Envelope } from '../../src/domain/result-code.ts'
import { readSessionClaims } from '../../src/domain/session.ts'
import { latestCodeFor, readOutbox } from './support/outbox.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'
import { engines } from './support/test-database.ts'

const PASSWORD = 'Passw0rd!'
const MINUTE = 60_000

describe.each(engines)('sign-up, login and session on %s', (engine) => {
  let t: TestApp
  let clientNo = 0
  /** A fresh client address per test, so per-client limits of one test do not leak into another. */
  const newClient = () => ({ 'x-forwarded-for': `198.51.100.${++clientNo}` })

  beforeAll(async () => {
    t = await createTestApp(engine)
  })
  afterAll(async () => {
    await t.close()
  })

  const askCode = (username: string, type: 1 | 2 | 3, headers = newClient(), language = 'zhCn') =>
    t.sendJson<Envelope<unknown>>('POST', '/api/mall/user/code/email', { type, username, language }, headers)

  async function signUp(username: string, language: 'zhCn' | 'ja' | 'en' = 'zhCn') {
    expect((await askCode(username, 1, newClient(), language)).body.code).toBe(200)
    const code = await latestCodeFor(t.outboxDir, username)
    const response = await t.sendJson<Envelope<null>>(
      'POST',
      '/api/mall/user/register',
      { username, password: PASSWORD, nickname: 'Mika', code, language },
      newClient(),
    )
    expect(response.body.code).toBe(200)
    return response.headers.get('token') as string
  }

  const logIn = (username: string, password = PASSWORD, headers = newClient()) =>
    t.sendJson<Envelope<{ redirectUrl: string | null }>>(
      'POST',
      '/api/mall/user/login',
      { username, password },
      headers,
    )

  const checkToken = (token: string) =>
    t.getJson<Envelope<{ valid: boolean }>>('/api/mall/user/checkToken', { token })

  it('mails a 6-digit code in the asked language and signs the new account in with its language role', async () => {
    const token = await signUp('Yuki@Example.com', 'ja')
    const mail = (await readOutbox(t.outboxDir)).at(-1)
    expect(mail?.to).toContain('yuki@example.com')
    expect(mail?.subject).toBe('Yoyaku 会員登録の認証コード')
    expect(mail?.text).toMatch(/認証コード: \d{6}/)
    const claims = readSessionClaims(token)
    expect(claims).toMatchObject({
      kind: 'customer',
      role: 4,
      nickname: 'Mika',
      language: 'ja',
      wechat: 'other',
    })
    expect((await checkToken(token)).body).toEqual({ code: 200, msg: 'success', data: { valid: true } })
    const [row] = await t.db.select().from(users).where(eq(users.email, 'yuki@example.com'))
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/)
  })

  it('gives each sign-up language its single-price role and zhCn accounts the messaging-account flag', async () => {
    expect(readSessionClaims(await signUp('zh@example.com', 'zhCn'))).toMatchObject({
      role: 2,
      wechat: false,
    })
    expect(readSessionClaims(await signUp('en@example.com', 'en'))).toMatchObject({
      role: 6,
      wechat: 'other',
    })
  })

  it('refuses a second sign-up code for a registered address with a 409', async () => {
    await signUp('taken@example.com')
    const { status, body } = await askCode('taken@example.com', 1)
    expect(status).toBe(409)
    expect(body.msg).toMatch(/^username: is already registered/)
  })

  it('uses a code once: the second sign-up with it is refused and creates nothing', async () => {
    await askCode('once@example.com', 1)
    const code = await latestCodeFor(t.outboxDir, 'once@example.com')
    const payload = { username: 'once@example.com', password: PASSWORD, nickname: 'A', code, language: 'en' }
    expect((await t.sendJson<Envelope<null>>('POST', '/api/mall/user/register', payload)).status).toBe(200)
    const again = await t.sendJson<Envelope<null>>('POST', '/api/mall/user/register', {
      ...payload,
      username: 'once@example.com',
    })
    expect(again.status).toBe(400)
    expect(again.body.msg).toMatch(/^code: no code was sent/)
  })

  it('expires a code after 10 minutes', async () => {
    await askCode('late@example.com', 1)
    const code = await latestCodeFor(t.outboxDir, 'late@example.com')
    t.clock.advance(10 * MINUTE + 1000)
    const response = await t.sendJson<Envelope<null>>('POST', '/api/mall/user/register', {
      username: 'late@example.com',
      password: PASSWORD,
      nickname: 'Late',
      code,
    })
    expect(response.status).toBe(400)
    expect(response.body.msg).toBe('code: has expired; ask for a new code')
    expect(await t.db.select().from(users).where(eq(users.email, 'late@example.com'))).toEqual([])
  })

  it(`kills a code after ${MAX_CODE_ATTEMPTS} wrong tries, even the right code afterwards`, async () => {
    await askCode('guess@example.com', 1)
    const code = await latestCodeFor(t.outboxDir, 'guess@example.com')
    const wrong = code === '000000' ? '111111' : '000000'
    const attempt = (c: string) =>
      t.sendJson<Envelope<null>>('POST', '/api/mall/user/register', {
        username: 'guess@example.com',
        password: PASSWORD,
        nickname: 'G',
        code: c,
      })
    const messages: string[] = []
    for (let i = 0; i < MAX_CODE_ATTEMPTS; i++) messages.push((await attempt(wrong)).body.msg)
    expect(messages.slice(0, -1)).toEqual(Array(MAX_CODE_ATTEMPTS - 1).fill('code: is not the code we sent'))
    expect(messages.at(-1)).toMatch(/too many times/)
    const right = await attempt(code)
    expect(right.status).toBe(400)
    expect(right.body.msg).toMatch(/too many times/)
  })

  it('throttles resending: a second code within a minute is a 429 with the wait', async () => {
    const client = newClient()
    expect((await askCode('resend@example.com', 1, client)).status).toBe(200)
    const again = await askCode('resend@example.com', 1, client)
    expect(again.status).toBe(429)
    expect(again.body.data).toEqual({ retryAfterSeconds: expect.any(Number) })
    t.clock.advance(61_000)
    expect((await askCode('resend@example.com', 1, client)).status).toBe(200)
    // The newest code replaces the earlier one.
    expect((await readOutbox(t.outboxDir)).filter((m) => m.to.includes('resend@example.com'))).toHaveLength(2)
  })

  it('says so when the mail cannot be sent, and lets the shopper ask again at once', async () => {
    // The outbox path is taken by a file, so writing the mail fails as a dead SMTP server would.
    await rm(t.outboxDir, { recursive: true, force: true })
    await writeFile(t.outboxDir, 'not a folder')
    const client = newClient()
    try {
      const failed = await askCode('unlucky@example.com', 1, client)
      expect(failed.status).toBe(500)
      expect(failed.body.msg).toBe('The e-mail could not be sent; please try again in a moment')
    } finally {
      await rm(t.outboxDir, { force: true })
    }
    expect((await askCode('unlucky@example.com', 1, client)).status).toBe(200)
    expect(await latestCodeFor(t.outboxDir, 'unlucky@example.com')).toMatch(/^\d{6}$/)
  })

  it('limits codes per client address to 20 an hour', async () => {
    const client = newClient()
    for (let i = 0; i < 20; i++) expect((await askCode(`flood${i}@example.com`, 1, client)).status).toBe(200)
    const refused = await askCode('flood-last@example.com', 1, client)
    expect(refused.status).toBe(429)
    expect(refused.body.msg).toMatch(/Too many codes requested from here/)
  })

  it('rejects a weak password on sign-up, naming the field, and creates nothing', async () => {
    await askCode('weak@example.com', 1)
    const code = await latestCodeFor(t.outboxDir, 'weak@example.com')
    const response = await t.sendJson<Envelope<{ fields: { field: string }[] }>>(
      'POST',
      '/api/mall/user/register',
      { username: 'weak@example.com', password: 'password', nickname: 'W', code },
    )
    expect(response.status).toBe(400)
    expect(response.body.msg).toMatch(/^password: must be 8–16 characters/)
    expect(await t.db.select().from(users).where(eq(users.email, 'weak@example.com'))).toEqual([])
    // The code was not spent by the refused request.
    const retry = await t.sendJson<Envelope<null>>('POST', '/api/mall/user/register', {
      username: 'weak@example.com',
      password: PASSWORD,
      nickname: 'W',
      code,
    })
    expect(retry.status).toBe(200)
  })

  it('logs in with the token in the response header and echoes a same-site redirect', async () => {
    await signUp('login@example.com')
    const response = await t.sendJson<Envelope<{ redirectUrl: string | null }>>(
      'POST',
      '/api/mall/user/login',
      { username: 'LOGIN@example.com', password: PASSWORD, redirectUrl: '/userinfo' },
    )
    expect(response.body).toEqual({ code: 200, msg: 'success', data: { redirectUrl: '/userinfo' } })
    expect(readSessionClaims(response.headers.get('token') ?? '')?.nickname).toBe('Mika')
    const offSite = await t.sendJson<Envelope<null>>('POST', '/api/mall/user/login', {
      username: 'login@example.com',
      password: PASSWORD,
      redirectUrl: '//evil.example/steal',
    })
    expect(offSite.status).toBe(400)
    expect(offSite.body.msg).toMatch(/^redirectUrl:/)
  })

  it('answers a wrong password and an unknown address alike', async () => {
    await signUp('known@example.com')
    const wrong = await logIn('known@example.com', 'Wrong-pass1!')
    const unknown = await logIn('nobody@example.com', PASSWORD)
    expect(wrong.status).toBe(400)
    expect(wrong.body).toEqual(unknown.body)
    expect(wrong.headers.get('token')).toBeNull()
  })

  it('locks an account after 100 failed logins in an hour, even for the right password', async () => {
    await signUp('target@example.com')
    for (let i = 0; i < 100; i++) {
      // Many addresses, as a distributed guesser would use.
      expect((await logIn('target@example.com', 'Wrong-pass1!')).status).toBe(400)
    }
    const locked = await logIn('target@example.com')
    expect(locked.status).toBe(429)
    expect(locked.body.msg).toMatch(/Too many wrong passwords/)
    t.clock.advance(60 * MINUTE)
    expect((await logIn('target@example.com')).status).toBe(200)
  })

  it('limits logins per client address to 30 a minute', async () => {
    await signUp('busy@example.com')
    const client = newClient()
    // the limit counts per clock minute: start at the top of one, so a slow run cannot cross into the next
    t.clock.advance(MINUTE - (t.clock.now.getTime() % MINUTE))
    for (let i = 0; i < 30; i++) expect((await logIn('busy@example.com', PASSWORD, client)).status).toBe(200)
    const refused = await logIn('busy@example.com', PASSWORD, client)
    expect(refused.status).toBe(429)
    expect(refused.body.msg).toMatch(/Too many login attempts from here/)
    expect((await logIn('busy@example.com', PASSWORD, newClient())).status).toBe(200)
  })

  it('ends the session on logout: the same token then gets 9004', async () => {
    const token = await signUp('leave@example.com')
    const other = (await logIn('leave@example.com')).headers.get('token') as string
    expect(
      (await t.sendJson<Envelope<null>>('POST', '/api/mall/user/exit', undefined, { token })).status,
    ).toBe(200)
    const after = await checkToken(token)
    expect(after.status).toBe(401)
    expect(after.body.code).toBe(9004)
    // Only that device signed out.
    expect((await checkToken(other)).body.code).toBe(200)
  })

  it('renews a token in its second hour and refuses it with 9004 once it has run out', async () => {
    const token = await signUp('clock@example.com')
    expect((await checkToken(token)).headers.get('token')).toBeNull()
    t.clock.advance(61 * MINUTE)
    const renewed = await checkToken(token)
    const fresh = renewed.headers.get('token')
    expect(fresh).toBeTruthy()
    expect(readSessionClaims(fresh as string)?.exp).toBeGreaterThan(readSessionClaims(token)?.exp as number)
    t.clock.advance(TOKEN_TTL_SECONDS * 1000 - 61 * MINUTE + 1000)
    expect((await checkToken(token)).body.code).toBe(9004)
    expect((await checkToken(fresh as string)).body.code).toBe(200)
  })

  it('refuses a forged or tampered token with 9004 and a missing one with 401', async () => {
    const token = await signUp('forge@example.com')
    const [header, payload, signature] = token.split('.')
    const claims = JSON.parse(Buffer.from(payload as string, 'base64url').toString())
    const raised = Buffer.from(JSON.stringify({ ...claims, sub: '1' })).toString('base64url')
    expect((await checkToken(`${header}.${raised}.${signature}`)).body.code).toBe(9004)
    expect((await checkToken('not-a-token')).body.code).toBe(9004)
    const missing = await t.getJson<Envelope<null>>('/api/mall/user/checkToken')
    expect(missing.status).toBe(401)
    expect(missing.body.code).toBe(401)
  })

  it('gives a disabled account 9005 on its next call and refuses its login', async () => {
    const token = await signUp('banned@example.com')
    await t.db.update(users).set({ disabled: true }).where(eq(users.email, 'banned@example.com'))
    const next = await checkToken(token)
    expect(next.status).toBe(403)
    expect(next.body).toEqual({ code: 9005, msg: 'This account has been disabled', data: null })
    expect((await logIn('banned@example.com')).body.code).toBe(9005)
  })

  it('resets a forgotten password by code and ends every open session', async () => {
    const token = await signUp('forgot@example.com')
    expect((await askCode('forgot@example.com', 2)).status).toBe(200)
    const code = await latestCodeFor(t.outboxDir, 'forgot@example.com')
    const reset = await t.sendJson<Envelope<null>>('PUT', '/api/mall/user/reset', {
      username: 'forgot@example.com',
      password: 'N3w.Secret',
      code,
    })
    expect(reset.body.code).toBe(200)
    expect((await checkToken(token)).body.code).toBe(9004)
    expect((await logIn('forgot@example.com')).status).toBe(400)
    expect((await logIn('forgot@example.com', 'N3w.Secret')).status).toBe(200)
  })

  it('answers a reset code request for an unknown address like any other, but mails nothing', async () => {
    const before = (await readOutbox(t.outboxDir)).length
    const client = newClient()
    expect((await askCode('ghost@example.com', 2, client)).body).toEqual({
      code: 200,
      msg: 'success',
      data: null,
    })
    expect(await readOutbox(t.outboxDir)).toHaveLength(before)
    // Asking again at once meets the same resend wait as for a real account.
    await signUp('real@example.com')
    expect((await askCode('real@example.com', 2, client)).status).toBe(200)
    const [ghost, real] = [
      await askCode('ghost@example.com', 2, client),
      await askCode('real@example.com', 2, client),
    ]
    expect(ghost.status).toBe(429)
    expect(real.status).toBe(429)
    expect(ghost.body.msg.replace(/\d+ s/, 'N s')).toBe(real.body.msg.replace(/\d+ s/, 'N s'))
  })

  it('signs the seeded operator in as an operator with no price role', async () => {
    await ensureOperatorAccount(t.db, { email: 'ops@example.com', password: 'Op3rator!Pass' })
    const response = await logIn('ops@example.com', 'Op3rator!Pass')
    expect(response.status).toBe(200)
    expect(readSessionClaims(response.headers.get('token') ?? '')).toMatchObject({
      kind: 'operator',
      role: null,
      wechat: 'other',
    })
  })

  it('needs a session to ask for an e-mail change code', async () => {
    const { status } = await askCode('new-home@example.com', 3)
    expect(status).toBe(401)
  })
})

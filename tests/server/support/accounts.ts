import type { Envelope } from '../../../src/domain/result-code.ts'
import { latestCodeFor } from './outbox.ts'
import type { JsonResponse, TestApp } from './test-app.ts'

export const TEST_PASSWORD = 'Passw0rd!'

/**
 * Each account acts from its own client address by default, so the per-client limits on codes
 * (20 an hour) and logins (30 a minute) never trip in a test that is not about them.
 */
const clientFor = (email: string) => `client-${email}`

/** Signs up a customer through the real calls (code by mail, then register) and returns its token. */
export async function signUp(
  t: TestApp,
  email: string,
  opts: { language?: 'zhCn' | 'ja' | 'en'; password?: string; client?: string } = {},
): Promise<{ token: string }> {
  const language = opts.language ?? 'zhCn'
  const headers = { 'x-forwarded-for': opts.client ?? clientFor(email) }
  const sent = await t.sendJson<Envelope<null>>(
    'POST',
    '/api/mall/user/code/email',
    { type: 1, username: email, language },
    headers,
  )
  if (sent.body.code !== 200) throw new Error(`code for ${email} refused: ${sent.body.msg}`)
  const code = await latestCodeFor(t.outboxDir, email)
  const registered = await t.sendJson<Envelope<null>>(
    'POST',
    '/api/mall/user/register',
    {
      username: email,
      password: opts.password ?? TEST_PASSWORD,
      nickname: email.split('@')[0],
      code,
      language,
    },
    headers,
  )
  const token = registered.headers.get('token')
  if (registered.body.code !== 200 || !token)
    throw new Error(`register ${email} refused: ${registered.body.msg}`)
  return { token }
}

/** POST /mall/user/login as the account's own client; the token (if any) is in `headers.get('token')`. */
export function logIn(
  t: TestApp,
  email: string,
  password: string = TEST_PASSWORD,
  opts: { client?: string } = {},
): Promise<JsonResponse<Envelope<unknown>>> {
  return t.sendJson<Envelope<unknown>>(
    'POST',
    '/api/mall/user/login',
    { username: email, password },
    { 'x-forwarded-for': opts.client ?? clientFor(email) },
  )
}

import { createFactory } from 'hono/factory'
import { EmailCodeType } from '../../../src/domain/account.ts'
import type { AppEnv } from '../../app-env.ts'
import { ok } from '../../http/envelope.ts'
import { clientAddress, requireSession, signedIn, TOKEN_HEADER } from '../../http/session.ts'
import { validJson } from '../../http/validate.ts'
import { revokeSession } from '../../services/accounts/sessions.ts'
import * as signIn from '../../services/accounts/sign-in.ts'
import { removeSessionSubscriptions } from '../../services/push/subscriptions.ts'
import * as contracts from './user.routes.ts'

const factory = createFactory<AppEnv>()

/** An e-mail change is asked for by a signed-in account; the other codes by anyone. */
const sessionForEmailChange = factory.createMiddleware(async (c, next) => {
  const body = (await c.req.json().catch(() => ({}))) as { type?: unknown }
  if (body.type === EmailCodeType.replaceEmail) return requireSession()(c, next)
  await next()
})

export const sendEmailCodeHandlers = factory.createHandlers(
  validJson(contracts.sendEmailCode.body),
  sessionForEmailChange,
  async (c) => {
    await signIn.sendEmailCode(c.var.deps, {
      ...c.req.valid('json'),
      userId: c.var.signedIn?.userId,
      clientAddress: clientAddress(c),
    })
    return ok(c, null)
  },
)

export const registerHandlers = factory.createHandlers(validJson(contracts.register.body), async (c) => {
  const { token } = await signIn.register(c.var.deps, c.req.valid('json'))
  c.header(TOKEN_HEADER, token)
  return ok(c, null)
})

export const loginHandlers = factory.createHandlers(validJson(contracts.login.body), async (c) => {
  const { token, redirectUrl } = await signIn.login(c.var.deps, c.req.valid('json'), clientAddress(c))
  c.header(TOKEN_HEADER, token)
  return ok(c, { redirectUrl })
})

export const logoutHandlers = factory.createHandlers(requireSession(), async (c) => {
  // The device's reminders stop first: they must not reach whoever uses it next.
  await removeSessionSubscriptions(c.var.deps.db, signedIn(c).sessionId)
  await revokeSession(c.var.deps.db, signedIn(c).sessionId, c.var.deps.now())
  return ok(c, null)
})

export const resetPasswordHandlers = factory.createHandlers(
  validJson(contracts.resetPassword.body),
  async (c) => {
    await signIn.resetPassword(c.var.deps, c.req.valid('json'))
    return ok(c, null)
  },
)

export const checkTokenHandlers = factory.createHandlers(requireSession(), (c) => ok(c, { valid: true }))

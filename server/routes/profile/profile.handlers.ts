import { createFactory } from 'hono/factory'
import type { AppEnv } from '../../app-env.ts'
import { ok } from '../../http/envelope.ts'
import { requireSession, sendFreshToken, signedIn } from '../../http/session.ts'
import { multipartForm, validJson, validQuery } from '../../http/validate.ts'
import { storeAvatar } from '../../services/accounts/avatars.ts'
import * as profile from '../../services/accounts/profile.ts'
import * as contracts from './profile.routes.ts'

const factory = createFactory<AppEnv>()

export const infoHandlers = factory.createHandlers(requireSession(), (c) =>
  ok(c, profile.profileOf(signedIn(c).account)),
)

export const payInfoHandlers = factory.createHandlers(requireSession(), async (c) =>
  ok(c, await profile.payInfoOf(c.var.deps, signedIn(c).account)),
)

export const updateBaseInfoHandlers = factory.createHandlers(
  requireSession(),
  validJson(contracts.updateBaseInfo.body),
  async (c) => {
    const account = await profile.updateBaseInfo(c.var.deps, signedIn(c).userId, c.req.valid('json'))
    // The token shows the nickname.
    await sendFreshToken(c, account)
    return ok(c, profile.profileOf(account))
  },
)

export const changePasswordHandlers = factory.createHandlers(
  requireSession(),
  validJson(contracts.changePassword.body),
  async (c) => {
    await profile.changePassword(c.var.deps, signedIn(c), c.req.valid('json'))
    return ok(c, null)
  },
)

export const updateWechatHandlers = factory.createHandlers(
  requireSession(),
  validQuery(contracts.updateWechat.query),
  async (c) => {
    const account = await profile.updateWechat(c.var.deps, signedIn(c).userId, c.req.valid('query').wechat)
    // The token's wechat flag decides whether the messaging-account dialog is forced.
    await sendFreshToken(c, account)
    return ok(c, null)
  },
)

export const replaceEmailHandlers = factory.createHandlers(
  validJson(contracts.replaceEmail.body),
  async (c) => ok(c, await profile.replaceEmail(c.var.deps, c.req.valid('json'))),
)

export const updateAvatarHandlers = factory.createHandlers(requireSession(), async (c) => {
  const { file } = await multipartForm(c)
  const account = await storeAvatar(c.var.deps, signedIn(c).userId, file)
  // The token shows the avatar.
  await sendFreshToken(c, account)
  return ok(c, { avatar: account.avatar })
})

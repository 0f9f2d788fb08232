import { hash, verify } from '@node-rs/argon2'
import { eq } from 'drizzle-orm'
import {
  type EmailCodeRequest,
  EmailCodeType,
  type LoginPayload,
  type RegisterPayload,
  type ResetPasswordPayload,
} from '../../../src/domain/account.ts'
import { SIGN_UP_ROLE } from '../../../src/domain/price-display.ts'
import { ResultCode } from '../../../src/domain/result-code.ts'
import type { AppDeps } from '../../app-env.ts'
import { users } from '../../db/schema.ts'
import { ApiError } from '../../http/envelope.ts'
import { log } from '../../observability/log.ts'
import { codeMail } from '../mail/account-mail.ts'
import { countEvent, peekCount, type RateLimit } from '../rate-limit.ts'
import { changeWithCode, discardCode, newCode, resendWait, storeCode } from './email-codes.ts'
import { openSession, revokeOtherSessions } from './sessions.ts'

/**
 * Rate limits (README 'Sessions and limits'). Failed logins per account: the 100 an hour,
 * which stops guessing without letting a stranger lock a customer out for long. Logins per address:
 * 30 a minute, more than a family behind one router ever needs. Codes: one a minute per address and
 * purpose (the resend throttle), 10 an hour per address, 20 an hour per client address, so the shop
 * cannot be used to flood a mailbox.
 */
export const LIMITS = {
  loginFailuresPerAccount: { max: 100, windowSeconds: 3600 },
  loginsPerClient: { max: 30, windowSeconds: 60 },
  codesPerEmail: { max: 10, windowSeconds: 3600 },
  codesPerClient: { max: 20, windowSeconds: 3600 },
} as const satisfies Record<string, RateLimit>

const CODE_PURPOSE: Record<EmailCodeType, string> = {
  [EmailCodeType.register]: 'sign-up',
  [EmailCodeType.resetPassword]: 'password-reset',
  [EmailCodeType.replaceEmail]: 'e-mail-change',
}

/** argon2id with the library's defaults (m = 19 MiB, t = 2, p = 1: OWASP's first choice). */
export const hashPassword = (password: string) => hash(password)

function tooMany(message: string, retryAfterSeconds: number): ApiError {
  return new ApiError(ResultCode.tooManyRequests, message, { retryAfterSeconds })
}

async function accountByEmail(deps: AppDeps, email: string) {
  const [account] = await deps.db.select().from(users).where(eq(users.email, email))
  return account
}

/**
 * POST /mall/user/code/email. Register needs an unused address; an e-mail change needs a signed-in
 * account and an address no one uses. A reset code for an unknown address is answered like any other,
 * waits like any other, but reaches no one, so the call does not tell strangers who has an account.
 */
export async function sendEmailCode(
  deps: AppDeps,
  request: EmailCodeRequest & { userId?: number; clientAddress: string },
): Promise<void> {
  const now = deps.now()
  const { username: email, type } = request
  const existing = await accountByEmail(deps, email)
  if (type === EmailCodeType.register && existing) {
    throw new ApiError(ResultCode.conflict, 'username: is already registered; log in or reset the password')
  }
  if (type === EmailCodeType.replaceEmail) {
    if (request.userId === undefined) throw new ApiError(ResultCode.unauthenticated, 'Please log in first')
    if (existing) throw new ApiError(ResultCode.conflict, 'username: is already used by an account')
  }
  const wait = await resendWait(deps.db, email, type, now)
  if (wait > 0) throw tooMany(`A code was just sent; you can ask for another in ${wait} s`, wait)
  const perEmail = await countEvent(deps.db, `code:email:${email}`, LIMITS.codesPerEmail, now)
  if (perEmail.count > LIMITS.codesPerEmail.max) {
    throw tooMany('Too many codes for this address; please try again later', perEmail.retryAfterSeconds)
  }
  const perClient = await countEvent(
    deps.db,
    `code:client:${request.clientAddress}`,
    LIMITS.codesPerClient,
    now,
  )
  if (perClient.count > LIMITS.codesPerClient.max) {
    throw tooMany('Too many codes requested from here; please try again later', perClient.retryAfterSeconds)
  }

  const code = newCode()
  if (type === EmailCodeType.resetPassword && !existing) {
    // Kept but never sent: the next request for this address then meets the same resend wait as a
    // real account's would, so the wait does not tell who has an account either.
    await storeCode(deps.db, deps.authKeys.codeKey, { email, type, code, now })
    return
  }

  const codeId = await storeCode(deps.db, deps.authKeys.codeKey, {
    email,
    type,
    code,
    userId: request.userId,
    now,
  })
  const link =
    type === EmailCodeType.replaceEmail
      ? `${deps.publicUrl}/replaceEmail?${new URLSearchParams({ username: email, code })}`
      : undefined
  try {
    await deps.mailer.send(codeMail({ to: email, type, language: request.language, code, link }))
  } catch (error) {
    await discardCode(deps.db, codeId)
    log.error({ err: error }, `[mail] a ${CODE_PURPOSE[type]} code was not sent`)
    throw new ApiError(ResultCode.internal, 'The e-mail could not be sent; please try again in a moment')
  }
}

/** POST /mall/user/register: the account, and a session so the new customer is signed in at once. */
export async function register(deps: AppDeps, payload: RegisterPayload): Promise<{ token: string }> {
  const now = deps.now()
  const passwordHash = await hashPassword(payload.password)
  const code = { email: payload.username, type: EmailCodeType.register, code: payload.code, now }
  const account = await changeWithCode(deps.db, deps.authKeys.codeKey, code, async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({
        email: payload.username,
        passwordHash,
        nickname: payload.nickname,
        telephone: payload.telephone ?? null,
        wechat: payload.wechat ?? null,
        language: payload.language,
        role: SIGN_UP_ROLE[payload.language],
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning()
    if (!created) {
      throw new ApiError(ResultCode.conflict, 'username: is already registered; log in or reset the password')
    }
    return created
  })
  return openSession(deps.db, deps.authKeys.tokenKey, account, now)
}

/** POST /mall/user/login */
export async function login(
  deps: AppDeps,
  payload: LoginPayload,
  clientAddress: string,
): Promise<{ token: string; redirectUrl: string | null }> {
  const now = deps.now()
  const email = payload.username
  const perClient = await countEvent(deps.db, `login:client:${clientAddress}`, LIMITS.loginsPerClient, now)
  if (perClient.count > LIMITS.loginsPerClient.max) {
    throw tooMany('Too many login attempts from here; please wait a minute', perClient.retryAfterSeconds)
  }
  const failuresBucket = `login-fail:account:${email}`
  const failures = await peekCount(deps.db, failuresBucket, LIMITS.loginFailuresPerAccount, now)
  if (failures.count >= LIMITS.loginFailuresPerAccount.max) {
    throw tooMany(
      'Too many wrong passwords for this account; please try again later or reset the password',
      failures.retryAfterSeconds,
    )
  }
  const account = await accountByEmail(deps, email)
  // Verify against a real hash even for an unknown address, so timing does not reveal accounts.
  const valid = await verify(account?.passwordHash ?? UNKNOWN_ACCOUNT_HASH, payload.password)
  if (!account || !valid) {
    await countEvent(deps.db, failuresBucket, LIMITS.loginFailuresPerAccount, now)
    throw new ApiError(ResultCode.invalidInput, 'password: the e-mail or password is wrong')
  }
  if (account.disabled) throw new ApiError(ResultCode.accountDisabled, 'This account has been disabled')
  const { token } = await openSession(deps.db, deps.authKeys.tokenKey, account, now)
  return { token, redirectUrl: payload.redirectUrl ?? null }
}

// A hash of a random password nobody knows, made once at start-up.
const UNKNOWN_ACCOUNT_HASH = await hash(crypto.randomUUID())

/** PUT /mall/user/reset: a new password by e-mailed code; every open session ends. */
export async function resetPassword(deps: AppDeps, payload: ResetPasswordPayload): Promise<void> {
  const now = deps.now()
  const passwordHash = await hashPassword(payload.password)
  const code = { email: payload.username, type: EmailCodeType.resetPassword, code: payload.code, now }
  await changeWithCode(deps.db, deps.authKeys.codeKey, code, async (tx) => {
    const [account] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: now })
      .where(eq(users.email, payload.username))
      .returning({ id: users.id })
    if (account) await revokeOtherSessions(tx, account.id, now)
  })
}

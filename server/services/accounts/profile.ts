import { verify } from '@node-rs/argon2'
import { and, eq, ne } from 'drizzle-orm'
import {
  EmailCodeType,
  type PasswordChangePayload,
  type ProfilePayload,
  type ReplaceEmailPayload,
  type Sex,
} from '../../../src/domain/account.ts'
import { shopDate } from '../../../src/domain/dates.ts'
import { isLanguage } from '../../../src/domain/language.ts'
import { ResultCode } from '../../../src/domain/result-code.ts'
import type { PayInfo, UserProfile } from '../../../src/domain/session.ts'
import { effectiveTier, shopMonthOf } from '../../../src/domain/tier-terms.ts'
import type { AppDeps } from '../../app-env.ts'
import { PG_UNIQUE_VIOLATION, pgErrorCode } from '../../db/errors.ts'
import { users } from '../../db/schema.ts'
import { ApiError } from '../../http/envelope.ts'
import { countEvent, peekCount } from '../rate-limit.ts'
import { monthlySpendOf } from '../tiers/monthly-spend.ts'
import { changeWithCode, codeFailureMessage } from './email-codes.ts'
import { type AccountRow, revokeOtherSessions } from './sessions.ts'
import { hashPassword, LIMITS } from './sign-in.ts'

/** Points and VIP levels are on. The shop setting that can turn them off arrives with the operator work. */
export const POINTS_PROGRAMME_ON = true

/** The row an update of the caller's own account returned; none means the account went meanwhile. */
function updatedAccount(account: AccountRow | undefined): AccountRow {
  if (!account) throw new ApiError(ResultCode.sessionExpired, 'Your session has ended; please log in again')
  return account
}

/** GET /mall/user/info */
export function profileOf(account: AccountRow): UserProfile {
  return {
    id: account.id,
    username: account.email,
    nickname: account.nickname,
    telephone: account.telephone,
    wechat: account.wechat,
    sex: account.sex as Sex,
    birthday: account.birthday,
    avatar: account.avatar,
    role: account.role,
    score: account.score,
    language: isLanguage(account.language) ? account.language : 'zhCn',
    createdAt: account.createdAt.toISOString(),
  }
}

/**
 * GET /mall/user/payInfo. The rate is the one that applies today (a lapsed tier is back at the
 * default until the monthly job sets the next); the month's spending is what the shopper paid so far
 * this shop month, by the rule the tier job uses.
 */
export async function payInfoOf(deps: AppDeps, account: AccountRow): Promise<PayInfo> {
  const today = shopDate(deps.now())
  if (!today) throw new RangeError('payInfo needs a valid clock')
  const tier = effectiveTier(account, today)
  return {
    role: account.role,
    score: account.score,
    scoreRate: tier.scoreRate,
    scoreSwitch: POINTS_PROGRAMME_ON,
    scoreTime: tier.scoreTime,
    monthlyExpenditure: await monthlySpendOf(deps.db, account.id, shopMonthOf(today)),
    // Prices follow the role (spec §6), so a customer without one sees none.
    priceSwitch: account.kind === 'customer' && account.role !== null,
    // No identity documents are collected yet.
    idCard: false,
  }
}

/** PUT /mall/user/updateBaseInfo: the whole base info is sent, so a field left out is cleared. */
export async function updateBaseInfo(
  deps: AppDeps,
  userId: number,
  payload: ProfilePayload,
): Promise<AccountRow> {
  const [account] = await deps.db
    .update(users)
    .set({
      nickname: payload.nickname,
      sex: payload.sex,
      telephone: payload.telephone ?? null,
      birthday: payload.birthday ?? null,
      updatedAt: deps.now(),
    })
    .where(eq(users.id, userId))
    .returning()
  return updatedAccount(account)
}

/** PUT /mall/user/updateWechat */
export async function updateWechat(deps: AppDeps, userId: number, wechat: string): Promise<AccountRow> {
  const [account] = await deps.db
    .update(users)
    .set({ wechat, updatedAt: deps.now() })
    .where(eq(users.id, userId))
    .returning()
  return updatedAccount(account)
}

/**
 * PUT /mall/user/changePwd. Wrong current passwords count against the same hourly limit as failed
 * logins, so a stolen token cannot be used to guess the password and take the account over for good.
 * The other devices are signed out; the one that made the change stays signed in.
 */
export async function changePassword(
  deps: AppDeps,
  caller: { userId: number; sessionId: string; account: AccountRow },
  payload: PasswordChangePayload,
): Promise<void> {
  const now = deps.now()
  const bucket = `password-change-fail:account:${caller.userId}`
  const failures = await peekCount(deps.db, bucket, LIMITS.loginFailuresPerAccount, now)
  if (failures.count >= LIMITS.loginFailuresPerAccount.max) {
    throw new ApiError(ResultCode.tooManyRequests, 'Too many wrong passwords; please try again later', {
      retryAfterSeconds: failures.retryAfterSeconds,
    })
  }
  if (!(await verify(caller.account.passwordHash, payload.password))) {
    await countEvent(deps.db, bucket, LIMITS.loginFailuresPerAccount, now)
    throw new ApiError(ResultCode.invalidInput, 'password: is not your current password')
  }
  if (payload.newPassword === payload.password) {
    throw new ApiError(ResultCode.invalidInput, 'newPassword: must differ from the current password')
  }
  const passwordHash = await hashPassword(payload.newPassword)
  await deps.db.transaction(async (tx) => {
    // A staff account given its password by another operator may use the console from now on.
    await tx
      .update(users)
      .set({ passwordHash, mustChangePassword: false, updatedAt: now })
      .where(eq(users.id, caller.userId))
    await revokeOtherSessions(tx, caller.userId, now, caller.sessionId)
  })
}

const addressTaken = () => new ApiError(ResultCode.conflict, 'username: is already used by an account')

/**
 * PUT /mall/user/replaceEmail. Public: the link in the mail may be opened on another device, so the
 * code alone names the account (it was asked for by that account's session). The address changes and
 * every session of the account ends, since a sign-in name changed under them. A refused code reports
 * its reason in `data` so the result page can tell an expired link from a failed one.
 */
export async function replaceEmail(
  deps: AppDeps,
  payload: ReplaceEmailPayload,
): Promise<{ username: string }> {
  const now = deps.now()
  const email = payload.username
  const code = { email, type: EmailCodeType.replaceEmail, code: payload.code, now }
  try {
    await changeWithCode(deps.db, deps.authKeys.codeKey, code, async (tx, askedBy) => {
      // Every e-mail-change code is stored with the account that asked for it; one without is unusable.
      const unusable = () =>
        new ApiError(ResultCode.invalidInput, codeFailureMessage('missing'), { reason: 'missing' })
      if (askedBy === null) throw unusable()
      const [holder] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, email), ne(users.id, askedBy)))
      if (holder) throw addressTaken()
      const [account] = await tx
        .update(users)
        .set({ email, updatedAt: now })
        .where(eq(users.id, askedBy))
        .returning({ id: users.id })
      if (!account) throw unusable()
      await revokeOtherSessions(tx, account.id, now)
    })
  } catch (error) {
    // Another account took the address between the check and the update.
    if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) throw addressTaken()
    throw error
  }
  return { username: email }
}

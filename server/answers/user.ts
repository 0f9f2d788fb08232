import * as v from 'valibot'
import { Sex } from '../../src/domain/account.ts'
import { LANGUAGES } from '../../src/domain/language.ts'
import type { PayInfo, UserProfile } from '../../src/domain/session.ts'
import { answerOf, count, id, named, time } from './shape.ts'

/** A customer's price role 1–6 (spec §6); null for an account without one (and the operator). */
const priceRole = v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(6)))

export const userProfileAnswer = named(
  'UserProfile',
  answerOf<UserProfile>()(
    v.strictObject({
      id,
      username: v.pipe(v.string(), v.description('The sign-in e-mail address')),
      nickname: v.string(),
      telephone: v.nullable(v.string()),
      wechat: v.nullable(v.string()),
      sex: v.picklist(Object.values(Sex)),
      birthday: v.nullable(v.pipe(v.string(), v.description('YYYY-MM-DD'))),
      avatar: v.nullable(v.string()),
      role: priceRole,
      score: count,
      language: v.picklist(LANGUAGES),
      createdAt: time,
    }),
  ),
)

export const payInfoAnswer = named(
  'PayInfo',
  answerOf<PayInfo>()(
    v.strictObject({
      role: priceRole,
      score: v.pipe(count, v.description('Points held')),
      scoreRate: v.pipe(v.number(), v.description('The account’s points rate (0.01 = 1 %)')),
      scoreSwitch: v.pipe(
        v.boolean(),
        v.description('Whether points and VIP levels are on; off means a member is SVIP'),
      ),
      scoreTime: v.nullable(
        v.pipe(v.string(), v.description('When the current tier ends (shop date, YYYY-MM-DD)')),
      ),
      monthlyExpenditure: v.pipe(count, v.description('This shop month’s spending in yen')),
      priceSwitch: v.pipe(v.boolean(), v.description('Whether prices are shown to this account')),
      idCard: v.pipe(v.boolean(), v.description('Whether an identity document is on file')),
    }),
  ),
)

/** POST /mall/user/login: where the client goes next (null: where it was). */
export const loginAnswer = answerOf<{ redirectUrl: string | null }>()(
  v.strictObject({ redirectUrl: v.nullable(v.string()) }),
)

/** GET /mall/user/checkToken */
export const tokenValidAnswer = answerOf<{ valid: true }>()(v.strictObject({ valid: v.literal(true) }))

import * as v from 'valibot'
import { answerOf } from './shape.ts'

export { payInfoAnswer, userProfileAnswer } from './user.ts'

/** PUT /mall/user/replaceEmail: the account's new sign-in address. */
export const replacedEmailAnswer = answerOf<{ username: string }>()(v.strictObject({ username: v.string() }))

/** PUT /mall/user/updateAvatar: the new avatar's address (always set once the upload is stored). */
export const avatarAnswer = answerOf<{ avatar: string }>()(v.strictObject({ avatar: v.string() }))

import {
  passwordChangeSchema,
  profileSchema,
  replaceEmailSchema,
  wechatUpdateSchema,
} from '../../../src/domain/account.ts'
import { avatarAnswer, payInfoAnswer, replacedEmailAnswer, userProfileAnswer } from '../../answers/profile.ts'
import { nothing } from '../../answers/shape.ts'
import type { RouteContract } from '../contract.ts'

export const info = {
  method: 'get',
  path: '/mall/user/info',
  summary: "The caller's own profile (the account comes from the token; there is no id input)",
  tag: 'user',
  access: 'customer',
  returns: userProfileAnswer,
} satisfies RouteContract

export const payInfo = {
  method: 'get',
  path: '/mall/user/payInfo',
  summary:
    "What prices, points and the tier label need: role, points, the caller's points rate (default 0.01)",
  tag: 'user',
  access: 'customer',
  returns: payInfoAnswer,
} satisfies RouteContract

export const updateBaseInfo = {
  method: 'put',
  path: '/mall/user/updateBaseInfo',
  summary:
    "Replaces the caller's nickname, sex, telephone and birthday; a field left out is cleared. A fresh token comes back in the header",
  tag: 'user',
  access: 'customer',
  body: profileSchema,
  returns: userProfileAnswer,
} satisfies RouteContract

export const changePassword = {
  method: 'put',
  path: '/mall/user/changePwd',
  summary:
    'Changes the password after checking the current one; every other session of the account ends, this one stays',
  tag: 'user',
  access: 'customer',
  rateLimited: true,
  body: passwordChangeSchema,
  returns: nothing,
} satisfies RouteContract

export const updateWechat = {
  method: 'put',
  path: '/mall/user/updateWechat',
  summary:
    'Sets the messaging (WeChat) account the shop contacts the caller on; must not be empty. A fresh token (wechat flag) comes back in the header',
  tag: 'user',
  access: 'customer',
  query: wechatUpdateSchema,
  returns: nothing,
} satisfies RouteContract

export const replaceEmail = {
  method: 'put',
  path: '/mall/user/replaceEmail',
  summary:
    'Moves the account to the new address with the code mailed there (type 3, asked for while signed in); no token needed, as the link may open on another device. Ends every session. A refused code has data.reason: missing, expired, exhausted or wrong',
  tag: 'user',
  access: 'public',
  body: replaceEmailSchema,
  returns: replacedEmailAnswer,
} satisfies RouteContract

export const updateAvatar = {
  method: 'put',
  path: '/mall/user/updateAvatar',
  summary:
    'multipart/form-data with field `file`: a JPEG, PNG, WebP or GIF (judged by its bytes) under 2 MB. Replaces the previous avatar; a fresh token comes back in the header',
  tag: 'user',
  access: 'customer',
  returns: avatarAnswer,
} satisfies RouteContract

export const profileContracts = [
  info,
  payInfo,
  updateBaseInfo,
  changePassword,
  updateWechat,
  replaceEmail,
  updateAvatar,
]

import {
  emailCodeRequestSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
} from '../../../src/domain/account.ts'
import { nothing } from '../../answers/shape.ts'
import { loginAnswer, tokenValidAnswer } from '../../answers/user.ts'
import type { RouteContract } from '../contract.ts'

export const sendEmailCode = {
  method: 'post',
  path: '/mall/user/code/email',
  summary:
    'E-mails a 6-digit code (type 1 register, 2 reset password, 3 replace e-mail: needs a token). Valid 10 min, one use, 5 tries; one a minute per address',
  tag: 'user',
  access: 'public',
  rateLimited: true,
  body: emailCodeRequestSchema,
  returns: nothing,
} satisfies RouteContract

export const register = {
  method: 'post',
  path: '/mall/user/register',
  summary: 'Creates a customer account with the e-mailed code; signs it in (token in the response header)',
  tag: 'user',
  access: 'public',
  body: registerSchema,
  returns: nothing,
} satisfies RouteContract

export const login = {
  method: 'post',
  path: '/mall/user/login',
  summary: 'Signs in; the token comes back in the response header `token`',
  tag: 'user',
  access: 'public',
  rateLimited: true,
  body: loginSchema,
  returns: loginAnswer,
} satisfies RouteContract

export const logout = {
  method: 'post',
  path: '/mall/user/exit',
  summary: 'Ends this session; its token stops working at once',
  tag: 'user',
  access: 'customer',
  returns: nothing,
} satisfies RouteContract

export const resetPassword = {
  method: 'put',
  path: '/mall/user/reset',
  summary: 'Sets a new password with the e-mailed code; ends every session of the account',
  tag: 'user',
  access: 'public',
  body: resetPasswordSchema,
  returns: nothing,
} satisfies RouteContract

export const checkToken = {
  method: 'get',
  path: '/mall/user/checkToken',
  summary: 'Whether the token is still good (route guards); 9004 when the session ended, 9005 when disabled',
  tag: 'user',
  access: 'customer',
  returns: tokenValidAnswer,
} satisfies RouteContract

export const userContracts = [sendEmailCode, register, login, logout, resetPassword, checkToken]

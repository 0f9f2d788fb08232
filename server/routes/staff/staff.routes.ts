import { staffCreateBody, staffUpdateBody } from '../../../src/domain/staff.ts'
import { staffAccountAnswer, staffListAnswer, staffMeAnswer } from '../../answers/staff.ts'
import type { RouteContract } from '../contract.ts'

/* The staff room (backoffice §1): who may use which console room. */

export const opsMe = {
  method: 'get',
  path: '/ops/me',
  summary:
    'The signed-in operator: id, e-mail, nickname, the console rooms (permissions) it may use, and whether it must change the password it was given before any other console call answers it. Answers every operator, even one that must change its password',
  tag: 'ops',
  access: 'operator',
  returns: staffMeAnswer,
} satisfies RouteContract

export const listStaff = {
  method: 'get',
  path: '/ops/staff',
  summary: 'Every operator account, oldest first, with its permissions and whether it is disabled',
  tag: 'ops',
  access: 'operator',
  permission: 'staff',
  returns: staffListAnswer,
} satisfies RouteContract

export const createStaff = {
  method: 'post',
  path: '/ops/staff',
  summary:
    'A new operator account with the given permissions. The password meets the shop’s password policy; the account signs in with it and must change it (/mall/user/changePwd) before the console answers it. 409 on email when an account already uses it. Audited (staff.create; the password is never recorded)',
  tag: 'ops',
  access: 'operator',
  permission: 'staff',
  body: staffCreateBody,
  returns: staffAccountAnswer,
} satisfies RouteContract

export const updateStaff = {
  method: 'put',
  path: '/ops/staff/:id',
  summary:
    'Changes an operator’s permissions and/or disables or re-enables it. Disabling ends every session of the account for good (re-enabling does not revive an old token; its next call answers 9005 meanwhile). 409 when the caller would disable itself or drop its own staff permission, or no enabled account would keep staff; 404 for an id that is not an operator. Audited (staff.update)',
  tag: 'ops',
  access: 'operator',
  permission: 'staff',
  body: staffUpdateBody,
  returns: staffAccountAnswer,
} satisfies RouteContract

export const staffContracts: RouteContract[] = [opsMe, listStaff, createStaff, updateStaff]

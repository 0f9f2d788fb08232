import * as v from 'valibot'
import { STAFF_PERMISSIONS, type StaffAccountDto, type StaffMeDto } from '../../src/domain/staff.ts'
import { answerOf, id, named, time } from './shape.ts'

/* The staff room (server/routes/staff, backoffice §1). */

const permissions = v.array(v.picklist(STAFF_PERMISSIONS))

export const staffMeAnswer = named(
  'StaffMeDto',
  answerOf<StaffMeDto>()(
    v.strictObject({
      id,
      email: v.string(),
      nickname: v.string(),
      permissions,
      mustChangePassword: v.boolean(),
    }),
  ),
)

export const staffAccountAnswer = named(
  'StaffAccountDto',
  answerOf<StaffAccountDto>()(
    v.strictObject({
      id,
      email: v.string(),
      nickname: v.string(),
      permissions,
      disabled: v.boolean(),
      createTime: time,
    }),
  ),
)

export const staffListAnswer = answerOf<{ list: StaffAccountDto[] }>()(
  v.strictObject({ list: v.array(staffAccountAnswer) }),
)

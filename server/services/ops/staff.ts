import { asc, eq } from 'drizzle-orm'
import { ResultCode } from '../../../src/domain/result-code.ts'
import {
  mayUse,
  type StaffAccountDto,
  type StaffCreateBody,
  type StaffMeDto,
  StaffMessage,
  type StaffPermission,
  type StaffUpdateBody,
} from '../../../src/domain/staff.ts'
import type { Db } from '../../db/client.ts'
import { ACCOUNT_KIND, users } from '../../db/schema.ts'
import { ApiError } from '../../http/envelope.ts'
import { type AccountRow, revokeOtherSessions } from '../accounts/sessions.ts'
import { hashPassword } from '../accounts/sign-in.ts'
import { writeAudit } from './audit.ts'

/* The staff room (backoffice §1): operator accounts, their permissions, disabling one. */

/** What an audit row keeps of an account: never its password. */
interface StaffAuditState {
  email: string
  nickname: string
  permissions: StaffPermission[]
  disabled: boolean
}

const auditStateOf = (row: AccountRow): StaffAuditState => ({
  email: row.email,
  nickname: row.nickname,
  permissions: row.permissions,
  disabled: row.disabled,
})

export const staffAccountOf = (row: AccountRow): StaffAccountDto => ({
  id: row.id,
  email: row.email,
  nickname: row.nickname,
  permissions: row.permissions,
  disabled: row.disabled,
  createTime: row.createdAt.toISOString(),
})

/** GET /api/ops/me: who the console is talking to and which rooms it may show. */
export const staffMeOf = (account: AccountRow): StaffMeDto => ({
  id: account.id,
  email: account.email,
  nickname: account.nickname,
  permissions: account.permissions,
  mustChangePassword: account.mustChangePassword,
})

/** GET /api/ops/staff: every operator account, oldest first. */
export async function listStaff(db: Db): Promise<{ list: StaffAccountDto[] }> {
  const rows = await db
    .select()
    .from(users)
    .where(eq(users.kind, ACCOUNT_KIND.operator))
    .orderBy(asc(users.createdAt), asc(users.id))
  return { list: rows.map(staffAccountOf) }
}

const refusal = (field: string, message: string) =>
  new ApiError(ResultCode.conflict, `${field}: ${message}`, { fields: [{ field, message }] })

/**
 * POST /api/ops/staff: a new operator account with the given rooms. It signs in with the password it
 * was given and must change it before the console answers it (mustChangePassword). An e-mail already
 * used by any account, customer or operator, is a 409 on `email`.
 */
export async function createStaff(
  db: Db,
  input: { body: StaffCreateBody; actorId: number; at: Date },
): Promise<StaffAccountDto> {
  const { body, actorId, at } = input
  const passwordHash = await hashPassword(body.password)
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({
        email: body.email,
        passwordHash,
        nickname: body.nickname,
        kind: ACCOUNT_KIND.operator,
        permissions: body.permissions,
        mustChangePassword: true,
        createdAt: at,
        updatedAt: at,
      })
      .onConflictDoNothing()
      .returning()
    if (!created) throw refusal('email', 'is already used by an account')
    await writeAudit(tx, {
      actorId,
      action: 'staff.create',
      entity: 'staff',
      entityId: created.id,
      before: null,
      after: auditStateOf(created),
      at,
    })
    return staffAccountOf(created)
  })
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((item, index) => item === b[index])

/**
 * PUT /api/ops/staff/{id}: changes an operator's permissions and/or disables or re-enables it.
 * Disabling revokes every session of the account, so re-enabling it later does not revive an old
 * token. The shop never locks itself out: the caller cannot disable itself or drop its own `staff`
 * permission, and at least one enabled account must keep `staff` (409 on the field, nothing changes).
 * Every operator row is locked first, so two staff editors' changes are checked one after the other.
 */
export async function updateStaff(
  db: Db,
  input: { id: number; body: StaffUpdateBody; actorId: number; at: Date },
): Promise<StaffAccountDto> {
  const { id, body, actorId, at } = input
  return db.transaction(async (tx) => {
    const operators = await tx
      .select()
      .from(users)
      .where(eq(users.kind, ACCOUNT_KIND.operator))
      .orderBy(asc(users.id))
      .for('update')
    const before = operators.find((row) => row.id === id)
    if (!before) throw new ApiError(ResultCode.notFound, 'Staff account not found')
    // The caller's permission was checked before the lock; another editor may have changed it since.
    const actor = operators.find((row) => row.id === actorId)
    if (!actor || actor.disabled || !mayUse(actor.permissions, 'staff')) {
      throw new ApiError(ResultCode.forbidden, 'This account does not have the staff permission', {
        permission: 'staff',
      })
    }
    const permissions = body.permissions ?? before.permissions
    const disabled = body.disabled ?? before.disabled
    if (id === actorId && disabled) throw refusal('disabled', StaffMessage.notYourself)
    if (id === actorId && !mayUse(permissions, 'staff')) {
      throw refusal('permissions', StaffMessage.keepOwnStaff)
    }
    const staffKeepers = operators.filter((row) =>
      row.id === id
        ? !disabled && mayUse(permissions, 'staff')
        : !row.disabled && mayUse(row.permissions, 'staff'),
    )
    if (staffKeepers.length === 0) {
      throw refusal(body.disabled ? 'disabled' : 'permissions', StaffMessage.lastStaffAccount)
    }
    if (sameList(permissions, before.permissions) && disabled === before.disabled) {
      return staffAccountOf(before)
    }
    const [after] = await tx
      .update(users)
      .set({ permissions, disabled, updatedAt: at })
      .where(eq(users.id, id))
      .returning()
    if (!after) throw new ApiError(ResultCode.notFound, 'Staff account not found')
    if (disabled && !before.disabled) await revokeOtherSessions(tx, id, at)
    await writeAudit(tx, {
      actorId,
      action: 'staff.update',
      entity: 'staff',
      entityId: id,
      before: auditStateOf(before),
      after: auditStateOf(after),
      at,
    })
    return staffAccountOf(after)
  })
}

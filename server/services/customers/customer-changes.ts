import { and, eq } from 'drizzle-orm'
import {
  type CustomerDisableBody,
  CustomerMessage,
  type CustomerPointsBody,
  type CustomerRoleBody,
  type OpsCustomerListItem,
  type OpsPointsRow,
} from '../../../src/domain/customer-ops.ts'
import { ResultCode } from '../../../src/domain/result-code.ts'
import type { Db } from '../../db/client.ts'
import { users } from '../../db/schema.ts'
import { ApiError } from '../../http/envelope.ts'
import { type AccountRow, revokeOtherSessions } from '../accounts/sessions.ts'
import { writeAudit } from '../ops/audit.ts'
import { changePoints } from '../points.ts'
import { readVipLevels } from '../tiers/vip-levels.ts'
import { customerRow, listItemOf, orderCountsOf, pointsRowOf, tierOf, todayOf } from './customer-queries.ts'

/*
 * The customers room's changes (backoffice §4). Each locks the customer's row, changes it and writes
 * its audit row (entity 'customer') in one transaction, so two operators' changes apply one after the
 * other and every audit row's `before` is what the change really replaced.
 */

interface Change<B> {
  id: number
  body: B
  actorId: number
  at: Date
}

/** The largest balance the points column holds (a 32-bit integer). */
const MAX_BALANCE = 2_147_483_647

const refusal = (field: string, message: string) =>
  new ApiError(ResultCode.conflict, `${field}: ${message}`, { fields: [{ field, message }] })

/** The customer as the list shows them, read in the change's transaction. */
async function changedCustomer(tx: Db, account: AccountRow, at: Date): Promise<OpsCustomerListItem> {
  const [levels, counts] = await Promise.all([readVipLevels(tx), orderCountsOf(tx, [account.id])])
  return listItemOf(account, tierOf(account, levels, todayOf(at)), counts.get(account.id) ?? 0)
}

/**
 * PUT /api/ops/customers/{id}/role: the product column the customer sees (spec §6). The session check
 * reads the account on every call and the catalog cache keys answers by the caller's column, so their
 * very next call gets the new prices. The same role again changes nothing and writes no audit row.
 */
export async function changeCustomerRole(
  db: Db,
  change: Change<CustomerRoleBody>,
): Promise<OpsCustomerListItem> {
  const { id, body, actorId, at } = change
  return db.transaction(async (tx) => {
    const before = await customerRow(tx, id, true)
    if (before.role === body.role) return changedCustomer(tx, before, at)
    const [after] = await tx
      .update(users)
      .set({ role: body.role, updatedAt: at })
      .where(eq(users.id, id))
      .returning()
    if (!after) throw new ApiError(ResultCode.notFound, 'Customer not found')
    await writeAudit(tx, {
      actorId,
      action: 'customer.role',
      entity: 'customer',
      entityId: id,
      before: { role: before.role },
      after: { role: after.role },
      at,
    })
    return changedCustomer(tx, after, at)
  })
}

/**
 * POST /api/ops/customers/{id}/disable: disables or enables the account, with the operator's reason.
 * Disabling revokes every session in the same transaction, so every device's next call answers 9005
 * and enabling later revives none of them (the customer signs in again). Asking for the state the
 * account is already in changes nothing and writes no audit row.
 */
export async function setCustomerDisabled(
  db: Db,
  change: Change<CustomerDisableBody>,
): Promise<OpsCustomerListItem> {
  const { id, body, actorId, at } = change
  return db.transaction(async (tx) => {
    const before = await customerRow(tx, id, true)
    if (before.disabled === body.disabled) return changedCustomer(tx, before, at)
    const [after] = await tx
      .update(users)
      .set({ disabled: body.disabled, updatedAt: at })
      .where(and(eq(users.id, id), eq(users.disabled, before.disabled)))
      .returning()
    if (!after) throw new ApiError(ResultCode.conflict, 'The customer changed meanwhile; please reload')
    if (body.disabled) await revokeOtherSessions(tx, id, at)
    await writeAudit(tx, {
      actorId,
      action: body.disabled ? 'customer.disable' : 'customer.enable',
      entity: 'customer',
      entityId: id,
      before: { disabled: before.disabled },
      after: { disabled: after.disabled },
      reason: body.reason,
      at,
    })
    return changedCustomer(tx, after, at)
  })
}

/**
 * POST /api/ops/customers/{id}/points: an operator's correction, as a ledger row (reason 'adjust',
 * the operator's reason as its note) with the balance after it. The customer's row is locked first, so
 * adjustments at once apply one after the other; one that would take the balance below 0 is a 409 on
 * `delta` and writes nothing (changePoints' guarded UPDATE refuses it too).
 */
export async function adjustCustomerPoints(
  db: Db,
  change: Change<CustomerPointsBody>,
): Promise<OpsPointsRow> {
  const { id, body, actorId, at } = change
  return db.transaction(async (tx) => {
    const before = await customerRow(tx, id, true)
    const balance = before.score + body.delta
    if (balance < 0) throw refusal('delta', CustomerMessage.belowZero)
    if (balance > MAX_BALANCE) throw refusal('delta', CustomerMessage.tooLarge)
    const entry = await changePoints(tx, {
      userId: id,
      delta: body.delta,
      reason: 'adjust',
      note: body.reason,
      at,
    })
    if (!entry) throw new Error('an adjustment of 0 points reached the ledger')
    await writeAudit(tx, {
      actorId,
      action: 'customer.points',
      entity: 'customer',
      entityId: id,
      before: { score: before.score },
      after: { score: entry.balanceAfter, delta: body.delta, ledgerId: entry.id },
      reason: body.reason,
      at,
    })
    return pointsRowOf(entry)
  })
}

import { and, count, desc, eq, inArray } from 'drizzle-orm'
import { canExtraFeeTransition, ExtraFeeStatus, ExtraFeeType } from '../../../src/domain/extra-fee.ts'
import type {
  ExtraFeeDto,
  OpsCreateExtraFeeBody,
  OpsExtraFeeDto,
  OpsExtraFeeListQuery,
  OpsVoidExtraFeeBody,
} from '../../../src/domain/extras.ts'
import type { Page } from '../../../src/domain/queries.ts'
import { ResultCode } from '../../../src/domain/result-code.ts'
import type { Db } from '../../db/client.ts'
import { ACCOUNT_KIND, extraFees, orders, users } from '../../db/schema.ts'
import { ApiError, notFound } from '../../http/envelope.ts'
import { writeAudit } from '../ops/audit.ts'
import { invalidField } from '../orders/split-order.ts'
import type { GatewayDeps } from '../payments/gateway.ts'
import { closeAtProviders } from '../payments/pay-service.ts'
import { type ExtraFeeRow, extraFeeDtos } from './extra-fee-dto.ts'
import { endOpenFeePayments } from './fee-payments.ts'
import { unlockPaidUpPackages } from './package-unlock.ts'

/* The console's extra fees (flows §7 'fees'): list and filter, create a free-form fee, void or waive one. */

export const NOT_A_CUSTOMER = 'is not a customer'
export const NOT_THEIR_ORDERS = 'must be orders of that customer'

async function opsFeeDtos(db: Db, rows: ExtraFeeRow[]): Promise<OpsExtraFeeDto[]> {
  if (rows.length === 0) return []
  const shoppers = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.id, [...new Set(rows.map((row) => row.userId))]))
  const emailOf = new Map(shoppers.map((shopper) => [shopper.id, shopper.email]))
  const rowOf = new Map(rows.map((row) => [row.id, row]))
  return (await extraFeeDtos(db, rows)).flatMap((dto) => {
    const row = rowOf.get(dto.id)
    return row ? [withOwner(dto, row, emailOf.get(row.userId) ?? '')] : []
  })
}

/** The console's fee: the shopper's view plus who owes it and how it ended. */
function withOwner(dto: ExtraFeeDto, row: ExtraFeeRow, userEmail: string): OpsExtraFeeDto {
  return {
    ...dto,
    userId: row.userId,
    userEmail,
    paymentId: row.paymentId,
    paidAt: row.paidAt?.toISOString() ?? null,
  }
}

async function opsFeeDto(db: Db, feeId: number): Promise<OpsExtraFeeDto> {
  const rows = await db.select().from(extraFees).where(eq(extraFees.id, feeId))
  const [dto] = await opsFeeDtos(db, rows)
  if (!dto) throw notFound('Extra fee')
  return dto
}

/** GET /api/ops/extra-fees: every shopper's fees, newest first, by status, type and shopper. */
export async function listOpsExtraFees(db: Db, query: OpsExtraFeeListQuery): Promise<Page<OpsExtraFeeDto>> {
  const where = and(
    query.status === undefined ? undefined : eq(extraFees.status, query.status),
    query.type === undefined ? undefined : eq(extraFees.type, query.type),
    query.userId === undefined ? undefined : eq(extraFees.userId, query.userId),
  )
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(extraFees)
      .where(where)
      .orderBy(desc(extraFees.createdAt), desc(extraFees.id))
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize),
    db.select({ total: count() }).from(extraFees).where(where),
  ])
  return {
    list: await opsFeeDtos(db, rows),
    total: counted?.total ?? 0,
    pageNum: query.pageNum,
    pageSize: query.pageSize,
  }
}

/**
 * POST /api/ops/extra-fees: a free-form fee (type 2, unpaid) for a customer, its related orders theirs
 * (400 naming `userId` or `orderIds` otherwise, nothing written); audited 'extraFee.create'.
 */
export async function createExtraFee(
  db: Db,
  request: { body: OpsCreateExtraFeeBody; actorId: number; at: Date },
): Promise<OpsExtraFeeDto> {
  const { body, at } = request
  const feeId = await db.transaction(async (tx) => {
    const [shopper] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, body.userId), eq(users.kind, ACCOUNT_KIND.customer)))
    if (!shopper) throw invalidField('userId', NOT_A_CUSTOMER)
    const orderIds = [...new Set(body.orderIds)].sort((a, b) => a - b)
    if (orderIds.length > 0) {
      const theirs = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(inArray(orders.id, orderIds), eq(orders.userId, shopper.id)))
      if (theirs.length !== orderIds.length) throw invalidField('orderIds', NOT_THEIR_ORDERS)
    }
    const [fee] = await tx
      .insert(extraFees)
      .values({
        userId: shopper.id,
        type: ExtraFeeType.freeForm,
        status: ExtraFeeStatus.waitPay,
        amount: body.amount,
        orderIds,
        remark: body.remark,
        dueDate: body.dueDate ?? null,
        createdAt: at,
        updatedAt: at,
      })
      .returning()
    if (!fee) throw new Error('the extra fee was not written')
    await writeAudit(tx, {
      actorId: request.actorId,
      action: 'extraFee.create',
      entity: 'extraFee',
      entityId: fee.id,
      before: null,
      after: {
        userId: fee.userId,
        type: fee.type,
        status: fee.status,
        amount: fee.amount,
        orderIds,
        remark: fee.remark,
        dueDate: fee.dueDate,
      },
      at,
    })
    return fee.id
  })
  return opsFeeDto(db, feeId)
}

/**
 * POST /api/ops/extra-fees/{id}/void: an unpaid fee (1; else 409 with `data.status`) ends 1 → 4, voided
 * (charged in error) or waived (forgiven), in an UPDATE guarded on 1. Any open attempt paying it ends
 * first (its held points come back; 409 while one is being confirmed). A locked box whose last unpaid
 * storage fee this was is unlocked, as paying it would. Audited 'extraFee.void' or 'extraFee.waive'.
 */
export async function voidExtraFee(
  deps: GatewayDeps,
  request: { feeId: number; body: OpsVoidExtraFeeBody; actorId: number },
): Promise<OpsExtraFeeDto> {
  const { feeId, body, actorId } = request
  const at = deps.now()
  const to = ExtraFeeStatus.void
  if (!canExtraFeeTransition(ExtraFeeStatus.waitPay, to)) throw new Error('extra-fee flow forbids 1 → 4')
  const ended = await deps.db.transaction(async (tx) => {
    const [fee] = await tx.select().from(extraFees).where(eq(extraFees.id, feeId)).for('update')
    if (!fee) throw notFound('Extra fee')
    if (fee.status !== ExtraFeeStatus.waitPay) {
      throw new ApiError(ResultCode.conflict, `Extra fee ${feeId} is not awaiting payment`, {
        status: fee.status,
      })
    }
    const abandoned = await endOpenFeePayments(tx, [fee.id], 'cancelled', at)
    const [moved] = await tx
      .update(extraFees)
      .set({ status: to, updatedAt: at })
      .where(and(eq(extraFees.id, fee.id), eq(extraFees.status, ExtraFeeStatus.waitPay)))
      .returning({ id: extraFees.id })
    // Unreachable under the row lock; kept so a change of locking cannot pass silently.
    if (!moved) throw new Error(`extra fee ${fee.id} changed under its row lock`)
    const by = body.waive ? 'waive' : 'void'
    await writeAudit(tx, {
      actorId,
      action: `extraFee.${by}`,
      entity: 'extraFee',
      entityId: fee.id,
      before: { status: fee.status, amount: fee.amount },
      after: { status: to, reason: body.reason, endedPayments: abandoned.map((payment) => payment.id) },
      at,
    })
    if (fee.packageId !== null) {
      await unlockPaidUpPackages(tx, [fee.packageId], { actorId, by, at })
    }
    return abandoned
  })
  // After the commit: the shop has ended those attempts whatever the providers answer.
  await closeAtProviders(ended, deps)
  return opsFeeDto(deps.db, feeId)
}

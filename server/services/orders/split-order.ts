import { and, asc, eq } from 'drizzle-orm'
import { shareOut } from '../../../src/domain/arrival.ts'
import { canOrderTransition, isOrderStatus, OrderStatus } from '../../../src/domain/order-status.ts'
import { PaymentStatus } from '../../../src/domain/payment-status.ts'
import { ResultCode } from '../../../src/domain/result-code.ts'
import { ValidationMessage } from '../../../src/domain/validation-messages.ts'
import type { Db } from '../../db/client.ts'
import { orderLines, orders, payments } from '../../db/schema.ts'
import { ApiError, notFound } from '../../http/envelope.ts'
import { writeAudit } from '../ops/audit.ts'
import { orderStatusConflict } from '../ops/ops-orders.ts'
import { orderPaymentsOf, paymentBeingConfirmed } from '../payments/order-payments.ts'

/* Splitting an order into child orders (flows §1): POST /api/ops/orders/{id}/split and part arrivals. */

type LineRow = typeof orderLines.$inferSelect

/** A 400 on one field of the request, changing nothing. */
export function invalidField(field: string, message: string): ApiError {
  return new ApiError(ResultCode.invalidInput, `${field}: ${message}`, { fields: [{ field, message }] })
}

export interface SplitRequest {
  orderId: number
  /** Line ids of the order, each line in exactly one group; one child order per group. */
  groups: readonly (readonly number[])[]
  actorId: number | null
  at: Date
}

export interface SplitResult {
  /** The status the split order had (3 waitOrder or 4 order); its children start in it. */
  from: OrderStatus
  /** The children's ids, in the order of the groups. */
  childIds: number[]
}

const sumOf = (lines: readonly LineRow[], pick: (line: LineRow) => number) =>
  lines.reduce((sum, line) => sum + pick(line), 0)

/**
 * The member discount of each group. Lines keep the base and the discounted unit price, so a line's
 * discount is (base − unit) × quantity, as createOrder summed it; when the lines agree with the order's
 * figure that is exact. An order whose lines do not (written by hand, or by an older version) has its
 * discount shared by goods instead, so the children still add up to the parent to the yen.
 */
function discountsOf(parentDiscount: number, groups: readonly LineRow[][]): number[] {
  const perGroup = groups.map((lines) =>
    sumOf(lines, (line) => Math.max(line.basePrice - line.unitPrice, 0) * line.quantity),
  )
  if (perGroup.reduce((a, b) => a + b, 0) === parentDiscount) return perGroup
  return shareOut(
    parentDiscount,
    groups.map((lines) => sumOf(lines, (line) => line.goods)),
  )
}

/** Whether the groups hold every line of the order exactly once, and at least two groups. */
function isPartition(groups: SplitRequest['groups'], lineIds: readonly number[]): boolean {
  if (groups.length < 2 || groups.some((group) => group.length === 0)) return false
  const named = groups.flat()
  const known = new Set(lineIds)
  return (
    named.length === lineIds.length &&
    new Set(named).size === named.length &&
    named.every((id) => known.has(id))
  )
}

/**
 * Splits an order in 3 waitOrder or 4 order into child orders, in the caller's transaction, under the
 * order's row lock. Each group of lines becomes a child in the same status: same shopper, address,
 * payment window and remark, and the split order's creation time (the shopper ordered the goods then;
 * the lists' date filter and order stay as they were). Its lines are copies (`splitFromLineId`); the
 * split order keeps its own, so the original list still shows what was ordered. A child's amounts are
 * the sums of its lines (each line was rounded on its own, so they add up to the parent's to the yen);
 * what was paid and the points held are shared out by the children's deposits, also to the yen.
 *
 * A child being split again hangs its children on the root order, so the shopper's child list is one
 * level deep. The split order goes to 0 split (guarded on its old status), audited.
 */
export async function splitOrder(tx: Db, request: SplitRequest): Promise<SplitResult> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, request.orderId)).for('update')
  if (!order) throw notFound('Order')
  const from = order.status
  if (!isOrderStatus(from) || !canOrderTransition(from, OrderStatus.split)) {
    throw orderStatusConflict(order.id, from, OrderStatus.split)
  }

  const lines = await tx
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.id))
  if (
    !isPartition(
      request.groups,
      lines.map((line) => line.id),
    )
  ) {
    throw invalidField('groups', ValidationMessage.splitGroups)
  }

  // Orders past their first payment have no open attempt; one still open would settle on an order
  // that no longer exists as such, so it must end (or settle) first.
  const [open] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(orderPaymentsOf(order.id), eq(payments.status, PaymentStatus.waitPay)))
    .limit(1)
  if (open) throw paymentBeingConfirmed()

  // Lines in the order's own order within each group, whatever order the request named them in.
  const groupLines = request.groups.map((group) => {
    const wanted = new Set(group)
    return lines.filter((line) => wanted.has(line.id))
  })
  const deposits = groupLines.map((group) => sumOf(group, (line) => line.deposit))
  const paid = shareOut(order.paidAmount, deposits)
  const points = shareOut(order.pointsHeld, deposits)
  const discounts = discountsOf(order.discount, groupLines)

  const childIds: number[] = []
  for (const [index, group] of groupLines.entries()) {
    const [child] = await tx
      .insert(orders)
      .values({
        userId: order.userId,
        parentId: order.parentId ?? order.id,
        status: from,
        goods: sumOf(group, (line) => line.goods),
        discount: discounts[index] ?? 0,
        platformFee: sumOf(group, (line) => line.platformFee),
        settlementFee: sumOf(group, (line) => line.settlementFee),
        deposit: deposits[index] ?? 0,
        balance: sumOf(group, (line) => line.balance),
        total: sumOf(group, (line) => line.total),
        pointsHeld: points[index] ?? 0,
        paidAmount: paid[index] ?? 0,
        refundAmount: 0,
        remark: order.remark,
        address: order.address,
        payDueAt: order.payDueAt,
        arrivedAt: order.arrivedAt,
        createdAt: order.createdAt,
        updatedAt: request.at,
      })
      .returning({ id: orders.id })
    if (!child) throw new Error('inserting a child order returned no row')
    childIds.push(child.id)
    await tx.insert(orderLines).values(
      group.map(({ id, orderId: _orderId, ...line }) => ({
        ...line,
        orderId: child.id,
        splitFromLineId: id,
      })),
    )
  }

  const updated = await tx
    .update(orders)
    .set({ status: OrderStatus.split, updatedAt: request.at })
    .where(and(eq(orders.id, order.id), eq(orders.status, from)))
    .returning({ id: orders.id })
  if (updated.length === 0) throw orderStatusConflict(order.id, from, OrderStatus.split)

  await writeAudit(tx, {
    actorId: request.actorId,
    action: 'order.split',
    entity: 'order',
    entityId: order.id,
    before: { status: from },
    after: {
      status: OrderStatus.split,
      children: childIds.map((id, index) => ({ id, lineIds: groupLines[index]?.map((line) => line.id) })),
    },
    at: request.at,
  })
  return { from, childIds }
}

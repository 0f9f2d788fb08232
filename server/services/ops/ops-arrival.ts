import { and, eq } from 'drizzle-orm'
import { balanceOwed } from '../../../src/domain/arrival.ts'
import { shopDate } from '../../../src/domain/dates.ts'
import { balanceDueDate, classifyDeadline, packagingDeadline } from '../../../src/domain/deadlines.ts'
import { canOrderTransition, isOrderStatus, OrderStatus } from '../../../src/domain/order-status.ts'
import type { OpsOrderDetailDto } from '../../../src/domain/orders.ts'
import { ValidationMessage } from '../../../src/domain/validation-messages.ts'
import type { Db } from '../../db/client.ts'
import { orderLines, orders } from '../../db/schema.ts'
import { notFound } from '../../http/envelope.ts'
import { invalidField, splitOrder } from '../orders/split-order.ts'
import { writeAudit } from './audit.ts'
import { loadOpsOrderDetail, orderStatusConflict } from './ops-orders.ts'

/* The operator's arrival and split calls (flows §1, §7 'arrivals'). */

export interface ArrivalRequest {
  orderId: number
  /** Shop date the goods reached the warehouse: today or earlier. */
  arrivedAt: string
  /** Some of the order's lines: the order is split and only their child arrives. */
  lineIds?: readonly number[]
  actorId: number
  at: Date
}

/** Where an order goes on arrival: 5 arrival while a balance is owed, 6 finalPay when it is paid in full. */
function arrivalStatusOf(order: { total: number; paidAmount: number }): OrderStatus {
  return balanceOwed(order) > 0 ? OrderStatus.arrival : OrderStatus.finalPay
}

/**
 * Which lines arrive: undefined for the whole order (no ids, or every line named), else the named
 * lines, which must be some of the order's, each once (400 `lineIds`).
 */
function arrivingLines(lineIds: readonly number[] | undefined, orderLineIds: readonly number[]) {
  if (lineIds === undefined) return undefined
  const known = new Set(orderLineIds)
  const named = new Set(lineIds)
  if (named.size !== lineIds.length || lineIds.some((id) => !known.has(id))) {
    throw invalidField('lineIds', ValidationMessage.lineIds)
  }
  return named.size === known.size ? undefined : lineIds
}

/**
 * POST /api/ops/orders/{id}/arrival: the goods of an order in 3 waitOrder or 4 order reached the
 * warehouse on `arrivedAt`. With `lineIds` naming part of the order, the order is split first into
 * [those lines, the rest] and only the first child arrives; the rest stays as it was. One transaction:
 * split, status and `arrivedAt` change together or not at all.
 *
 * The date may be back-dated (arrivals are often booked late) but never in the future. A date so old
 * that the deadline the order would now face (the balance when one is owed, else the packaging
 * request) is already past its forfeiture window is refused: booking it would forfeit the goods on
 * the spot, which is never what the operator means. Answers the arrived order's detail.
 */
export async function bookArrival(db: Db, request: ArrivalRequest): Promise<OpsOrderDetailDto> {
  const today = shopDate(request.at)
  if (!today) throw new Error('the shop clock gave no date')
  if (request.arrivedAt > today) throw invalidField('arrivedAt', ValidationMessage.notInFuture)

  const arrivedId = await db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .where(eq(orders.id, request.orderId))
      .for('update')
    if (!order) throw notFound('Order')
    const from = order.status
    // Either arrival status will do for the check: the flow allows both from 3 and 4 and neither elsewhere.
    if (!isOrderStatus(from) || !canOrderTransition(from, OrderStatus.arrival)) {
      throw orderStatusConflict(order.id, from, OrderStatus.arrival)
    }
    const lines = await tx
      .select({ id: orderLines.id })
      .from(orderLines)
      .where(eq(orderLines.orderId, order.id))
    const part = arrivingLines(
      request.lineIds,
      lines.map((line) => line.id),
    )

    let split: { orderId: number; children: number[] } | undefined
    let arrivingId = order.id
    if (part) {
      const named = new Set(part)
      const rest = lines.map((line) => line.id).filter((id) => !named.has(id))
      const { childIds } = await splitOrder(tx, {
        orderId: order.id,
        groups: [part, rest],
        actorId: request.actorId,
        at: request.at,
      })
      split = { orderId: order.id, children: childIds }
      arrivingId = childIds[0] ?? order.id
    }

    const [arriving] = await tx
      .select({ status: orders.status, total: orders.total, paidAmount: orders.paidAmount })
      .from(orders)
      .where(eq(orders.id, arrivingId))
      .for('update')
    if (!arriving || !isOrderStatus(arriving.status)) throw notFound('Order')
    const to = arrivalStatusOf(arriving)
    const deadline =
      to === OrderStatus.arrival ? balanceDueDate(request.arrivedAt) : packagingDeadline(request.arrivedAt)
    if (classifyDeadline(deadline, today).state === 'forfeited') {
      throw invalidField('arrivedAt', ValidationMessage.arrivalForfeited)
    }
    if (!canOrderTransition(arriving.status, to)) throw orderStatusConflict(arrivingId, arriving.status, to)

    const updated = await tx
      .update(orders)
      .set({ status: to, arrivedAt: request.arrivedAt, updatedAt: request.at })
      .where(and(eq(orders.id, arrivingId), eq(orders.status, arriving.status)))
      .returning({ id: orders.id })
    if (updated.length === 0) throw orderStatusConflict(arrivingId, arriving.status, to)
    await writeAudit(tx, {
      actorId: request.actorId,
      action: 'order.arrival',
      entity: 'order',
      entityId: arrivingId,
      before: { status: arriving.status, arrivedAt: null },
      after: { status: to, arrivedAt: request.arrivedAt, ...(split ? { split } : {}) },
      at: request.at,
    })
    return arrivingId
  })
  return loadOpsOrderDetail(db, arrivedId, request.at)
}

/** POST /api/ops/orders/{id}/split: the order split into child orders; answers its detail with them. */
export async function splitOpsOrder(
  db: Db,
  request: { orderId: number; groups: readonly (readonly number[])[]; actorId: number; at: Date },
): Promise<OpsOrderDetailDto> {
  await db.transaction((tx) => splitOrder(tx, request))
  return loadOpsOrderDetail(db, request.orderId, request.at)
}

import { and, asc, eq, type SQL } from 'drizzle-orm'
import type { Language } from '../../../src/domain/language.ts'
import { ORDER_STATUS_INFO, OrderStatus } from '../../../src/domain/order-status.ts'
import type { OrderDetailDto, OrderDto, SettleDetailsDto } from '../../../src/domain/orders.ts'
import { applyPoints } from '../../../src/domain/pricing.ts'
import { ResultCode } from '../../../src/domain/result-code.ts'
import type { Db } from '../../db/client.ts'
import { orders, payments } from '../../db/schema.ts'
import { ApiError, notFound } from '../../http/envelope.ts'
import { orderPaymentsOf } from '../payments/order-payments.ts'
import { readPayLatch } from '../payments/pay-latch.ts'
import {
  linesOfOrders,
  type OrderRow,
  toOrderAddressDto,
  toOrderDto,
  toOrderDtos,
  toPaymentDto,
} from './order-dto.ts'
import { childOrders } from './order-lists.ts'

export interface OrderLookup {
  orderId: number
  /** Given: only this shopper's order is found (another's reads as missing). */
  userId?: number
  /**
   * The request's language. Every line carries its names in all three languages (the client picks),
   * so the answer is the same in each; callers pass it so a later per-language field needs no change.
   */
  language?: Language
  /** The shop's clock: the deadline state and late fee of an arrived order depend on the day. */
  at?: Date
}

async function orderRow(db: Db, lookup: OrderLookup): Promise<OrderRow | undefined> {
  const own: SQL | undefined = lookup.userId === undefined ? undefined : eq(orders.userId, lookup.userId)
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, lookup.orderId), own))
  return row
}

/** One order as the lists show it, or undefined when there is none (or it is another shopper's). */
export async function loadOrder(db: Db, lookup: OrderLookup): Promise<OrderDto | undefined> {
  const row = await orderRow(db, lookup)
  if (!row) return undefined
  const lines = await linesOfOrders(db, [row.id])
  return toOrderDto(row, lines.get(row.id) ?? [], lookup.at)
}

/** The payments an order's detail lists: its deposit and balance payments, every attempt, oldest first. */
async function paymentsOfOrder(db: Db, orderId: number) {
  const rows = await db
    .select()
    .from(payments)
    .where(orderPaymentsOf(orderId))
    .orderBy(asc(payments.createdAt), asc(payments.id))
  return rows.map(toPaymentDto)
}

/** GET /mall/order/{id}: the order with its children, payments and delivery address. */
export async function loadOrderDetail(db: Db, lookup: OrderLookup): Promise<OrderDetailDto | undefined> {
  const row = await orderRow(db, lookup)
  if (!row) return undefined
  const [[order], children, orderPayments] = await Promise.all([
    toOrderDtos(db, [row], lookup.at),
    childOrders(db, row.id, lookup.at),
    paymentsOfOrder(db, row.id),
  ])
  if (!order) return undefined
  return { ...order, children, payments: orderPayments, address: toOrderAddressDto(row.address) }
}

/**
 * GET /mall/order/settleDetails/{id}: what the first payment of the caller's order in 2 waitPay costs.
 * The held points pay first (one yen each, at most the amount due); the gateway charges the rest.
 */
export async function loadSettleDetails(
  db: Db,
  request: { orderId: number; userId: number; at: Date; testMode: boolean },
): Promise<SettleDetailsDto> {
  const [order, latch] = await Promise.all([
    loadOrder(db, { orderId: request.orderId, userId: request.userId, at: request.at }),
    readPayLatch(db),
  ])
  if (!order) throw notFound('Order')
  if (order.status !== OrderStatus.waitPay) {
    const now = ORDER_STATUS_INFO[order.status].label.en
    throw new ApiError(ResultCode.conflict, `Order ${order.id} is not awaiting payment (it is ${now})`, {
      status: order.status,
    })
  }
  const amountDue = order.deposit
  const { pointsUsed, payable } = applyPoints(amountDue, order.pointsHeld, order.pointsHeld)
  return {
    order,
    amountDue,
    pointsUsed,
    payable,
    payOpen: latch.open,
    payMessage: latch.open ? null : latch.message,
    testMode: request.testMode,
  }
}

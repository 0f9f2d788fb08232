import { asc, inArray, sql } from 'drizzle-orm'
import { shopDate } from '../../../src/domain/dates.ts'
import {
  addDays,
  balanceDueDate,
  classifyDeadline,
  type DeadlineState,
  forfeitureDate,
  lateFee,
  packagingDeadline,
} from '../../../src/domain/deadlines.ts'
import type { MediaImageDto } from '../../../src/domain/media.ts'
import { isOrderStatus, OrderStatus } from '../../../src/domain/order-status.ts'
import type { OrderAddressDto, OrderDto, OrderLineDto } from '../../../src/domain/orders.ts'
import { PaymentStatus } from '../../../src/domain/payment-status.ts'
import type { PaymentDto } from '../../../src/domain/payments.ts'
import type { Db } from '../../db/client.ts'
import { orderLines, type orders, type payments, products } from '../../db/schema.ts'

/* Rows of orders, their lines and payments → the wire shapes of src/domain/orders.ts (flows §9). */

export type OrderRow = typeof orders.$inferSelect
type PaymentRow = typeof payments.$inferSelect

function orderStatusOf(row: { id: number; status: number }): OrderStatus {
  if (!isOrderStatus(row.status)) throw new Error(`order ${row.id} has an unknown status ${row.status}`)
  return row.status
}

const PAYMENT_STATUSES: readonly number[] = Object.values(PaymentStatus)

function paymentStatusOf(row: PaymentRow): PaymentStatus {
  if (!PAYMENT_STATUSES.includes(row.status)) {
    throw new Error(`payment ${row.id} has an unknown status ${row.status}`)
  }
  return row.status as PaymentStatus
}

interface OrderDeadlines {
  balanceDue: string | null
  packagingDeadline: string | null
  forfeitAt: string | null
  lateFee: number
  deadlineState: DeadlineState | null
}

const NO_DEADLINES: OrderDeadlines = {
  balanceDue: null,
  packagingDeadline: null,
  forfeitAt: null,
  lateFee: 0,
  deadlineState: null,
}

/**
 * The deadlines of an arrived order (src/domain/deadlines.ts). The one the shopper must meet next is
 * the balance while in 5 arrival and the packaging request while in 6 finalPay; it sets the state,
 * the forfeiture date (the day after the last day to settle) and, for the balance, the late fee so far.
 * Other statuses have no deadline of their own left (packaging requested, refunded, cancelled …).
 * `today` is the shop date; without it the state and the fee are not known and stay empty.
 */
function deadlinesOf(row: OrderRow, status: OrderStatus, today: string | undefined): OrderDeadlines {
  if (!row.arrivedAt) return NO_DEADLINES
  const balanceDue = balanceDueDate(row.arrivedAt)
  const packaging = packagingDeadline(row.arrivedAt)
  const open =
    status === OrderStatus.arrival ? balanceDue : status === OrderStatus.finalPay ? packaging : undefined
  return {
    balanceDue,
    packagingDeadline: packaging,
    forfeitAt: open ? addDays(forfeitureDate(open), 1) : null,
    lateFee: status === OrderStatus.arrival && today ? lateFee(row.goods, balanceDue, today) : 0,
    deadlineState: open && today ? classifyDeadline(open, today).state : null,
  }
}

/** End of the payment window while the order waits for its first payment; the balance due date once arrived. */
function payDueTimeOf(row: OrderRow, status: OrderStatus): string | null {
  if (status === OrderStatus.waitPay) return row.payDueAt.toISOString()
  return row.arrivedAt ? balanceDueDate(row.arrivedAt) : null
}

/** One order with its lines; `at` is the shop's clock (deadline state and late fee depend on the day). */
export function toOrderDto(row: OrderRow, lines: OrderLineDto[], at: Date | undefined): OrderDto {
  const status = orderStatusOf(row)
  return {
    id: row.id,
    parentId: row.parentId,
    status,
    createTime: row.createdAt.toISOString(),
    payDueTime: payDueTimeOf(row, status),
    modifyTime: row.updatedAt.toISOString(),
    goods: row.goods,
    discount: row.discount,
    platformFee: row.platformFee,
    settlementFee: row.settlementFee,
    deposit: row.deposit,
    balance: row.balance,
    total: row.total,
    pointsHeld: row.pointsHeld,
    paidAmount: row.paidAmount,
    refundAmount: row.refundAmount,
    remark: row.remark,
    arrivedAt: row.arrivedAt,
    ...deadlinesOf(row, status, shopDate(at)),
    lines,
  }
}

/** A product's first picture: its plain URL, and the upload with its variants when it has one. */
export interface LineCover {
  imgUrl: string | null
  image: MediaImageDto | null
}

/** An order line as the lists show it, with its product's first picture. */
export function toOrderLineDto(line: typeof orderLines.$inferSelect, cover: LineCover): OrderLineDto {
  return {
    id: line.id,
    productId: line.productId,
    productName: line.productName,
    jpProductName: line.jpProductName,
    enProductName: line.enProductName,
    imgUrl: cover.imgUrl,
    ...(cover.image ? { image: cover.image } : {}),
    barcode: line.barcode,
    productType: line.productType,
    basePrice: line.basePrice,
    unitPrice: line.unitPrice,
    quantity: line.quantity,
    goods: line.goods,
    total: line.total,
    deposit: line.deposit,
    balance: line.balance,
  }
}

/** The lines of many orders in one query (a page of orders never costs a query per order), by order id. */
export async function linesOfOrders(
  db: Db,
  orderIds: readonly number[],
): Promise<Map<number, OrderLineDto[]>> {
  const byOrder = new Map<number, OrderLineDto[]>(orderIds.map((id) => [id, []]))
  if (orderIds.length === 0) return byOrder
  const rows = await db
    .select({
      line: orderLines,
      imgUrl: sql<string | null>`${products.imgList}->>0`,
      // only the first: a line draws one small picture, a product may carry twenty
      image: sql<MediaImageDto | null>`${products.images} -> 0`,
    })
    .from(orderLines)
    .innerJoin(products, sql`${products.id} = ${orderLines.productId}`)
    .where(inArray(orderLines.orderId, [...orderIds]))
    .orderBy(asc(orderLines.orderId), asc(orderLines.id))
  for (const { line, ...cover } of rows) byOrder.get(line.orderId)?.push(toOrderLineDto(line, cover))
  return byOrder
}

/** Order rows → DTOs, in the rows' order, with one query for all their lines. */
export async function toOrderDtos(
  db: Db,
  rows: readonly OrderRow[],
  at: Date | undefined,
): Promise<OrderDto[]> {
  const lines = await linesOfOrders(
    db,
    rows.map((row) => row.id),
  )
  return rows.map((row) => toOrderDto(row, lines.get(row.id) ?? [], at))
}

export function toPaymentDto(row: PaymentRow): PaymentDto {
  return {
    id: row.id,
    purpose: row.purpose,
    route: row.route,
    method: row.method,
    gateway: row.gateway,
    amount: row.amount,
    pointsUsed: row.pointsUsed,
    status: paymentStatusOf(row),
    createTime: row.createdAt.toISOString(),
    settleTime: row.settledAt?.toISOString() ?? null,
    refundTime: row.refundedAt?.toISOString() ?? null,
    // only while the transfer is still awaited
    transfer: row.status === PaymentStatus.waitPay ? row.transfer : null,
  }
}

/** The address copied onto the order at its first payment, as stored (spec §3 field names). */
export function toOrderAddressDto(address: Record<string, unknown> | null): OrderAddressDto | null {
  if (!address) return null
  const fields: OrderAddressDto = {}
  for (const [name, value] of Object.entries(address)) {
    fields[name] = typeof value === 'string' || typeof value === 'number' ? value : null
  }
  return fields
}

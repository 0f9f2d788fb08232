/*
 * The order status codes and the tables of them, without their labels and flow (order-status.ts):
 * what the order lists' search params need, so the route configs of the first load carry no labels.
 */

/** Order status codes (spec §4, table B = table A plus 15 cancel2). */
export const OrderStatus = {
  split: 0,
  cancel1: 1,
  waitPay: 2,
  waitOrder: 3,
  order: 4,
  arrival: 5,
  finalPay: 6,
  waitOut: 7,
  waitPackage: 8,
  waitExpressPay: 9,
  waitSend: 10,
  send: 11,
  refund: 12,
  cancel2: 15,
  shipping: 16,
} as const
export type OrderStatus = (typeof OrderStatus)[keyof typeof OrderStatus]

/** Every code of table B, in display order. */
export const ORDER_STATUSES: readonly OrderStatus[] = [0, 1, 15, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 16, 12]

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'number' && (ORDER_STATUSES as readonly number[]).includes(value)
}

/**
 * Table A: the statuses a shopper filters by. It has one "cancelled"; choosing it also finds
 * forfeited orders (15), see `orderStatusesMatching`.
 */
export const ORDER_STATUS_TABLE_A: readonly OrderStatus[] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 16, 12]

/** Table B: what operators filter by; adds 15 (cancelled after a missed deadline, goods forfeited). */
export const ORDER_STATUS_TABLE_B: readonly OrderStatus[] = ORDER_STATUSES

export function orderStatusesMatching(filter: OrderStatus): OrderStatus[] {
  return filter === OrderStatus.cancel1 ? [OrderStatus.cancel1, OrderStatus.cancel2] : [filter]
}

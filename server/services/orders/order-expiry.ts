import { and, asc, eq, lte } from 'drizzle-orm'
import { OrderStatus } from '../../../src/domain/order-status.ts'
import { ResultCode } from '../../../src/domain/result-code.ts'
import { tryAdvisoryXactLock } from '../../db/advisory-locks.ts'
import type { Db } from '../../db/client.ts'
import { orders } from '../../db/schema.ts'
import { ApiError } from '../../http/envelope.ts'
import { log } from '../../observability/log.ts'
import { cancelUnpaidOrder } from './cancel-order.ts'

/**
 * Advisory-lock class of the payment-window sweep; the second key is the order id, so each order is
 * worked on by one runner at a time across every server process (see idempotency.ts for the other keys).
 */
const ORDER_EXPIRY_LOCK = 7_140_103

/** The most orders one run looks at; the rest wait for the next run, a minute later. */
const ORDERS_PER_RUN = 1000

export interface OrderExpiryResult {
  /** Orders cancelled by this run (1 cancel1), stock and points released. */
  expired: number[]
  /** Orders left for the next run: another runner holds them, or a payment of theirs is being confirmed. */
  busy: number[]
  /** Orders whose cancel failed for another reason (logged); the next run tries again. */
  failed: number[]
}

/**
 * Cancels every order whose payment window ended by `now` and that is still in 2 waitPay, exactly as a
 * shopper's cancel does (cancelUnpaidOrder). Each order in its own transaction: one that fails or waits
 * never holds back the others, and locks are held for one order only. Each transaction first takes an
 * advisory lock on (ORDER_EXPIRY_LOCK, order id) without waiting, so two servers sweeping at once share
 * the work rather than repeat it; the status guard under the row lock makes a repeat change nothing
 * anyway. An order whose deposit is paid has left 2 (settle moves it to 3 in the payment's
 * transaction), so it is never expired; one whose payment is being confirmed at this very moment is
 * left alone (busy) and the payment decides.
 */
export async function expireUnpaidOrders(db: Db, now: Date): Promise<OrderExpiryResult> {
  const due = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, OrderStatus.waitPay), lte(orders.payDueAt, now)))
    .orderBy(asc(orders.payDueAt), asc(orders.id))
    .limit(ORDERS_PER_RUN)
  const result: OrderExpiryResult = { expired: [], busy: [], failed: [] }
  for (const { id } of due) {
    try {
      const outcome = await db.transaction(async (tx) => {
        if (!(await tryAdvisoryXactLock(tx, ORDER_EXPIRY_LOCK, id))) return 'busy'
        return (await cancelUnpaidOrder(tx, { orderId: id, at: now, dueBy: now })).outcome
      })
      if (outcome === 'cancelled') result.expired.push(id)
      else if (outcome === 'busy') result.busy.push(id)
    } catch (error) {
      if (error instanceof ApiError && error.code === ResultCode.conflict) {
        result.busy.push(id)
      } else {
        log.error({ err: error }, `[order-expiry] order ${id}`)
        result.failed.push(id)
      }
    }
  }
  return result
}

import type { Db } from '../db/client.ts'
import { log } from '../observability/log.ts'
import { countJobRun } from '../observability/metrics.ts'
import { expireUnpaidOrders, type OrderExpiryResult } from '../services/orders/order-expiry.ts'
import { scheduleJob } from './schedule.ts'

/**
 * One run of the payment-window sweep: orders left in 2 waitPay past their 30 minutes are cancelled
 * and their stock and points released. Safe to call at any time, from any server, as often as wanted
 * (the operator console's "run now" calls this too). Answers null when the run failed; it is logged.
 */
export async function runOrderExpiry(db: Db, now: Date): Promise<OrderExpiryResult | null> {
  try {
    const result = await expireUnpaidOrders(db, now)
    // Each order is locked on its own (no whole-job lock): every completed run did its share.
    countJobRun('order-expiry', true)
    if (result.expired.length > 0) {
      log.info(
        `[order-expiry] cancelled ${result.expired.length} unpaid order(s): ${result.expired.join(', ')}`,
      )
    }
    return result
  } catch (error) {
    log.error({ err: error }, '[order-expiry] run failed')
    return null
  }
}

/**
 * Runs the sweep now and then every `everyMs` (a minute: an order is cancelled at most a minute after
 * its window ends), on the shop's clock. Returns a stop function.
 */
export function scheduleOrderExpiry(db: Db, now: () => Date, everyMs = 60_000): () => Promise<void> {
  return scheduleJob(() => runOrderExpiry(db, now()), everyMs)
}

import type { Db } from '../db/client.ts'
import { expireUnpaidOrders, type OrderExpiryResult } from '../services/orders/order-expiry.ts'

/**
 * One run of the payment-window sweep: orders left in 2 waitPay past their 30 minutes are cancelled
 * and their stock and points released. Safe to call at any time, from any server, as often as wanted
 * (the operator console's "run now" calls this too). Answers null when the run failed; it is logged.
 */
export async function runOrderExpiry(db: Db, now: Date): Promise<OrderExpiryResult | null> {
  try {
    const result = await expireUnpaidOrders(db, now)
    if (result.expired.length > 0) {
      console.log(
        `[order-expiry] cancelled ${result.expired.length} unpaid order(s): ${result.expired.join(', ')}`,
      )
    }
    return result
  } catch (error) {
    console.error('[order-expiry] run failed:', error)
    return null
  }
}

/**
 * Runs the sweep now and then every `everyMs` (a minute: an order is cancelled at most a minute after
 * its window ends), on the shop's clock. A run still going when the next is due is not doubled.
 * Returns a stop function.
 */
export function scheduleOrderExpiry(db: Db, now: () => Date, everyMs = 60_000): () => void {
  let running: Promise<unknown> | undefined
  const run = () => {
    if (running) return
    running = runOrderExpiry(db, now()).finally(() => {
      running = undefined
    })
  }
  run()
  const timer = setInterval(run, everyMs)
  timer.unref()
  return () => clearInterval(timer)
}

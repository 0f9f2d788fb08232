import type { Db } from '../db/client.ts'
import { sweepAccountRows } from '../services/accounts/account-sweep.ts'

/** Runs the account sweep now and then every `everyMs`; returns a stop function. Failures are logged, not fatal. */
export function scheduleAccountSweep(db: Db, everyMs = 60 * 60 * 1000): () => void {
  const run = () =>
    sweepAccountRows(db, new Date()).catch((error: unknown) => {
      console.error('[sweep] account rows:', error)
    })
  void run()
  const timer = setInterval(run, everyMs)
  timer.unref()
  return () => clearInterval(timer)
}

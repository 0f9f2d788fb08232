import type { Db } from '../db/client.ts'
import { log } from '../observability/log.ts'
import { countJobRun } from '../observability/metrics.ts'
import { sendAlerts } from '../services/alerts/send-alerts.ts'
import { listenForNotices } from '../services/change-notices.ts'
import type { ReminderDeps } from '../services/reminders/deliver-reminders.ts'

/** The channel the alerts' outbox trigger notifies on commit (migration 0020). */
export const ALERTS_CHANNEL = 'yoyaku_alerts'

/** Also every so often, for rows whose notice was missed (a lost listening connection). */
const SAFETY_RUN_MS = 15 * 60_000

export interface AlertDelivery {
  /** Resolves once no run is under way or asked for (tests wait on it). */
  idle(): Promise<void>
  stop(): Promise<void>
}

/**
 * Delivers product alerts moments after the catalog change that opened the product commits: every
 * process listens for the outbox's notice and runs sendAlerts (one of them takes the outbox, the others
 * find it held). A notice arriving during a run asks for one more run after it; the outbox is also read
 * at start and every 15 minutes, so nothing waits for a notice that never came.
 */
export async function startAlertDelivery(
  db: Db,
  now: () => Date,
  deps: ReminderDeps,
): Promise<AlertDelivery> {
  let running: Promise<void> | undefined
  let again = false
  let stopped = false
  const runOnce = async () => {
    try {
      const run = await sendAlerts(db, deps, now())
      countJobRun('alerts', run.ran)
      if (run.changes > 0)
        log.info(
          `[alerts] ${run.changes} change(s): ${run.created} alert(s), ${run.mailed} mailed, ${run.pushed} pushed`,
        )
    } catch (error) {
      log.error({ err: error }, '[alerts] run failed')
    }
  }
  const kick = () => {
    if (stopped) return
    if (running) {
      again = true
      return
    }
    running = (async () => {
      do {
        again = false
        await runOnce()
      } while (again && !stopped)
    })().finally(() => {
      running = undefined
    })
  }
  const subscription = await listenForNotices(db, ALERTS_CHANNEL, {
    onNotice: kick,
    // Back from a lost connection: notices may have been missed meanwhile.
    onListening: (listening) => {
      if (listening) kick()
    },
  })
  const timer = setInterval(kick, SAFETY_RUN_MS)
  timer.unref()
  kick()
  return {
    async idle() {
      while (running) await running
    },
    async stop() {
      stopped = true
      clearInterval(timer)
      await subscription.stop()
      await running
    },
  }
}

import { createFactory } from 'hono/factory'
import type { AppEnv } from '../../app-env.ts'
import { ok } from '../../http/envelope.ts'
import { requirePermission } from '../../http/session.ts'
import { sweepDeadlines } from '../../services/deadlines/deadline-sweep.ts'
import { createPushToUser } from '../../services/push/send-push.ts'
import { sendReminders } from '../../services/reminders/send-reminders.ts'

const factory = createFactory<AppEnv>()

// The services themselves, not the logging job wrapper: a failed run is the operator's 500, not a null.
export const runDeadlineSweepHandlers = factory.createHandlers(requirePermission('settings'), async (c) => {
  const { db, mailer, publicUrl, push } = c.var.deps
  const now = c.var.deps.now()
  const sweep = await sweepDeadlines(db, now)
  const { created, mailed, pushed } = await sendReminders(
    db,
    { mailer, publicUrl, pushToUser: createPushToUser(db, push) },
    now,
  )
  return ok(c, { ...sweep, reminders: { created, mailed, pushed } })
})

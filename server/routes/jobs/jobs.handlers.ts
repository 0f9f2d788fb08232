import { createFactory } from 'hono/factory'
import type { DeadlineRunResult } from '../../answers/jobs.ts'
import type { AppEnv } from '../../app-env.ts'
import { ok } from '../../http/envelope.ts'
import { requirePermission, signedIn } from '../../http/session.ts'
import { sweepDeadlines } from '../../services/deadlines/deadline-sweep.ts'
import { writeAudit } from '../../services/ops/audit.ts'
import { createPushToUser } from '../../services/push/send-push.ts'
import { sendReminders } from '../../services/reminders/send-reminders.ts'

const factory = createFactory<AppEnv>()

/** A "run now" within this long after the last "run now" answers that it has just run. */
const RUN_NOW_WINDOW_MS = 5_000

// The services themselves, not the logging job wrapper: a failed run is the operator's 500, not a null.
export const runDeadlineSweepHandlers = factory.createHandlers(requirePermission('settings'), async (c) => {
  const { db, mailer, publicUrl, push } = c.var.deps
  const now = c.var.deps.now()
  // Pressed on two processes at once (or twice), it runs once: the second answers ran: false.
  const sweep = await sweepDeadlines(db, now, {
    unlessRanWithin: { ms: RUN_NOW_WINDOW_MS, asked: 'run-now' },
  })
  const { created, mailed, pushed } = await sendReminders(
    db,
    { mailer, publicUrl, pushToUser: createPushToUser(db, push) },
    now,
  )
  const result: DeadlineRunResult = { ...sweep, reminders: { created, mailed, pushed } }
  // The sweep commits in several transactions of its own (the schedule runs the same code, with the
  // changes it audits itself); this row records who ran it from the console and what came of it.
  await writeAudit(db, {
    actorId: signedIn(c).userId,
    action: 'deadlines.run',
    entity: 'job',
    entityId: 'deadlines',
    before: null,
    after: result,
    at: now,
  })
  return ok(c, result)
})

import * as v from 'valibot'
import type { DeadlineSweepResult } from '../../src/domain/arrival.ts'
import type { ReminderRunSummary } from '../../src/domain/reminders.ts'
import { answerOf, count, id, named } from './shape.ts'

/* The shop's jobs run from the console (server/routes/jobs). */

const ids = v.array(id)

/** The sweep's result with the reminders step that "run now" always runs after it. */
export type DeadlineRunResult = DeadlineSweepResult & { reminders: ReminderRunSummary }

export const deadlineRunAnswer = named(
  'DeadlineRunResult',
  answerOf<DeadlineRunResult>()(
    v.strictObject({
      ran: v.boolean(),
      /** The shop date the sweep worked for. */
      today: v.string(),
      expired: ids,
      lateFeesCreated: ids,
      lateFeesUpdated: ids,
      storageFeesCreated: ids,
      storageFeesUpdated: ids,
      packageStorageFeesCreated: ids,
      packageStorageFeesUpdated: ids,
      forfeited: ids,
      packagesLocked: ids,
      reminders: v.strictObject({ created: count, mailed: count, pushed: count }),
    }),
  ),
)

import * as v from 'valibot'
import { deadlineRunAnswer } from '../../answers/jobs.ts'
import type { RouteContract } from '../contract.ts'

/*
 * The shop's jobs, run now from the operator console (flows §4, §7): under /api/ops, for operator
 * tokens only (a customer's is a 403). The hourly schedule runs the same code.
 */

export const runDeadlineSweep = {
  method: 'post',
  path: '/ops/jobs/deadlines/run',
  summary:
    'Runs the deadline sweep now on the shop’s clock: unpaid orders past their 30-minute window cancelled, one late fee per overdue balance kept at the day’s figure, a storage fee per order not requested for packaging in time and per packed box with its shipping fee unpaid (days × the daily storage rate), orders past the grace window forfeited (→ 15), boxes past it locked (→ 7); then the day’s reminders (balance, packaging, shipping fee, extra fee due soon or overdue) written once per kind, target and day and sent by mail and Web Push in the shopper’s language. Idempotent per order and day; ran is false when another runner holds the sweep. Audited (deadlines.run, entity job: who ran it and the result)',
  tag: 'ops',
  access: 'operator',
  permission: 'settings',
  returns: v.pipe(
    deadlineRunAnswer,
    v.description(
      'expired, lateFeesCreated, lateFeesUpdated, storageFeesCreated, storageFeesUpdated and forfeited are order ids; packageStorageFeesCreated, packageStorageFeesUpdated and packagesLocked package ids; reminders counts this run',
    ),
  ),
} satisfies RouteContract

export const jobsContracts: RouteContract[] = [runDeadlineSweep]

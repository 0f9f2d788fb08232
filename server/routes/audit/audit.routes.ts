import * as v from 'valibot'
import { auditListQuery } from '../../../src/domain/audit.ts'
import { auditFiltersAnswer, auditPageAnswer } from '../../answers/audit.ts'
import type { RouteContract } from '../contract.ts'

/* The audit trail (backoffice §5): one append-only log of every console change. */

export const listAudit = {
  method: 'get',
  path: '/ops/audit',
  summary:
    "The audit trail, newest first: who (actorId, actorEmail; null for the shop’s own jobs), when, what (action, entity, entityId), the state before and after, and the reason given. Filters: actorId (0: the shop’s jobs), entity and entityId (exact), from and to (a date YYYY-MM-DD or an ISO date and time; a date `to` means through the end of that day in Asia/Tokyo, a time without an offset is Tokyo time). `format=csv` answers every filtered row as a CSV file instead (UTF-8 with a BOM, CRLF, a header row; before and after as JSON; texts that a spreadsheet would run as a formula get a leading '), ignoring the page. Nothing changes or removes a row of the trail",
  tag: 'ops',
  access: 'operator',
  permission: 'audit',
  query: auditListQuery.pipe[0],
  returns: v.pipe(
    auditPageAnswer,
    v.description(
      'A page of the trail; with format=csv the answer is a text/csv file instead (Content-Disposition: attachment), not the envelope',
    ),
  ),
} satisfies RouteContract

export const auditFilters = {
  method: 'get',
  path: '/ops/audit/filters',
  summary:
    'The choices of the trail’s filters: every account that made a change (id, e-mail) and every entity named, for an account with the audit permission alone',
  tag: 'ops',
  access: 'operator',
  permission: 'audit',
  returns: auditFiltersAnswer,
} satisfies RouteContract

export const auditContracts: RouteContract[] = [listAudit, auditFilters]

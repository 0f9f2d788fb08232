import * as v from 'valibot'
import { calendarDateParam, optionalParam, textParam, wholeNumberParam } from '../../../lib/search-params.ts'

/*
 * Search params of /ops/audit: the filter lives in the URL, so back, forward and reload keep it, and a
 * link to a filtered trail can be passed on. Anything unreadable reads as "no filter"; the server
 * validates again (auditListQuery).
 */

export const opsAuditSearch = v.object({
  // 0: the shop's own jobs
  actorId: optionalParam(wholeNumberParam(0, 999_999_999)),
  entity: textParam,
  entityId: textParam,
  from: optionalParam(calendarDateParam),
  to: optionalParam(calendarDateParam),
  // Left out on the first page, so the trail's plain address stays /ops/audit.
  pageNum: optionalParam(wholeNumberParam(1, 1_000_000)),
})
export type OpsAuditSearch = v.InferOutput<typeof opsAuditSearch>

/** The trail's filter: the search without its page. */
export type AuditFilter = Omit<OpsAuditSearch, 'pageNum'>

/** One page of the trail. */
export const AUDIT_PAGE_SIZE = 30

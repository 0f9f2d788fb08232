import { createFactory } from 'hono/factory'
import { auditListQuery } from '../../../src/domain/audit.ts'
import { shopDate } from '../../../src/domain/dates.ts'
import type { AppEnv } from '../../app-env.ts'
import { ok } from '../../http/envelope.ts'
import { requirePermission } from '../../http/session.ts'
import { validQuery } from '../../http/validate.ts'
import { auditFilters, exportAuditCsv, listAudit } from '../../services/ops/audit-trail.ts'

const factory = createFactory<AppEnv>()
const auditRoom = requirePermission('audit')

export const listAuditHandlers = factory.createHandlers(auditRoom, validQuery(auditListQuery), async (c) => {
  const query = c.req.valid('query')
  const { db, now } = c.var.deps
  if (query.format !== 'csv') return ok(c, await listAudit(db, query))
  const { pageNum: _page, pageSize: _size, format: _format, ...filter } = query
  const day = (shopDate(now()) ?? '').replaceAll('-', '')
  // A file rather than the envelope; failures before it (filters, permission) stay enveloped.
  return c.body(exportAuditCsv(db, filter), 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="audit-${day}.csv"`,
    'Cache-Control': 'private, no-store',
  })
})

export const auditFiltersHandlers = factory.createHandlers(auditRoom, async (c) =>
  ok(c, await auditFilters(c.var.deps.db)),
)

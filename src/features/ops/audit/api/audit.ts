import type { AuditEntryDto, AuditFiltersDto } from '../../../../domain/audit.ts'
import type { Page } from '../../../../domain/queries.ts'
import { apiGet } from '../../../../lib/api-client.ts'
import { apiDownload } from '../../../../lib/api-download.ts'
import type { AuditFilter } from '../audit-search.ts'

/** GET /api/ops/audit: one page of the filtered trail, newest first. */
export const listAudit = (query: AuditFilter & { pageNum: number; pageSize: number }) =>
  apiGet<Page<AuditEntryDto>>('/ops/audit', { ...query }, { systemNotify: false })

/** GET /api/ops/audit/filters: the accounts and entities the trail names. */
export const getAuditFilters = () =>
  apiGet<AuditFiltersDto>('/ops/audit/filters', {}, { systemNotify: false })

/** A long trail takes a while to write out: longer than a blob call's usual 4 s. */
const EXPORT_TIMEOUT_MS = 120_000

/** GET /api/ops/audit?format=csv: every filtered row as a CSV file. */
export const exportAudit = (filter: AuditFilter) =>
  apiDownload('/ops/audit', undefined, {
    method: 'GET',
    query: { ...filter, format: 'csv' },
    timeoutMs: EXPORT_TIMEOUT_MS,
  })

import { Trans, useLingui } from '@lingui/react/macro'
import { useRouter } from '@tanstack/react-router'
import { css } from '../../../../../styled-system/css'
import { Button } from '../../../../components/ui/button.tsx'
import { Notice } from '../../../../components/ui/notice.tsx'
import { Pagination } from '../../../../components/ui/pagination.tsx'
import { LoadFailure, LoadingBlock } from '../../components/load-state.tsx'
import { listHeader, listPage, mutedText, pageTitle } from '../../components/ops-table.ts'
import { useFileDownload } from '../../import/use-file-download.ts'
import { useLoaded } from '../../use-loaded.ts'
import { exportAudit, getAuditFilters, listAudit } from '../api/audit.ts'
import { AUDIT_PAGE_SIZE, type AuditFilter, type OpsAuditSearch } from '../audit-search.ts'
import { AuditFilterForm } from './audit-filter-form.tsx'
import { AuditTable } from './audit-table.tsx'

const headerEnd = css({ display: 'flex', alignItems: 'center', gap: '3' })

/**
 * /ops/audit: the audit trail (backoffice §5), filtered by the URL's search params, newest first; each
 * row opens to what it changed, and the filtered rows export as CSV. The trail only grows: nothing here
 * changes it.
 */
export function OpsAuditPage(props: { search: OpsAuditSearch; onSearch: (search: OpsAuditSearch) => void }) {
  const { t } = useLingui()
  const router = useRouter()
  const { pageNum = 1, ...filter } = props.search
  const query = { ...filter, pageNum, pageSize: AUDIT_PAGE_SIZE }
  const { loaded, reload } = useLoaded(JSON.stringify(query), () => listAudit(query))
  const choices = useLoaded('audit-filters', getAuditFilters).loaded
  const { busyKey, failure, download } = useFileDownload()
  const hrefFor = (target: number) =>
    router.buildLocation({
      to: '/ops/audit',
      search: { ...props.search, pageNum: target > 1 ? target : undefined },
    }).href

  return (
    <section className={listPage} aria-labelledby="ops-audit-title">
      <div className={listHeader}>
        <h1 id="ops-audit-title" className={pageTitle}>
          <Trans>审计日志</Trans>
        </h1>
        <div className={headerEnd}>
          {loaded.state === 'ready' ? (
            <span className={mutedText}>
              <Trans>共 {loaded.data.total} 条记录</Trans>
            </span>
          ) : null}
          <Button
            variant="secondary"
            disabled={busyKey !== undefined}
            onClick={() => void download('csv', () => exportAudit(filter), 'audit.csv')}
          >
            {busyKey ? <Trans>正在导出…</Trans> : <Trans>导出 CSV</Trans>}
          </Button>
        </div>
      </div>
      <p className={mutedText}>
        <Trans>
          控制台的每一次修改都记录在这里，记录无法修改或删除。日期按日本时间计算；导出包含所有符合筛选条件的记录。
        </Trans>
      </p>
      {failure ? (
        <Notice tone="error" title={<Trans>导出失败</Trans>}>
          {failure}
        </Notice>
      ) : null}
      <AuditFilterForm
        key={JSON.stringify(filter)}
        filter={filter}
        choices={choices.state === 'ready' ? choices.data : undefined}
        onSearch={(next: AuditFilter) => props.onSearch({ ...next, pageNum: undefined })}
      />
      {loaded.state === 'loading' ? <LoadingBlock /> : null}
      {loaded.state === 'failed' ? <LoadFailure error={loaded.error} onRetry={reload} /> : null}
      {loaded.state === 'ready' && loaded.data.list.length === 0 ? (
        <Notice tone="info" title={<Trans>没有符合条件的记录</Trans>}>
          <Trans>请放宽筛选条件，或点“重置”查看全部记录。</Trans>
        </Notice>
      ) : null}
      {loaded.state === 'ready' && loaded.data.list.length > 0 ? (
        <>
          <AuditTable key={JSON.stringify(query)} rows={loaded.data.list} busy={loaded.refreshing} />
          <Pagination
            pageNum={loaded.data.pageNum}
            pageCount={Math.max(1, Math.ceil(loaded.data.total / loaded.data.pageSize))}
            hrefFor={hrefFor}
          />
        </>
      ) : null}
      <span className={css({ srOnly: true })} aria-live="polite">
        {loaded.state === 'ready' && loaded.refreshing ? t`正在加载…` : ''}
      </span>
    </section>
  )
}

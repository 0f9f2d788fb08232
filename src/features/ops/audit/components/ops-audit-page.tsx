import { Trans, useLingui } from '@lingui/react/macro'
import { useRouter } from '@tanstack/react-router'
import { css } from '../../../../../styled-system/css'
import { Button } from '../../../../components/ui/button.tsx'
import { Notice } from '../../../../components/ui/notice.tsx'
import { ListHeader, ListStates, useSearchList } from '../../components/list-page.tsx'
import { listPage, mutedText } from '../../components/ops-table.ts'
import { PageLinks } from '../../components/page-buttons.tsx'
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
  const { filter, query, loaded, reload, searchOfPage } = useSearchList(
    props.search,
    AUDIT_PAGE_SIZE,
    listAudit,
  )
  const choices = useLoaded('audit-filters', getAuditFilters).loaded
  const { busyKey, failure, download } = useFileDownload()
  const hrefFor = (target: number) =>
    router.buildLocation({ to: '/ops/audit', search: searchOfPage(target) }).href

  return (
    <section className={listPage} aria-labelledby="ops-audit-title">
      <ListHeader
        titleId="ops-audit-title"
        title={<Trans>审计日志</Trans>}
        count={loaded.state === 'ready' ? <Trans>共 {loaded.data.total} 条记录</Trans> : null}
        endClassName={headerEnd}
      >
        <Button
          variant="secondary"
          disabled={busyKey !== undefined}
          onClick={() => void download('csv', () => exportAudit(filter), 'audit.csv')}
        >
          {busyKey ? <Trans>正在导出…</Trans> : <Trans>导出 CSV</Trans>}
        </Button>
      </ListHeader>
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
      <ListStates
        loaded={loaded}
        onRetry={reload}
        empty={
          <Notice tone="info" title={<Trans>没有符合条件的记录</Trans>}>
            <Trans>请放宽筛选条件，或点“重置”查看全部记录。</Trans>
          </Notice>
        }
      >
        {(page, refreshing) => (
          <>
            <AuditTable key={JSON.stringify(query)} rows={page.list} busy={refreshing} />
            <PageLinks page={page} hrefFor={hrefFor} />
          </>
        )}
      </ListStates>
      <span className={css({ srOnly: true })} aria-live="polite">
        {loaded.state === 'ready' && loaded.refreshing ? t`正在加载…` : ''}
      </span>
    </section>
  )
}

import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useId } from 'react'
import { css } from '../../../../styled-system/css'
import { FormField, SelectField } from '../../../components/ui/form-field.tsx'
import { Notice } from '../../../components/ui/notice.tsx'
import { countryNameIn } from '../../../domain/countries.ts'
import { PACKAGE_STATUS_INFO, type PackageStatus } from '../../../domain/package-status.ts'
import type { OpsPackageApplyDto } from '../../../domain/packaging.ts'
import { useLanguage } from '../../../lib/use-language.ts'
import { PackageStatusBadge } from '../../shipping/components/package-status-badge.tsx'
import { listOpsPackageApplies } from '../api/list-package-applies.ts'
import { shopDateTime } from '../format.ts'
import { useLoaded } from '../use-loaded.ts'
import { useMethodIndex } from '../use-method-index.ts'
import { useStatusKeywordQuery } from '../use-status-keyword-query.ts'
import { FilterBar } from './filter-bar.tsx'
import { LoadFailure, LoadingBlock } from './load-state.tsx'
import { amountCell, listHeader, listPage, mutedText, pageTitle, table, tableScroll } from './ops-table.ts'
import { PageButtons } from './page-buttons.tsx'

const filterColumns = css({ gridTemplateColumns: { base: '1fr', sm: '12rem 1fr auto' } })

/** The request statuses the queue filters by: requested, picked, packed. */
const QUEUE_STATUSES: readonly PackageStatus[] = [1, 2, 3]
export const PACKING_PAGE_SIZE = 30

/** Oldest first: the request waiting longest is packed first. */
function oldestFirst(list: readonly OpsPackageApplyDto[]): OpsPackageApplyDto[] {
  return [...list].sort((a, b) => a.createTime.localeCompare(b.createTime) || a.id - b.id)
}

/**
 * /ops/packing: the packaging requests to pick and pack (flows §5, §7), oldest first, by status
 * (requested by default) and a keyword; a row opens the request.
 */
export function OpsPackingPage() {
  const { t } = useLingui()
  const language = useLanguage()
  const id = useId()
  const methods = useMethodIndex()
  const { status, chooseStatus, draft, setDraft, query, setPageNum, search, reset } = useStatusKeywordQuery(
    '1',
    PACKING_PAGE_SIZE,
  )
  const { loaded, reload } = useLoaded(JSON.stringify(query), () => listOpsPackageApplies(query))

  const methodName = (methodId: number | null) => {
    if (methodId === null) return t`未指定`
    const method = methods.get(methodId)
    return method ? method.name[language] : t`方式 #${methodId}`
  }

  return (
    <section className={listPage} aria-labelledby={`${id}-title`}>
      <div className={listHeader}>
        <h1 id={`${id}-title`} className={pageTitle}>
          <Trans>打包队列</Trans>
        </h1>
        {loaded.state === 'ready' ? (
          <span className={mutedText}>
            <Trans>共 {loaded.data.total} 个申请</Trans>
          </span>
        ) : null}
      </div>

      <FilterBar label={t`筛选打包申请`} columns={filterColumns} onSearch={search} onReset={reset}>
        <SelectField
          label={t`申请状态`}
          value={status}
          onChange={(event) => chooseStatus(event.target.value)}
        >
          {QUEUE_STATUSES.map((code) => (
            <option key={code} value={code}>
              {PACKAGE_STATUS_INFO[code].label[language]}
            </option>
          ))}
          <option value="">{t`全部`}</option>
        </SelectField>
        <FormField
          label={t`申请号 / 邮箱 / JAN 条码`}
          value={draft}
          maxLength={64}
          onChange={(event) => setDraft(event.target.value)}
        />
      </FilterBar>

      {loaded.state === 'loading' ? <LoadingBlock /> : null}
      {loaded.state === 'failed' ? <LoadFailure error={loaded.error} onRetry={reload} /> : null}
      {loaded.state === 'ready' && loaded.data.list.length === 0 ? (
        <Notice tone="info" title={<Trans>没有符合条件的打包申请</Trans>} />
      ) : null}
      {loaded.state === 'ready' && loaded.data.list.length > 0 ? (
        <>
          <div className={tableScroll}>
            <table className={table} aria-label={t`打包申请`} aria-busy={loaded.refreshing}>
              <thead>
                <tr>
                  <th scope="col">
                    <Trans>申请号</Trans>
                  </th>
                  <th scope="col">
                    <Trans>顾客</Trans>
                  </th>
                  <th scope="col">
                    <Trans>申请时间</Trans>
                  </th>
                  <th scope="col" className={amountCell}>
                    <Trans>订单数</Trans>
                  </th>
                  <th scope="col" className={amountCell}>
                    <Trans>商品件数</Trans>
                  </th>
                  <th scope="col">
                    <Trans>目的地</Trans>
                  </th>
                  <th scope="col">
                    <Trans>首选运输方式</Trans>
                  </th>
                  <th scope="col">
                    <Trans>状态</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {oldestFirst(loaded.data.list).map((apply) => {
                  const country = apply.address.country
                  return (
                    <tr key={apply.id}>
                      <td>
                        <Link
                          to="/ops/packing/$id"
                          params={{ id: String(apply.id) }}
                          aria-label={t`处理申请 ${apply.id}`}
                        >
                          {apply.id}
                        </Link>
                      </td>
                      <td>
                        <div>{apply.userEmail ?? '—'}</div>
                        <div className={mutedText}>
                          <Trans>用户 ID {apply.userId}</Trans>
                        </div>
                      </td>
                      <td>{shopDateTime(apply.createTime)}</td>
                      <td className={amountCell}>{apply.orderIds.length}</td>
                      <td className={amountCell}>{apply.productCount}</td>
                      <td>
                        {typeof country === 'string' && country ? countryNameIn(language, country) : '—'}
                      </td>
                      <td>{methodName(apply.shippingMethodId)}</td>
                      <td>
                        <PackageStatusBadge status={apply.status} />
                      </td>
                    </tr>
                  )
                })}
              </tbody>
            </table>
          </div>
          <PageButtons page={loaded.data} onPage={setPageNum} />
        </>
      ) : null}
    </section>
  )
}

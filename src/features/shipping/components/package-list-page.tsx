import { Trans, useLingui } from '@lingui/react/macro'
import { useNavigate, useRouter } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { css } from '../../../../styled-system/css'
import { HrefLink } from '../../../components/ui/href-link.tsx'
import { Notice } from '../../../components/ui/notice.tsx'
import { pageHeader, pageStack, pageTitle } from '../../../components/ui/page-heading.ts'
import { Pagination } from '../../../components/ui/pagination.tsx'
import { PackageStatus } from '../../../domain/package-status.ts'
import type { PackageDto, PackageNotifyCountDto } from '../../../domain/packaging.ts'
import type { Page } from '../../../domain/queries.ts'
import { refreshBadgeCounts } from '../../account/session/badge-counts.ts'
import { useDocumentTitle } from '../../catalog/use-document-title.ts'
import { usePageHref } from '../../catalog/use-page-href.ts'
import { getPackageNotifyCount } from '../../packaging/api/notify-count.ts'
import type { Loaded } from '../routing/load-packages.ts'
import type { PackageListFilters, PackageListSearch } from '../routing/package-list-search.ts'
import { PackageCard } from './package-card.tsx'
import { PackageFilters } from './package-filters.tsx'
import { PackageLoadError } from './package-load-error.tsx'
import { ShippingFeeBanners } from './shipping-fee-banners.tsx'

const count = css({ fontSize: 'sm', color: 'text.muted' })
const list = css({ display: 'flex', flexDirection: 'column', gap: '3' })
const textLink = css({
  color: 'primary',
  textDecoration: 'underline',
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '2px' },
})

/**
 * The unpaid shipping fees the banners count: the notify count (all the shopper's packages), never
 * fewer than this page shows, so the banners agree with the cards before the count is read.
 */
function useUnpaidFees(listed: readonly PackageDto[]): { count: number; overCount: number } {
  const [notify, setNotify] = useState<PackageNotifyCountDto | undefined>()
  useEffect(() => {
    let live = true
    // read again with each visit: a fee may have been paid or fallen overdue meanwhile
    refreshBadgeCounts()
    getPackageNotifyCount({ systemNotify: false }).then(
      (answer) => {
        if (live) setNotify(answer)
      },
      () => {},
    )
    return () => {
      live = false
    }
  }, [])
  const unpaid = listed.filter((pkg) => pkg.status === PackageStatus.package)
  const overdue = unpaid.filter((pkg) => pkg.deadlineState === 'overdue' || pkg.deadlineState === 'forfeited')
  const overCount = Math.max(notify?.overCount ?? 0, overdue.length)
  return { count: Math.max(notify?.count ?? 0, unpaid.length, overCount), overCount }
}

const filtersOf = (search: PackageListSearch): PackageListFilters => ({
  applyId: search.applyId,
  barcode: search.barcode,
  packageNo: search.packageNo,
  status: search.status,
})

/**
 * The shopper's packages (spec §2 'package', 'Other screens'): filtered by application number, product
 * barcode, package number and status, paged, with the unpaid shipping fee's reminders. Everything the
 * list shows is in the address, so back, forward and reload keep it, and coming back from a package
 * finds the list where it was.
 */
export function PackageListPage({
  loaded,
  search,
}: {
  loaded: Loaded<Page<PackageDto>>
  search: PackageListSearch
}) {
  const { t } = useLingui()
  const router = useRouter()
  const navigate = useNavigate({ from: '/package/list' })
  useDocumentTitle(t`包裹发货`)
  const page = loaded.kind === 'ok' ? loaded.data : undefined
  const total = page?.total
  const filters = filtersOf(search)
  const filtered = Object.values(filters).some((value) => value !== undefined)
  const pageHref = usePageHref()
  const fees = useUnpaidFees(page?.list ?? [])

  // a new filter starts again at the first page
  const show = (next: PackageListFilters) =>
    void navigate({ search: { ...next, pageNum: 1, pageSize: search.pageSize } })
  const reset = () => show({})

  return (
    <section className={pageStack} aria-labelledby="package-list-title">
      <div className={pageHeader}>
        <h1 id="package-list-title" className={pageTitle}>
          <Trans>包裹发货</Trans>
        </h1>
        {total !== undefined ? (
          <p className={count} aria-live="polite">
            <Trans>共 {total} 个包裹</Trans>
          </p>
        ) : null}
      </div>
      <ShippingFeeBanners count={fees.count} overCount={fees.overCount} />
      {/* keyed by the filter in force, so the inputs follow back and forward */}
      <PackageFilters
        key={JSON.stringify(filters)}
        filters={filters}
        onApply={(next) => show(next)}
        onReset={reset}
      />
      {loaded.kind === 'ok' ? (
        <PackagePage page={loaded.data} filtered={filtered} onReset={reset} pageHref={pageHref} />
      ) : (
        <PackageLoadError
          error={loaded.kind === 'error' ? loaded.error : undefined}
          onRetry={() => void router.invalidate()}
        />
      )}
    </section>
  )
}

function PackagePage(props: {
  page: Page<PackageDto>
  filtered: boolean
  onReset: () => void
  pageHref: (page: number) => string
}) {
  const { t } = useLingui()
  const { page, filtered, onReset, pageHref } = props
  const pageCount = Math.max(1, Math.ceil(page.total / Math.max(1, page.pageSize)))
  return (
    <>
      {page.total === 0 && !filtered ? (
        <Notice
          tone="info"
          title={<Trans>还没有包裹</Trans>}
          action={
            <HrefLink className={textLink} href="/packaging">
              <Trans>去申请打包</Trans>
            </HrefLink>
          }
        >
          <Trans>付清尾款的商品申请打包后，仓库打包好的包裹会出现在这里。</Trans>
        </Notice>
      ) : null}
      {page.total === 0 && filtered ? (
        <Notice
          tone="info"
          title={<Trans>没有符合条件的包裹</Trans>}
          action={
            <button type="button" className={textLink} onClick={onReset}>
              <Trans>清除筛选条件</Trans>
            </button>
          }
        >
          <Trans>换个申请单号、条码、包裹号或状态再试试。</Trans>
        </Notice>
      ) : null}
      {page.list.length === 0 && page.total > 0 ? (
        <Notice
          tone="info"
          title={<Trans>这一页没有包裹</Trans>}
          action={
            <HrefLink className={textLink} href={pageHref(1)}>
              <Trans>回到第 1 页</Trans>
            </HrefLink>
          }
        >
          <Trans>共 {pageCount} 页，请选择其中一页。</Trans>
        </Notice>
      ) : null}
      {page.list.length > 0 ? (
        <ul className={list} aria-label={t`包裹列表`}>
          {page.list.map((pkg) => (
            <li key={pkg.id}>
              <PackageCard pkg={pkg} />
            </li>
          ))}
        </ul>
      ) : null}
      <Pagination pageNum={page.pageNum} pageCount={pageCount} hrefFor={pageHref} />
    </>
  )
}

import { Trans, useLingui } from '@lingui/react/macro'
import { useLocation } from '@tanstack/react-router'
import { css, cx } from '../../../../styled-system/css'
import { Button } from '../../../components/ui/button.tsx'
import { HrefLink } from '../../../components/ui/href-link.tsx'
import { Notice } from '../../../components/ui/notice.tsx'
import { pageHeader, pageStack, pageTitle } from '../../../components/ui/page-heading.ts'
import { Pagination } from '../../../components/ui/pagination.tsx'
import type { PointsRecordDto } from '../../../domain/points.ts'
import { pointsText } from '../../account/components/avatar-menu.tsx'
import { useDocumentTitle } from '../../catalog/use-document-title.ts'
import { usePageHref } from '../../catalog/use-page-href.ts'
import { dateTimeText } from '../../orders/order-text.ts'
import { searchId } from '../../packaging/routing/search-id.ts'
import { POINTS_PAGE_SIZE, usePointsHistory } from '../use-points-history.ts'
import { PointsSummary } from './points-summary.tsx'

const count = css({ fontSize: 'sm', color: 'text.muted' })
const sectionTitle = css({ fontSize: 'lg', fontWeight: 'semibold' })
const tableScroll = css({ overflowX: 'auto' })
const table = css({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: 'sm',
  '& th, & td': {
    px: '3',
    py: '2',
    textAlign: 'left',
    borderBottom: '1px solid',
    borderColor: 'border',
    whiteSpace: 'nowrap',
  },
  '& th': { color: 'text.muted', fontWeight: 'medium', bg: 'surface.muted' },
})
const figure = css({ textAlign: 'right!', fontVariantNumeric: 'tabular-nums' })
const gained = css({ color: 'status.done', fontWeight: 'semibold' })
const spent = css({ color: 'status.cancelled', fontWeight: 'semibold' })
const textLink = css({
  color: 'primary',
  textDecoration: 'underline',
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '2px' },
})

/** A change of points with its sign: `+120`, `−50` (a true minus sign). */
export function signedPointsText(points: number): string {
  return points < 0 ? `−${pointsText(-points)}` : `+${pointsText(points)}`
}

/** Why the points changed, in words. */
function Reason({ remark }: { remark: PointsRecordDto['remark'] }) {
  switch (remark) {
    case 'earn':
      return <Trans>付款获得</Trans>
    case 'hold':
      return <Trans>付款抵扣</Trans>
    case 'return':
      return <Trans>积分退回</Trans>
    case 'adjust':
      return <Trans>客服调整</Trans>
  }
}

function OrderCell({ orderId }: { orderId: number | null }) {
  if (orderId === null) return <>—</>
  const id = orderId
  return (
    <HrefLink className={textLink} href={`/order/${id}`}>
      <Trans>订单 {id}</Trans>
    </HrefLink>
  )
}

function HistoryTable({ records }: { records: readonly PointsRecordDto[] }) {
  const { t } = useLingui()
  return (
    <div className={tableScroll}>
      <table className={table} aria-label={t`积分记录`}>
        <thead>
          <tr>
            <th scope="col">
              <Trans>时间</Trans>
            </th>
            <th scope="col">
              <Trans>订单</Trans>
            </th>
            <th scope="col" className={figure}>
              <Trans>积分</Trans>
            </th>
            <th scope="col">
              <Trans>备注</Trans>
            </th>
            <th scope="col" className={figure}>
              <Trans>积分余额</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {records.map((record) => (
            <tr key={record.id} data-record={record.id}>
              <td>{dateTimeText(record.createTime)}</td>
              <td>
                <OrderCell orderId={record.orderId} />
              </td>
              <td
                className={cx(figure, record.points < 0 ? spent : gained)}
                data-tone={record.points < 0 ? 'cancelled' : 'done'}
              >
                {signedPointsText(record.points)}
              </td>
              <td>
                <Reason remark={record.remark} />
              </td>
              <td className={figure}>{pointsText(record.balance)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/**
 * /score (spec §2 'points history'): the points balance with the member's tier, its points rate and
 * expiry and this month's spending, then the history of every change of points, newest first and paged
 * (`?pageNum=` in the address).
 */
export function ScorePage() {
  const { t } = useLingui()
  useDocumentTitle(t`我的积分`)
  const pageNum = searchId(useLocation().search, 'pageNum') ?? 1
  const { history, retry } = usePointsHistory(pageNum)
  const pageHref = usePageHref()
  const page = history.page
  const total = page?.total ?? 0
  const pageCount = Math.max(1, Math.ceil(total / POINTS_PAGE_SIZE))
  return (
    <section className={pageStack} aria-labelledby="score-title" aria-busy={history.state === 'loading'}>
      <div className={pageHeader}>
        <h1 id="score-title" className={pageTitle}>
          <Trans>我的积分</Trans>
        </h1>
      </div>
      <PointsSummary />
      <div className={pageHeader}>
        <h2 className={sectionTitle}>
          <Trans>积分记录</Trans>
        </h2>
        {page ? (
          <p className={count} aria-live="polite">
            <Trans>共 {total} 条记录</Trans>
          </p>
        ) : null}
      </div>
      {history.state === 'loading' && page === null ? (
        <Notice tone="info" title={<Trans>正在读取积分记录…</Trans>} />
      ) : null}
      {history.state === 'failed' ? (
        <Notice
          tone="error"
          title={<Trans>积分记录读取失败</Trans>}
          action={
            <Button onClick={retry}>
              <Trans>重试</Trans>
            </Button>
          }
        >
          <Trans>请检查网络连接后重试。</Trans>
        </Notice>
      ) : null}
      {page && page.total === 0 ? (
        <Notice tone="info" title={<Trans>还没有积分记录</Trans>}>
          <Trans>付款获得、使用和退回的积分都会记录在这里。</Trans>
        </Notice>
      ) : null}
      {page && page.list.length === 0 && page.total > 0 ? (
        <Notice
          tone="info"
          title={<Trans>这一页没有积分记录</Trans>}
          action={
            <HrefLink className={textLink} href={pageHref(1)}>
              <Trans>回到第 1 页</Trans>
            </HrefLink>
          }
        />
      ) : null}
      {page && page.list.length > 0 ? <HistoryTable records={page.list} /> : null}
      <Pagination pageNum={pageNum} pageCount={pageCount} hrefFor={pageHref} />
    </section>
  )
}

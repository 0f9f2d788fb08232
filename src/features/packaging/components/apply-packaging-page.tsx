import { Trans, useLingui } from '@lingui/react/macro'
import { useLocation } from '@tanstack/react-router'
import { useId } from 'react'
import { css, cx } from '../../../../styled-system/css'
import { Button } from '../../../components/ui/button.tsx'
import { HrefLink } from '../../../components/ui/href-link.tsx'
import { Notice } from '../../../components/ui/notice.tsx'
import { pageHeader, pageStack, pageTitle } from '../../../components/ui/page-heading.ts'
import { Pagination } from '../../../components/ui/pagination.tsx'
import type { PackageApplyDto } from '../../../domain/packaging.ts'
import type { Tone } from '../../../domain/tone.ts'
import { useLanguage } from '../../../lib/use-language.ts'
import { useDocumentTitle } from '../../catalog/use-document-title.ts'
import { usePageHref } from '../../catalog/use-page-href.ts'
import { dateTimeText } from '../../orders/order-text.ts'
import { applyStatusView, weightText } from '../packaging-messages.ts'
import { searchId } from '../routing/search-id.ts'
import { HISTORY_PAGE_SIZE, useApplyHistory } from '../use-apply-history.ts'
import { ProductLines } from './product-lines.tsx'

const count = css({ fontSize: 'sm', color: 'text.muted' })
const list = css({ display: 'flex', flexDirection: 'column', gap: '3' })
const card = css({
  display: 'grid',
  gap: '3',
  p: { base: '3', md: '4' },
  bg: 'surface',
  border: '1px solid',
  borderColor: 'border',
  borderRadius: 'md',
})
const head = css({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: '2',
  pb: '2',
  borderBottom: '1px solid',
  borderColor: 'border',
})
const title = css({ fontSize: 'md', fontWeight: 'semibold' })
const created = css({ fontSize: 'sm', color: 'text.muted', ml: { md: 'auto' } })
const badge = css({
  display: 'inline-block',
  px: '2',
  py: '0.5',
  borderRadius: 'sm',
  color: 'white',
  fontSize: 'xs',
  fontWeight: 'semibold',
  lineHeight: 'tight',
  whiteSpace: 'nowrap',
})
// The spec's convention (§4): waiting orange, done green, cancelled or locked red, the rest blue.
const toneClass: Record<Tone, string> = {
  waiting: css({ bg: 'status.waiting' }),
  done: css({ bg: 'status.done' }),
  cancelled: css({ bg: 'status.cancelled' }),
  other: css({ bg: 'status.other' }),
}
const factList = css({
  display: 'grid',
  gap: '3',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 10rem), 1fr))',
  fontSize: 'sm',
  pt: '2',
  borderTop: '1px dashed',
  borderColor: 'border',
})
const term = css({ color: 'text.muted', fontSize: 'xs' })
const value = css({ fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' })
const foot = css({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '2',
})
const remarkText = css({ fontSize: 'sm', color: 'text.muted', overflowWrap: 'anywhere' })
const packagesLink = css({
  display: 'inline-flex',
  alignItems: 'center',
  ml: 'auto',
  px: '3',
  py: '1.5',
  border: '1px solid',
  borderColor: 'primary',
  borderRadius: 'sm',
  color: 'primary',
  fontSize: 'sm',
  _hover: { bg: 'primary', color: 'white' },
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '2px' },
})
const waitingNote = css({ ml: 'auto', fontSize: 'sm', color: 'text.muted' })
const textLink = css({
  color: 'inherit',
  fontWeight: 'semibold',
  textDecoration: 'underline',
  whiteSpace: 'nowrap',
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '2px' },
})

/**
 * The packaging history (spec §2 'apply-packaging', §3 'Packaging application'): the shopper's
 * applications, newest first and paged, each with its number, time, status, products with barcodes and
 * counts, weights once packed, arrival date, free storage expiry and the way to its packages.
 */
export function ApplyPackagingPage() {
  const { t } = useLingui()
  useDocumentTitle(t`打包记录`)
  const pageNum = searchId(useLocation().search, 'pageNum') ?? 1
  const { history, retry } = useApplyHistory(pageNum)
  const pageHref = usePageHref()
  const page = history.page
  const total = page?.total ?? 0
  const pageCount = Math.max(1, Math.ceil(total / HISTORY_PAGE_SIZE))
  const retryButton = (
    <Button onClick={retry}>
      <Trans>重试</Trans>
    </Button>
  )
  return (
    <section
      className={pageStack}
      aria-labelledby="apply-packaging-title"
      aria-busy={history.state === 'loading'}
    >
      <div className={pageHeader}>
        <h1 id="apply-packaging-title" className={pageTitle}>
          <Trans>打包记录</Trans>
        </h1>
        {page ? (
          <p className={count} aria-live="polite">
            <Trans>共 {total} 个打包申请</Trans>
          </p>
        ) : null}
      </div>
      {history.state === 'loading' && page === null ? (
        <Notice tone="info" title={<Trans>正在读取打包记录…</Trans>} />
      ) : null}
      {history.state === 'failed' ? (
        <Notice tone="error" title={<Trans>打包记录读取失败</Trans>} action={retryButton}>
          <Trans>请检查网络连接后重试。</Trans>
        </Notice>
      ) : null}
      {page && page.total === 0 ? (
        <Notice
          tone="info"
          title={<Trans>还没有打包申请</Trans>}
          action={
            <HrefLink className={textLink} href="/packaging">
              <Trans>去申请打包</Trans>
            </HrefLink>
          }
        >
          <Trans>付清尾款的订单到货后，可以申请把它们打包在一起发货。</Trans>
        </Notice>
      ) : null}
      {page && page.list.length === 0 && page.total > 0 ? (
        <Notice
          tone="info"
          title={<Trans>这一页没有打包申请</Trans>}
          action={
            <HrefLink className={textLink} href={pageHref(1)}>
              <Trans>回到第 1 页</Trans>
            </HrefLink>
          }
        />
      ) : null}
      {page && page.list.length > 0 ? (
        <ul className={list} aria-label={t`打包申请`}>
          {page.list.map((apply) => (
            <li key={apply.id}>
              <ApplyCard apply={apply} />
            </li>
          ))}
        </ul>
      ) : null}
      <Pagination pageNum={pageNum} pageCount={pageCount} hrefFor={pageHref} />
    </section>
  )
}

/** One application of the history. */
function ApplyCard({ apply }: { apply: PackageApplyDto }) {
  const { t } = useLingui()
  const language = useLanguage()
  const titleId = useId()
  const id = apply.id
  const time = dateTimeText(apply.createTime)
  const status = applyStatusView(apply.status, language)
  const orderCount = apply.orderIds.length
  const productCount = apply.productCount
  const packed = apply.packageIds.length > 0
  const notYet = <Trans>打包后称重</Trans>
  const facts = [
    { key: 'orders', term: <Trans>订单数</Trans>, value: orderCount },
    { key: 'products', term: <Trans>商品件数</Trans>, value: productCount },
    {
      key: 'weight',
      term: <Trans>重量</Trans>,
      value: apply.weightG === null ? notYet : weightText(apply.weightG),
    },
    {
      key: 'billedWeight',
      term: <Trans>计费重量</Trans>,
      value: apply.billedWeightG === null ? notYet : weightText(apply.billedWeightG),
    },
    { key: 'arrivedAt', term: <Trans>到货日期</Trans>, value: apply.arrivedAt ?? '-' },
    { key: 'freeStorageUntil', term: <Trans>免费仓储截止</Trans>, value: apply.freeStorageUntil ?? '-' },
  ]
  const remark = apply.remark
  return (
    <article className={card} aria-labelledby={titleId} data-apply={id}>
      <div className={head}>
        <h2 id={titleId} className={title}>
          <Trans>申请编号 {id}</Trans>
        </h2>
        <span
          className={cx(badge, toneClass[status.tone])}
          data-tone={status.tone}
          data-status={apply.status}
        >
          {status.text}
        </span>
        <span className={created}>
          <Trans>申请时间 {time}</Trans>
        </span>
      </div>
      <ProductLines lines={apply.lines} label={t`申请 ${id} 的商品`} />
      <dl className={factList}>
        {facts.map((fact) => (
          <div key={fact.key} data-fact={fact.key}>
            <dt className={term}>{fact.term}</dt>
            <dd className={value}>{fact.value}</dd>
          </div>
        ))}
      </dl>
      <div className={foot}>
        {remark ? (
          <p className={remarkText}>
            <Trans>备注：{remark}</Trans>
          </p>
        ) : null}
        {packed ? (
          <HrefLink className={packagesLink} href={`/package?applyId=${id}`} aria-describedby={titleId}>
            <Trans>查看包裹</Trans>
          </HrefLink>
        ) : (
          <span className={waitingNote}>
            <Trans>打包完成后可查看包裹</Trans>
          </span>
        )}
      </div>
    </article>
  )
}

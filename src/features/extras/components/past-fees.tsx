import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState } from 'react'
import { css, cx } from '../../../../styled-system/css'
import { Button } from '../../../components/ui/button.tsx'
import { fieldControl } from '../../../components/ui/form-field.tsx'
import { Notice } from '../../../components/ui/notice.tsx'
import { EXTRA_FEE_STATUS_INFO, ExtraFeeStatus } from '../../../domain/extra-fee.ts'
import { useLanguage } from '../../../lib/use-language.ts'
import { PAST_PAGE_SIZE, usePastFees } from '../hooks/use-past-fees.ts'
import { ExtraFeeRow } from './extra-fee-row.tsx'

const section = css({ display: 'flex', flexDirection: 'column', gap: '3' })
const header = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '3' })
const heading = css({ fontSize: 'lg', fontWeight: 'semibold', me: 'auto' })
const filter = css({ display: 'flex', alignItems: 'center', gap: '2', fontSize: 'sm' })
const select = css({ width: 'auto' })
const list = css({ display: 'flex', flexDirection: 'column', gap: '3', listStyle: 'none', p: '0', m: '0' })
const muted = css({ fontSize: 'sm', color: 'text.muted' })
const pager = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '3',
  fontSize: 'sm',
})

/** The statuses a fee ends in: paid, refunded, void or waived. */
const PAST_STATUSES = [ExtraFeeStatus.paid, ExtraFeeStatus.refund, ExtraFeeStatus.void] as const
type PastStatus = (typeof PAST_STATUSES)[number]

/**
 * The shopper's fees that are no longer to pay (status ≠ 1), one status at a time (paid first), a page
 * at a time. `freshness` changes when a payment settled on this page: the list is read again.
 */
export function PastFees({ freshness }: { freshness: unknown }) {
  const { t } = useLingui()
  const language = useLanguage()
  const selectId = useId()
  const [status, setStatus] = useState<PastStatus>(ExtraFeeStatus.paid)
  const [pageNum, setPageNum] = useState(1)
  const { fees, retry } = usePastFees(status, pageNum, freshness)
  const page = fees.page
  const pageCount = page ? Math.max(1, Math.ceil(page.total / PAST_PAGE_SIZE)) : 1

  return (
    <section className={section} aria-labelledby="extra-past-title" aria-busy={fees.state === 'loading'}>
      <div className={header}>
        <h2 id="extra-past-title" className={heading}>
          <Trans>已结束的费用</Trans>
        </h2>
        <div className={filter}>
          <label htmlFor={selectId}>
            <Trans>状态</Trans>
          </label>
          <select
            id={selectId}
            className={cx(fieldControl, select)}
            value={status}
            onChange={(event) => {
              setStatus(Number(event.target.value) as PastStatus)
              setPageNum(1)
            }}
          >
            {PAST_STATUSES.map((code) => (
              <option key={code} value={code}>
                {EXTRA_FEE_STATUS_INFO[code].label[language]}
              </option>
            ))}
          </select>
        </div>
      </div>

      {fees.state === 'failed' ? (
        <Notice
          tone="error"
          title={<Trans>费用记录加载失败</Trans>}
          action={
            <Button variant="secondary" onClick={retry}>
              <Trans>重试</Trans>
            </Button>
          }
        />
      ) : null}
      {page === null && fees.state === 'loading' ? (
        <p className={muted} role="status">
          <Trans>正在读取费用记录…</Trans>
        </p>
      ) : null}
      {page && page.list.length === 0 ? (
        <p className={muted}>
          <Trans>没有这个状态的费用。</Trans>
        </p>
      ) : null}
      {page && page.list.length > 0 ? (
        <ul className={list} aria-label={EXTRA_FEE_STATUS_INFO[status].label[language]}>
          {page.list.map((fee) => (
            <ExtraFeeRow key={fee.id} fee={fee} />
          ))}
        </ul>
      ) : null}
      {pageCount > 1 ? (
        <nav className={pager} aria-label={t`分页`}>
          <Button variant="ghost" disabled={pageNum <= 1} onClick={() => setPageNum(pageNum - 1)}>
            <Trans>上一页</Trans>
          </Button>
          <span>
            <Trans>
              第 {pageNum} / {pageCount} 页
            </Trans>
          </span>
          <Button variant="ghost" disabled={pageNum >= pageCount} onClick={() => setPageNum(pageNum + 1)}>
            <Trans>下一页</Trans>
          </Button>
        </nav>
      ) : null}
    </section>
  )
}

import { Trans } from '@lingui/react/macro'
import { type ReactNode, useId } from 'react'
import { css } from '../../../../styled-system/css'
import { HrefLink } from '../../../components/ui/href-link.tsx'
import { PackageStatus } from '../../../domain/package-status.ts'
import type { PackageDto } from '../../../domain/packaging.ts'
import { formatYen } from '../../../domain/price-display.ts'
import { useLanguage } from '../../../lib/use-language.ts'
import { dateTimeText } from '../../orders/order-text.ts'
import { packageDetailHref, payShippingHref, weightText } from '../package-text.ts'
import { carrierText } from '../shipping-messages.ts'
import { FeeDue } from './fee-due.tsx'
import { PackageStatusBadge } from './package-status-badge.tsx'

const card = css({
  display: 'flex',
  flexDirection: 'column',
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
const titleLink = css({
  color: 'primary',
  _hover: { textDecoration: 'underline' },
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '2px' },
})
const packedTime = css({ fontSize: 'sm', color: 'text.muted', ml: { md: 'auto' } })
const facts = css({
  display: 'grid',
  gap: '3',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 10rem), 1fr))',
  fontSize: 'sm',
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
const note = css({ fontSize: 'sm', color: 'red.700' })
const actions = css({ display: 'flex', flexWrap: 'wrap', gap: '2', ml: 'auto' })
const detailLink = css({
  display: 'inline-flex',
  alignItems: 'center',
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
const payLink = css({
  display: 'inline-flex',
  alignItems: 'center',
  px: '3',
  py: '1.5',
  border: '1px solid',
  borderColor: 'secondary',
  borderRadius: 'sm',
  bg: 'secondary',
  color: 'white',
  fontSize: 'sm',
  fontWeight: 'semibold',
  _hover: { bg: 'secondary.hover', borderColor: 'secondary.hover' },
  _focusVisible: { outline: '2px solid', outlineColor: 'primary', outlineOffset: '2px' },
})
const inlineLink = css({ color: 'primary', textDecoration: 'underline' })

interface Fact {
  key: string
  term: ReactNode
  value: ReactNode
}

/** Whether a package's fee is still to be paid (packed, or locked for want of it). */
export const feeUnpaid = (pkg: Pick<PackageDto, 'status'>): boolean =>
  pkg.status === PackageStatus.package || pkg.status === PackageStatus.packageLock

/**
 * One package of the list: number, application, status in its colour, weight and billed weight, the
 * goods' value, the shipping cost once paid, the fee's due date in its deadline colour while unpaid,
 * the tracking number once shipped; links to pay the fee (3) and to the package's page.
 */
export function PackageCard({ pkg }: { pkg: PackageDto }) {
  const language = useLanguage()
  const titleId = useId()
  const packageNo = pkg.packageNo
  const packed = dateTimeText(pkg.createTime)
  const itemCount = pkg.contents.reduce((sum, line) => sum + line.actual, 0)
  const list: Fact[] = [
    { key: 'applyId', term: <Trans>申请单号</Trans>, value: pkg.applyId },
    { key: 'weight', term: <Trans>重量</Trans>, value: weightText(pkg.weightG) },
    { key: 'billedWeight', term: <Trans>计费重量</Trans>, value: weightText(pkg.billedWeightG) },
    { key: 'amount', term: <Trans>商品金额</Trans>, value: formatYen(pkg.amount, language) },
    { key: 'items', term: <Trans>商品件数</Trans>, value: itemCount },
  ]
  if (pkg.shippingCost !== null) {
    list.push({
      key: 'shippingCost',
      term: <Trans>运费</Trans>,
      value: formatYen(pkg.shippingCost, language),
    })
  }
  if (feeUnpaid(pkg)) {
    list.push({
      key: 'feeDue',
      term: <Trans>运费支付截止</Trans>,
      value: <FeeDue due={pkg.feeDue} state={pkg.deadlineState} />,
    })
  }
  if (pkg.trackingNo) {
    const carrier = pkg.carrier ? carrierText(pkg.carrier) : ''
    list.push({
      key: 'trackingNo',
      term: <Trans>运单号</Trans>,
      value: carrier ? `${pkg.trackingNo}（${carrier}）` : pkg.trackingNo,
    })
  }
  return (
    <article className={card} aria-labelledby={titleId} data-package={pkg.id}>
      <div className={head}>
        <h2 id={titleId} className={title}>
          <HrefLink className={titleLink} href={packageDetailHref(pkg)}>
            <Trans>包裹号 {packageNo}</Trans>
          </HrefLink>
        </h2>
        <PackageStatusBadge status={pkg.status} />
        <span className={packedTime}>
          <Trans>打包时间 {packed}</Trans>
        </span>
      </div>
      <dl className={facts}>
        {list.map((fact) => (
          <div key={fact.key} data-fact={fact.key}>
            <dt className={term}>{fact.term}</dt>
            <dd className={value}>{fact.value}</dd>
          </div>
        ))}
      </dl>
      <div className={foot}>
        {pkg.status === PackageStatus.packageLock ? (
          <p className={note}>
            <Trans>
              包裹已锁定：运费逾期未付，请先
              <HrefLink className={inlineLink} href="/extra">
                支付仓储费
              </HrefLink>
              ，解锁后才能支付运费。
            </Trans>
          </p>
        ) : null}
        <div className={actions}>
          {pkg.status === PackageStatus.package ? (
            <HrefLink className={payLink} href={payShippingHref(pkg)}>
              <Trans>支付运费</Trans>
            </HrefLink>
          ) : null}
          <HrefLink className={detailLink} href={packageDetailHref(pkg)}>
            <Trans>查看详情</Trans>
          </HrefLink>
        </div>
      </div>
    </article>
  )
}

import { Trans, useLingui } from '@lingui/react/macro'
import { useRouter } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { css } from '../../../../styled-system/css'
import { HrefLink } from '../../../components/ui/href-link.tsx'
import { Notice } from '../../../components/ui/notice.tsx'
import { pageHeader, pageStack, pageTitle } from '../../../components/ui/page-heading.ts'
import { ReminderBanner } from '../../../components/ui/reminder-banner.tsx'
import { FORFEIT_GRACE_DAYS, forfeitureDate } from '../../../domain/deadlines.ts'
import { PackageStatus } from '../../../domain/package-status.ts'
import type { PackageDto } from '../../../domain/packaging.ts'
import { formatYen } from '../../../domain/price-display.ts'
import { useLanguage } from '../../../lib/use-language.ts'
import { useDocumentTitle } from '../../catalog/use-document-title.ts'
import { dateTimeText } from '../../orders/order-text.ts'
import { PackagePhotosSection } from '../../package-photos/lazy-gallery.tsx'
import { payShippingHref, sizeText, weightText } from '../package-text.ts'
import type { Loaded } from '../routing/load-packages.ts'
import { DeliveryAddress } from './delivery-address.tsx'
import { FeeDue } from './fee-due.tsx'
import { feeUnpaid } from './package-card.tsx'
import { PackageContents } from './package-contents.tsx'
import { PackageLoadError } from './package-load-error.tsx'
import { facts, muted, payLink, section, sectionTitle, term, textLink, value } from './package-look.ts'
import { PackageStatusBadge } from './package-status-badge.tsx'
import { PackageTracking } from './package-tracking.tsx'

const titleRow = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '3' })
const backLink = css({ fontSize: 'sm' })
const actionLink = css({
  flex: 'none',
  color: 'inherit',
  fontWeight: 'semibold',
  textDecoration: 'underline',
  whiteSpace: 'nowrap',
})

interface Fact {
  key: string
  term: ReactNode
  value: ReactNode
}

function BackToList() {
  return (
    <HrefLink className={`${textLink} ${backLink}`} href="/package/list">
      <Trans>返回包裹列表</Trans>
    </HrefLink>
  )
}

/** /package/product/{applyId}/{boxId}: the package, or why it cannot be shown. */
export function PackageDetailPage({ loaded }: { loaded: Loaded<PackageDto> }) {
  const router = useRouter()
  if (loaded.kind === 'ok') return <PackageDetail pkg={loaded.data} />
  if (loaded.kind === 'notFound') {
    return (
      <Notice tone="info" title={<Trans>找不到这个包裹</Trans>} action={<BackToList />}>
        <Trans>包裹不存在，或不属于当前账号。</Trans>
      </Notice>
    )
  }
  return <PackageLoadError error={loaded.error} onRetry={() => void router.invalidate()} />
}

/** What the shopper must do about the package's fee: pay it by its due date, or unlock it first. */
function FeeBanner({ pkg }: { pkg: PackageDto }) {
  const due = pkg.feeDue
  const pay = (
    <HrefLink className={actionLink} href={payShippingHref(pkg)}>
      <Trans>支付运费</Trans>
    </HrefLink>
  )
  if (pkg.status === PackageStatus.packageLock) {
    return (
      <ReminderBanner
        state="overdue"
        title={<Trans>包裹已锁定</Trans>}
        action={
          <HrefLink className={actionLink} href="/extra">
            <Trans>支付仓储费</Trans>
          </HrefLink>
        }
      >
        <Trans>运费逾期未付，包裹已锁定。请先付清仓储费，解锁后才能支付运费并发货。</Trans>
      </ReminderBanner>
    )
  }
  if (pkg.status !== PackageStatus.package) return null
  if (pkg.deadlineState === 'overdue' || pkg.deadlineState === 'forfeited') {
    const lockAt = forfeitureDate(due)
    const grace = FORFEIT_GRACE_DAYS
    return (
      <ReminderBanner state="overdue" title={<Trans>运费已逾期</Trans>} action={pay}>
        <Trans>
          运费应于 {due} 前支付。逾期每天收取仓储费；超过 {grace} 天（{lockAt} 后）仍未支付，包裹将被锁定。
        </Trans>
      </ReminderBanner>
    )
  }
  return (
    <ReminderBanner
      state={pkg.deadlineState ?? 'onTime'}
      title={<Trans>包裹已打包，请支付运费</Trans>}
      action={pay}
    >
      <Trans>请在 {due} 前支付运费，逾期将按天收取仓储费。</Trans>
    </ReminderBanner>
  )
}

/**
 * One package (spec §3 'Package'): number, free storage expiry, shipping cost, weight, billed weight,
 * size, the goods' value, contents, delivery address and tracking, the status in its colour; Pay
 * shipping fee while it awaits it, and why it cannot be paid while it is locked.
 */
function PackageDetail({ pkg }: { pkg: PackageDto }) {
  const { t } = useLingui()
  const language = useLanguage()
  const packageNo = pkg.packageNo
  useDocumentTitle(t`包裹 ${packageNo}`)
  const yen = (amount: number) => formatYen(amount, language)
  const unpaid = feeUnpaid(pkg)

  const summary: Fact[] = [
    { key: 'packageNo', term: <Trans>包裹号</Trans>, value: packageNo },
    { key: 'applyId', term: <Trans>申请单号</Trans>, value: pkg.applyId },
    { key: 'createTime', term: <Trans>打包时间</Trans>, value: dateTimeText(pkg.createTime) },
    {
      key: 'freeStorageUntil',
      term: <Trans>免费仓储截止</Trans>,
      value: unpaid ? <FeeDue due={pkg.freeStorageUntil} state={pkg.deadlineState} /> : pkg.freeStorageUntil,
    },
    {
      key: 'shippingCost',
      term: <Trans>实际运费</Trans>,
      value: pkg.shippingCost !== null ? yen(pkg.shippingCost) : unpaid ? <Trans>待支付</Trans> : '-',
    },
    { key: 'weight', term: <Trans>重量</Trans>, value: weightText(pkg.weightG) },
    { key: 'billedWeight', term: <Trans>计费重量</Trans>, value: weightText(pkg.billedWeightG) },
    { key: 'size', term: <Trans>尺寸（长×宽×高）</Trans>, value: sizeText(pkg) },
    { key: 'amount', term: <Trans>商品金额</Trans>, value: yen(pkg.amount) },
  ]

  return (
    <article className={pageStack} aria-labelledby="package-title">
      <div className={pageHeader}>
        <div className={titleRow}>
          <h1 id="package-title" className={pageTitle}>
            <Trans>包裹 {packageNo}</Trans>
          </h1>
          <PackageStatusBadge status={pkg.status} />
        </div>
        <BackToList />
      </div>

      <FeeBanner pkg={pkg} />

      <section className={section} aria-labelledby="package-summary-title">
        <h2 id="package-summary-title" className={sectionTitle}>
          <Trans>包裹信息</Trans>
        </h2>
        <dl className={facts}>
          {summary.map((fact) => (
            <div key={fact.key} data-fact={fact.key}>
              <dt className={term}>{fact.term}</dt>
              <dd className={value}>{fact.value}</dd>
            </div>
          ))}
        </dl>
        {pkg.status === PackageStatus.package ? (
          <HrefLink className={payLink} href={payShippingHref(pkg)}>
            <Trans>支付运费</Trans>
          </HrefLink>
        ) : null}
        {pkg.status === PackageStatus.packageLock ? (
          <p className={muted}>
            <Trans>
              包裹已锁定，须先
              <HrefLink className={textLink} href="/extra">
                支付仓储费
              </HrefLink>
              才能支付运费。
            </Trans>
          </p>
        ) : null}
      </section>

      {/* The box as packed, seen before its fee is paid: the gallery is a chunk of its own. */}
      <PackagePhotosSection packageId={pkg.id} packageNo={packageNo} />

      <section className={section} aria-labelledby="package-tracking-title">
        <h2 id="package-tracking-title" className={sectionTitle}>
          <Trans>物流信息</Trans>
        </h2>
        <PackageTracking packageId={pkg.id} />
      </section>

      <section className={section} aria-labelledby="package-address-title">
        <h2 id="package-address-title" className={sectionTitle}>
          <Trans>收货信息</Trans>
        </h2>
        <DeliveryAddress address={pkg.address} />
      </section>

      <section className={section} aria-labelledby="package-contents-title">
        <h2 id="package-contents-title" className={sectionTitle}>
          <Trans>包裹内容</Trans>
        </h2>
        <PackageContents contents={pkg.contents} />
      </section>
    </article>
  )
}

import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect } from 'react'
import type { ShippingFeeView } from '../../../../machines/shipping-fee/shipping-fee.machine.ts'
import type { ShippingPackage } from '../../../../machines/shipping-fee/shipping-fee-types.ts'
import { css, cx } from '../../../../styled-system/css'
import { Button } from '../../../components/ui/button.tsx'
import { HrefLink } from '../../../components/ui/href-link.tsx'
import { Notice } from '../../../components/ui/notice.tsx'
import { pageHeader, pageStack, pageTitle } from '../../../components/ui/page-heading.ts'
import { formatYen } from '../../../domain/price-display.ts'
import { useLanguage } from '../../../lib/use-language.ts'
import { refreshBadgeCounts } from '../../account/session/badge-counts.ts'
import { useDocumentTitle } from '../../catalog/use-document-title.ts'
import { PayActions } from '../../checkout/components/pay-actions.tsx'
import { PayLatchNotice } from '../../checkout/components/pay-latch-notice.tsx'
import { PayMethodChoice } from '../../checkout/components/pay-method-choice.tsx'
import { payAlertText } from '../../checkout/components/pay-panel-look.ts'
import { afterFirstRead, PayProgress } from '../../checkout/components/pay-progress.tsx'
import { useLiveRedirect } from '../../checkout/live-redirect.ts'
import { latchClosure, usePayLatch } from '../../checkout/use-pay-latch.ts'
import { useOnline } from '../../shell/offline/use-online.ts'
import { packageDetailHref, sizeText, weightText } from '../package-text.ts'
import { shippingFeeForPackage } from '../shipping-fee-store.ts'
import { shippingFeeErrorText } from '../shipping-messages.ts'
import { useShippingFee } from '../use-shipping-fee.ts'
import { DeliveryAddress } from './delivery-address.tsx'
import { EstimateVsActual } from './estimate-vs-actual.tsx'
import { FeeDue } from './fee-due.tsx'
import { facts, muted, section, sectionTitle, term, textLink, value } from './package-look.ts'
import { ShippingMethods } from './shipping-methods.tsx'

const total = css({ display: 'flex', alignItems: 'baseline', gap: '3', fontSize: 'sm' })
const totalValue = css({ fontWeight: 'bold', fontSize: 'lg', color: 'secondary.hover' })

/** The package's fee was settled or it left the shopper's hands: the header's counts are read again. */
function useServerNews(snapshot: ShippingFeeView | undefined) {
  const news = snapshot?.matches('paid') || snapshot?.matches('locked') || snapshot?.matches('closed')
  useEffect(() => {
    if (news) refreshBadgeCounts()
  }, [news])
}

/**
 * /shipping?packageId= (spec §2 'confirm delivery info'): the package's address (read-only) and box,
 * the methods quoted for them with their fees and limits, the route and type, then **Pay shipping
 * fee** → the gateway's page. The shipping-fee machine behind it keeps the choice and the attempt's key
 * across a reload, a lost connection and the round trip through the gateway, so a retry never pays
 * twice.
 */
export function ShippingPage(props: { packageId: number | undefined; applyId: number | undefined }) {
  const { t } = useLingui()
  useDocumentTitle(t`确认收货信息`)
  const { packageId, applyId } = props
  return (
    <section className={pageStack} aria-labelledby="shipping-title">
      <div className={pageHeader}>
        <h1 id="shipping-title" className={pageTitle}>
          <Trans>确认收货信息并支付运费</Trans>
        </h1>
        <HrefLink className={textLink} href="/package/list">
          <Trans>返回包裹列表</Trans>
        </HrefLink>
      </div>
      {packageId === undefined ? (
        <Notice tone="info" title={<Trans>请选择要支付运费的包裹</Trans>}>
          <Trans>
            请到
            <HrefLink className={textLink} href="/package/list?status=3">
              包裹列表
            </HrefLink>
            选择待付运费的包裹。
          </Trans>
        </Notice>
      ) : (
        <ShippingFlow key={packageId} packageId={packageId} applyId={applyId} />
      )}
    </section>
  )
}

function ShippingFlow({ packageId, applyId }: { packageId: number; applyId: number | undefined }) {
  const language = useLanguage()
  const online = useOnline()
  const latch = usePayLatch()
  const { actor, snapshot } = useShippingFee(
    (owner) => shippingFeeForPackage(owner, packageId, applyId),
    String(packageId),
  )
  useLiveRedirect(snapshot)
  useServerNews(snapshot)

  if (!snapshot) {
    return (
      <p className={muted} role="status">
        <Trans>正在读取包裹和运费…</Trans>
      </p>
    )
  }
  const { context } = snapshot
  const pkg = context.pkg
  const packageLink = pkg ? (
    <HrefLink className={textLink} href={packageDetailHref(pkg)}>
      <Trans>查看包裹</Trans>
    </HrefLink>
  ) : (
    <HrefLink className={textLink} href="/package/list">
      <Trans>查看包裹列表</Trans>
    </HrefLink>
  )

  if (snapshot.matches('paid')) {
    return (
      <Notice tone="info" title={<Trans>运费已支付</Trans>} action={packageLink}>
        <Trans>仓库会尽快为您发货，发货后可以在包裹详情查看运单号。</Trans>
      </Notice>
    )
  }
  if (snapshot.matches('locked')) {
    return (
      <Notice
        tone="error"
        title={<Trans>包裹已锁定</Trans>}
        action={
          <HrefLink className={textLink} href="/extra">
            <Trans>支付仓储费</Trans>
          </HrefLink>
        }
      >
        <Trans>运费逾期未付，包裹已锁定。请先付清仓储费，解锁后才能支付运费并发货。</Trans>
      </Notice>
    )
  }
  if (snapshot.matches('closed') || snapshot.matches('payError')) {
    return (
      <Notice tone="info" title={<Trans>这个包裹不能支付运费</Trans>} action={packageLink}>
        <Trans>包裹不存在、不属于当前账号，或已不在待付运费状态。</Trans>
      </Notice>
    )
  }
  if (!pkg) {
    return (
      <>
        <PayProgressOf snapshot={snapshot} online={online} send={(type) => actor?.send({ type })} />
        {snapshot.matches('checkingPackage') || snapshot.matches('loadingOptions') ? (
          <p className={muted} role="status">
            <Trans>正在读取包裹和运费…</Trans>
          </p>
        ) : null}
      </>
    )
  }

  const choosing = snapshot.matches('choosing')
  const latchNow = latchClosure(latch, context.error?.kind === 'latchClosed')
  const canChoose = choosing && !latchNow.closed
  const paying = snapshot.matches('paying') || snapshot.matches('redirecting')
  const chosen = context.options?.find((option) => option.methodId === context.methodId && option.available)
  const payBlockedBy = latchNow.closed ? null : !online ? (
    <Trans>当前离线，联网后才能付款</Trans>
  ) : chosen === undefined ? (
    <Trans>请选择运输方式</Trans>
  ) : context.choice === null ? (
    <Trans>请选择支付方式</Trans>
  ) : null

  return (
    <>
      <PackageBox pkg={pkg} />

      <section className={section} aria-labelledby="shipping-address-title">
        <h2 id="shipping-address-title" className={sectionTitle}>
          <Trans>收货地址</Trans>
        </h2>
        <DeliveryAddress address={pkg.address} />
        <p className={muted}>
          <Trans>收货地址为申请打包时所选，打包后不能修改；运费按这个地址计算。</Trans>
        </p>
      </section>

      <section className={section} aria-labelledby="shipping-pay-title">
        <h2 id="shipping-pay-title" className={sectionTitle}>
          <Trans>运输方式与付款</Trans>
        </h2>

        {snapshot.matches('optionsFailed') ? (
          <Notice
            tone="error"
            title={<Trans>运费加载失败，请联系客服</Trans>}
            action={
              <Button onClick={() => actor?.send({ type: 'RETRY' })}>
                <Trans>重试</Trans>
              </Button>
            }
          >
            <Trans>暂时无法计算这个包裹的运费。可以稍后重试；如果一直失败，请联系客服。</Trans>
          </Notice>
        ) : null}
        {snapshot.matches('loadingOptions') || snapshot.matches('checkingPackage') ? (
          <p className={muted} role="status">
            <Trans>正在读取运费…</Trans>
          </p>
        ) : null}
        {context.options && context.options.length === 0 ? (
          <Notice tone="warning" title={<Trans>没有可用的运输方式</Trans>}>
            <Trans>目前没有能寄往这个地址的运输方式，请联系客服。</Trans>
          </Notice>
        ) : null}
        {context.options && context.options.length > 0 ? (
          <ShippingMethods
            options={context.options}
            methodId={context.methodId}
            disabled={!canChoose}
            onChoose={(methodId) => actor?.send({ type: 'CHOOSE_METHOD', methodId })}
          />
        ) : null}
        {context.options && context.options.length > 0 ? (
          <EstimateVsActual pkg={pkg} options={context.options} />
        ) : null}

        {latchNow.closed ? <PayLatchNotice message={latchNow.message} /> : null}

        <PayProgressOf snapshot={snapshot} online={online} send={(type) => actor?.send({ type })} />

        {snapshot.matches('failed') || snapshot.matches('cancelled') ? (
          <Notice
            tone="warning"
            title={<Trans>上一次付款没有完成</Trans>}
            action={
              <Button variant="secondary" onClick={() => actor?.send({ type: 'PAY_AGAIN' })}>
                <Trans>重新付款</Trans>
              </Button>
            }
          >
            <Trans>没有扣款，运费仍待支付。</Trans>
          </Notice>
        ) : null}

        {context.error && context.error.kind !== 'latchClosed' ? (
          <p className={payAlertText} role="alert">
            {shippingFeeErrorText(context.error)}
          </p>
        ) : null}

        <PayMethodChoice
          choice={context.choice}
          disabled={!canChoose}
          onChoose={(choice) => actor?.send({ type: 'CHOOSE', ...choice })}
        />

        {chosen && chosen.fee !== null ? (
          <p className={total}>
            <Trans>应付运费</Trans>
            <span className={totalValue}>{formatYen(chosen.fee, language)}</span>
          </p>
        ) : null}

        <PayActions
          label={<Trans>支付运费</Trans>}
          paying={paying}
          disabled={!canChoose || payBlockedBy !== null}
          blockedBy={choosing ? payBlockedBy : null}
          reasonId="shipping-pay-blocked-reason"
          onPay={() => actor?.send({ type: 'PAY' })}
        />
      </section>
    </>
  )
}

/** The pay panels' progress notices, read from this flow's states. */
function PayProgressOf(props: {
  snapshot: ShippingFeeView
  online: boolean
  send: (type: 'RETRY' | 'PAY_AGAIN') => void
}) {
  return (
    <PayProgress
      snapshot={afterFirstRead(props.snapshot)}
      online={props.online}
      statusClassName={muted}
      onRetry={() => props.send('RETRY')}
      onPayAgain={() => props.send('PAY_AGAIN')}
    />
  )
}

/** The box: its number, weight, size, the goods' value and the fee's due date. */
function PackageBox({ pkg }: { pkg: ShippingPackage }) {
  const language = useLanguage()
  const list = [
    { key: 'packageNo', term: <Trans>包裹号</Trans>, value: pkg.packageNo },
    { key: 'weight', term: <Trans>重量</Trans>, value: weightText(pkg.weightG) },
    { key: 'size', term: <Trans>尺寸（长×宽×高）</Trans>, value: sizeText(pkg) },
    { key: 'amount', term: <Trans>商品金额</Trans>, value: formatYen(pkg.amount, language) },
    {
      key: 'feeDue',
      term: <Trans>运费支付截止</Trans>,
      value: <FeeDue due={pkg.feeDue} state={pkg.deadlineState} />,
    },
  ]
  return (
    <section className={section} aria-labelledby="shipping-box-title">
      <h2 id="shipping-box-title" className={sectionTitle}>
        <Trans>包裹</Trans>
      </h2>
      <dl className={cx(facts)}>
        {list.map((fact) => (
          <div key={fact.key} data-fact={fact.key}>
            <dt className={term}>{fact.term}</dt>
            <dd className={value}>{fact.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}

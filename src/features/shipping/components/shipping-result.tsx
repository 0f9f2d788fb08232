import { Trans } from '@lingui/react/macro'
import { Button } from '../../../components/ui/button.tsx'
import { formatYen } from '../../../domain/price-display.ts'
import { useLanguage } from '../../../lib/use-language.ts'
import {
  AwaitingOutcome,
  GatewayRefusal,
  Outcome,
  ResultLink,
  resultLinks,
  useCountsAfterPaid,
  viewOf,
} from '../../checkout/components/payment-outcome.tsx'
import { packageDetailHref } from '../package-text.ts'
import { shippingFeeForPayment } from '../shipping-fee-store.ts'
import { useShippingFee } from '../use-shipping-fee.ts'

function PackageListLink() {
  return (
    <ResultLink href="/package/list">
      <Trans>查看包裹列表</Trans>
    </ResultLink>
  )
}

/**
 * The shipping fee's result (`/express-success`, or a shared return page holding a shipping-fee
 * payment): waits for the webhook's verdict through the shipping-fee flow (so a reload resumes the
 * wait), then says what happened: paid → the warehouse ships it, with a link to the package (and the
 * header's counts read again); cancelled or failed → nothing was charged, pay again on /shipping.
 */
export function ShippingResult({ paymentId }: { paymentId: string }) {
  const language = useLanguage()
  const { actor, snapshot } = useShippingFee((owner) => shippingFeeForPayment(owner, paymentId), paymentId)
  const view = viewOf(snapshot)
  // the fee is paid: the header's count of unpaid shipping fees changes
  useCountsAfterPaid(view)

  const context = snapshot?.context
  const packageId = context?.packageId ?? null
  const applyId = context?.pkg?.applyId ?? context?.applyId ?? null
  const packageHref =
    packageId !== null && applyId !== null ? packageDetailHref({ id: packageId, applyId }) : '/package/list'
  const payAgainHref =
    packageId === null
      ? '/package/list?status=3'
      : `/shipping?packageId=${packageId}${applyId === null ? '' : `&applyId=${applyId}`}`

  if (view.state === 'paid') {
    const amount = view.status ? formatYen(view.status.amount, language) : null
    return (
      <Outcome tone="done" title={<Trans>运费已支付</Trans>}>
        <p role="status">
          {amount ? <Trans>已收到您的运费 {amount}。</Trans> : <Trans>已收到您的运费。</Trans>}{' '}
          <Trans>仓库会尽快为您发货，发货后可以在包裹详情查看运单号。</Trans>
        </p>
        <div className={resultLinks}>
          <ResultLink href={packageHref} primary>
            <Trans>查看包裹</Trans>
          </ResultLink>
          <PackageListLink />
        </div>
      </Outcome>
    )
  }
  if (view.state === 'cancelled' || view.state === 'failed') {
    return (
      <Outcome
        tone={view.state === 'failed' ? 'error' : 'warning'}
        title={view.state === 'failed' ? <Trans>付款失败，请稍后再试</Trans> : <Trans>付款已取消</Trans>}
      >
        <p role={view.state === 'failed' ? 'alert' : 'status'}>
          <GatewayRefusal view={view} />{' '}
          <Trans>没有扣款，运费仍待支付。请在截止日期前重新付款，逾期将按天收取仓储费。</Trans>
        </p>
        <div className={resultLinks}>
          <ResultLink href={payAgainHref} primary>
            <Trans>重新支付运费</Trans>
          </ResultLink>
          <PackageListLink />
        </div>
      </Outcome>
    )
  }
  if (view.state === 'payError') {
    return (
      <Outcome tone="error" title={<Trans>支付出错</Trans>}>
        <p role="alert">
          <Trans>找不到这笔付款的记录。请到包裹列表查看包裹状态；如已扣款，请联系客服。</Trans>
        </p>
        <div className={resultLinks}>
          <ResultLink href="/package/list" primary>
            <Trans>查看包裹列表</Trans>
          </ResultLink>
        </div>
      </Outcome>
    )
  }
  if (view.state === 'timedOut') {
    return (
      <Outcome tone="warning" title={<Trans>付款结果尚未确认</Trans>}>
        <p role="status">
          <Trans>支付平台还没有通知我们结果。请稍后再查询，或到包裹详情查看；请不要重复付款。</Trans>
        </p>
        <div className={resultLinks}>
          <Button onClick={() => actor?.send({ type: 'RETRY' })}>
            <Trans>再次查询</Trans>
          </Button>
          <ResultLink href={packageHref}>
            <Trans>查看包裹</Trans>
          </ResultLink>
        </div>
      </Outcome>
    )
  }
  return <AwaitingOutcome view={view} />
}

export default ShippingResult

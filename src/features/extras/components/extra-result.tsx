import { Plural, Trans } from '@lingui/react/macro'
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
import { extraPaymentForPayment } from '../extra-payment-store.ts'
import { useExtraPayment } from '../hooks/use-extra-payment.ts'

function ExtraLink(props: { primary?: boolean }) {
  return (
    <ResultLink href="/extra" primary={props.primary}>
      <Trans>查看额外费用</Trans>
    </ResultLink>
  )
}

/**
 * The extra payment's result (`/extra-success`, or a shared return page holding an extra payment):
 * waits for the webhook's verdict through the extra-payment flow (so a reload resumes the wait), then
 * says what happened: paid → the fees are settled and packaging may be requested again (the header's
 * counts are read again); cancelled or failed → nothing was charged, pay again on /extra.
 */
export function ExtraResult({ paymentId }: { paymentId: string }) {
  const language = useLanguage()
  const { actor, snapshot } = useExtraPayment((owner) => extraPaymentForPayment(owner, paymentId), paymentId)
  const view = viewOf(snapshot)
  // the fees are paid: the header's count of unpaid extra fees changes
  useCountsAfterPaid(view)

  if (view.state === 'paid') {
    const amount = view.status ? formatYen(view.status.amount, language) : null
    const count = view.status?.target.length ?? 0
    return (
      <Outcome tone="done" title={<Trans>额外费用已支付</Trans>}>
        <p role="status">
          {amount ? <Trans>已收到您的付款 {amount}。</Trans> : <Trans>已收到您的付款。</Trans>}{' '}
          {count > 0 ? <Plural value={count} other="# 笔费用已付清。" /> : null}{' '}
          <Trans>没有未付的额外费用后，就可以申请打包了。</Trans>
        </p>
        <div className={resultLinks}>
          <ExtraLink primary />
          <ResultLink href="/packaging">
            <Trans>申请打包</Trans>
          </ResultLink>
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
          <GatewayRefusal view={view} /> <Trans>没有扣款，费用仍待支付。付清前不能申请打包。</Trans>
        </p>
        <div className={resultLinks}>
          <ResultLink href="/extra" primary>
            <Trans>重新支付额外费用</Trans>
          </ResultLink>
        </div>
      </Outcome>
    )
  }
  if (view.state === 'payError') {
    return (
      <Outcome tone="error" title={<Trans>支付出错</Trans>}>
        <p role="alert">
          <Trans>找不到这笔付款的记录。请到额外费用页面查看费用状态；如已扣款，请联系客服。</Trans>
        </p>
        <div className={resultLinks}>
          <ExtraLink primary />
        </div>
      </Outcome>
    )
  }
  if (view.state === 'timedOut') {
    return (
      <Outcome tone="warning" title={<Trans>付款结果尚未确认</Trans>}>
        <p role="status">
          <Trans>支付平台还没有通知我们结果。请稍后再查询，或到额外费用页面查看；请不要重复付款。</Trans>
        </p>
        <div className={resultLinks}>
          <Button onClick={() => actor?.send({ type: 'RETRY' })}>
            <Trans>再次查询</Trans>
          </Button>
          <ExtraLink />
        </div>
      </Outcome>
    )
  }
  return <AwaitingOutcome view={view} />
}

export default ExtraResult

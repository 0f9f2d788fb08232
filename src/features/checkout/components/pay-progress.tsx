import { Trans } from '@lingui/react/macro'
import { Button } from '../../../components/ui/button.tsx'
import { Notice } from '../../../components/ui/notice.tsx'
import { wasSentToGateway } from '../live-redirect.ts'

type PayProgressState =
  | 'checkingOrder'
  | 'checkingPayment'
  | 'suspended'
  | 'resumeOffline'
  | 'payOffline'
  | 'redirecting'

/** The states a paying flow (checkout, final payment) passes between the Pay button and the gateway. */
export interface PayProgressSnapshot {
  context: { payment: { paymentId: string; redirectUrl: string } | null }
  matches(state: PayProgressState): boolean
}

/**
 * The progress of a flow whose first read (the fees, the package and its quote) has words of its own
 * on its page: that read is left to the page.
 */
export function afterFirstRead(snapshot: {
  context: PayProgressSnapshot['context']
  matches(state: Exclude<PayProgressState, 'checkingOrder'>): boolean
}): PayProgressSnapshot {
  return {
    context: snapshot.context,
    matches: (state) => state !== 'checkingOrder' && snapshot.matches(state),
  }
}

/**
 * What a pay panel says while its flow reads the server, could not tell whether a payment was begun,
 * or holds a payment begun at a gateway the shopper has not been sent to: the same in both flows.
 */
export function PayProgress(props: {
  snapshot: PayProgressSnapshot
  online: boolean
  statusClassName: string
  onRetry: () => void
  onPayAgain: () => void
}) {
  const { snapshot, online } = props
  const checking =
    snapshot.matches('checkingOrder') ||
    snapshot.matches('checkingPayment') ||
    snapshot.matches('suspended') ||
    snapshot.matches('resumeOffline')
  const payment = snapshot.context.payment
  return (
    <>
      {checking ? (
        <p className={props.statusClassName} role="status">
          {snapshot.matches('resumeOffline') ? (
            <Trans>当前离线：联网后会继续确认付款状态。</Trans>
          ) : (
            <Trans>正在确认付款状态…</Trans>
          )}
        </p>
      ) : null}

      {snapshot.matches('payOffline') ? (
        <Notice
          tone="warning"
          title={<Trans>未能确认付款是否已发起</Trans>}
          action={
            <Button variant="secondary" disabled={!online} onClick={props.onRetry}>
              <Trans>重试</Trans>
            </Button>
          }
        >
          {online ? (
            <Trans>请点“重试”。重试沿用同一笔付款，不会重复扣款。</Trans>
          ) : (
            <Trans>网络中断：联网后请点“重试”。重试沿用同一笔付款，不会重复扣款。</Trans>
          )}
        </Notice>
      ) : null}

      {snapshot.matches('redirecting') && payment?.redirectUrl && !wasSentToGateway(payment.paymentId) ? (
        <Notice
          tone="info"
          title={<Trans>这笔付款已发起，尚未完成</Trans>}
          action={
            <Button variant="secondary" onClick={props.onPayAgain}>
              <Trans>改用其他方式</Trans>
            </Button>
          }
        >
          <Trans>
            可以<a href={payment.redirectUrl}>回到支付页面</a>继续完成付款。
          </Trans>
        </Notice>
      ) : null}
    </>
  )
}

import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useRef } from 'react'
import type { FinalPaymentView } from '../../../../machines/final-payment/final-payment.machine.ts'
import { css, cx } from '../../../../styled-system/css'
import { Notice } from '../../../components/ui/notice.tsx'
import { balanceOwed, finalAmountDue } from '../../../domain/arrival.ts'
import type { OrderDto } from '../../../domain/orders.ts'
import { formatYen } from '../../../domain/price-display.ts'
import { applyPoints } from '../../../domain/pricing.ts'
import { useLanguage } from '../../../lib/use-language.ts'
import { refreshBadgeCounts } from '../../account/session/badge-counts.ts'
import { AmountEntry } from '../../checkout/components/amount-entry.tsx'
import { PayActions } from '../../checkout/components/pay-actions.tsx'
import { PayLatchNotice } from '../../checkout/components/pay-latch-notice.tsx'
import { PayMethodChoice } from '../../checkout/components/pay-method-choice.tsx'
import {
  amountDue,
  amountList,
  dividerAbove,
  payAlertText,
  payMutedText,
  payPanel,
  payPanelHeading,
  payPanelLoading,
} from '../../checkout/components/pay-panel-look.ts'
import { PayProgress } from '../../checkout/components/pay-progress.tsx'
import { PointsField, usePointsHeld } from '../../checkout/components/points-field.tsx'
import { useLiveRedirect } from '../../checkout/live-redirect.ts'
import { latchClosure, usePayLatch } from '../../checkout/use-pay-latch.ts'
import { useOnline } from '../../shell/offline/use-online.ts'
import { finalPaymentErrorText } from '../final-payment-messages.ts'
import { finalPaymentForOrder } from '../final-payment-store.ts'
import { useFinalPayment } from '../use-final-payment.ts'

const lateFeeEntry = css({
  px: '2',
  py: '1',
  mx: '-2',
  borderRadius: 'sm',
  bg: 'red.50',
  color: 'red.800',
  fontWeight: 'semibold',
})
const lateFeeNote = css({ fontSize: 'xs', color: 'red.700' })

/**
 * Where the server moved the order away from what the page shows (paid by a webhook meanwhile,
 * closed, forfeited): the page and the header's counts of balances due are read again, once per news.
 */
function useServerNews(order: OrderDto, snapshot: FinalPaymentView | undefined, onChanged?: () => void) {
  const report = useRef(onChanged)
  useEffect(() => {
    report.current = onChanged
  })
  const news =
    snapshot?.matches('paid') || snapshot?.matches('orderClosed')
      ? 'moved'
      : snapshot?.matches('forfeited') && order.deadlineState !== 'forfeited'
        ? 'forfeited'
        : null
  useEffect(() => {
    if (!news) return
    refreshBadgeCounts()
    report.current?.()
  }, [news])
}

function ForfeitedNotice(props: { forfeitAt: string | null }) {
  const { forfeitAt } = props
  return (
    <Notice tone="error" title={<Trans>商品已被没收</Trans>}>
      {forfeitAt ? (
        <Trans>
          尾款没有在期限内付清，按规定商品已于 {forfeitAt} 被没收，尾款不能再支付。如有疑问，请联系客服。
        </Trans>
      ) : (
        <Trans>尾款没有在期限内付清，按规定商品已被没收，尾款不能再支付。如有疑问，请联系客服。</Trans>
      )}
    </Notice>
  )
}

/**
 * Pays the balance of an order in 5 arrival (flows §1, §2, §8): the balance still owed, the late fee
 * so far (paid together with it, in one payment), the points to use, the three routes, then **Pay
 * balance** → the gateway's page. The amounts are the server's (the order's DTO, computed by the
 * domain for the shop's day). The final-payment machine behind it keeps the attempt's key across a
 * reload, a lost connection and the round trip through the gateway, so a retry never pays twice.
 */
export function FinalPayPanel(props: { order: OrderDto; onChanged?: () => void }) {
  const { order, onChanged } = props
  const { t } = useLingui()
  const language = useLanguage()
  const online = useOnline()
  const pointsHeld = usePointsHeld()
  const latch = usePayLatch()
  const { actor, snapshot } = useFinalPayment((who) => finalPaymentForOrder(who, order.id), String(order.id))
  const yen = (amount: number) => formatYen(amount, language)

  useLiveRedirect(snapshot)
  useServerNews(order, snapshot, onChanged)

  const title = (
    <h2 id="final-pay-title" className={payPanelHeading}>
      <Trans>支付尾款</Trans>
    </h2>
  )

  if (order.deadlineState === 'forfeited' || snapshot?.matches('forfeited')) {
    return (
      <section className={payPanel} aria-labelledby="final-pay-title">
        {title}
        <ForfeitedNotice forfeitAt={order.forfeitAt} />
      </section>
    )
  }
  if (!snapshot) {
    return (
      <section className={cx(payPanel, payPanelLoading)} aria-busy="true" aria-labelledby="final-pay-title">
        {title}
        <p className={payMutedText} role="status">
          <Trans>正在读取付款信息…</Trans>
        </p>
      </section>
    )
  }

  const { context } = snapshot
  const owed = balanceOwed(order)
  const dueNow = finalAmountDue(order)
  const usable = Math.min(pointsHeld, dueNow)
  const { pointsUsed, payable } = applyPoints(dueNow, pointsHeld, Math.min(context.points, usable))

  const choosing = snapshot.matches('choosing')
  const latchNow = latchClosure(latch, context.error?.kind === 'latchClosed')
  const paying = snapshot.matches('paying') || snapshot.matches('redirecting')
  const canChoose = choosing && !latchNow.closed

  const payBlockedBy = latchNow.closed ? null : !online ? (
    <Trans>当前离线，联网后才能付款</Trans>
  ) : context.choice === null ? (
    <Trans>请选择支付方式</Trans>
  ) : null

  return (
    <section className={payPanel} aria-labelledby="final-pay-title">
      {title}

      <dl className={amountList} aria-label={t`尾款金额`}>
        <AmountEntry label={<Trans>尾款</Trans>} value={yen(owed)} />
        {order.lateFee > 0 ? (
          <AmountEntry
            label={<Trans>滞纳金（截至今日）</Trans>}
            value={yen(order.lateFee)}
            className={lateFeeEntry}
          />
        ) : null}
        {pointsUsed > 0 ? (
          <AmountEntry label={<Trans>积分抵扣</Trans>} value={`−${yen(pointsUsed)}`} />
        ) : null}
        <AmountEntry
          label={<Trans>应付金额</Trans>}
          value={yen(payable)}
          className={cx(dividerAbove, amountDue)}
        />
      </dl>
      {order.lateFee > 0 ? (
        <p className={lateFeeNote}>
          <Trans>尾款已逾期：滞纳金按商品金额每天 0.5% 计算，须与尾款一起支付。</Trans>
        </p>
      ) : null}

      <PointsField
        pointsHeld={pointsHeld}
        usable={usable}
        pointsUsed={pointsUsed}
        disabled={!canChoose}
        onPoints={(points) => actor?.send({ type: 'SET_POINTS', points })}
      />

      {latchNow.closed ? <PayLatchNotice message={latchNow.message} /> : null}

      <PayProgress
        snapshot={snapshot}
        online={online}
        statusClassName={payMutedText}
        onRetry={() => actor?.send({ type: 'RETRY' })}
        onPayAgain={() => actor?.send({ type: 'PAY_AGAIN' })}
      />

      {context.error && context.error.kind !== 'latchClosed' ? (
        <p className={payAlertText} role="alert">
          {finalPaymentErrorText(context.error)}
        </p>
      ) : null}

      <PayMethodChoice
        choice={context.choice}
        disabled={!canChoose}
        onChoose={(choice) => actor?.send({ type: 'CHOOSE', ...choice })}
      />

      <PayActions
        label={<Trans>支付尾款</Trans>}
        paying={paying}
        disabled={!canChoose || payBlockedBy !== null}
        blockedBy={choosing ? payBlockedBy : null}
        reasonId="final-pay-blocked-reason"
        onPay={() => actor?.send({ type: 'PAY' })}
      />
    </section>
  )
}

export default FinalPayPanel

import { Plural, Trans, useLingui } from '@lingui/react/macro'
import type {
  ExtraPaymentActor,
  ExtraPaymentView,
} from '../../../../machines/extra-payment/extra-payment.machine.ts'
import { selectedTotal } from '../../../../machines/extra-payment/extra-payment-types.ts'
import { cx } from '../../../../styled-system/css'
import { formatYen } from '../../../domain/price-display.ts'
import { applyPoints } from '../../../domain/pricing.ts'
import { useLanguage } from '../../../lib/use-language.ts'
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
} from '../../checkout/components/pay-panel-look.ts'
import { afterFirstRead, PayProgress } from '../../checkout/components/pay-progress.tsx'
import { PointsField, usePointsHeld } from '../../checkout/components/points-field.tsx'
import { type Latch, latchClosure } from '../../checkout/use-pay-latch.ts'
import { extraPaymentErrorText } from '../extra-messages.ts'

/** The pay panels' progress notices, read from this flow's states. */
export function ExtraPayProgress(props: {
  snapshot: ExtraPaymentView
  online: boolean
  actor: ExtraPaymentActor | undefined
}) {
  const { snapshot, actor } = props
  return (
    <PayProgress
      snapshot={afterFirstRead(snapshot)}
      online={props.online}
      statusClassName={payMutedText}
      onRetry={() => actor?.send({ type: 'RETRY' })}
      onPayAgain={() => actor?.send({ type: 'PAY_AGAIN' })}
    />
  )
}

/**
 * Paying the chosen fees: how many and their total, the points to use (the session's balance, at
 * most the total), the route and type, then **Pay** → the gateway's page. The extra-payment machine
 * behind it keeps the choice and the attempt's key across a reload, a lost connection and the round
 * trip through the gateway, so a retry never pays twice.
 */
export function ExtraPayPanel(props: {
  snapshot: ExtraPaymentView
  actor: ExtraPaymentActor | undefined
  online: boolean
  latch: Latch
}) {
  const { snapshot, actor, online, latch } = props
  const { t } = useLingui()
  const language = useLanguage()
  const pointsHeld = usePointsHeld()
  const yen = (amount: number) => formatYen(amount, language)

  const { context } = snapshot
  const count = context.selected.length
  const total = selectedTotal(context.fees, context.selected)
  const usable = Math.min(pointsHeld, total)
  const { pointsUsed, payable } = applyPoints(total, pointsHeld, Math.min(context.points, usable))

  const choosing = snapshot.matches('choosing')
  const latchNow = latchClosure(latch, context.error?.kind === 'latchClosed')
  const canChoose = choosing && !latchNow.closed
  const paying = snapshot.matches('paying') || snapshot.matches('redirecting')
  const payBlockedBy = latchNow.closed ? null : !online ? (
    <Trans>当前离线，联网后才能付款</Trans>
  ) : count === 0 ? (
    <Trans>请选择要支付的费用</Trans>
  ) : context.choice === null ? (
    <Trans>请选择支付方式</Trans>
  ) : null

  return (
    <section className={payPanel} aria-labelledby="extra-pay-title">
      <h2 id="extra-pay-title" className={payPanelHeading}>
        <Trans>支付所选费用</Trans>
      </h2>

      <dl className={amountList} aria-label={t`付款金额`}>
        <AmountEntry
          label={count === 0 ? <Trans>未选择费用</Trans> : <Plural value={count} other="已选 # 笔费用" />}
          value={yen(total)}
        />
        {pointsUsed > 0 ? (
          <AmountEntry label={<Trans>积分抵扣</Trans>} value={`−${yen(pointsUsed)}`} />
        ) : null}
        <AmountEntry
          label={<Trans>应付金额</Trans>}
          value={yen(payable)}
          className={cx(dividerAbove, amountDue)}
        />
      </dl>

      <PointsField
        pointsHeld={pointsHeld}
        usable={usable}
        pointsUsed={pointsUsed}
        disabled={!canChoose || total === 0}
        onPoints={(points) => actor?.send({ type: 'SET_POINTS', points })}
      />

      {latchNow.closed ? <PayLatchNotice message={latchNow.message} /> : null}

      <ExtraPayProgress snapshot={snapshot} online={online} actor={actor} />

      {context.error && context.error.kind !== 'latchClosed' ? (
        <p className={payAlertText} role="alert">
          {extraPaymentErrorText(context.error)}
        </p>
      ) : null}

      <PayMethodChoice
        choice={context.choice}
        disabled={!canChoose}
        onChoose={(choice) => actor?.send({ type: 'CHOOSE', ...choice })}
      />

      <PayActions
        label={<Trans>支付所选费用</Trans>}
        paying={paying}
        disabled={!canChoose || payBlockedBy !== null}
        blockedBy={choosing ? payBlockedBy : null}
        reasonId="extra-pay-blocked-reason"
        onPay={() => actor?.send({ type: 'PAY' })}
      />
    </section>
  )
}

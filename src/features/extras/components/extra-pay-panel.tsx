import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { type ReactNode, useId, useState } from 'react'
import type {
  ExtraPaymentActor,
  ExtraPaymentSnapshot,
} from '../../../../machines/extra-payment/extra-payment.machine.ts'
import { selectedTotal } from '../../../../machines/extra-payment/extra-payment-types.ts'
import { css, cx } from '../../../../styled-system/css'
import { Button } from '../../../components/ui/button.tsx'
import { fieldControl } from '../../../components/ui/form-field.tsx'
import { Notice } from '../../../components/ui/notice.tsx'
import { formatYen } from '../../../domain/price-display.ts'
import { applyPoints } from '../../../domain/pricing.ts'
import { useLanguage } from '../../../lib/use-language.ts'
import { useSession } from '../../account/session/use-session.tsx'
import { PayMethodChoice } from '../../checkout/components/pay-method-choice.tsx'
import { PayProgress, type PayProgressSnapshot } from '../../checkout/components/pay-progress.tsx'
import { extraPaymentErrorText } from '../extra-messages.ts'
import type { Latch } from '../hooks/use-pay-latch.ts'

const panel = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '4',
  p: { base: '3', md: '4' },
  bg: 'surface',
  border: '1px solid',
  borderColor: 'border',
  borderRadius: 'md',
})
const heading = css({ fontSize: 'lg', fontWeight: 'semibold' })
const amounts = css({ display: 'flex', flexDirection: 'column', gap: '1.5', fontSize: 'sm', maxWidth: 'md' })
const entry = css({ display: 'flex', justifyContent: 'space-between', gap: '3' })
const divider = css({ borderTop: '1px solid', borderColor: 'border', pt: '2' })
const due = css({ fontWeight: 'bold', fontSize: 'lg', color: 'secondary.hover' })
const muted = css({ color: 'text.muted', fontSize: 'sm' })
const pointsField = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '1',
  fontSize: 'sm',
  maxWidth: 'md',
})
const pointsInput = css({ maxWidth: '40' })
const actions = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '3' })
const payButton = css({ px: '8', py: '3', fontSize: 'md' })
const reason = css({ fontSize: 'sm', color: 'text.muted' })
const alertText = css({ fontSize: 'sm', color: 'red.700', fontWeight: 'medium' })

function Entry(props: { label: ReactNode; value: string; className?: string }) {
  return (
    <div className={cx(entry, props.className)}>
      <dt>{props.label}</dt>
      <dd>{props.value}</dd>
    </div>
  )
}

/** Whole points from what was typed; anything else reads as none. */
function pointsFrom(text: string): number {
  const value = Math.floor(Number(text))
  return Number.isSafeInteger(value) && value > 0 ? value : 0
}

/** The pay panels' progress notices, read from this flow's states. */
export function ExtraPayProgress(props: {
  snapshot: ExtraPaymentSnapshot
  online: boolean
  actor: ExtraPaymentActor | undefined
}) {
  const { snapshot, actor } = props
  const progress: PayProgressSnapshot = {
    context: snapshot.context,
    // reading the fees has its own words on this page
    matches: (state) => state !== 'checkingOrder' && snapshot.matches(state),
  }
  return (
    <PayProgress
      snapshot={progress}
      online={props.online}
      statusClassName={muted}
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
  snapshot: ExtraPaymentSnapshot
  actor: ExtraPaymentActor | undefined
  online: boolean
  latch: Latch
}) {
  const { snapshot, actor, online, latch } = props
  const { t } = useLingui()
  const language = useLanguage()
  const { startup, claims } = useSession()
  const [draftPoints, setDraftPoints] = useState<string | null>(null)
  const inputId = useId()
  const hintId = `${inputId}-hint`
  const yen = (amount: number) => formatYen(amount, language)

  const { context } = snapshot
  const count = context.selected.length
  const total = selectedTotal(context.fees, context.selected)
  const score = startup.payInfo?.score ?? claims?.score ?? 0
  const pointsHeld = Number.isSafeInteger(score) ? Math.max(0, score) : 0
  const usable = Math.min(pointsHeld, total)
  const { pointsUsed, payable } = applyPoints(total, pointsHeld, Math.min(context.points, usable))

  const choosing = snapshot.matches('choosing')
  const latchClosed = (latch.kind === 'known' && !latch.latch.open) || context.error?.kind === 'latchClosed'
  const latchMessage = latch.kind === 'known' ? latch.latch.message : null
  const canChoose = choosing && !latchClosed
  const paying = snapshot.matches('paying') || snapshot.matches('redirecting')
  const payBlockedBy = latchClosed ? null : !online ? (
    <Trans>当前离线，联网后才能付款</Trans>
  ) : count === 0 ? (
    <Trans>请选择要支付的费用</Trans>
  ) : context.choice === null ? (
    <Trans>请选择支付方式</Trans>
  ) : null

  const setPoints = (text: string) => {
    setDraftPoints(text)
    actor?.send({ type: 'SET_POINTS', points: Math.min(pointsFrom(text), usable) })
  }

  return (
    <section className={panel} aria-labelledby="extra-pay-title">
      <h2 id="extra-pay-title" className={heading}>
        <Trans>支付所选费用</Trans>
      </h2>

      <dl className={amounts} aria-label={t`付款金额`}>
        <Entry
          label={count === 0 ? <Trans>未选择费用</Trans> : <Plural value={count} other="已选 # 笔费用" />}
          value={yen(total)}
        />
        {pointsUsed > 0 ? <Entry label={<Trans>积分抵扣</Trans>} value={`−${yen(pointsUsed)}`} /> : null}
        <Entry label={<Trans>应付金额</Trans>} value={yen(payable)} className={cx(divider, due)} />
      </dl>

      {pointsHeld > 0 ? (
        <div className={pointsField}>
          <label htmlFor={inputId}>
            <Trans>使用积分</Trans>
          </label>
          <input
            id={inputId}
            className={cx(fieldControl, pointsInput)}
            type="number"
            inputMode="numeric"
            min={0}
            max={usable}
            step={1}
            value={draftPoints ?? String(pointsUsed)}
            disabled={!canChoose || total === 0}
            aria-describedby={hintId}
            onChange={(event) => setPoints(event.target.value)}
            onBlur={() => setDraftPoints(null)}
          />
          <p id={hintId} className={muted}>
            <Trans>
              持有 {pointsHeld} 积分，本次最多可用 {usable} 积分（1 积分抵 1 日元）。
            </Trans>
          </p>
        </div>
      ) : null}

      {latchClosed ? (
        <Notice tone="error" title={<Trans>支付暂不可用</Trans>}>
          {latchMessage ?? <Trans>支付通道暂时关闭，请稍后再试。</Trans>}
        </Notice>
      ) : null}

      <ExtraPayProgress snapshot={snapshot} online={online} actor={actor} />

      {context.error && context.error.kind !== 'latchClosed' ? (
        <p className={alertText} role="alert">
          {extraPaymentErrorText(context.error)}
        </p>
      ) : null}

      <PayMethodChoice
        choice={context.choice}
        disabled={!canChoose}
        onChoose={(choice) => actor?.send({ type: 'CHOOSE', ...choice })}
      />

      <div className={actions}>
        <Button
          className={payButton}
          disabled={!canChoose || payBlockedBy !== null}
          aria-describedby={payBlockedBy && choosing ? 'extra-pay-blocked-reason' : undefined}
          onClick={() => actor?.send({ type: 'PAY' })}
        >
          {paying ? <Trans>正在前往支付页面…</Trans> : <Trans>支付所选费用</Trans>}
        </Button>
        {payBlockedBy && choosing ? (
          <span id="extra-pay-blocked-reason" className={reason}>
            {payBlockedBy}
          </span>
        ) : null}
      </div>
    </section>
  )
}

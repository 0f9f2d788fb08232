import { Trans, useLingui } from '@lingui/react/macro'
import { type ReactNode, useEffect, useId, useRef, useState } from 'react'
import type { FinalPaymentSnapshot } from '../../../../machines/final-payment/final-payment.machine.ts'
import { css, cx } from '../../../../styled-system/css'
import { Button } from '../../../components/ui/button.tsx'
import { fieldControl } from '../../../components/ui/form-field.tsx'
import { Notice } from '../../../components/ui/notice.tsx'
import { balanceOwed, finalAmountDue } from '../../../domain/arrival.ts'
import type { OrderDto } from '../../../domain/orders.ts'
import type { PayLatchDto } from '../../../domain/payments.ts'
import { formatYen } from '../../../domain/price-display.ts'
import { applyPoints } from '../../../domain/pricing.ts'
import { useLanguage } from '../../../lib/use-language.ts'
import { refreshBadgeCounts } from '../../account/session/badge-counts.ts'
import { useSession } from '../../account/session/use-session.tsx'
import { PayMethodChoice } from '../../checkout/components/pay-method-choice.tsx'
import { PayProgress } from '../../checkout/components/pay-progress.tsx'
import { useLiveRedirect } from '../../checkout/live-redirect.ts'
import { useOnline } from '../../shell/offline/use-online.ts'
import { payLatch } from '../api/pay-latch.ts'
import { finalPaymentErrorText } from '../final-payment-messages.ts'
import { finalPaymentForOrder } from '../final-payment-store.ts'
import { useFinalPayment } from '../use-final-payment.ts'

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

type Latch = { kind: 'loading' } | { kind: 'known'; latch: PayLatchDto } | { kind: 'unknown' }

/**
 * Whether payments are open. Unreadable, it counts as open: the pay call says so itself when they
 * are not, and a shopper who is offline is told that instead.
 */
function usePayLatch(): Latch {
  const [latch, setLatch] = useState<Latch>({ kind: 'loading' })
  useEffect(() => {
    let live = true
    payLatch({ systemNotify: false }).then(
      (answer) => {
        if (live) setLatch({ kind: 'known', latch: answer })
      },
      () => {
        if (live) setLatch({ kind: 'unknown' })
      },
    )
    return () => {
      live = false
    }
  }, [])
  return latch
}

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

/**
 * Where the server moved the order away from what the page shows (paid by a webhook meanwhile,
 * closed, forfeited): the page and the header's counts of balances due are read again, once per news.
 */
function useServerNews(order: OrderDto, snapshot: FinalPaymentSnapshot | undefined, onChanged?: () => void) {
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
  const { startup, claims } = useSession()
  const latch = usePayLatch()
  const { actor, snapshot } = useFinalPayment((who) => finalPaymentForOrder(who, order.id), String(order.id))
  const [draftPoints, setDraftPoints] = useState<string | null>(null)
  const inputId = useId()
  const yen = (amount: number) => formatYen(amount, language)

  useLiveRedirect(snapshot)
  useServerNews(order, snapshot, onChanged)

  const title = (
    <h2 id="final-pay-title" className={heading}>
      <Trans>支付尾款</Trans>
    </h2>
  )

  if (order.deadlineState === 'forfeited' || snapshot?.matches('forfeited')) {
    return (
      <section className={panel} aria-labelledby="final-pay-title">
        {title}
        <ForfeitedNotice forfeitAt={order.forfeitAt} />
      </section>
    )
  }
  if (!snapshot) {
    return (
      <section className={panel} aria-busy="true" aria-labelledby="final-pay-title">
        {title}
        <p className={muted} role="status">
          <Trans>正在读取付款信息…</Trans>
        </p>
      </section>
    )
  }

  const { context } = snapshot
  const owed = balanceOwed(order)
  const amountDue = finalAmountDue(order)
  const score = startup.payInfo?.score ?? claims?.score ?? 0
  const pointsHeld = Number.isSafeInteger(score) ? Math.max(0, score) : 0
  const usable = Math.min(pointsHeld, amountDue)
  const { pointsUsed, payable } = applyPoints(amountDue, pointsHeld, Math.min(context.points, usable))

  const choosing = snapshot.matches('choosing')
  const latchClosed = (latch.kind === 'known' && !latch.latch.open) || context.error?.kind === 'latchClosed'
  const latchMessage = latch.kind === 'known' ? latch.latch.message : null
  const paying = snapshot.matches('paying') || snapshot.matches('redirecting')
  const canChoose = choosing && !latchClosed
  const hintId = `${inputId}-hint`

  const payBlockedBy = latchClosed ? null : !online ? (
    <Trans>当前离线，联网后才能付款</Trans>
  ) : context.choice === null ? (
    <Trans>请选择支付方式</Trans>
  ) : null

  const setPoints = (text: string) => {
    setDraftPoints(text)
    actor?.send({ type: 'SET_POINTS', points: Math.min(pointsFrom(text), usable) })
  }

  return (
    <section className={panel} aria-labelledby="final-pay-title">
      {title}

      <dl className={amounts} aria-label={t`尾款金额`}>
        <Entry label={<Trans>尾款</Trans>} value={yen(owed)} />
        {order.lateFee > 0 ? (
          <Entry
            label={<Trans>滞纳金（截至今日）</Trans>}
            value={yen(order.lateFee)}
            className={lateFeeEntry}
          />
        ) : null}
        {pointsUsed > 0 ? <Entry label={<Trans>积分抵扣</Trans>} value={`−${yen(pointsUsed)}`} /> : null}
        <Entry label={<Trans>应付金额</Trans>} value={yen(payable)} className={cx(divider, due)} />
      </dl>
      {order.lateFee > 0 ? (
        <p className={lateFeeNote}>
          <Trans>尾款已逾期：滞纳金按商品金额每天 0.5% 计算，须与尾款一起支付。</Trans>
        </p>
      ) : null}

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
            disabled={!canChoose}
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

      <PayProgress
        snapshot={snapshot}
        online={online}
        statusClassName={muted}
        onRetry={() => actor?.send({ type: 'RETRY' })}
        onPayAgain={() => actor?.send({ type: 'PAY_AGAIN' })}
      />

      {context.error && context.error.kind !== 'latchClosed' ? (
        <p className={alertText} role="alert">
          {finalPaymentErrorText(context.error)}
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
          aria-describedby={payBlockedBy && choosing ? 'final-pay-blocked-reason' : undefined}
          onClick={() => actor?.send({ type: 'PAY' })}
        >
          {paying ? <Trans>正在前往支付页面…</Trans> : <Trans>支付尾款</Trans>}
        </Button>
        {payBlockedBy && choosing ? (
          <span id="final-pay-blocked-reason" className={reason}>
            {payBlockedBy}
          </span>
        ) : null}
      </div>
    </section>
  )
}

export default FinalPayPanel

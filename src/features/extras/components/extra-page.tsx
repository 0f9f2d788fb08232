import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect } from 'react'
import type {
  ExtraPaymentActor,
  ExtraPaymentView,
} from '../../../../machines/extra-payment/extra-payment.machine.ts'
import { isSelectable, selectAllIds } from '../../../../machines/extra-payment/extra-payment-types.ts'
import { css, cx } from '../../../../styled-system/css'
import { Button } from '../../../components/ui/button.tsx'
import { Notice } from '../../../components/ui/notice.tsx'
import { pageHeader, pageStack, pageTitle } from '../../../components/ui/page-heading.ts'
import type { ExtraFeeDto } from '../../../domain/extras.ts'
import { MAX_FEES_PER_PAYMENT } from '../../../domain/extras.ts'
import { refreshBadgeCounts } from '../../account/session/badge-counts.ts'
import { useDocumentTitle } from '../../catalog/use-document-title.ts'
import { payPanelLoading } from '../../checkout/components/pay-panel-look.ts'
import { useLiveRedirect } from '../../checkout/live-redirect.ts'
import { usePayLatch } from '../../checkout/use-pay-latch.ts'
import { useOnline } from '../../shell/offline/use-online.ts'
import { extraPaymentForPage } from '../extra-payment-store.ts'
import { useExtraPayment } from '../hooks/use-extra-payment.ts'
import { ExtraFeeBanners } from './extra-fee-banners.tsx'
import { ExtraFeeRow } from './extra-fee-row.tsx'
import { ExtraPayPanel, ExtraPayProgress } from './extra-pay-panel.tsx'
import { PastFees } from './past-fees.tsx'

const section = css({ display: 'flex', flexDirection: 'column', gap: '3' })
const heading = css({ fontSize: 'lg', fontWeight: 'semibold' })
const list = css({ display: 'flex', flexDirection: 'column', gap: '3', listStyle: 'none', p: '0', m: '0' })
const muted = css({ fontSize: 'sm', color: 'text.muted' })
const selectAll = css({
  display: 'inline-flex',
  alignItems: 'center',
  alignSelf: 'flex-start',
  gap: '2',
  fontSize: 'sm',
  fontWeight: 'medium',
  cursor: 'pointer',
})
const checkbox = css({ width: '5', height: '5', accentColor: 'primary', cursor: 'inherit' })

/**
 * /extra (spec §2 'pending extra fees'): the shopper's unpaid extra fees with their reminders, chosen
 * one by one or all at once and paid together through one of the three routes (with points if they
 * like); below, the fees that ended (paid, refunded, void or waived). The extra-payment machine keeps
 * the choice and the attempt across a reload and the round trip through the gateway.
 */
export function ExtraPage() {
  const { t } = useLingui()
  useDocumentTitle(t`额外费用`)
  const { actor, snapshot } = useExtraPayment(extraPaymentForPage, 'page')
  useLiveRedirect(snapshot)
  // settled on this page (the shopper came back with Back after paying): counts and history change
  const settled = snapshot?.matches('paid') ? (snapshot.context.payment?.paymentId ?? 'paid') : null
  useEffect(() => {
    if (settled) refreshBadgeCounts()
  }, [settled])

  return (
    <section className={pageStack} aria-labelledby="extra-title">
      <div className={pageHeader}>
        <h1 id="extra-title" className={pageTitle}>
          <Trans>额外费用</Trans>
        </h1>
      </div>
      <UnpaidFees actor={actor} snapshot={snapshot} />
      <PastFees freshness={settled} />
    </section>
  )
}

function UnpaidFees(props: { actor: ExtraPaymentActor | undefined; snapshot: ExtraPaymentView | undefined }) {
  const { actor, snapshot } = props
  const online = useOnline()
  const latch = usePayLatch()
  const fees = snapshot?.context.fees ?? null
  const send = (type: 'RETRY' | 'RELOAD' | 'PAY_AGAIN') => actor?.send({ type })

  const title = (
    <h2 id="extra-unpaid-title" className={heading}>
      <Trans>待支付的费用</Trans>
    </h2>
  )
  if (!snapshot) {
    return (
      <section className={cx(section, payPanelLoading)} aria-labelledby="extra-unpaid-title" aria-busy="true">
        {title}
        <p className={muted} role="status">
          <Trans>正在读取额外费用…</Trans>
        </p>
      </section>
    )
  }

  // while the fees load, the room the list and the pay panel will take (the past fees stay put)
  const loading = fees === null && !snapshot.matches('loadFailed') && !snapshot.matches('resumeOffline')
  return (
    <section
      className={loading ? cx(section, payPanelLoading) : section}
      aria-labelledby="extra-unpaid-title"
    >
      {fees ? <ExtraFeeBanners fees={fees} /> : null}
      {title}
      <FlowNotices snapshot={snapshot} online={online} send={send} />
      {fees === null ? (
        snapshot.matches('loadFailed') || snapshot.matches('resumeOffline') ? null : (
          <>
            <ExtraPayProgress snapshot={snapshot} online={online} actor={actor} />
            <p className={muted} role="status">
              <Trans>正在读取额外费用…</Trans>
            </p>
          </>
        )
      ) : fees.length === 0 ? (
        <Notice tone="info" title={<Trans>没有待支付的额外费用</Trans>}>
          <Trans>产生仓储费、滞纳金或其他费用时，会在这里列出。</Trans>
        </Notice>
      ) : (
        <>
          <FeeChoice snapshot={snapshot} actor={actor} fees={fees} />
          <ExtraPayPanel snapshot={snapshot} actor={actor} online={online} latch={latch} />
        </>
      )}
    </section>
  )
}

/** What the flow says besides the list: a read that failed, no connection, a payment that ended. */
function FlowNotices(props: {
  snapshot: ExtraPaymentView
  online: boolean
  send: (type: 'RETRY' | 'RELOAD' | 'PAY_AGAIN') => void
}) {
  const { snapshot, send } = props
  if (snapshot.matches('loadFailed')) {
    return (
      <Notice
        tone="error"
        title={<Trans>额外费用加载失败</Trans>}
        action={
          <Button variant="secondary" onClick={() => send('RETRY')}>
            <Trans>重试</Trans>
          </Button>
        }
      >
        <Trans>暂时无法读取您的额外费用，请稍后重试。</Trans>
      </Notice>
    )
  }
  if (snapshot.matches('resumeOffline')) {
    return (
      <Notice
        tone="warning"
        title={<Trans>当前离线</Trans>}
        action={
          <Button variant="secondary" disabled={!props.online} onClick={() => send('RETRY')}>
            <Trans>重试</Trans>
          </Button>
        }
      >
        <Trans>联网后会自动读取最新的额外费用。</Trans>
      </Notice>
    )
  }
  if (snapshot.matches('paid')) {
    return (
      <Notice
        tone="info"
        title={<Trans>付款已确认</Trans>}
        action={
          <Button variant="secondary" onClick={() => send('RELOAD')}>
            <Trans>刷新列表</Trans>
          </Button>
        }
      >
        <Trans>所选费用已支付。</Trans>
      </Notice>
    )
  }
  if (snapshot.matches('payError')) {
    return (
      <Notice
        tone="error"
        title={<Trans>支付出错</Trans>}
        action={
          <Button variant="secondary" onClick={() => send('RELOAD')}>
            <Trans>刷新列表</Trans>
          </Button>
        }
      >
        <Trans>找不到这笔付款的记录。请刷新列表查看费用状态；如已扣款，请联系客服。</Trans>
      </Notice>
    )
  }
  if (snapshot.matches('failed') || snapshot.matches('cancelled')) {
    return (
      <Notice
        tone="warning"
        title={<Trans>上一次付款没有完成</Trans>}
        action={
          <Button variant="secondary" onClick={() => send('PAY_AGAIN')}>
            <Trans>重新付款</Trans>
          </Button>
        }
      >
        <Trans>没有扣款，费用仍待支付。</Trans>
      </Notice>
    )
  }
  return null
}

/** The unpaid fees with a checkbox each (late fees excepted) and "select all". */
function FeeChoice(props: {
  snapshot: ExtraPaymentView
  actor: ExtraPaymentActor | undefined
  fees: readonly ExtraFeeDto[]
}) {
  const { snapshot, actor, fees } = props
  const { t } = useLingui()
  const { context } = snapshot
  const choosing = snapshot.matches('choosing')
  const selectable = fees.filter(isSelectable)
  const all = selectAllIds(fees)
  const allChosen = all.length > 0 && all.every((id) => context.selected.includes(id))
  const someChosen = context.selected.length > 0 && !allChosen
  return (
    <>
      {selectable.length > 0 ? (
        <label className={selectAll}>
          <input
            type="checkbox"
            className={checkbox}
            checked={allChosen}
            ref={(input) => {
              if (input) input.indeterminate = someChosen
            }}
            disabled={!choosing}
            onChange={() => actor?.send({ type: allChosen ? 'SELECT_NONE' : 'SELECT_ALL' })}
          />
          <Trans>全选</Trans>
        </label>
      ) : null}
      {selectable.length > MAX_FEES_PER_PAYMENT ? (
        <p className={muted}>
          <Trans>一次最多支付 {MAX_FEES_PER_PAYMENT} 笔费用。</Trans>
        </p>
      ) : null}
      <ul className={list} aria-label={t`待支付的费用`}>
        {fees.map((fee) => (
          <ExtraFeeRow
            key={fee.id}
            fee={fee}
            pick={
              isSelectable(fee)
                ? {
                    checked: context.selected.includes(fee.id),
                    disabled: !choosing,
                    onToggle: () => actor?.send({ type: 'TOGGLE', feeId: fee.id }),
                  }
                : undefined
            }
          />
        ))}
      </ul>
    </>
  )
}

import { Trans, useLingui } from '@lingui/react/macro'
import { useCallback, useEffect, useRef, useState } from 'react'
import { css, cx } from '../../../../styled-system/css'
import { Button } from '../../../components/ui/button.tsx'
import { Notice } from '../../../components/ui/notice.tsx'
import type { AddressDto } from '../../../domain/address.ts'
import type { SettleDetailsDto } from '../../../domain/orders.ts'
import { formatYen } from '../../../domain/price-display.ts'
import { ResultCode } from '../../../domain/result-code.ts'
import { ApiFailure } from '../../../lib/api-client.ts'
import { currentLanguage } from '../../../lib/i18n.ts'
import { useLanguage } from '../../../lib/use-language.ts'
import { listAddresses } from '../../addresses/api/list-addresses.ts'
import { useOnline } from '../../shell/offline/use-online.ts'
import { settleDetails } from '../api/settle-details.ts'
import { checkoutErrorText } from '../checkout-messages.ts'
import { checkoutForOrder, dropCheckout } from '../checkout-store.ts'
import { useLiveRedirect } from '../live-redirect.ts'
import { useCheckout, useCheckoutOwner } from '../use-checkout.ts'
import { AddressChoice } from './address-choice.tsx'
import { AmountEntry } from './amount-entry.tsx'
import { CancelOrderAction } from './cancel-order-action.tsx'
import { PayActions } from './pay-actions.tsx'
import { PayCountdown } from './pay-countdown.tsx'
import { PayLatchNotice } from './pay-latch-notice.tsx'
import { PayMethodChoice } from './pay-method-choice.tsx'
import {
  amountDue,
  amountList,
  payAlertText,
  payPanel,
  payPanelHeading,
  payPanelLoading,
} from './pay-panel-look.ts'
import { PayProgress } from './pay-progress.tsx'

const testNote = css({
  p: '2',
  borderRadius: 'sm',
  border: '1px dashed',
  borderColor: 'orange.400',
  bg: 'orange.50',
  color: 'orange.900',
  fontSize: 'sm',
})
const muted = css({ color: 'text.muted' })

type Loaded =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'ready'; settle: SettleDetailsDto; addresses: AddressDto[] }

/** The settlement and the shopper's addresses, read together; reload() reads them again. */
function usePanelData(orderId: number, onNotPayable: () => void) {
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' })
  const [round, setRound] = useState(0)
  const notPayable = useRef(onNotPayable)
  useEffect(() => {
    notPayable.current = onNotPayable
  })
  // biome-ignore lint/correctness/useExhaustiveDependencies: round is the reload trigger
  useEffect(() => {
    let live = true
    setLoaded({ kind: 'loading' })
    const quiet = { systemNotify: false }
    Promise.all([settleDetails(orderId, currentLanguage(), quiet), listAddresses(quiet)]).then(
      ([settle, addresses]) => {
        if (live) setLoaded({ kind: 'ready', settle, addresses })
      },
      (error: unknown) => {
        if (!live) return
        // the order moved on (paid meanwhile, cancelled, expired): the page reads it again
        if (error instanceof ApiFailure && error.code === ResultCode.conflict) notPayable.current()
        setLoaded({ kind: 'failed', message: error instanceof Error ? error.message : String(error) })
      },
    )
    return () => {
      live = false
    }
  }, [orderId, round])
  return { loaded, reload: useCallback(() => setRound((n) => n + 1), []) }
}

/** The address to offer first: the default one, or the only one. */
function preferredAddress(addresses: AddressDto[]): number | null {
  const preferred =
    addresses.find((a) => a.acquiescent === 1) ?? (addresses.length === 1 ? addresses[0] : null)
  return preferred?.id ?? null
}

/**
 * Pays the first payment of an order in 2 waitPay (flows §1, §3): the settlement, the payment window
 * counting down, the delivery address, the three routes, then **Pay** → the gateway's page. The
 * checkout machine behind it keeps the attempt's key across a reload, a lost connection and the round
 * trip through the gateway, so a retry never pays twice.
 */
export function OrderPayPanel(props: { orderId: number; onChanged?: () => void }) {
  const { t } = useLingui()
  const language = useLanguage()
  const online = useOnline()
  const owner = useCheckoutOwner()
  const { orderId, onChanged } = props
  const changed = useCallback(() => onChanged?.(), [onChanged])
  const { loaded, reload } = usePanelData(orderId, changed)
  const { actor, snapshot } = useCheckout((who) => checkoutForOrder(who, orderId), String(orderId))
  const [lapsed, setLapsed] = useState(false)
  const markLapsed = useCallback(() => setLapsed(true), [])
  const yen = (amount: number) => formatYen(amount, language)

  useLiveRedirect(snapshot)

  // the server says the order is no longer waiting for payment: the page shows where it is now
  const settled = snapshot?.matches('paid') || snapshot?.matches('orderClosed')
  useEffect(() => {
    if (settled) changed()
  }, [settled, changed])

  // the default address, offered once the addresses are in
  const addresses = loaded.kind === 'ready' ? loaded.addresses : null
  const awaiting = snapshot?.matches('awaitingPayment') ?? false
  const addressId = snapshot?.context.addressId ?? null
  useEffect(() => {
    if (!actor || !awaiting || addressId !== null || !addresses) return
    const preferred = preferredAddress(addresses)
    if (preferred !== null) actor.send({ type: 'SELECT_ADDRESS', addressId: preferred })
  }, [actor, awaiting, addressId, addresses])

  if (loaded.kind === 'loading' || !snapshot) {
    return (
      <section className={cx(payPanel, payPanelLoading)} aria-busy="true" aria-labelledby="pay-panel-title">
        <h2 id="pay-panel-title" className={payPanelHeading}>
          <Trans>付款</Trans>
        </h2>
        <p className={muted} role="status">
          <Trans>正在读取付款信息…</Trans>
        </p>
      </section>
    )
  }
  if (loaded.kind === 'failed') {
    return (
      <Notice
        tone="error"
        title={<Trans>付款信息读取失败</Trans>}
        action={
          <Button variant="secondary" onClick={reload}>
            <Trans>重试</Trans>
          </Button>
        }
      >
        {online ? loaded.message : <Trans>当前离线，联网后请重试。</Trans>}
      </Notice>
    )
  }

  const { settle } = loaded
  const { context } = snapshot
  const latchClosed = !settle.payOpen || context.error?.kind === 'latchClosed'
  const paying = snapshot.matches('paying') || snapshot.matches('redirecting')
  const payOffline = snapshot.matches('payOffline')
  const choosing = awaiting && !latchClosed && !lapsed
  const withDeposit = settle.order.balance > 0

  const payBlockedBy = latchClosed ? null : lapsed ? (
    <Trans>付款期限已过</Trans>
  ) : !online ? (
    <Trans>当前离线，联网后才能付款</Trans>
  ) : context.choice === null ? (
    <Trans>请选择支付方式</Trans>
  ) : null

  return (
    <section className={payPanel} aria-labelledby="pay-panel-title">
      <h2 id="pay-panel-title" className={payPanelHeading}>
        <Trans>付款</Trans>
      </h2>
      {settle.testMode ? (
        <p className={testNote} role="note">
          <Trans>测试模式：付款通过沙盒支付平台进行，不会产生真实扣款。</Trans>
        </p>
      ) : null}

      <dl className={amountList} aria-label={t`付款金额`}>
        <AmountEntry
          label={withDeposit ? <Trans>本次支付定金</Trans> : <Trans>本次支付全款</Trans>}
          value={yen(settle.amountDue)}
        />
        {settle.pointsUsed > 0 ? (
          <AmountEntry label={<Trans>积分抵扣</Trans>} value={`−${yen(settle.pointsUsed)}`} />
        ) : null}
        <AmountEntry label={<Trans>应付金额</Trans>} value={yen(settle.payable)} className={amountDue} />
        {withDeposit ? (
          <AmountEntry label={<Trans>到货后支付尾款</Trans>} value={yen(settle.order.balance)} />
        ) : null}
      </dl>

      {settle.order.payDueTime ? (
        <PayCountdown dueTime={settle.order.payDueTime} language={language} onLapsed={markLapsed} />
      ) : null}

      {latchClosed ? (
        <PayLatchNotice
          message={settle.payMessage}
          fallback={<Trans>请稍后再试，订单会保留到付款期限结束。</Trans>}
        />
      ) : null}

      <PayProgress
        snapshot={snapshot}
        online={online}
        statusClassName={muted}
        onRetry={() => actor?.send({ type: 'RETRY' })}
        onPayAgain={() => actor?.send({ type: 'PAY_AGAIN' })}
      />

      {context.error && context.error.kind !== 'latchClosed' ? (
        <p className={payAlertText} role="alert">
          {checkoutErrorText(context.error)}
        </p>
      ) : null}

      <AddressChoice
        addresses={loaded.addresses}
        selected={addressId}
        language={language}
        disabled={!choosing}
        onSelect={(id) => actor?.send({ type: 'SELECT_ADDRESS', addressId: id })}
      />
      <PayMethodChoice
        choice={context.choice}
        disabled={!choosing}
        onChoose={(choice) => actor?.send({ type: 'CHOOSE', ...choice })}
      />

      <PayActions
        label={<Trans>立即付款</Trans>}
        paying={paying}
        disabled={!choosing || payBlockedBy !== null}
        blockedBy={awaiting ? payBlockedBy : null}
        reasonId="pay-blocked-reason"
        onPay={() => actor?.send({ type: 'PAY' })}
      >
        <CancelOrderAction
          orderId={orderId}
          disabled={paying || payOffline || !online}
          onCancelled={() => {
            if (owner !== null) void dropCheckout(owner)
            changed()
          }}
        />
      </PayActions>
    </section>
  )
}

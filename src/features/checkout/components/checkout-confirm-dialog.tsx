import { Trans, useLingui } from '@lingui/react/macro'
import { useRouter } from '@tanstack/react-router'
import { type ReactNode, useEffect, useRef } from 'react'
import type { CartViewLine } from '../../../../machines/cart/cart-changes.ts'
import type { CheckoutActor } from '../../../../machines/checkout/checkout.machine.ts'
import { css, cx } from '../../../../styled-system/css'
import { Button } from '../../../components/ui/button.tsx'
import { ModalDialog } from '../../../components/ui/modal-dialog.tsx'
import { productNameIn } from '../../../domain/catalog.ts'
import type { Language } from '../../../domain/language.ts'
import { formatYen } from '../../../domain/price-display.ts'
import type { OrderQuote } from '../../../domain/pricing.ts'
import { flushSnapshotWrites } from '../../../lib/persisted-snapshot.ts'
import { checkoutErrorText } from '../checkout-messages.ts'
import { startCheckout, unfinishedCartCheckout } from '../checkout-store.ts'
import { useCheckout } from '../use-checkout.ts'

const lineList = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '2',
  maxHeight: '15rem',
  overflowY: 'auto',
  fontSize: 'sm',
})
const lineRow = css({ display: 'flex', justifyContent: 'space-between', gap: '3' })
const lineName = css({ minWidth: '0', overflowWrap: 'anywhere' })
const muted = css({ color: 'text.muted' })
const totalsList = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '1',
  fontSize: 'sm',
  borderTop: '1px solid',
  borderColor: 'border',
  pt: '2',
})
const entry = css({ display: 'flex', justifyContent: 'space-between', gap: '3' })
const due = css({ fontWeight: 'bold', fontSize: 'md', color: 'secondary.hover' })
const message = css({ p: '3', borderRadius: 'md', border: '1px solid', fontSize: 'sm' })
const errorTone = css({ bg: 'red.50', borderColor: 'red.200', color: 'red.900' })
const offlineTone = css({ bg: 'orange.50', borderColor: 'orange.200', color: 'orange.900' })
const buttons = css({ display: 'flex', justifyContent: 'flex-end', flexWrap: 'wrap', gap: '2' })

/** What the shopper is about to order, as the cart's summary priced it. */
export interface CheckoutSelection {
  lines: CartViewLine[]
  quote: OrderQuote
  pointsUsed: number
  payable: number
}

function Entry(props: { label: ReactNode; value: string; className?: string }) {
  return (
    <div className={cx(entry, props.className)}>
      <dt>{props.label}</dt>
      <dd>{props.value}</dd>
    </div>
  )
}

/**
 * The checkout's confirmation (flows §1): the selected lines, the points and the totals, then
 * **Confirm order** → createOrder → the order's page. A refusal stays in the dialog (the cart reloads
 * to mark the line); without an answer the shopper retries with the same key, so nothing is ordered
 * twice. With `selection` undefined it reopens an order asked for earlier and never confirmed.
 */
export function CheckoutConfirmDialog(props: {
  selection: CheckoutSelection | undefined
  language: Language
  onClose: () => void
  /** The order exists (or was refused): read the cart again. */
  onCartChanged: () => void
}) {
  const { t } = useLingui()
  const router = useRouter()
  const { selection, language } = props
  const yen = (amount: number) => formatYen(amount, language)
  const cartLineIds = selection?.lines.map((line) => line.cartId).join(',') ?? 'unfinished'
  const { actor, snapshot } = useCheckout(
    (owner): Promise<CheckoutActor | undefined> =>
      selection
        ? Promise.resolve(
            startCheckout(
              owner,
              selection.lines.map((line) => line.cartId),
              selection.pointsUsed,
            ),
          )
        : unfinishedCartCheckout(owner),
    cartLineIds,
  )

  // Leaves for the order's page once it exists; tells the cart once the server has answered.
  const { onCartChanged } = props
  const orderId = snapshot?.matches('awaitingPayment') ? snapshot.context.orderId : null
  const refused = snapshot?.matches('confirm') && snapshot.context.error !== null
  const handled = useRef<number | null>(null)
  useEffect(() => {
    if (orderId === null || handled.current === orderId) return
    handled.current = orderId
    onCartChanged()
    void flushSnapshotWrites().then(() => router.history.push(`/order/${orderId}`))
  }, [orderId, onCartChanged, router])
  useEffect(() => {
    if (refused) onCartChanged()
  }, [refused, onCartChanged])

  const creating = snapshot?.matches('creating') ?? false
  // restored after the tab closed mid-call: as unknown as a lost answer, and retried the same way
  const suspended = snapshot?.matches('suspended') ?? false
  const offline = (snapshot?.matches('createOffline') ?? false) || suspended
  const offlineReady = (snapshot?.matches({ createOffline: 'ready' }) ?? false) || suspended
  const error = snapshot?.context.error ?? null
  const reason = error ? checkoutErrorText(error) : ''
  const busy = creating || orderId !== null
  const close = () => {
    if (!busy) props.onClose()
  }

  return (
    <ModalDialog title={<Trans>确认订单</Trans>} onClose={close} closeOnEscape showCloseButton width="lg">
      {selection ? (
        <>
          <ul className={lineList} aria-label={t`订单商品`}>
            {selection.lines.map((line, index) => {
              const quoted = selection.quote.lines[index]
              const name = productNameIn(language, line)
              const quantity = line.productAmount
              return (
                <li key={line.cartId} className={lineRow}>
                  <span className={lineName}>
                    {name} <span className={muted}>× {quantity}</span>
                  </span>
                  <span>{quoted ? yen(quoted.goods) : '—'}</span>
                </li>
              )
            })}
          </ul>
          <dl className={totalsList} aria-label={t`订单金额`}>
            <Entry label={<Trans>商品金额</Trans>} value={yen(selection.quote.goods)} />
            <Entry label={<Trans>平台服务费</Trans>} value={yen(selection.quote.platformFee)} />
            <Entry label={<Trans>结算手续费</Trans>} value={yen(selection.quote.settlementFee)} />
            <Entry label={<Trans>合计</Trans>} value={yen(selection.quote.total)} />
            <Entry label={<Trans>现在支付（定金）</Trans>} value={yen(selection.quote.deposit)} />
            {selection.pointsUsed > 0 ? (
              <Entry label={<Trans>积分抵扣</Trans>} value={`−${yen(selection.pointsUsed)}`} />
            ) : null}
            <Entry label={<Trans>应付金额</Trans>} value={yen(selection.payable)} className={due} />
            <Entry label={<Trans>到货后支付尾款</Trans>} value={yen(selection.quote.balance)} />
          </dl>
          <p className={muted}>
            <Trans>提交后请在 30 分钟内付款，逾期订单将自动取消。</Trans>
          </p>
        </>
      ) : (
        <p>
          <Trans>上次提交的订单还没有得到确认。</Trans>
        </p>
      )}

      <div role="status" aria-live="polite">
        {creating ? <p>{t`正在提交订单…`}</p> : null}
        {orderId !== null ? <p>{t`订单已创建，正在打开订单…`}</p> : null}
      </div>

      {offline ? (
        <div className={cx(message, offlineTone)} role="alert">
          <p>
            <Trans>订单是否已提交尚未确认。</Trans>
          </p>
          <p>
            {offlineReady ? (
              <Trans>请点“重试”确认。重试不会重复下单。</Trans>
            ) : (
              <Trans>网络中断：联网后请点“重试”。重试不会重复下单。</Trans>
            )}
          </p>
        </div>
      ) : null}

      {error ? (
        <div className={cx(message, errorTone)} role="alert">
          <p>
            <Trans>订单未能提交：{reason}</Trans>
          </p>
          <p>
            <Trans>购物车已刷新，请查看标出的商品后再试。</Trans>
          </p>
        </div>
      ) : null}

      <div className={buttons}>
        <Button variant="ghost" disabled={busy} onClick={close}>
          <Trans>返回购物车</Trans>
        </Button>
        {offline ? (
          <Button onClick={() => actor?.send({ type: suspended ? 'RESUME' : 'RETRY' })}>
            <Trans>重试</Trans>
          </Button>
        ) : selection ? (
          <Button
            disabled={!snapshot?.matches('confirm') || busy || error !== null}
            onClick={() => actor?.send({ type: 'CONFIRM' })}
          >
            <Trans>提交订单</Trans>
          </Button>
        ) : null}
      </div>
    </ModalDialog>
  )
}

import { Trans, useLingui } from '@lingui/react/macro'
import { type ReactNode, useEffect, useState } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { pageHeader, pageStack, pageTitle } from '../../../components/ui/page-heading.ts'
import { formatYen } from '../../../domain/price-display.ts'
import { useLanguage } from '../../../lib/use-language.ts'
import { useDocumentTitle } from '../../catalog/use-document-title.ts'
import { LazyExtraResult } from '../../extras/components/lazy-pages.tsx'
import { finalPaymentForPayment, isFinalPaymentOf } from '../../final-payment/final-payment-store.ts'
import { PAY_BALANCE_ANCHOR } from '../../final-payment/pay-balance-anchor.ts'
import { useFinalPayment } from '../../final-payment/use-final-payment.ts'
import { LazyShippingResult } from '../../shipping/components/lazy-pages.tsx'
import { checkoutForPayment } from '../checkout-store.ts'
import { useCheckout } from '../use-checkout.ts'
import { usePayFlowOwner } from '../use-pay-flow.ts'
import {
  AwaitingOutcome,
  AwaitingTransferOutcome,
  GatewayRefusal,
  Outcome,
  ResultLink,
  type ResultView,
  resultLinks,
  useCountsAfterPaid,
  viewOf,
  WAITING,
} from './payment-outcome.tsx'

/** What a payment paid: the flow whose result page it is. */
export type ResultPurpose = 'deposit' | 'balance' | 'shipping' | 'extra'

/**
 * The pages the gateway sends the shopper back to (flows §3): `/order-success` and `/final-success`
 * (the deposit's and the balance's), `/order-cancel` and `/order-error` (shared by both). Whichever
 * page the gateway chose, the pay status says what happened. Reads the payment's status until the
 * webhook has decided (every 1.5 s for about a minute, paused offline), then says what happened and
 * what to do next; a bank transfer still to be made shows where to send it, read again now and then. It drives the flow's machine (the checkout's, the final payment's, the shipping
 * fee's or the extra payment's), so a reload resumes the wait, and a success clears the saved flow.
 * Without `purpose`, the payment is the balance, the shipping fee or the extra fees when this browser's
 * flow of it holds it, else the deposit. The shipping fee's page (`/express-success`) and the extra
 * fees' (`/extra-success`) are their features', fetched when needed.
 */
export function PaymentResultPage(props: { paymentId: string | undefined; purpose?: ResultPurpose }) {
  const { t } = useLingui()
  const { paymentId, purpose } = props
  useDocumentTitle(t`付款结果`)

  return (
    <section className={pageStack} aria-labelledby="pay-result-title">
      <div className={pageHeader}>
        <h1 id="pay-result-title" className={pageTitle}>
          <Trans>付款结果</Trans>
        </h1>
      </div>
      {paymentId === undefined ? (
        <Outcome tone="error" title={<Trans>支付出错</Trans>}>
          <p>
            <Trans>链接中缺少付款编号，无法查询付款结果。请到订单列表查看订单状态。</Trans>
          </p>
          <div className={resultLinks}>
            <OrderListLink primary />
          </div>
        </Outcome>
      ) : purpose === 'shipping' ? (
        <LazyShippingResult paymentId={paymentId} />
      ) : purpose === 'extra' ? (
        <LazyExtraResult paymentId={paymentId} />
      ) : purpose === 'balance' ? (
        <BalanceResult paymentId={paymentId} />
      ) : purpose === 'deposit' ? (
        <DepositResult paymentId={paymentId} />
      ) : (
        <EitherResult paymentId={paymentId} />
      )}
    </section>
  )
}

function DepositResult({ paymentId }: { paymentId: string }) {
  const { actor, snapshot } = useCheckout((owner) => checkoutForPayment(owner, paymentId), paymentId)
  return <ResultOf view={viewOf(snapshot)} purpose="deposit" retry={() => actor?.send({ type: 'RETRY' })} />
}

function BalanceResult({ paymentId }: { paymentId: string }) {
  const { actor, snapshot } = useFinalPayment((owner) => finalPaymentForPayment(owner, paymentId), paymentId)
  const view = viewOf(snapshot)
  // the balance is paid: the header's count of balances due changes
  useCountsAfterPaid(view)
  return <ResultOf view={view} purpose="balance" retry={() => actor?.send({ type: 'RETRY' })} />
}

/** Whether this browser's shipping-fee flow holds the payment (its code is fetched only to ask). */
const isShippingFee = (owner: string, paymentId: string) =>
  import('../../shipping/shipping-fee-store.ts').then((module) => module.isShippingFeeOf(owner, paymentId))

/** Whether this browser's extra-payment flow holds the payment (its code is fetched only to ask). */
const isExtraPayment = (owner: string, paymentId: string) =>
  import('../../extras/extra-payment-store.ts').then((module) => module.isExtraPaymentOf(owner, paymentId))

/**
 * A shared return page: the balance's, the shipping fee's or the extra fees' result when this browser's
 * flow of it holds the payment, else the deposit's.
 */
function EitherResult({ paymentId }: { paymentId: string }) {
  const owner = usePayFlowOwner()
  const [found, setFound] = useState<{ paymentId: string; purpose: ResultPurpose } | undefined>()
  useEffect(() => {
    if (owner === null) return
    let live = true
    void Promise.all([
      isFinalPaymentOf(owner, paymentId),
      isShippingFee(owner, paymentId),
      isExtraPayment(owner, paymentId),
    ]).then(([balance, shipping, extra]) => {
      const purpose = balance ? 'balance' : shipping ? 'shipping' : extra ? 'extra' : 'deposit'
      if (live) setFound({ paymentId, purpose })
    })
    return () => {
      live = false
    }
  }, [owner, paymentId])
  if (found?.paymentId !== paymentId) return <ResultOf view={WAITING} purpose="deposit" retry={() => {}} />
  if (found.purpose === 'shipping') return <LazyShippingResult paymentId={paymentId} />
  if (found.purpose === 'extra') return <LazyExtraResult paymentId={paymentId} />
  return found.purpose === 'balance' ? (
    <BalanceResult paymentId={paymentId} />
  ) : (
    <DepositResult paymentId={paymentId} />
  )
}

function OrderLink(props: {
  orderId: number | null
  children: ReactNode
  primary?: boolean
  /** `#pay-balance`: straight to the order page's balance panel. */
  hash?: string
}) {
  if (props.orderId === null) return null
  return (
    <ResultLink href={`/order/${props.orderId}${props.hash ?? ''}`} primary={props.primary}>
      {props.children}
    </ResultLink>
  )
}

function OrderListLink(props: { primary?: boolean }) {
  return (
    <ResultLink href="/order-list/list" primary={props.primary}>
      <Trans>查看订单列表</Trans>
    </ResultLink>
  )
}

function ResultOf(props: { view: ResultView; purpose: 'deposit' | 'balance'; retry: () => void }) {
  const language = useLanguage()
  const { view, purpose, retry } = props
  const { orderId, status } = view
  const balance = purpose === 'balance'
  // paying again happens on the order page; the balance's panel has an anchor of its own
  const payAgainHash = balance ? `#${PAY_BALANCE_ANCHOR}` : undefined

  if (view.state === 'paid') {
    const amount = status ? formatYen(status.amount, language) : null
    return (
      <Outcome tone="done" title={balance ? <Trans>尾款已支付</Trans> : <Trans>定金已支付</Trans>}>
        <p role="status">
          {amount ? <Trans>已收到您的付款 {amount}。</Trans> : <Trans>已收到您的付款。</Trans>}{' '}
          {balance ? (
            <Trans>请在打包截止日期前申请打包发货。</Trans>
          ) : (
            <Trans>我们会向厂家下单，商品到货后会通知您支付尾款。</Trans>
          )}
        </p>
        <div className={resultLinks}>
          <OrderLink orderId={orderId} primary>
            <Trans>查看订单</Trans>
          </OrderLink>
          <OrderListLink />
        </div>
      </Outcome>
    )
  }
  if (view.state === 'cancelled') {
    return (
      <Outcome tone="warning" title={<Trans>付款已取消</Trans>}>
        <p role="status">
          {balance ? (
            <Trans>没有扣款。尾款仍待支付，请在截止日期前重新付款，逾期会产生滞纳金。</Trans>
          ) : (
            <Trans>没有扣款。订单仍在等待付款，请在付款期限内重新付款。</Trans>
          )}
        </p>
        <div className={resultLinks}>
          <OrderLink orderId={orderId} hash={payAgainHash} primary>
            <Trans>重新付款</Trans>
          </OrderLink>
          <OrderListLink />
        </div>
      </Outcome>
    )
  }
  if (view.state === 'failed') {
    return (
      <Outcome tone="error" title={<Trans>付款失败，请稍后再试</Trans>}>
        <p role="alert">
          <GatewayRefusal view={view} />{' '}
          {balance ? (
            <Trans>没有扣款，尾款仍待支付。可以稍后重试，或换一种支付方式。</Trans>
          ) : (
            <Trans>没有扣款，订单仍在等待付款。可以稍后重试，或换一种支付方式。</Trans>
          )}
        </p>
        <div className={resultLinks}>
          <OrderLink orderId={orderId} hash={payAgainHash} primary>
            <Trans>重新付款</Trans>
          </OrderLink>
          <OrderListLink />
        </div>
      </Outcome>
    )
  }
  if (view.state === 'payError') {
    return (
      <Outcome tone="error" title={<Trans>支付出错</Trans>}>
        <p role="alert">
          <Trans>找不到这笔付款的记录。请到订单列表查看订单状态；如已扣款，请联系客服。</Trans>
        </p>
        <div className={resultLinks}>
          <OrderListLink primary />
        </div>
      </Outcome>
    )
  }
  if (view.state === 'awaitingTransfer') {
    return (
      <AwaitingTransferOutcome view={view}>
        <div className={resultLinks}>
          <OrderLink orderId={orderId}>
            <Trans>查看订单</Trans>
          </OrderLink>
          <OrderListLink />
        </div>
      </AwaitingTransferOutcome>
    )
  }
  if (view.state === 'timedOut') {
    return (
      <Outcome tone="warning" title={<Trans>付款结果尚未确认</Trans>}>
        <p role="status">
          <Trans>支付平台还没有通知我们结果。请稍后再查询，或到订单详情查看；请不要重复付款。</Trans>
        </p>
        <div className={resultLinks}>
          <Button onClick={retry}>
            <Trans>再次查询</Trans>
          </Button>
          <OrderLink orderId={orderId}>
            <Trans>查看订单</Trans>
          </OrderLink>
        </div>
      </Outcome>
    )
  }
  return <AwaitingOutcome view={view} />
}

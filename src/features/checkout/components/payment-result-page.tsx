import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import type { CheckoutSnapshot } from '../../../../machines/checkout/checkout.machine.ts'
import { css, cx } from '../../../../styled-system/css'
import { Button } from '../../../components/ui/button.tsx'
import { HrefLink } from '../../../components/ui/href-link.tsx'
import { pageHeader, pageStack, pageTitle } from '../../../components/ui/page-heading.ts'
import { formatYen } from '../../../domain/price-display.ts'
import { useLanguage } from '../../../lib/use-language.ts'
import { useDocumentTitle } from '../../catalog/use-document-title.ts'
import { payFailureText } from '../checkout-messages.ts'
import { checkoutForPayment } from '../checkout-store.ts'
import { useCheckout } from '../use-checkout.ts'

const card = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
  p: { base: '4', md: '6' },
  bg: 'surface',
  border: '1px solid',
  borderColor: 'border',
  borderRadius: 'md',
  maxWidth: '2xl',
})
const tones = {
  pending: css({ borderColor: 'blue.200', bg: 'blue.50' }),
  done: css({ borderColor: 'green.300', bg: 'green.50' }),
  warning: css({ borderColor: 'orange.200', bg: 'orange.50' }),
  error: css({ borderColor: 'red.200', bg: 'red.50' }),
}
const headline = css({ fontSize: 'xl', fontWeight: 'bold' })
const links = css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center' })
const linkButton = css({
  display: 'inline-flex',
  alignItems: 'center',
  px: '4',
  py: '2',
  borderRadius: 'sm',
  fontSize: 'sm',
  fontWeight: 'medium',
  bg: 'primary',
  color: 'white',
  _hover: { bg: 'primary.hover' },
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '2px' },
})
const plainLink = css({ fontSize: 'sm', textDecoration: 'underline' })

/**
 * `/order-success`, `/order-cancel` and `/order-error` (flows §3): whichever page the gateway chose,
 * the pay status says what happened. Reads the payment's status until the
 * webhook has decided (every 1.5 s for about a minute, paused offline), then says what happened and
 * what to do next. It drives the checkout machine, so a reload resumes the wait, and a success clears
 * the saved checkout.
 */
export function PaymentResultPage(props: { paymentId: string | undefined }) {
  const { t } = useLingui()
  const { paymentId } = props
  const { actor, snapshot } = useCheckout(
    paymentId ? (owner) => checkoutForPayment(owner, paymentId) : null,
    paymentId ?? '',
  )
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
          <div className={links}>
            <OrderListLink primary />
          </div>
        </Outcome>
      ) : (
        <ResultOf snapshot={snapshot} retry={() => actor?.send({ type: 'RETRY' })} />
      )}
    </section>
  )
}

function Outcome(props: { tone: keyof typeof tones; title: ReactNode; children: ReactNode }) {
  return (
    <div className={cx(card, tones[props.tone])}>
      <h2 className={headline}>{props.title}</h2>
      {props.children}
    </div>
  )
}

function OrderLink(props: { orderId: number | null; children: ReactNode; primary?: boolean }) {
  if (props.orderId === null) return null
  return (
    <HrefLink href={`/order/${props.orderId}`} className={props.primary ? linkButton : plainLink}>
      {props.children}
    </HrefLink>
  )
}

function OrderListLink(props: { primary?: boolean }) {
  return (
    <HrefLink href="/order-list/list" className={props.primary ? linkButton : plainLink}>
      <Trans>查看订单列表</Trans>
    </HrefLink>
  )
}

function ResultOf({ snapshot, retry }: { snapshot: CheckoutSnapshot | undefined; retry: () => void }) {
  const language = useLanguage()
  const orderId = snapshot?.context.orderId ?? null
  const status = snapshot?.context.payStatus ?? null

  if (snapshot?.matches('paid')) {
    const amount = status ? formatYen(status.amount, language) : null
    return (
      <Outcome tone="done" title={<Trans>定金已支付</Trans>}>
        <p role="status">
          {amount ? <Trans>已收到您的付款 {amount}。</Trans> : <Trans>已收到您的付款。</Trans>}{' '}
          <Trans>我们会向厂家下单，商品到货后会通知您支付尾款。</Trans>
        </p>
        <div className={links}>
          <OrderLink orderId={orderId} primary>
            <Trans>查看订单</Trans>
          </OrderLink>
          <OrderListLink />
        </div>
      </Outcome>
    )
  }
  if (snapshot?.matches('cancelled')) {
    return (
      <Outcome tone="warning" title={<Trans>付款已取消</Trans>}>
        <p role="status">
          <Trans>没有扣款。订单仍在等待付款，请在付款期限内重新付款。</Trans>
        </p>
        <div className={links}>
          <OrderLink orderId={orderId} primary>
            <Trans>重新付款</Trans>
          </OrderLink>
          <OrderListLink />
        </div>
      </Outcome>
    )
  }
  if (snapshot?.matches('failed')) {
    const why = status?.failure ? payFailureText(status.failure) : null
    return (
      <Outcome tone="error" title={<Trans>付款失败，请稍后再试</Trans>}>
        <p role="alert">
          {why ? <Trans>支付平台拒绝了这笔付款（{why}）。</Trans> : null}{' '}
          <Trans>没有扣款，订单仍在等待付款。可以稍后重试，或换一种支付方式。</Trans>
        </p>
        <div className={links}>
          <OrderLink orderId={orderId} primary>
            <Trans>重新付款</Trans>
          </OrderLink>
          <OrderListLink />
        </div>
      </Outcome>
    )
  }
  if (snapshot?.matches('payError')) {
    return (
      <Outcome tone="error" title={<Trans>支付出错</Trans>}>
        <p role="alert">
          <Trans>找不到这笔付款的记录。请到订单列表查看订单状态；如已扣款，请联系客服。</Trans>
        </p>
        <div className={links}>
          <OrderListLink primary />
        </div>
      </Outcome>
    )
  }
  if (snapshot?.matches({ returned: 'timedOut' })) {
    return (
      <Outcome tone="warning" title={<Trans>付款结果尚未确认</Trans>}>
        <p role="status">
          <Trans>支付平台还没有通知我们结果。请稍后再查询，或到订单详情查看；请不要重复付款。</Trans>
        </p>
        <div className={links}>
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
  if (snapshot?.matches({ returned: 'offline' }) || snapshot?.matches('resumeOffline')) {
    return (
      <Outcome tone="warning" title={<Trans>当前离线</Trans>}>
        <p role="status">
          <Trans>联网后会继续确认付款结果。</Trans>
        </p>
      </Outcome>
    )
  }
  return (
    <Outcome tone="pending" title={<Trans>正在确认您的付款…</Trans>}>
      <p role="status" aria-busy="true">
        <Trans>正在等待支付平台的通知，通常只需几秒钟。请不要关闭页面，也不要重复付款。</Trans>
      </p>
    </Outcome>
  )
}

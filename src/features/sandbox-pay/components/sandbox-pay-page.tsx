import { Trans } from '@lingui/react/macro'
import { type ReactNode, useCallback, useEffect, useState } from 'react'
import { css, cva } from '../../../../styled-system/css'
import { PAYMENT_STATUS_INFO, PaymentStatus } from '../../../domain/payment-status.ts'
import { payReturnPage, type SandboxOutcome, type SandboxPaymentDto } from '../../../domain/payments.ts'
import { formatYen } from '../../../domain/price-display.ts'
import { ResultCode } from '../../../domain/result-code.ts'
import { ApiFailure } from '../../../lib/api-client.ts'
import { useLanguage } from '../../../lib/use-language.ts'
import { payMethodText, payPurposeText, payRouteText } from '../../checkout/payment-words.ts'
import { getSandboxPayment } from '../api/get-sandbox-payment.ts'

/*
 * Deliberately not the shop's look (no navy and orange, no shop buttons): this page stands in for a
 * payment provider's hosted page, and a shopper should see at once that they left the shop for a
 * payment step, and that it is a test.
 */
const backdrop = css({
  display: 'flex',
  justifyContent: 'center',
  py: { base: '4', md: '10' },
  px: '2',
  bg: 'slate.100',
  borderRadius: 'lg',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", sans-serif',
})
const panel = css({
  width: 'full',
  maxWidth: '420px',
  bg: 'white',
  color: 'slate.900',
  borderRadius: 'xl',
  boxShadow: 'xl',
  overflow: 'hidden',
  border: '1px solid',
  borderColor: 'slate.200',
})
const providerBar = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '2',
  px: '5',
  py: '3',
  bg: 'slate.900',
  color: 'white',
  fontSize: 'sm',
  fontWeight: 'semibold',
  letterSpacing: 'wide',
})
const testMode = css({
  display: 'block',
  px: '5',
  py: '3',
  textAlign: 'center',
  fontSize: '2xl',
  fontWeight: 'black',
  letterSpacing: 'wider',
  color: 'amber.950',
  bg: 'repeating-linear-gradient(135deg, #fcd34d 0 14px, #fbbf24 14px 28px)',
  borderBottom: '2px solid',
  borderColor: 'amber.600',
})
const testModeNote = css({ display: 'block', fontSize: 'xs', fontWeight: 'medium', letterSpacing: 'normal' })
const body = css({ display: 'flex', flexDirection: 'column', gap: '4', px: '5', py: '5' })
const amountLabel = css({ fontSize: 'xs', color: 'slate.500', textTransform: 'uppercase' })
const amount = css({
  fontSize: '4xl',
  fontWeight: 'bold',
  fontVariantNumeric: 'tabular-nums',
  lineHeight: '1.1',
})
const details = css({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  columnGap: '4',
  rowGap: '1',
  fontSize: 'sm',
  '& dt': { color: 'slate.500' },
  '& dd': { fontWeight: 'medium', overflowWrap: 'anywhere' },
})
const buttons = css({ display: 'flex', flexDirection: 'column', gap: '2' })
const outcomeButton = cva({
  base: {
    width: 'full',
    px: '4',
    py: '3',
    borderRadius: 'md',
    fontSize: 'md',
    fontWeight: 'semibold',
    cursor: 'pointer',
    border: '1px solid transparent',
    _focusVisible: { outline: '3px solid', outlineColor: 'indigo.400', outlineOffset: '2px' },
  },
  variants: {
    kind: {
      pay: { bg: 'indigo.600', color: 'white', _hover: { bg: 'indigo.700' } },
      decline: { bg: 'white', color: 'rose.700', borderColor: 'rose.300', _hover: { bg: 'rose.50' } },
      cancel: { bg: 'white', color: 'slate.700', borderColor: 'slate.300', _hover: { bg: 'slate.50' } },
    },
  },
})
const disclosure = css({
  fontSize: 'sm',
  '& summary': { cursor: 'pointer', color: 'indigo.700', py: '1' },
  '& summary:focus-visible': { outline: '2px solid', outlineColor: 'indigo.400' },
})
const stepTitle = css({ fontWeight: 'semibold' })
const moreList = css({ display: 'flex', flexDirection: 'column', gap: '2', pt: '2' })
const moreHint = css({ fontSize: 'xs', color: 'slate.500' })
const message = css({ fontSize: 'sm', color: 'slate.700' })
const backLink = css({ color: 'indigo.700', textDecoration: 'underline', fontWeight: 'medium' })
const retryButton = css({
  alignSelf: 'flex-start',
  px: '3',
  py: '1.5',
  border: '1px solid',
  borderColor: 'slate.300',
  borderRadius: 'md',
  cursor: 'pointer',
})

type Loaded =
  | { state: 'loading' }
  | { state: 'notFound' }
  | { state: 'failed' }
  | { state: 'ready'; payment: SandboxPaymentDto }

/** Where the shopper goes back to from a payment that is no longer payable. */
function backHref(payment: SandboxPaymentDto): string {
  if (payment.status === PaymentStatus.pay)
    return payReturnPage(payment.purpose, 'success', payment.paymentId)
  if (payment.status === PaymentStatus.cancel)
    return payReturnPage(payment.purpose, 'cancel', payment.paymentId)
  return '/'
}

/**
 * One outcome as a real HTML form: the sandbox answers with a 303 to the shop's return page, so the
 * browser navigates away exactly as it would from a provider's page.
 */
function OutcomeForm(props: {
  paymentId: string
  outcome: SandboxOutcome
  kind: 'pay' | 'decline' | 'cancel'
  children: ReactNode
}) {
  return (
    <form method="post" action={`/api/pay/sandbox/${encodeURIComponent(props.paymentId)}/${props.outcome}`}>
      <button type="submit" className={outcomeButton({ kind: props.kind })}>
        {props.children}
      </button>
    </form>
  )
}

/**
 * /sandbox-pay/{paymentId}: the sandbox gateway's hosted payment page (flows §3). Shows the amount,
 * what it pays, the route and method, and the outcomes; `step: 'confirm'` is its extra confirmation
 * (a stand-in for 3-D Secure). No sign-in needed.
 */
export function SandboxPayPage(props: { paymentId: string; step: 'confirm' | undefined }) {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' })

  const load = useCallback(async () => {
    setLoaded({ state: 'loading' })
    try {
      setLoaded({ state: 'ready', payment: await getSandboxPayment(props.paymentId) })
    } catch (error) {
      const gone = error instanceof ApiFailure && error.code === ResultCode.notFound
      setLoaded({ state: gone ? 'notFound' : 'failed' })
    }
  }, [props.paymentId])

  useEffect(() => {
    void load()
  }, [load])

  return (
    <div className={backdrop}>
      <section className={panel} aria-labelledby="sandbox-pay-title">
        <div className={providerBar}>
          <h1 id="sandbox-pay-title">
            <Trans>Yoyaku 测试支付网关</Trans>
          </h1>
          <span aria-hidden="true">🔒</span>
        </div>
        <p className={testMode}>
          <Trans>测试模式</Trans>
          <span className={testModeNote}>
            <Trans>这是模拟的支付页面，不会产生真实扣款。</Trans>
          </span>
        </p>
        <div className={body}>
          {loaded.state === 'loading' ? (
            <p role="status" className={message}>
              <Trans>正在读取付款信息…</Trans>
            </p>
          ) : null}
          {loaded.state === 'notFound' ? (
            <div role="alert" className={message}>
              <p>
                <Trans>找不到这笔付款。链接可能有误，或付款已过期。</Trans>
              </p>
              <a className={backLink} href="/">
                <Trans>返回商店</Trans>
              </a>
            </div>
          ) : null}
          {loaded.state === 'failed' ? (
            <>
              <p role="alert" className={message}>
                <Trans>付款信息读取失败，请检查网络后重试。</Trans>
              </p>
              <button type="button" className={retryButton} onClick={() => void load()}>
                <Trans>重试</Trans>
              </button>
            </>
          ) : null}
          {loaded.state === 'ready' ? <PaymentBody payment={loaded.payment} step={props.step} /> : null}
        </div>
      </section>
    </div>
  )
}

function PaymentBody({ payment, step }: { payment: SandboxPaymentDto; step: 'confirm' | undefined }) {
  const language = useLanguage()
  const payable = payment.status === PaymentStatus.waitPay
  return (
    <>
      <div>
        <p className={amountLabel}>
          <Trans>应付金额</Trans>
        </p>
        <p className={amount}>{formatYen(payment.amount, language)}</p>
      </div>
      <dl className={details}>
        <dt>
          <Trans>付款内容</Trans>
        </dt>
        <dd>{payPurposeText(payment.purpose)}</dd>
        <dt>
          <Trans>支付渠道</Trans>
        </dt>
        <dd>{payRouteText(payment.route)}</dd>
        <dt>
          <Trans>支付方式</Trans>
        </dt>
        <dd>{payMethodText(payment.route, payment.method)}</dd>
        <dt>
          <Trans>付款编号</Trans>
        </dt>
        <dd>{payment.paymentId}</dd>
      </dl>
      {payable ? null : (
        <div role="status" className={message}>
          <p>
            <Trans>这笔付款已不能支付（{PAYMENT_STATUS_INFO[payment.status].label[language]}）。</Trans>
          </p>
          <a className={backLink} href={backHref(payment)}>
            <Trans>返回商店</Trans>
          </a>
        </div>
      )}
      {payable && step === 'confirm' ? (
        <section className={buttons} aria-labelledby="sandbox-confirm-title">
          <h2 id="sandbox-confirm-title" className={stepTitle}>
            <Trans>额外验证（模拟 3-D Secure）</Trans>
          </h2>
          <p className={message}>
            <Trans>发卡机构要求再确认一次。请选择验证结果：</Trans>
          </p>
          <OutcomeForm paymentId={payment.paymentId} outcome="paid" kind="pay">
            <Trans>验证通过并支付</Trans>
          </OutcomeForm>
          <OutcomeForm paymentId={payment.paymentId} outcome="declined" kind="decline">
            <Trans>验证失败</Trans>
          </OutcomeForm>
        </section>
      ) : null}
      {payable && step !== 'confirm' ? (
        <>
          <div className={buttons}>
            <OutcomeForm paymentId={payment.paymentId} outcome="paid" kind="pay">
              <Trans>支付 {formatYen(payment.amount, language)}</Trans>
            </OutcomeForm>
            <OutcomeForm paymentId={payment.paymentId} outcome="declined" kind="decline">
              <Trans>模拟拒付</Trans>
            </OutcomeForm>
            <OutcomeForm paymentId={payment.paymentId} outcome="cancelled" kind="cancel">
              <Trans>取消付款</Trans>
            </OutcomeForm>
          </div>
          <details className={disclosure}>
            <summary>
              <Trans>更多测试结果</Trans>
            </summary>
            <div className={moreList}>
              <OutcomeForm paymentId={payment.paymentId} outcome="insufficient" kind="decline">
                <Trans>余额不足</Trans>
              </OutcomeForm>
              <OutcomeForm paymentId={payment.paymentId} outcome="confirm" kind="cancel">
                <Trans>需要额外验证（模拟 3-D Secure）</Trans>
              </OutcomeForm>
              <OutcomeForm paymentId={payment.paymentId} outcome="delayed" kind="cancel">
                <Trans>延迟几秒后支付成功</Trans>
              </OutcomeForm>
              <p className={moreHint}>
                <Trans>这些结果用来试验商店如何处理付款失败、额外验证和迟到的确认。</Trans>
              </p>
            </div>
          </details>
        </>
      ) : null}
    </>
  )
}

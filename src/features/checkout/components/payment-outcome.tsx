import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { type ReactNode, useEffect } from 'react'
import { css, cx } from '../../../../styled-system/css'
import { HrefLink } from '../../../components/ui/href-link.tsx'
import {
  awaitsTransfer,
  type BankTransferDto,
  type PayStatusDto,
  payFailureReason,
} from '../../../domain/payments.ts'
import { formatYen } from '../../../domain/price-display.ts'
import { useLanguage } from '../../../lib/use-language.ts'
import { refreshBadgeCounts } from '../../account/session/badge-counts.ts'
import { bankAccountTypeText, payFailureText } from '../payment-words.ts'

/* What every payment result page shows (the deposit's, the balance's, the shipping fee's, the extra
 * fees'): where the payment stands, read from its flow, in a card toned by the outcome. */

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
export const resultLinks = css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center' })
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
const transferFacts = css({
  display: 'grid',
  gridTemplateColumns: 'max-content minmax(0, 1fr)',
  columnGap: '4',
  rowGap: '1',
  fontSize: 'sm',
})
const transferRow = css({ display: 'contents' })
const transferTerm = css({ color: 'text.muted' })
const transferValue = css({
  fontVariantNumeric: 'tabular-nums',
  overflowWrap: 'anywhere',
  fontWeight: 'medium',
})

/** Where a payment stands on a result page, whichever flow waited for it. */
export interface ResultView {
  state:
    | 'pending'
    | 'awaitingTransfer'
    | 'offline'
    | 'timedOut'
    | 'paid'
    | 'cancelled'
    | 'failed'
    | 'payError'
  orderId: number | null
  status: PayStatusDto | null
}

export const WAITING: ResultView = { state: 'pending', orderId: null, status: null }

/** What a flow's snapshot shows on a result page: the states every paying flow shares there. */
interface ReturnedFlow {
  context: { orderId?: number | null; payStatus: PayStatusDto | null }
  matches(
    state:
      | 'paid'
      | 'cancelled'
      | 'failed'
      | 'payError'
      | 'resumeOffline'
      | { returned: 'timedOut' | 'offline' },
  ): boolean
}

/** Where the flow's snapshot says the payment stands (pending until the flow is open). */
export function viewOf(snapshot: ReturnedFlow | undefined): ResultView {
  if (!snapshot) return WAITING
  const { orderId = null, payStatus: status } = snapshot.context
  const view = (state: ResultView['state']): ResultView => ({ state, orderId, status })
  if (snapshot.matches('paid')) return view('paid')
  if (snapshot.matches('cancelled')) return view('cancelled')
  if (snapshot.matches('failed')) return view('failed')
  if (snapshot.matches('payError')) return view('payError')
  // the attempt rests in `returned.awaitingTransfer` with this status; read from the status, the
  // instructions also stay on screen while it is read again or the connection is away
  if (awaitsTransfer(status)) return view('awaitingTransfer')
  if (snapshot.matches({ returned: 'timedOut' })) return view('timedOut')
  if (snapshot.matches({ returned: 'offline' }) || snapshot.matches('resumeOffline')) return view('offline')
  return view('pending')
}

/** The result in a card toned by the outcome, under its headline. */
export function Outcome(props: { tone: keyof typeof tones; title: ReactNode; children: ReactNode }) {
  return (
    <div className={cx(card, tones[props.tone])}>
      <h2 className={headline}>{props.title}</h2>
      {props.children}
    </div>
  )
}

/** A way on from a result: the first (primary) one looks like a button. */
export function ResultLink(props: { href: string; primary?: boolean | undefined; children: ReactNode }) {
  return (
    <HrefLink href={props.href} className={props.primary ? linkButton : plainLink}>
      {props.children}
    </HrefLink>
  )
}

/** Why a failed payment did not go through, in the shop's words for the provider's code. */
export function GatewayRefusal({ view }: { view: ResultView }) {
  if (view.state !== 'failed') return null
  const reason = payFailureReason(view.status?.failure ?? null)
  if (reason === 'failed') return <Trans>支付平台没有完成这笔付款。</Trans>
  const why = payFailureText(reason)
  return <Trans>支付平台拒绝了这笔付款（{why}）。</Trans>
}

/** No verdict yet: waiting for the gateway's word, for the connection to ask again, or for a transfer. */
export function AwaitingOutcome({ view }: { view: ResultView }) {
  if (view.state === 'awaitingTransfer' && view.status?.transfer)
    return <AwaitingTransferOutcome view={view} />
  if (view.state === 'offline') {
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

/** A paid result changes what the header counts as due: it reads its counts again. */
export function useCountsAfterPaid(view: ResultView) {
  const paid = view.state === 'paid'
  useEffect(() => {
    if (paid) refreshBadgeCounts()
  }, [paid])
}

/** Where to send a bank transfer, as the provider gave it; a detail it left out is not shown. */
export function TransferDetails({ transfer }: { transfer: BankTransferDto }) {
  const language = useLanguage()
  // rendered again when the language changes: the account type's word follows it
  useLingui()
  const withCode = (name: string | null, code: string | null) =>
    name && code ? `${name} (${code})` : (name ?? code)
  const rows: { key: string; term: ReactNode; value: string | null }[] = [
    { key: 'amount', term: <Trans>转账金额</Trans>, value: formatYen(transfer.amount, language) },
    { key: 'reference', term: <Trans>参考号</Trans>, value: transfer.reference },
    { key: 'bank', term: <Trans>银行</Trans>, value: withCode(transfer.bankName, transfer.bankCode) },
    { key: 'branch', term: <Trans>支店</Trans>, value: withCode(transfer.branchName, transfer.branchCode) },
    {
      key: 'accountType',
      term: <Trans>账户类型</Trans>,
      value: transfer.accountType && bankAccountTypeText(transfer.accountType),
    },
    { key: 'accountNumber', term: <Trans>账号</Trans>, value: transfer.accountNumber },
    { key: 'holder', term: <Trans>户名</Trans>, value: transfer.accountHolderName },
  ]
  return (
    <dl className={transferFacts}>
      {rows
        .filter((row) => row.value)
        .map((row) => (
          <div key={row.key} className={transferRow}>
            <dt className={transferTerm}>{row.term}</dt>
            <dd className={transferValue}>{row.value}</dd>
          </div>
        ))}
    </dl>
  )
}

/**
 * The payment waits for the shopper's bank transfer: where to send it, instead of a spinner. The flow
 * reads the status again now and then, so the page changes by itself when the money arrives.
 */
export function AwaitingTransferOutcome(props: { view: ResultView; children?: ReactNode }) {
  const transfer = props.view.status?.transfer
  if (!transfer) return <AwaitingOutcome view={props.view} />
  return (
    <Outcome tone="pending" title={<Trans>等待您的银行转账</Trans>}>
      <p role="status">
        <Trans>
          请按以下信息转账，并在汇款人名称前填写参考号。请在付款期限内完成转账；款项到账后订单即确认，本页面也会自动更新。请不要重复付款。
        </Trans>
      </p>
      <TransferDetails transfer={transfer} />
      {props.children}
    </Outcome>
  )
}

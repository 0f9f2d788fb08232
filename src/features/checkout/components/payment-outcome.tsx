import { Trans } from '@lingui/react/macro'
import { type ReactNode, useEffect } from 'react'
import { css, cx } from '../../../../styled-system/css'
import { HrefLink } from '../../../components/ui/href-link.tsx'
import { type PayStatusDto, payFailureReason } from '../../../domain/payments.ts'
import { refreshBadgeCounts } from '../../account/session/badge-counts.ts'
import { payFailureText } from '../payment-words.ts'

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

/** Where a payment stands on a result page, whichever flow waited for it. */
export interface ResultView {
  state: 'pending' | 'offline' | 'timedOut' | 'paid' | 'cancelled' | 'failed' | 'payError'
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

/** No verdict yet: waiting for the gateway's word, or for the connection to ask again. */
export function AwaitingOutcome({ view }: { view: ResultView }) {
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

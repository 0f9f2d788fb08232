import type { ReactNode } from 'react'
import { css, cx } from '../../../../styled-system/css'
import type { PayStatusDto } from '../../../domain/payments.ts'

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
export const linkButton = css({
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
export const plainLink = css({ fontSize: 'sm', textDecoration: 'underline' })

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

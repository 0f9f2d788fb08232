import { useLingui } from '@lingui/react/macro'
import { css, cx } from '../../../../styled-system/css'
import type { DeadlineState } from '../../../domain/deadlines.ts'
import type { Tone } from '../../../domain/tone.ts'

// The status colours (spec §4): on time is fine (green), due soon waits on the shopper (orange),
// overdue and forfeited are the red of a missed deadline.
const TONE: Record<DeadlineState, Tone> = {
  onTime: 'done',
  dueSoon: 'waiting',
  overdue: 'cancelled',
  forfeited: 'cancelled',
}
const toneClass: Record<Tone, string> = {
  waiting: css({ bg: 'status.waiting' }),
  done: css({ bg: 'status.done' }),
  cancelled: css({ bg: 'status.cancelled' }),
  other: css({ bg: 'status.other' }),
}
const badge = css({
  display: 'inline-block',
  px: '2',
  py: '0.5',
  borderRadius: 'sm',
  color: 'white',
  fontSize: 'xs',
  fontWeight: 'semibold',
  lineHeight: 'tight',
  whiteSpace: 'nowrap',
})

/** The order's deadline state as the server's domain classified it, in words and its colour; '—' without one. */
export function DeadlineBadge({ state }: { state: DeadlineState | null }) {
  const { t } = useLingui()
  if (state === null) return <>—</>
  const words: Record<DeadlineState, string> = {
    onTime: t`未到期`,
    dueSoon: t`即将到期`,
    overdue: t`已逾期`,
    forfeited: t`已过没收日`,
  }
  return (
    <span className={cx(badge, toneClass[TONE[state]])} data-tone={TONE[state]} data-deadline={state}>
      {words[state]}
    </span>
  )
}

import type { ReactNode } from 'react'
import { css, cx } from '../../../styled-system/css'
import type { DeadlineState } from '../../domain/deadlines.ts'

/*
 * Colours of a deadline's state (spec §2 reminder banners, §4 colour convention): on time green, due
 * soon amber, overdue red, forfeited grey. Every place that shows a deadline takes them from here,
 * always next to words saying the same (colour is never the only signal).
 */

/** Text in the state's colour, dark enough on white (WCAG AA). */
export const deadlineTextTone: Record<DeadlineState, string> = {
  onTime: css({ color: 'green.700' }),
  dueSoon: css({ color: 'amber.800' }),
  overdue: css({ color: 'red.700' }),
  forfeited: css({ color: 'gray.600' }),
}

const bannerTone: Record<DeadlineState, string> = {
  onTime: css({ bg: 'blue.50', borderColor: 'blue.200', color: 'blue.900' }),
  dueSoon: css({ bg: 'amber.50', borderColor: 'amber.300', color: 'amber.900' }),
  overdue: css({ bg: 'red.50', borderColor: 'red.300', color: 'red.900' }),
  forfeited: css({ bg: 'gray.100', borderColor: 'gray.300', color: 'gray.800' }),
}

const box = css({
  display: 'flex',
  flexDirection: { base: 'column', sm: 'row' },
  alignItems: { base: 'flex-start', sm: 'center' },
  justifyContent: 'space-between',
  gap: '3',
  px: '4',
  py: '3',
  borderRadius: 'md',
  border: '1px solid',
  borderInlineStartWidth: '4px',
  fontSize: 'sm',
})
const titleText = css({ fontWeight: 'semibold' })

/**
 * A reminder of something the shopper must do by a deadline: a balance, a packaging request, a storage
 * or shipping fee. Coloured by how close the deadline is; an overdue or forfeited one is an alert
 * (read out at once), the others a polite status. `action` is usually the link that settles it.
 */
export function ReminderBanner(props: {
  state: DeadlineState
  title: ReactNode
  children?: ReactNode
  action?: ReactNode
}) {
  const urgent = props.state === 'overdue' || props.state === 'forfeited'
  return (
    <div
      className={cx(box, bannerTone[props.state])}
      role={urgent ? 'alert' : 'status'}
      data-state={props.state}
    >
      <div>
        <p className={titleText}>{props.title}</p>
        {props.children ? <p>{props.children}</p> : null}
      </div>
      {props.action}
    </div>
  )
}

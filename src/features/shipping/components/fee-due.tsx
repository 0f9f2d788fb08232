import { css, cx } from '../../../../styled-system/css'
import { deadlineTextTone } from '../../../components/ui/reminder-banner.tsx'
import type { DeadlineState } from '../../../domain/deadlines.ts'
import { DaysLeft, shopToday } from '../../orders/components/order-deadlines.tsx'

const emphasis = css({ fontWeight: 'semibold' })

/**
 * The shipping fee's due date and how far off or how late it is, in its deadline's colour (always with
 * words saying the same). The state is the server's; only the days are counted here.
 */
export function FeeDue({ due, state }: { due: string; state: DeadlineState | null }) {
  return (
    <span className={cx(state ? deadlineTextTone[state] : undefined)} data-state={state ?? undefined}>
      {due}
      <span aria-hidden="true"> · </span>
      <span className={emphasis}>
        <DaysLeft deadline={due} today={shopToday()} />
      </span>
    </span>
  )
}

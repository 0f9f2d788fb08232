import { useLingui } from '@lingui/react/macro'
import { css } from '../../../../../styled-system/css'
import { Button } from '../../../../components/ui/button.tsx'

const pair = css({ display: 'inline-flex', gap: '1', '& button': { px: '2' } })

/** Move a row up or down among its siblings; the ends cannot go further. */
export function SortButtons(props: {
  name: string
  first: boolean
  last: boolean
  busy: boolean
  onMove: (up: boolean) => void
}) {
  const { t } = useLingui()
  return (
    <span className={pair}>
      <Button
        variant="ghost"
        aria-label={t`上移：${props.name}`}
        disabled={props.busy || props.first}
        onClick={() => props.onMove(true)}
      >
        ↑
      </Button>
      <Button
        variant="ghost"
        aria-label={t`下移：${props.name}`}
        disabled={props.busy || props.last}
        onClick={() => props.onMove(false)}
      >
        ↓
      </Button>
    </span>
  )
}

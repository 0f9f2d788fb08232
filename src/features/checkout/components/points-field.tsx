import { Trans } from '@lingui/react/macro'
import { useId, useState } from 'react'
import { css, cx } from '../../../../styled-system/css'
import { fieldControl } from '../../../components/ui/form-field.tsx'
import { useSession } from '../../account/session/use-session.tsx'
import { payMutedText } from './pay-panel-look.ts'

const field = css({ display: 'flex', flexDirection: 'column', gap: '1', fontSize: 'sm', maxWidth: 'md' })
const input = css({ maxWidth: '40' })

/** Whole points from what was typed; anything else reads as none. */
export function pointsFrom(text: string): number {
  const value = Math.floor(Number(text))
  return Number.isSafeInteger(value) && value > 0 ? value : 0
}

/** The points the signed-in shopper holds (the pay info's when read, else the session's): never below 0. */
export function usePointsHeld(): number {
  const { startup, claims } = useSession()
  const score = startup.payInfo?.score ?? claims?.score ?? 0
  return Number.isSafeInteger(score) ? Math.max(0, score) : 0
}

/**
 * The points a pay panel's flow should use (1 point = 1 yen): typed freely, handed on as a whole number
 * no larger than `usable`; leaving the field shows what the flow took. Nothing when the shopper holds
 * no points.
 */
export function PointsField(props: {
  pointsHeld: number
  usable: number
  pointsUsed: number
  disabled: boolean
  onPoints: (points: number) => void
}) {
  const { pointsHeld, usable } = props
  const [draft, setDraft] = useState<string | null>(null)
  const inputId = useId()
  const hintId = `${inputId}-hint`
  if (pointsHeld <= 0) return null
  return (
    <div className={field}>
      <label htmlFor={inputId}>
        <Trans>使用积分</Trans>
      </label>
      <input
        id={inputId}
        className={cx(fieldControl, input)}
        type="number"
        inputMode="numeric"
        min={0}
        max={usable}
        step={1}
        value={draft ?? String(props.pointsUsed)}
        disabled={props.disabled}
        aria-describedby={hintId}
        onChange={(event) => {
          setDraft(event.target.value)
          props.onPoints(Math.min(pointsFrom(event.target.value), usable))
        }}
        onBlur={() => setDraft(null)}
      />
      <p id={hintId} className={payMutedText}>
        <Trans>
          持有 {pointsHeld} 积分，本次最多可用 {usable} 积分（1 积分抵 1 日元）。
        </Trans>
      </p>
    </div>
  )
}

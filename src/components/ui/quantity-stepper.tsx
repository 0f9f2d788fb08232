import { useLingui } from '@lingui/react/macro'
import { useEffect, useId, useState } from 'react'
import { css, cx } from '../../../styled-system/css'
import { fieldControl } from './form-field.tsx'

/**
 * The nearest allowed quantity to what was typed: a multiple of `step`, at least `min`, at most `max`
 * (rounded down to a multiple) when there is one. Junk reads as `min`.
 */
export function snapQuantity(
  raw: number,
  rule: { min: number; step: number; max?: number | undefined },
): number {
  const step = Math.max(1, Math.floor(rule.step))
  const min = Math.max(step, Math.ceil(rule.min / step) * step)
  if (!Number.isFinite(raw)) return min
  let value = Math.round(raw / step) * step
  if (rule.max !== undefined) value = Math.min(value, Math.floor(rule.max / step) * step)
  return Math.max(min, value)
}

const group = css({ display: 'flex', flexDirection: 'column', gap: '1' })
const labelText = css({ fontSize: 'sm', fontWeight: 'medium' })
const row = css({ display: 'inline-flex', alignItems: 'stretch', gap: '1' })
const stepButton = css({
  width: '10',
  minHeight: '10',
  fontSize: 'lg',
  lineHeight: '1',
  border: '1px solid',
  borderColor: 'gray.300',
  borderRadius: 'sm',
  bg: 'surface.muted',
  cursor: 'pointer',
  _disabled: { opacity: 0.4, cursor: 'not-allowed' },
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '1px' },
})
const input = css({ width: '20', flex: 'none', textAlign: 'center' })
const hintText = css({ fontSize: 'xs', color: 'text.muted' })

/**
 * A number input with − and + buttons that move by `step` between `min` and `max`. What is typed is
 * snapped to an allowed value when the input loses focus; a form reading the input (`name`) should
 * snap it too, since Enter submits before that.
 */
export function QuantityStepper(props: {
  label: string
  name: string
  value: number
  min: number
  step: number
  max?: number | undefined
  hint?: string
  onChange: (value: number) => void
}) {
  const { t } = useLingui()
  const id = useId()
  const rule = { min: props.min, step: props.step, max: props.max }
  const [text, setText] = useState(String(props.value))
  useEffect(() => setText(String(props.value)), [props.value])
  const commit = (raw: number) => {
    const next = snapQuantity(raw, rule)
    setText(String(next))
    props.onChange(next)
  }
  const atMin = props.value <= snapQuantity(props.min, rule)
  const atMax = props.max !== undefined && props.value >= snapQuantity(props.max, rule)
  return (
    <div className={group}>
      <label htmlFor={id} className={labelText}>
        {props.label}
      </label>
      <div className={row}>
        <button
          type="button"
          className={stepButton}
          aria-label={t`减少 ${props.step}`}
          aria-controls={id}
          disabled={atMin}
          onClick={() => commit(props.value - props.step)}
        >
          <span aria-hidden="true">−</span>
        </button>
        <input
          id={id}
          name={props.name}
          className={cx(fieldControl, input)}
          type="number"
          inputMode="numeric"
          min={props.min}
          max={props.max}
          step={props.step}
          value={text}
          aria-describedby={props.hint ? `${id}-hint` : undefined}
          onChange={(event) => setText(event.target.value)}
          onBlur={() => commit(Number(text))}
        />
        <button
          type="button"
          className={stepButton}
          aria-label={t`增加 ${props.step}`}
          aria-controls={id}
          disabled={atMax}
          onClick={() => commit(props.value + props.step)}
        >
          <span aria-hidden="true">+</span>
        </button>
      </div>
      {props.hint ? (
        <p id={`${id}-hint`} className={hintText}>
          {props.hint}
        </p>
      ) : null}
    </div>
  )
}

import { Trans } from '@lingui/react/macro'
import { type ReactNode, useId } from 'react'
import { css } from '../../../../styled-system/css'
import { fieldControl, fieldErrorText } from '../../../components/ui/form-field.tsx'

const field = css({ display: 'flex', flexDirection: 'column', gap: '1' })
const label = css({ fontSize: 'sm', fontWeight: 'medium' })
const hint = css({ fontSize: 'xs', color: 'text.muted' })

/**
 * A required text of the fee dialogs (a fee's remark, a reason): labelled, with how much is typed
 * against the limit, and the error under it.
 */
export function RemarkField(props: {
  label: ReactNode
  value: string
  max: number
  error: string | undefined
  disabled: boolean
  onChange: (value: string) => void
}) {
  const id = useId()
  const length = props.value.length
  const error = props.error
  return (
    <div className={field}>
      <label htmlFor={`${id}-text`} className={label}>
        {props.label}
      </label>
      <textarea
        id={`${id}-text`}
        className={fieldControl}
        rows={3}
        value={props.value}
        required
        disabled={props.disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
        onChange={(event) => props.onChange(event.target.value)}
      />
      <p id={`${id}-hint`} className={hint}>
        <Trans>
          必填，最多 {props.max} 个字符（已输入 {length}）。
        </Trans>
      </p>
      {error ? (
        <p id={`${id}-error`} className={fieldErrorText}>
          {error}
        </p>
      ) : null}
    </div>
  )
}

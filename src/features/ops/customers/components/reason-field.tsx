import { Trans } from '@lingui/react/macro'
import { useId } from 'react'
import { css } from '../../../../../styled-system/css'
import { fieldControl, fieldErrorText } from '../../../../components/ui/form-field.tsx'
import { CUSTOMER_REASON_MAX } from '../../../../domain/customer-ops.ts'

const field = css({ display: 'flex', flexDirection: 'column', gap: '1' })
const label = css({ fontSize: 'sm', fontWeight: 'medium' })
const hint = css({ fontSize: 'xs', color: 'text.muted' })

/** The operator's required reason (kept in the audit log): a labelled text area with its error under it. */
export function ReasonField(props: {
  label: string
  value: string
  error: string | undefined
  disabled: boolean
  onChange: (value: string) => void
}) {
  const id = useId()
  const length = props.value.length
  return (
    <div className={field}>
      <label htmlFor={id} className={label}>
        {props.label}
      </label>
      <textarea
        id={id}
        className={fieldControl}
        rows={3}
        required
        value={props.value}
        disabled={props.disabled}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${id}-hint ${id}-error` : `${id}-hint`}
        onChange={(event) => props.onChange(event.target.value)}
      />
      <p id={`${id}-hint`} className={hint}>
        <Trans>
          必填，最多 {CUSTOMER_REASON_MAX} 个字符（已输入 {length}）。会记入操作日志。
        </Trans>
      </p>
      {props.error ? (
        <p id={`${id}-error`} className={fieldErrorText}>
          {props.error}
        </p>
      ) : null}
    </div>
  )
}

import { useLingui } from '@lingui/react/macro'
import { type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, useId, useState } from 'react'
import { css, cx } from '../../../styled-system/css'

const field = css({ display: 'flex', flexDirection: 'column', gap: '1' })
const labelText = css({ fontSize: 'sm', fontWeight: 'medium', color: 'text' })
const row = css({ display: 'flex', alignItems: 'flex-start', gap: '2' })
/** The look of a text input, shared with inputs that cannot be a FormField. */
export const fieldControl = css({
  flex: '1',
  minWidth: '0',
  bg: 'white',
  color: 'text',
  border: '1px solid',
  borderColor: 'gray.300',
  borderRadius: 'sm',
  px: '3',
  py: '2',
  fontSize: 'sm',
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '1px' },
  // Not _invalid: that also matches :invalid, which an empty required input is before anyone typed.
  '&[aria-invalid=true]': { borderColor: 'red.600' },
  _disabled: { bg: 'gray.100', cursor: 'not-allowed' },
})
const hintText = css({ fontSize: 'xs', color: 'text.muted' })
/** The look of an input's error text, shared likewise. */
export const fieldErrorText = css({ fontSize: 'xs', color: 'red.700' })
const toggle = css({
  alignSelf: 'stretch',
  px: '3',
  border: '1px solid',
  borderColor: 'gray.300',
  borderRadius: 'sm',
  bg: 'surface.muted',
  fontSize: 'xs',
  cursor: 'pointer',
  whiteSpace: 'nowrap',
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '1px' },
})

interface FrameProps {
  label: ReactNode
  /** A translated message; marks the control invalid and is read with it. */
  error?: string | undefined
  /** Help shown under the control, e.g. the password policy. */
  hint?: ReactNode
}

/** Ids and ARIA wiring shared by the inputs: the label names the control, hint and error describe it. */
function useFieldIds(props: FrameProps) {
  const id = useId()
  const hintId = props.hint ? `${id}-hint` : undefined
  const errorId = props.error ? `${id}-error` : undefined
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined
  return {
    id,
    hintId,
    errorId,
    aria: { 'aria-invalid': props.error ? true : undefined, 'aria-describedby': describedBy },
  }
}

function Frame(
  props: FrameProps & {
    id: string
    hintId?: string | undefined
    errorId?: string | undefined
    children: ReactNode
  },
) {
  return (
    <div className={field}>
      <label htmlFor={props.id} className={labelText}>
        {props.label}
      </label>
      {props.children}
      {props.hint ? (
        <p id={props.hintId} className={hintText}>
          {props.hint}
        </p>
      ) : null}
      {props.error ? (
        <p id={props.errorId} className={fieldErrorText}>
          {props.error}
        </p>
      ) : null}
    </div>
  )
}

export type FormFieldProps = FrameProps &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
    /** Placed beside the input, e.g. a send-code button. */
    addon?: ReactNode
  }

/** A labelled input with an optional hint and error text under it. */
export function FormField({ label, error, hint, addon, className, ...input }: FormFieldProps) {
  const ids = useFieldIds({ label, error, hint })
  const element = <input id={ids.id} className={cx(fieldControl, className)} {...ids.aria} {...input} />
  return (
    <Frame label={label} error={error} hint={hint} id={ids.id} hintId={ids.hintId} errorId={ids.errorId}>
      {addon ? (
        <div className={row}>
          {element}
          {addon}
        </div>
      ) : (
        element
      )}
    </Frame>
  )
}

/**
 * A password input with a show/hide button beside it. The button is a real button outside the
 * input, so it is reached with Tab and pressed with Enter or Space, and never submits the form.
 */
export function PasswordField({
  label,
  error,
  hint,
  className,
  ...input
}: Omit<FormFieldProps, 'type' | 'addon'>) {
  const { t } = useLingui()
  const [visible, setVisible] = useState(false)
  const ids = useFieldIds({ label, error, hint })
  return (
    <Frame label={label} error={error} hint={hint} id={ids.id} hintId={ids.hintId} errorId={ids.errorId}>
      <div className={row}>
        <input
          id={ids.id}
          className={cx(fieldControl, className)}
          {...ids.aria}
          {...input}
          type={visible ? 'text' : 'password'}
        />
        <button
          type="button"
          className={toggle}
          aria-controls={ids.id}
          aria-label={visible ? t`隐藏密码` : t`显示密码`}
          onClick={() => setVisible((shown) => !shown)}
        >
          {visible ? t`隐藏` : t`显示`}
        </button>
      </div>
    </Frame>
  )
}

/** A labelled select with an optional hint and error text under it. */
export function SelectField({
  label,
  error,
  hint,
  className,
  children,
  ...select
}: FrameProps & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'>) {
  const ids = useFieldIds({ label, error, hint })
  return (
    <Frame label={label} error={error} hint={hint} id={ids.id} hintId={ids.hintId} errorId={ids.errorId}>
      <select id={ids.id} className={cx(fieldControl, className)} {...ids.aria} {...select}>
        {children}
      </select>
    </Frame>
  )
}

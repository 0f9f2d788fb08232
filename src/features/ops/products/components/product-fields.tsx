import type { ReactNode } from 'react'
import { useId } from 'react'
import { css } from '../../../../../styled-system/css'
import { FormField, type FormFieldProps, fieldErrorText } from '../../../../components/ui/form-field.tsx'
import type { ProductEditor } from '../hooks/use-product-editor.ts'
import type { DraftTextField } from '../product-draft.ts'

/** A titled group of the editor's fields, laid out in `columns` on a wide screen. */
export const groupBox = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
  p: '4',
  bg: 'surface',
  border: '1px solid',
  borderColor: 'border',
  borderRadius: 'md',
  '& > legend': { fontSize: 'md', fontWeight: 'semibold', px: '1' },
})
export const grid = css({
  display: 'grid',
  gap: '3',
  gridTemplateColumns: { base: '1fr', md: 'repeat(3, 1fr)' },
  alignItems: 'start',
})
const checkRow = css({ display: 'flex', alignItems: 'center', gap: '2', fontSize: 'sm' })

/** A fieldset of the editor. */
export function FieldGroup(props: { legend: ReactNode; children: ReactNode; className?: string }) {
  return (
    <fieldset className={props.className ? `${groupBox} ${props.className}` : groupBox}>
      <legend>{props.legend}</legend>
      {props.children}
    </fieldset>
  )
}

/** A text input bound to one field of the draft, with that field's message under it. */
export function DraftField({
  editor,
  field,
  ...input
}: { editor: ProductEditor; field: DraftTextField } & Omit<FormFieldProps, 'value' | 'onChange' | 'error'> & {
    error?: string | undefined
  }) {
  return (
    <FormField
      autoComplete="off"
      {...input}
      value={editor.draft.text[field]}
      error={editor.messageOf(field) ?? input.error}
      onChange={(event) => editor.setText(field, event.target.value)}
    />
  )
}

/** A checkbox with its label after it, and its message (if any) read with it. */
export function CheckField(props: {
  label: ReactNode
  /** A fuller name when the label alone is the same for several boxes. */
  accessibleName?: string
  checked: boolean
  onChange: (checked: boolean) => void
  error?: string | undefined
}) {
  const id = useId()
  return (
    <div>
      <label className={checkRow}>
        <input
          type="checkbox"
          checked={props.checked}
          aria-label={props.accessibleName}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={props.error ? `${id}-error` : undefined}
          onChange={(event) => props.onChange(event.target.checked)}
        />
        {props.label}
      </label>
      {props.error ? (
        <p id={`${id}-error`} className={fieldErrorText}>
          {props.error}
        </p>
      ) : null}
    </div>
  )
}

import { useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import { css } from '../../../../../styled-system/css'
import { fieldErrorText } from '../../../../components/ui/form-field.tsx'
import { STAFF_PERMISSIONS, type StaffPermission } from '../../../../domain/staff.ts'
import { useLanguage } from '../../../../lib/use-language.ts'
import { permissionLabel } from '../staff-text.ts'

const group = css({ display: 'flex', flexDirection: 'column', gap: '1', border: 'none', p: '0', m: '0' })
const legend = css({ fontSize: 'sm', fontWeight: 'medium', mb: '1' })
const choices = css({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(8rem, 1fr))',
  gap: '1',
})
const choice = css({ display: 'flex', alignItems: 'center', gap: '2', cursor: 'pointer' })

/** The console rooms as checkboxes (labels from STAFF_PERMISSION_LABELS), in the console's order. */
export function PermissionChecks(props: {
  value: readonly StaffPermission[]
  onChange: (next: StaffPermission[]) => void
  error?: string | undefined
  disabled?: boolean
}) {
  const { t } = useLingui()
  const language = useLanguage()
  const errorId = useId()
  const toggle = (permission: StaffPermission, on: boolean) => {
    const held = new Set(props.value)
    if (on) held.add(permission)
    else held.delete(permission)
    props.onChange(STAFF_PERMISSIONS.filter((candidate) => held.has(candidate)))
  }
  return (
    <fieldset
      className={group}
      aria-invalid={props.error ? true : undefined}
      aria-describedby={props.error ? errorId : undefined}
    >
      <legend className={legend}>{t`权限`}</legend>
      <div className={choices}>
        {STAFF_PERMISSIONS.map((permission) => (
          <label key={permission} className={choice}>
            <input
              type="checkbox"
              checked={props.value.includes(permission)}
              disabled={props.disabled}
              onChange={(event) => toggle(permission, event.target.checked)}
            />
            {permissionLabel(permission, language)}
          </label>
        ))}
      </div>
      {props.error ? (
        <p id={errorId} className={fieldErrorText}>
          {props.error}
        </p>
      ) : null}
    </fieldset>
  )
}

import { Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, useState } from 'react'
import { css } from '../../../../../styled-system/css'
import { Button } from '../../../../components/ui/button.tsx'
import { SelectField } from '../../../../components/ui/form-field.tsx'
import {
  CUSTOMER_ROLES,
  type CustomerRole,
  type OpsCustomerListItem,
} from '../../../../domain/customer-ops.ts'
import { setCustomerRole } from '../api/set-customer-role.ts'
import { customerFailureText, refusedFieldsOf, roleLabel } from '../customers-text.ts'

const row = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: '3' })
const select = css({ minWidth: '16rem' })

/**
 * The price role: which product column the customer sees (spec §6), from their very next call.
 * Save is offered once another role is chosen.
 */
export function CustomerRoleForm(props: {
  customer: { id: number; role: number | null }
  onSaved: (customer: OpsCustomerListItem) => void
  onFailed: (text: string) => void
}) {
  const { t } = useLingui()
  const [chosen, setChosen] = useState(props.customer.role === null ? '' : String(props.customer.role))
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)
  const role = chosen === '' ? undefined : (Number(chosen) as CustomerRole)
  const changed = role !== undefined && role !== props.customer.role

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!changed || role === undefined) return
    setBusy(true)
    setError(undefined)
    try {
      props.onSaved(await setCustomerRole(props.customer.id, { role }))
    } catch (failure) {
      const fields = refusedFieldsOf(failure)
      if (fields.role) setError(fields.role)
      else {
        const text = customerFailureText(failure)
        if (text) props.onFailed(text)
      }
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className={row} onSubmit={(event) => void submit(event)} aria-label={t`价格角色`}>
      <SelectField
        label={t`价格角色（客户看到的价格列）`}
        className={select}
        value={chosen}
        error={error}
        disabled={busy}
        onChange={(event) => {
          setChosen(event.target.value)
          setError(undefined)
        }}
      >
        {props.customer.role === null ? <option value="">{roleLabel(null)}</option> : null}
        {CUSTOMER_ROLES.map((option) => (
          <option key={option} value={option}>
            {roleLabel(option)}
          </option>
        ))}
      </SelectField>
      <Button type="submit" disabled={!changed || busy}>
        {busy ? <Trans>正在保存…</Trans> : <Trans>保存角色</Trans>}
      </Button>
    </form>
  )
}

import { Trans } from '@lingui/react/macro'
import { type ReactNode, useState } from 'react'
import type * as v from 'valibot'
import { css } from '../../../../../styled-system/css'
import { ModalDialog } from '../../../../components/ui/modal-dialog.tsx'
import { DialogActions } from '../../components/dialog-actions.tsx'
import {
  namesDraftOf,
  namesInputOf,
  newNamesDraft,
  type TaxonomyForm,
  useTaxonomyForm,
} from '../taxonomy-form.ts'
import { NamesFields, useNamesLabels } from './names-fields.tsx'

const form = css({ display: 'flex', flexDirection: 'column', gap: '3' })

/**
 * An add or edit dialog of a category, series or brand: names and sort (a new one after its
 * siblings, `sorts`), the taxonomy's own fields before or after them, why saving failed, Cancel and
 * Save. The body is checked with `schema` first, then saved; Escape cancels.
 */
export function TaxonomyDialog<TBody>(props: {
  title: string
  /** The one edited; undefined when adding. */
  item: { name: string; jpName: string | null; enName: string | null; sort: number } | undefined
  sorts: readonly number[]
  schema: v.GenericSchema<unknown, TBody>
  /** The labels of the taxonomy's own fields, by the body's field names. */
  labels: Record<string, string>
  /** The body's fields besides the names and sort. */
  input: () => Record<string, unknown>
  save: (body: TBody) => Promise<unknown>
  /** Saving waits while this holds (a logo still going up would save the old one). */
  holding?: boolean
  onSaved: (name: string) => void
  onCancel: () => void
  before?: (form: TaxonomyForm) => ReactNode
  after?: (form: TaxonomyForm) => ReactNode
}) {
  const [draft, setDraft] = useState(() =>
    props.item ? namesDraftOf(props.item) : newNamesDraft(props.sorts),
  )
  const taxonomyForm = useTaxonomyForm({
    schema: props.schema,
    labels: { ...useNamesLabels(), ...props.labels },
    save: props.save,
    onSaved: () => props.onSaved(draft.name.trim()),
  })
  const { busy } = taxonomyForm
  const cancel = () => {
    if (!busy) props.onCancel()
  }
  return (
    <ModalDialog title={props.title} onClose={cancel} closeOnEscape showCloseButton width="md">
      <form
        className={form}
        noValidate
        onSubmit={(event) => {
          if (props.holding) event.preventDefault()
          else void taxonomyForm.submit(event, { ...namesInputOf(draft), ...props.input() })
        }}
      >
        {props.before?.(taxonomyForm)}
        <NamesFields
          draft={draft}
          errors={taxonomyForm.errors}
          disabled={busy}
          onChange={setDraft}
          onEdited={taxonomyForm.clearError}
        />
        {props.after?.(taxonomyForm)}
        <DialogActions failure={taxonomyForm.failure} busy={busy} onCancel={cancel}>
          {busy ? <Trans>正在保存…</Trans> : <Trans>保存</Trans>}
        </DialogActions>
      </form>
    </ModalDialog>
  )
}

import { Trans, useLingui } from '@lingui/react/macro'
import { type ReactNode, useState } from 'react'
import type * as v from 'valibot'
import { css } from '../../../../../styled-system/css'
import { FormField } from '../../../../components/ui/form-field.tsx'
import { ModalDialog } from '../../../../components/ui/modal-dialog.tsx'
import type { OpsLocalisedDto } from '../../../../domain/content-ops.ts'
import { DialogActions } from '../../components/dialog-actions.tsx'
import { HtmlEditor } from '../../components/html-editor.tsx'
import type { FieldsForm } from '../../taxonomy/taxonomy-form.ts'
import { useContentForm } from '../use-content-form.ts'

const form = css({ display: 'flex', flexDirection: 'column', gap: '4' })
const group = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '2',
  border: '1px solid',
  borderColor: 'border',
  borderRadius: 'md',
  p: '3',
})
const legend = css({ px: '1', fontSize: 'sm', fontWeight: 'semibold' })

/** What the dialog edits of every announcement and article: a title and an HTML body per language. */
export interface LocalisedDraft {
  name: string
  jpName: string
  enName: string
  content: string
  jpContent: string
  enContent: string
}

type NameField = 'name' | 'jpName' | 'enName'
type BodyField = 'content' | 'jpContent' | 'enContent'

const LANGUAGES: { lang: string; name: NameField; body: BodyField }[] = [
  { lang: 'zh-CN', name: 'name', body: 'content' },
  { lang: 'ja', name: 'jpName', body: 'jpContent' },
  { lang: 'en', name: 'enName', body: 'enContent' },
]

const draftOf = (item: OpsLocalisedDto | undefined): LocalisedDraft => ({
  name: item?.name ?? '',
  jpName: item?.jpName ?? '',
  enName: item?.enName ?? '',
  content: item?.content ?? '',
  jpContent: item?.jpContent ?? '',
  enContent: item?.enContent ?? '',
})

/**
 * Adds or edits an announcement or an article: a title and an HTML body per language (Chinese title
 * required; a language left empty shows the Chinese), then the kind's own fields (`extra`), checked
 * with `schema` and saved.
 */
export function LocalisedDialog<TBody, TSaved>(props: {
  title: string
  item: OpsLocalisedDto | undefined
  schema: v.GenericSchema<unknown, TBody>
  /** Labels of the kind's own fields, by the body's field names. */
  labels: Record<string, string>
  /** The body's own fields besides titles and bodies. */
  input: () => Record<string, unknown>
  save: (body: TBody) => Promise<TSaved>
  onSaved: (saved: TSaved) => void
  onCancel: () => void
  extra: (form: FieldsForm) => ReactNode
}) {
  const { t } = useLingui()
  const [draft, setDraft] = useState(() => draftOf(props.item))
  const languageNames = { name: t`中文`, jpName: t`日文`, enName: t`英文` }
  const titleLabels = { name: t`中文标题`, jpName: t`日文标题`, enName: t`英文标题` }
  const bodyLabels = {
    content: t`中文内容（HTML）`,
    jpContent: t`日文内容（HTML）`,
    enContent: t`英文内容（HTML）`,
  }
  const contentForm = useContentForm({
    schema: props.schema,
    labels: { ...titleLabels, ...bodyLabels, ...props.labels },
    save: props.save,
    onSaved: props.onSaved,
  })
  const { errors, busy } = contentForm
  const edit = (field: keyof LocalisedDraft, value: string) => {
    setDraft((current) => ({ ...current, [field]: value }))
    contentForm.clearError(field)
  }
  const cancel = () => {
    if (!busy) props.onCancel()
  }
  return (
    <ModalDialog title={props.title} onClose={cancel} closeOnEscape showCloseButton width="lg">
      <form
        className={form}
        noValidate
        onSubmit={(event) => void contentForm.submit(event, { ...draft, ...props.input() })}
      >
        {LANGUAGES.map(({ lang, name, body }) => (
          <fieldset key={lang} className={group}>
            <legend className={legend}>{languageNames[name]}</legend>
            <FormField
              label={titleLabels[name]}
              lang={lang}
              required={name === 'name'}
              maxLength={100}
              value={draft[name]}
              error={errors[name]}
              disabled={busy}
              hint={name === 'name' ? undefined : <Trans>留空则显示中文</Trans>}
              onChange={(event) => edit(name, event.target.value)}
            />
            <HtmlEditor
              label={bodyLabels[body]}
              height="medium"
              lang={lang}
              value={draft[body]}
              error={errors[body]}
              disabled={busy}
              onChange={(value) => edit(body, value)}
            />
          </fieldset>
        ))}
        {props.extra(contentForm)}
        <DialogActions failure={contentForm.failure} busy={busy} onCancel={cancel}>
          {busy ? <Trans>正在保存…</Trans> : <Trans>保存</Trans>}
        </DialogActions>
      </form>
    </ModalDialog>
  )
}

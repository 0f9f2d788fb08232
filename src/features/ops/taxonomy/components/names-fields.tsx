import { useLingui } from '@lingui/react/macro'
import { FormField } from '../../../../components/ui/form-field.tsx'
import type { FieldErrors } from '../../../../lib/validation-text.ts'
import type { NamesDraft } from '../taxonomy-form.ts'

/** The labels of the name and sort fields, by the body's field names (errors name them). */
export function useNamesLabels() {
  const { t } = useLingui()
  return { name: t`中文名称`, jpName: t`日文名称`, enName: t`英文名称`, sort: t`排序` }
}

/** Names in the three languages (the Chinese one required) and the sort order (smaller first). */
export function NamesFields(props: {
  draft: NamesDraft
  errors: FieldErrors
  disabled: boolean
  onChange: (draft: NamesDraft) => void
  onEdited: (field: keyof NamesDraft) => void
}) {
  const { t } = useLingui()
  const labels = useNamesLabels()
  const field = (name: keyof NamesDraft) => ({
    value: props.draft[name],
    error: props.errors[name],
    disabled: props.disabled,
    onChange: (event: { target: { value: string } }) => {
      props.onChange({ ...props.draft, [name]: event.target.value })
      props.onEdited(name)
    },
  })
  return (
    <>
      <FormField label={labels.name} required maxLength={100} {...field('name')} />
      <FormField label={labels.jpName} lang="ja" maxLength={100} {...field('jpName')} />
      <FormField label={labels.enName} lang="en" maxLength={100} {...field('enName')} />
      <FormField
        label={labels.sort}
        inputMode="numeric"
        hint={t`0 到 99,999，数字小的排在前面`}
        {...field('sort')}
      />
    </>
  )
}

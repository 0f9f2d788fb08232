import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { SelectField } from '../../../../components/ui/form-field.tsx'
import { categoryBody, type OpsCategoryDto } from '../../../../domain/catalog-taxonomy.ts'
import { categoryCalls } from '../api/taxonomy-calls.ts'
import { TaxonomyDialog } from './taxonomy-dialog.tsx'

/**
 * Adds a category (at the top, or under `parentId`) or edits one: names, sort and parent. Two levels
 * only: the parent is a top-level category, and one with children stays at the top.
 */
export function CategoryDialog(props: {
  category: OpsCategoryDto | undefined
  parentId: number | null
  /** The top-level categories, the possible parents. */
  tops: OpsCategoryDto[]
  onSaved: (name: string) => void
  onCancel: () => void
}) {
  const { t } = useLingui()
  const { category } = props
  // a new one goes after its future siblings
  const siblings =
    props.parentId === null
      ? props.tops
      : (props.tops.find((top) => top.id === props.parentId)?.children ?? [])
  const [parent, setParent] = useState(String(category ? (category.parentId ?? '') : (props.parentId ?? '')))
  const parentLabel = t`上级分类`
  const hasChildren = (category?.children.length ?? 0) > 0
  const parents = props.tops.filter((top) => top.id !== category?.id)

  return (
    <TaxonomyDialog
      title={category ? t`编辑分类“${category.name}”` : t`添加分类`}
      item={category}
      sorts={siblings.map((item) => item.sort)}
      schema={categoryBody}
      labels={{ parentId: parentLabel }}
      input={() => ({ parentId: parent === '' ? null : Number(parent) })}
      save={(body) => (category ? categoryCalls.update(category.id, body) : categoryCalls.create(body))}
      onSaved={props.onSaved}
      onCancel={props.onCancel}
      before={(form) => (
        <SelectField
          label={parentLabel}
          value={parent}
          error={form.errors.parentId}
          disabled={form.busy || hasChildren}
          hint={hasChildren ? t`这个分类有子分类，只能是一级分类。` : undefined}
          onChange={(event) => {
            setParent(event.target.value)
            form.clearError('parentId')
          }}
        >
          <option value="">{t`无（一级分类）`}</option>
          {parents.map((top) => (
            <option key={top.id} value={top.id}>
              {top.name}
            </option>
          ))}
        </SelectField>
      )}
    />
  )
}

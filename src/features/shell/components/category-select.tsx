import { useLingui } from '@lingui/react/macro'
import type { ChangeEvent } from 'react'
import { type CategoryNode, categoryNameIn } from '../../../domain/catalog.ts'
import type { Language } from '../../../domain/language.ts'

/**
 * A category picker over the tree (spec §3 'Category'): the synthetic 'All' (0) first, then the flat
 * list (each node's children, grouped under their parent's name, or the node itself when it has none).
 */
export function CategorySelect(props: {
  id: string
  className?: string
  tree: CategoryNode[]
  language: Language
  value: number
  onChange: (category: number) => void
}) {
  const { t } = useLingui()
  const onChange = (event: ChangeEvent<HTMLSelectElement>) => props.onChange(Number(event.target.value))
  return (
    <select id={props.id} className={props.className} value={props.value} onChange={onChange}>
      <option value={0}>{t`全部`}</option>
      {props.tree.map((node) =>
        node.children.length > 0 ? (
          <optgroup key={node.id} label={categoryNameIn(props.language, node)}>
            {node.children.map((child) => (
              <option key={child.id} value={child.id}>
                {categoryNameIn(props.language, child)}
              </option>
            ))}
          </optgroup>
        ) : (
          <option key={node.id} value={node.id}>
            {categoryNameIn(props.language, node)}
          </option>
        ),
      )}
    </select>
  )
}

import type { TaxonomyOption } from '../hooks/use-taxonomy.ts'

/**
 * A select's options over `options`. A chosen id the lists do not (yet) hold (not loaded, or gone)
 * still shows as chosen, as `#id`.
 */
export function ChoiceOptions(props: { options: readonly TaxonomyOption[]; chosen: string }) {
  const { chosen } = props
  const missing = chosen !== '' && !props.options.some((option) => String(option.id) === chosen)
  return (
    <>
      {missing ? <option value={chosen}>{`#${chosen}`}</option> : null}
      {props.options.map((option) => (
        <option key={option.id} value={option.id}>
          {option.label}
        </option>
      ))}
    </>
  )
}

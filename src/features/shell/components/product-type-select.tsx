import { useLingui } from '@lingui/react/macro'
import type { Language } from '../../../domain/language.ts'
import { productTypeOptions } from '../../../domain/product-type.ts'

/** Languages whose header offers the product-type filter (spec §2: Chinese and English only). */
export function hasTypeFilter(language: Language): boolean {
  return language === 'zhCn' || language === 'en'
}

/**
 * The product-type filter: the default choice (every type, 0) first, then the types the language
 * offers (spec §5).
 */
export function ProductTypeSelect(props: {
  id: string
  className?: string
  language: Language
  value: number
  onChange: (type: number) => void
}) {
  const { t } = useLingui()
  return (
    <select
      id={props.id}
      className={props.className}
      value={props.value}
      onChange={(event) => props.onChange(Number(event.target.value))}
    >
      <option value={0}>{t`默认`}</option>
      {productTypeOptions(props.language).map((option) => (
        <option key={option.id} value={option.id}>
          {option.label}
        </option>
      ))}
    </select>
  )
}

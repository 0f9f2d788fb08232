import { Trans, useLingui } from '@lingui/react/macro'
import { SelectField } from '../../../../components/ui/form-field.tsx'
import { isValidEan13 } from '../../../../domain/product-editor.ts'
import { useLanguage } from '../../../../lib/use-language.ts'
import type { ProductEditor } from '../hooks/use-product-editor.ts'
import type { Taxonomy, TaxonomyOption } from '../hooks/use-taxonomy.ts'
import { type DraftTextField, ean13CheckDigit } from '../product-draft.ts'
import { productTypeChoices } from '../product-labels.ts'
import { ChoiceOptions } from './choice-options.tsx'
import { DraftField, FieldGroup, grid } from './product-fields.tsx'

/** What the JAN typed so far says, as the operator types: digits still missing, or its check digit. */
function useJanCheck(code: string): { hint?: string; error?: string } {
  const { t } = useLingui()
  const digits = code.trim()
  if (digits === '') return {}
  if (!/^\d+$/.test(digits)) return { error: t`JAN 只能包含数字` }
  if (digits.length < 13) {
    const count = digits.length
    const checkDigit = count === 12 ? ean13CheckDigit(digits) : 0
    return count === 12
      ? { hint: t`还差校验位：应为 ${checkDigit}` }
      : { hint: t`已输入 ${count} 位，共 13 位` }
  }
  if (digits.length > 13) return { error: t`JAN 为 13 位数字` }
  if (isValidEan13(digits)) return { hint: t`校验位正确` }
  const expected = ean13CheckDigit(digits.slice(0, 12))
  return { error: t`校验位不对：应为 ${expected}` }
}

function ChoiceField(props: {
  editor: ProductEditor
  field: DraftTextField
  label: string
  options: readonly TaxonomyOption[]
  /** The choice for "none"; undefined when one must be chosen. */
  none?: string
}) {
  const value = props.editor.draft.text[props.field]
  return (
    <SelectField
      label={props.label}
      value={value}
      error={props.editor.messageOf(props.field)}
      onChange={(event) => props.editor.setText(props.field, event.target.value)}
    >
      {props.none !== undefined ? <option value="">{props.none}</option> : null}
      <ChoiceOptions options={props.options} chosen={value} />
    </SelectField>
  )
}

/** Names in the three languages, then what identifies the product and where it is listed. */
export function ProductIdentitySection(props: { editor: ProductEditor; taxonomy: Taxonomy }) {
  const { t } = useLingui()
  const language = useLanguage()
  const { editor, taxonomy } = props
  const jan = useJanCheck(editor.draft.text.janCode)
  return (
    <>
      <FieldGroup legend={<Trans>名称</Trans>}>
        <div className={grid}>
          <DraftField editor={editor} field="productName" label={t`中文名（必填）`} required lang="zh-CN" />
          <DraftField editor={editor} field="jpProductName" label={t`日文名`} lang="ja" />
          <DraftField editor={editor} field="enProductName" label={t`英文名`} lang="en" />
        </div>
      </FieldGroup>
      <FieldGroup legend={<Trans>编号与归类</Trans>}>
        <div className={grid}>
          <DraftField editor={editor} field="itemNo" label={t`货号（必填）`} required spellCheck={false} />
          <DraftField
            editor={editor}
            field="janCode"
            label={t`JAN`}
            inputMode="numeric"
            spellCheck={false}
            hint={jan.hint}
            error={jan.error}
          />
          <DraftField editor={editor} field="boxBarcode" label={t`箱条码`} spellCheck={false} />
          <ChoiceField editor={editor} field="type" label={t`类型`} options={productTypeChoices(language)} />
          {(
            [
              ['categoryId', t`分类`, taxonomy.categories],
              ['seriesId', t`系列`, taxonomy.series],
              ['brandId', t`品牌`, taxonomy.brands],
            ] as const
          ).map(([field, label, options]) => (
            <ChoiceField
              key={field}
              editor={editor}
              field={field}
              label={label}
              options={options}
              none={t`无`}
            />
          ))}
        </div>
      </FieldGroup>
    </>
  )
}

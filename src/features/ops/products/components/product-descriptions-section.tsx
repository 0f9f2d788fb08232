import { Trans, useLingui } from '@lingui/react/macro'
import { HtmlEditor } from '../../components/html-editor.tsx'
import { mutedText } from '../../components/ops-table.ts'
import type { ProductEditor } from '../hooks/use-product-editor.ts'
import { FieldGroup } from './product-fields.tsx'

type DescriptionField = 'description' | 'jpDescription' | 'enDescription'

/** One language's description: HTML in a textarea, or its rendering (HtmlEditor). */
function DescriptionEditor(props: {
  editor: ProductEditor
  field: DescriptionField
  label: string
  lang: string
}) {
  return (
    <HtmlEditor
      label={props.label}
      lang={props.lang}
      height="large"
      value={props.editor.draft.text[props.field]}
      error={props.editor.messageOf(props.field)}
      onChange={(value) => props.editor.setText(props.field, value)}
    />
  )
}

/** The descriptions per language (HTML; the server keeps only safe tags and attributes). */
export function ProductDescriptionsSection(props: { editor: ProductEditor }) {
  const { t } = useLingui()
  return (
    <FieldGroup legend={<Trans>商品介绍</Trans>}>
      <p className={mutedText}>
        <Trans>HTML 格式。保存时服务器会去掉脚本等不安全的内容。</Trans>
      </p>
      <DescriptionEditor editor={props.editor} field="description" label={t`中文介绍`} lang="zh-CN" />
      <DescriptionEditor editor={props.editor} field="jpDescription" label={t`日文介绍`} lang="ja" />
      <DescriptionEditor editor={props.editor} field="enDescription" label={t`英文介绍`} lang="en" />
    </FieldGroup>
  )
}

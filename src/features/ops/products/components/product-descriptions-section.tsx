import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState } from 'react'
import { css, cx } from '../../../../../styled-system/css'
import { Button } from '../../../../components/ui/button.tsx'
import { fieldControl, fieldErrorText } from '../../../../components/ui/form-field.tsx'
import { mutedText } from '../../components/ops-table.ts'
import type { ProductEditor } from '../hooks/use-product-editor.ts'
import { FieldGroup } from './product-fields.tsx'

const head = css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '2' })
const labelText = css({ fontSize: 'sm', fontWeight: 'medium' })
const textarea = css({ minHeight: '12rem', fontFamily: 'mono', fontSize: 'xs', width: 'full' })
const preview = css({
  width: 'full',
  minHeight: '12rem',
  border: '1px solid',
  borderColor: 'border',
  borderRadius: 'sm',
  bg: 'white',
})
const block = css({ display: 'flex', flexDirection: 'column', gap: '1' })

type DescriptionField = 'description' | 'jpDescription' | 'enDescription'

/**
 * One language's description: HTML in a textarea, or its rendering. The preview draws in a sandboxed
 * frame (no scripts, no access to the console): the server sanitizes what it stores, not what is typed.
 */
function DescriptionEditor(props: {
  editor: ProductEditor
  field: DescriptionField
  label: string
  lang: string
}) {
  const { t } = useLingui()
  const id = useId()
  const [previewing, setPreviewing] = useState(false)
  const html = props.editor.draft.text[props.field]
  const error = props.editor.messageOf(props.field)
  return (
    <div className={block}>
      <div className={head}>
        <label htmlFor={id} id={`${id}-label`} className={labelText}>
          {props.label}
        </label>
        <Button variant="ghost" aria-pressed={previewing} onClick={() => setPreviewing((shown) => !shown)}>
          {previewing ? <Trans>编辑 HTML</Trans> : <Trans>预览</Trans>}
        </Button>
      </div>
      {previewing ? (
        <iframe
          className={preview}
          title={t`预览：${props.label}`}
          sandbox=""
          srcDoc={`<!doctype html><html lang="${props.lang}"><meta charset="utf-8"><body style="font-family:sans-serif;font-size:14px">${html}</body></html>`}
        />
      ) : (
        <textarea
          id={id}
          lang={props.lang}
          className={cx(fieldControl, textarea)}
          value={html}
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => props.editor.setText(props.field, event.target.value)}
        />
      )}
      {error ? (
        <p id={`${id}-error`} className={fieldErrorText}>
          {error}
        </p>
      ) : null}
    </div>
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

import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState } from 'react'
import { css, cx } from '../../../../styled-system/css'
import { Button } from '../../../components/ui/button.tsx'
import { fieldControl, fieldErrorText } from '../../../components/ui/form-field.tsx'

const block = css({ display: 'flex', flexDirection: 'column', gap: '1' })
const head = css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '2' })
const labelText = css({ fontSize: 'sm', fontWeight: 'medium' })
const textarea = css({ fontFamily: 'mono', fontSize: 'xs', width: 'full' })
const preview = css({
  width: 'full',
  border: '1px solid',
  borderColor: 'border',
  borderRadius: 'sm',
  bg: 'white',
})
const heights = { medium: css({ minHeight: '10rem' }), large: css({ minHeight: '12rem' }) }

/**
 * One language's HTML (an article's body, a product's description): a textarea, or its drawing. The
 * drawing is inert, in a sandboxed frame (no scripts, no access to the console): what is typed is not
 * yet sanitised; the server sanitises what it stores.
 */
export function HtmlEditor(props: {
  label: string
  lang: string
  value: string
  error: string | undefined
  disabled?: boolean
  /** How tall the textarea and the drawing are at least. */
  height: keyof typeof heights
  onChange: (value: string) => void
}) {
  const { t } = useLingui()
  const id = useId()
  const [previewing, setPreviewing] = useState(false)
  const height = heights[props.height]
  return (
    <div className={block}>
      <div className={head}>
        <label htmlFor={id} className={labelText}>
          {props.label}
        </label>
        <Button variant="ghost" aria-pressed={previewing} onClick={() => setPreviewing((shown) => !shown)}>
          {previewing ? <Trans>编辑 HTML</Trans> : <Trans>预览</Trans>}
        </Button>
      </div>
      {previewing ? (
        <iframe
          className={cx(preview, height)}
          title={t`预览：${props.label}`}
          sandbox=""
          srcDoc={`<!doctype html><html lang="${props.lang}"><meta charset="utf-8"><body style="font-family:sans-serif;font-size:14px">${props.value}</body></html>`}
        />
      ) : (
        <textarea
          id={id}
          lang={props.lang}
          className={cx(fieldControl, textarea, height)}
          value={props.value}
          spellCheck={false}
          disabled={props.disabled}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={props.error ? `${id}-error` : undefined}
          onChange={(event) => props.onChange(event.target.value)}
        />
      )}
      {props.error ? (
        <p id={`${id}-error`} className={fieldErrorText}>
          {props.error}
        </p>
      ) : null}
    </div>
  )
}

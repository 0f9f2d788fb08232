import { Trans, useLingui } from '@lingui/react/macro'
import { type DragEvent, useId, useRef, useState } from 'react'
import { css, cx } from '../../../../../styled-system/css'
import { Button } from '../../../../components/ui/button.tsx'

const zone = css({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: '2',
  p: '6',
  border: '2px dashed',
  borderColor: 'border',
  borderRadius: 'md',
  bg: 'surface',
  textAlign: 'center',
  fontSize: 'sm',
})
const dragging = css({ borderColor: 'secondary', bg: 'surface.muted' })
const hidden = css({ srOnly: true })
const muted = css({ color: 'text.muted', fontSize: 'xs' })

/** The import's file: picked with the button (a real file input) or dropped on the zone. */
export function FileDrop(props: { disabled: boolean; onFile: (file: File) => void }) {
  const { t } = useLingui()
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const [over, setOver] = useState(false)

  const take = (files: FileList | null) => {
    const file = files?.[0]
    if (file && !props.disabled) props.onFile(file)
  }
  const onDrop = (event: DragEvent) => {
    event.preventDefault()
    setOver(false)
    take(event.dataTransfer.files)
  }

  return (
    <section
      className={cx(zone, over ? dragging : undefined)}
      aria-label={t`选择导入文件`}
      onDragOver={(event) => {
        event.preventDefault()
        if (!props.disabled) setOver(true)
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <p>
        <Trans>把 CSV 或 XLSX 文件拖到这里，或</Trans>
      </p>
      <label htmlFor={id} className={hidden}>
        <Trans>商品文件（CSV 或 XLSX）</Trans>
      </label>
      <input
        ref={input}
        id={id}
        type="file"
        className={hidden}
        accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        disabled={props.disabled}
        onChange={(event) => {
          take(event.target.files)
          // the same file picked again (after fixing it) is a new choice
          event.target.value = ''
        }}
      />
      <Button disabled={props.disabled} onClick={() => input.current?.click()}>
        <Trans>选择文件…</Trans>
      </Button>
      <p className={muted}>
        <Trans>第一行为列名；按货号（itemNo）更新已有商品，新货号则新建。先检查，确认无误后再导入。</Trans>
      </p>
    </section>
  )
}

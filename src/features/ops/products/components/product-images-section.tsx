import { Trans, useLingui } from '@lingui/react/macro'
import { type DragEvent, useRef, useState } from 'react'
import { css, cx } from '../../../../../styled-system/css'
import { Button } from '../../../../components/ui/button.tsx'
import { fieldErrorText } from '../../../../components/ui/form-field.tsx'
import type { MediaImageDto } from '../../../../domain/media.ts'
import { MAX_PRODUCT_IMAGES } from '../../../../domain/product-editor.ts'
import { mutedText } from '../../components/ops-table.ts'
import { MEDIA_TYPES } from '../../taxonomy/api/upload-media.ts'
import { useImageUploads } from '../hooks/use-image-uploads.ts'
import type { ProductEditor } from '../hooks/use-product-editor.ts'
import { FieldGroup } from './product-fields.tsx'
import { ProductThumb } from './product-thumb.tsx'

const dropZone = css({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: '2',
  p: '4',
  border: '2px dashed',
  borderColor: 'gray.300',
  borderRadius: 'md',
  fontSize: 'sm',
  textAlign: 'center',
})
const dropping = css({ borderColor: 'secondary', bg: 'surface.muted' })
const hiddenInput = css({ srOnly: true })
const thumbs = css({ display: 'flex', flexWrap: 'wrap', gap: '3', listStyle: 'none', p: '0' })
const thumb = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '1',
  p: '2',
  border: '1px solid',
  borderColor: 'border',
  borderRadius: 'md',
  bg: 'surface',
  fontSize: 'xs',
  width: '9.5rem',
})
const dragged = css({ opacity: 0.4 })
const thumbButtons = css({ display: 'flex', flexWrap: 'wrap', gap: '1', '& button': { px: '2', py: '1' } })
const pendingList = css({ display: 'flex', flexDirection: 'column', gap: '1', fontSize: 'sm' })
const coverTag = css({ fontWeight: 'semibold', color: 'primary' })

/** Moves the picture at `from` to `to`, the others keeping their order. */
function moved(images: MediaImageDto[], from: number, to: number): MediaImageDto[] {
  if (from === to || to < 0 || to >= images.length) return images
  const next = [...images]
  const [image] = next.splice(from, 1)
  if (image) next.splice(to, 0, image)
  return next
}

/**
 * The product's pictures: pick or drop files (each uploads with its progress), then order them — the
 * first is the cover — with the buttons (keyboard) or by dragging, and remove what does not belong.
 */
export function ProductImagesSection(props: { editor: ProductEditor }) {
  const { t } = useLingui()
  const { editor } = props
  const images = editor.draft.images
  const input = useRef<HTMLInputElement>(null)
  const [over, setOver] = useState(false)
  const [dragFrom, setDragFrom] = useState<number>()
  const uploads = useImageUploads({
    imageCount: images.length,
    onUploaded: (image) => editor.setImages((current) => [...current, image]),
  })
  const move = (from: number, to: number) => editor.setImages((current) => moved(current, from, to))
  const error = editor.messageOf('images')
  const otherCount = editor.product?.imgList.length ?? 0

  const dropFiles = (event: DragEvent) => {
    event.preventDefault()
    setOver(false)
    if (event.dataTransfer.files.length > 0) uploads.add(event.dataTransfer.files)
  }

  return (
    <FieldGroup legend={<Trans>图片</Trans>}>
      <section
        className={cx(dropZone, over ? dropping : undefined)}
        aria-label={t`上传图片`}
        onDragOver={(event) => {
          if (dragFrom !== undefined) return
          event.preventDefault()
          setOver(true)
        }}
        onDragLeave={() => setOver(false)}
        onDrop={dropFiles}
      >
        <p>
          <Trans>把图片拖到这里，或</Trans>
        </p>
        <Button variant="secondary" onClick={() => input.current?.click()}>
          <Trans>选择图片…</Trans>
        </Button>
        <input
          ref={input}
          type="file"
          multiple
          accept={MEDIA_TYPES.join(',')}
          className={hiddenInput}
          aria-label={t`选择要上传的图片`}
          tabIndex={-1}
          onChange={(event) => {
            if (event.target.files) uploads.add(event.target.files)
            event.target.value = ''
          }}
        />
        <p className={mutedText}>
          <Trans>
            JPEG、PNG、WebP 或 AVIF，每张不超过 10 MB，最多 {MAX_PRODUCT_IMAGES} 张。第一张是封面。
          </Trans>
        </p>
      </section>

      {uploads.pending.length > 0 ? (
        <ul className={pendingList} aria-label={t`上传中的图片`}>
          {uploads.pending.map(({ key, fileName, progress, error: reason }) =>
            reason === undefined ? (
              <li key={key}>
                <label>
                  {fileName} <progress max={1} value={progress} aria-label={t`上传进度：${fileName}`} />
                </label>
              </li>
            ) : (
              <li key={key} role="alert" className={fieldErrorText}>
                {t`${fileName} 未能上传：${reason}`}{' '}
                <Button variant="ghost" onClick={() => uploads.dismiss(key)}>
                  <Trans>知道了</Trans>
                </Button>
              </li>
            ),
          )}
        </ul>
      ) : null}

      {images.length === 0 ? (
        <p className={mutedText}>
          <Trans>还没有上传的图片。</Trans>
        </p>
      ) : (
        <ol className={thumbs} aria-label={t`商品图片（第一张为封面）`}>
          {images.map((image, index) => {
            const position = index + 1
            return (
              <li
                key={image.id}
                className={cx(thumb, dragFrom === index ? dragged : undefined)}
                draggable
                onDragStart={(event) => {
                  setDragFrom(index)
                  event.dataTransfer.effectAllowed = 'move'
                }}
                onDragEnd={() => setDragFrom(undefined)}
                onDragOver={(event) => {
                  if (dragFrom !== undefined) event.preventDefault()
                }}
                onDrop={(event) => {
                  if (dragFrom === undefined) return
                  event.preventDefault()
                  event.stopPropagation()
                  move(dragFrom, index)
                  setDragFrom(undefined)
                }}
              >
                <ProductThumb image={image} alt={t`图片 ${position}`} size={136} />
                <span className={index === 0 ? coverTag : undefined}>
                  {index === 0 ? <Trans>封面</Trans> : <Trans>第 {position} 张</Trans>}
                </span>
                <span className={thumbButtons}>
                  <Button
                    variant="ghost"
                    aria-label={t`前移：图片 ${position}`}
                    disabled={index === 0}
                    onClick={() => move(index, index - 1)}
                  >
                    ←
                  </Button>
                  <Button
                    variant="ghost"
                    aria-label={t`后移：图片 ${position}`}
                    disabled={index === images.length - 1}
                    onClick={() => move(index, index + 1)}
                  >
                    →
                  </Button>
                  {index > 0 ? (
                    <Button
                      variant="ghost"
                      aria-label={t`设为封面：图片 ${position}`}
                      onClick={() => move(index, 0)}
                    >
                      <Trans>设为封面</Trans>
                    </Button>
                  ) : null}
                  <Button
                    variant="ghost"
                    aria-label={t`移除：图片 ${position}`}
                    onClick={() =>
                      editor.setImages((current) => current.filter((kept) => kept.id !== image.id))
                    }
                  >
                    <Trans>移除</Trans>
                  </Button>
                </span>
              </li>
            )
          })}
        </ol>
      )}
      {error ? <p className={fieldErrorText}>{error}</p> : null}
      {otherCount > 0 ? (
        <p className={mutedText}>
          <Trans>另有 {otherCount} 张非上传图片（只读，上传图片后以上传的为准）。</Trans>
        </p>
      ) : null}
    </FieldGroup>
  )
}

import { Trans, useLingui } from '@lingui/react/macro'
import { type KeyboardEvent, useId, useRef, useState } from 'react'
import { css, cx } from '../../../../styled-system/css'
import { GALLERY_IMAGE_SIZES, type MediaImageDto } from '../../../domain/media.ts'
import { MediaPicture } from './product-image.tsx'

const gallery = css({ display: 'flex', flexDirection: 'column', gap: '3', minWidth: '0' })
const stage = css({
  aspectRatio: '1',
  bg: 'surface.muted',
  border: '1px solid',
  borderColor: 'border',
  borderRadius: 'md',
  overflow: 'hidden',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  color: 'text.muted',
  fontSize: 'sm',
})
const mainImage = css({ width: '100%', height: '100%', objectFit: 'contain' })
const strip = css({ display: 'flex', gap: '2', overflowX: 'auto', pb: '1' })
const thumb = css({
  flex: 'none',
  width: { base: '14', md: '16' },
  height: { base: '14', md: '16' },
  p: '0.5',
  border: '2px solid',
  borderColor: 'border',
  borderRadius: 'sm',
  bg: 'surface',
  cursor: 'pointer',
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '2px' },
})
const thumbSelected = css({ borderColor: 'primary' })
const thumbImage = css({ width: '100%', height: '100%', objectFit: 'cover' })

const THUMB_SIZES = '64px'

/**
 * The product's images: one large, the rest as thumbnails. The thumbnails are tabs (Tab reaches the
 * selected one; the arrow keys, Home and End choose another), the large image their panel. Uploaded
 * pictures (`pictures`) are drawn at the width they are shown; otherwise the plain URLs (`images`).
 */
export function ProductGallery({
  images,
  pictures = [],
  name,
}: {
  images: string[]
  pictures?: MediaImageDto[] | undefined
  name: string
}) {
  const { t } = useLingui()
  const id = useId()
  const [selected, setSelected] = useState(0)
  const tabs = useRef<(HTMLButtonElement | null)[]>([])
  const uploaded = pictures.length > 0
  const count = uploaded ? pictures.length : images.length
  const shown = Math.min(selected, Math.max(0, count - 1))
  const current = images[shown] ?? ''
  const currentPicture = uploaded ? pictures[shown] : undefined

  if (!current && !currentPicture) {
    return (
      <div className={gallery}>
        <div className={stage}>
          <Trans>暂无图片</Trans>
        </div>
      </div>
    )
  }

  const choose = (index: number) => {
    const next = (index + count) % count
    setSelected(next)
    tabs.current[next]?.focus()
  }
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = {
      ArrowRight: shown + 1,
      ArrowDown: shown + 1,
      ArrowLeft: shown - 1,
      ArrowUp: shown - 1,
      Home: 0,
      End: count - 1,
    }
    const target = moves[event.key]
    if (target === undefined) return
    event.preventDefault()
    choose(target)
  }
  const position = shown + 1

  return (
    <div className={gallery}>
      {count > 1 ? (
        <div className={stage} id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-tab-${shown}`}>
          <MediaPicture
            key={shown}
            className={mainImage}
            image={currentPicture}
            src={current}
            alt={t`${name}（第 ${position} 张，共 ${count} 张）`}
            sizes={GALLERY_IMAGE_SIZES}
            load={shown === 0 ? 'lcp' : 'eager'}
            width={600}
            height={600}
          />
        </div>
      ) : (
        <div className={stage}>
          <MediaPicture
            className={mainImage}
            image={currentPicture}
            src={current}
            alt={name}
            sizes={GALLERY_IMAGE_SIZES}
            load="lcp"
            width={600}
            height={600}
          />
        </div>
      )}
      {count > 1 ? (
        <div className={strip} role="tablist" aria-label={t`商品图片`} onKeyDown={onKeyDown}>
          {Array.from({ length: count }, (_, index) => {
            const number = index + 1
            return (
              <button
                // biome-ignore lint/suspicious/noArrayIndexKey: the same image may appear twice; its place is its identity
                key={index}
                ref={(element) => {
                  tabs.current[index] = element
                }}
                id={`${id}-tab-${index}`}
                type="button"
                role="tab"
                aria-selected={index === shown}
                aria-controls={`${id}-panel`}
                tabIndex={index === shown ? 0 : -1}
                className={cx(thumb, index === shown && thumbSelected)}
                onClick={() => setSelected(index)}
              >
                <MediaPicture
                  className={thumbImage}
                  image={pictures[index]}
                  src={images[index] ?? ''}
                  alt={t`第 ${number} 张图片`}
                  sizes={THUMB_SIZES}
                  width={64}
                  height={64}
                />
              </button>
            )
          })}
        </div>
      ) : null}
    </div>
  )
}

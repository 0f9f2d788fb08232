import { Trans, useLingui } from '@lingui/react/macro'
import { type KeyboardEvent, useId, useRef, useState } from 'react'
import { css, cx } from '../../../../styled-system/css'

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

/**
 * The product's images: one large, the rest as thumbnails. The thumbnails are tabs (Tab reaches the
 * selected one; the arrow keys, Home and End choose another), the large image their panel.
 */
export function ProductGallery({ images, name }: { images: string[]; name: string }) {
  const { t } = useLingui()
  const id = useId()
  const [selected, setSelected] = useState(0)
  const tabs = useRef<(HTMLButtonElement | null)[]>([])
  const count = images.length
  const shown = Math.min(selected, Math.max(0, count - 1))
  const current = images[shown]

  if (!current) {
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
          <img
            className={mainImage}
            src={current}
            alt={t`${name}（第 ${position} 张，共 ${count} 张）`}
            fetchPriority="high"
          />
        </div>
      ) : (
        <div className={stage}>
          <img className={mainImage} src={current} alt={name} fetchPriority="high" />
        </div>
      )}
      {count > 1 ? (
        <div className={strip} role="tablist" aria-label={t`商品图片`} onKeyDown={onKeyDown}>
          {images.map((src, index) => {
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
                <img className={thumbImage} src={src} alt={t`第 ${number} 张图片`} loading="lazy" />
              </button>
            )
          })}
        </div>
      ) : null}
    </div>
  )
}

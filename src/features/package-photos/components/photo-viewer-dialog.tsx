import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { css } from '../../../../styled-system/css'
import { Button } from '../../../components/ui/button.tsx'
import { ModalDialog } from '../../../components/ui/modal-dialog.tsx'
import type { PackagePhotoDto } from '../../../domain/package-photos.ts'

/** The zoom steps, as a share of the viewer's width: enough to read a label on the box. */
const ZOOM_LEVELS = [1, 1.5, 2, 3] as const

// One class per step: the page's CSP (style-src 'self') is kept simple by drawing no inline style.
const zoomWidth = [
  css({ width: 'full' }),
  css({ width: '150%', maxWidth: 'none' }),
  css({ width: '200%', maxWidth: 'none' }),
  css({ width: '300%', maxWidth: 'none' }),
] as const

const stage = css({
  overflow: 'auto',
  maxHeight: '65dvh',
  bg: 'bg.muted',
  borderRadius: 'sm',
  display: 'flex',
  justifyContent: 'flex-start',
  alignItems: 'flex-start',
})
const image = css({ display: 'block', height: 'auto' })
const controls = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2' })
const spacer = css({ flex: '1' })
const status = css({ fontSize: 'sm', color: 'text.muted', fontVariantNumeric: 'tabular-nums' })
const failureText = css({ fontSize: 'sm', color: 'red.700' })

/**
 * One photo at a time, large, over the page: zoom with the buttons or + and −, the other photos with
 * the buttons or ← and →, Escape or × to close (focus goes back to the thumbnail that opened it).
 */
export function PhotoViewerDialog(props: {
  photos: readonly PackagePhotoDto[]
  index: number
  packageNo: string
  onIndexChange: (index: number) => void
  onClose: () => void
  /** The photo could not be drawn (its signed URL has likely expired): read the list again. */
  onExpired: () => void
}) {
  const { t } = useLingui()
  const { photos, index, packageNo, onIndexChange } = props
  const [zoom, setZoom] = useState(0)
  const [failed, setFailed] = useState(false)
  const photo = photos[index]
  const total = photos.length
  const position = index + 1
  const percent = Math.round((ZOOM_LEVELS[zoom] ?? 1) * 100)
  const hasPrevious = index > 0
  const hasNext = index < total - 1

  const zoomIn = () => setZoom((level) => Math.min(level + 1, ZOOM_LEVELS.length - 1))
  const zoomOut = () => setZoom((level) => Math.max(level - 1, 0))
  const show = (next: number) => {
    if (next < 0 || next >= total) return
    setZoom(0)
    setFailed(false)
    onIndexChange(next)
  }

  // On the whole document while open: the keys work whichever control inside has the focus.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return
      const action =
        event.key === '+' || event.key === '='
          ? zoomIn
          : event.key === '-' || event.key === '_'
            ? zoomOut
            : event.key === 'ArrowLeft'
              ? () => show(index - 1)
              : event.key === 'ArrowRight'
                ? () => show(index + 1)
                : undefined
      if (!action) return
      event.preventDefault()
      action()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  })

  if (!photo) return null
  return (
    <ModalDialog
      title={<Trans>包裹 {packageNo} 的照片</Trans>}
      onClose={props.onClose}
      closeOnEscape
      closeOnBackdrop
      showCloseButton
      width="lg"
    >
      <div className={stage}>
        {failed ? (
          <div className={controls}>
            <p className={failureText} role="alert">
              <Trans>照片链接已过期或无法显示</Trans>
            </p>
            <Button variant="ghost" onClick={props.onExpired}>
              <Trans>重新读取</Trans>
            </Button>
          </div>
        ) : (
          <img
            key={photo.id}
            className={`${image} ${zoomWidth[zoom]}`}
            src={photo.url}
            alt={t`包裹 ${packageNo} 的第 ${position} 张照片`}
            width={photo.width}
            height={photo.height}
            onError={() => setFailed(true)}
          />
        )}
      </div>
      <div className={controls}>
        <Button variant="secondary" disabled={!hasPrevious} onClick={() => show(index - 1)}>
          <Trans>← 上一张</Trans>
        </Button>
        <Button variant="secondary" disabled={!hasNext} onClick={() => show(index + 1)}>
          <Trans>下一张 →</Trans>
        </Button>
        <span className={spacer} />
        <Button variant="ghost" aria-label={t`缩小`} disabled={zoom === 0} onClick={zoomOut}>
          −
        </Button>
        <span className={status} aria-live="polite">
          <Trans>
            第 {position} / {total} 张 · {percent}%
          </Trans>
        </span>
        <Button
          variant="ghost"
          aria-label={t`放大`}
          disabled={zoom === ZOOM_LEVELS.length - 1}
          onClick={zoomIn}
        >
          +
        </Button>
      </div>
      <p className={status}>
        <Trans>键盘：+ / − 缩放，← / → 切换照片，Esc 关闭。</Trans>
      </p>
    </ModalDialog>
  )
}

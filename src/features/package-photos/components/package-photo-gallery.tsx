import { Trans, useLingui } from '@lingui/react/macro'
import { useCallback, useEffect, useState } from 'react'
import { css } from '../../../../styled-system/css'
import { Button } from '../../../components/ui/button.tsx'
import type { PackagePhotoDto } from '../../../domain/package-photos.ts'
import { getPackagePhotos } from '../api/get-package-photos.ts'
import { PhotoViewerDialog } from './photo-viewer-dialog.tsx'

const row = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '3' })
const mutedText = css({ fontSize: 'sm', color: 'text.muted' })
const failureText = css({ fontSize: 'sm', color: 'red.700' })
const grid = css({
  display: 'grid',
  gap: '2',
  gridTemplateColumns: { base: 'repeat(3, minmax(0, 1fr))', md: 'repeat(6, minmax(0, 1fr))' },
  listStyle: 'none',
  p: '0',
  m: '0',
})
const thumbButton = css({
  display: 'block',
  width: 'full',
  aspectRatio: 'square',
  p: '0',
  border: '1px solid',
  borderColor: 'border',
  borderRadius: 'sm',
  overflow: 'hidden',
  bg: 'bg.muted',
  cursor: 'zoom-in',
  _hover: { borderColor: 'primary' },
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '2px' },
})
const thumbImage = css({ width: 'full', height: 'full', objectFit: 'cover' })

type Photos = { kind: 'loading' } | { kind: 'ok'; list: PackagePhotoDto[] } | { kind: 'failed' }

/** The box's photos, read once per package and again on Retry (their URLs expire after an hour). */
function usePackagePhotos(packageId: number): { photos: Photos; retry: () => void } {
  const [photos, setPhotos] = useState<Photos>({ kind: 'loading' })
  const [attempt, setAttempt] = useState(0)
  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt asks for another read
  useEffect(() => {
    let live = true
    setPhotos({ kind: 'loading' })
    getPackagePhotos(packageId).then(
      (answer) => {
        if (live) setPhotos({ kind: 'ok', list: answer.list })
      },
      () => {
        if (live) setPhotos({ kind: 'failed' })
      },
    )
    return () => {
      live = false
    }
  }, [packageId, attempt])
  const retry = useCallback(() => setAttempt((n) => n + 1), [])
  return { photos, retry }
}

/**
 * The staff's photos of a packed box (flows §7), so the shopper sees what will be shipped before paying
 * the shipping fee: thumbnails that open a viewer with the large photo, zoom and the other photos.
 */
export function PackagePhotoGallery({ packageId, packageNo }: { packageId: number; packageNo: string }) {
  const { t } = useLingui()
  const { photos, retry } = usePackagePhotos(packageId)
  const [open, setOpen] = useState<number>()

  if (photos.kind === 'loading') {
    return (
      <p className={mutedText} role="status">
        <Trans>正在读取包裹照片…</Trans>
      </p>
    )
  }
  if (photos.kind === 'failed') {
    return (
      <div className={row}>
        <p className={failureText} role="alert">
          <Trans>无法读取包裹照片</Trans>
        </p>
        <Button variant="ghost" onClick={retry}>
          <Trans>重试</Trans>
        </Button>
      </div>
    )
  }
  const { list } = photos
  if (list.length === 0) {
    return (
      <p className={mutedText}>
        <Trans>还没有照片。仓库打包后会在这里放上包裹的照片。</Trans>
      </p>
    )
  }
  const total = list.length
  return (
    <>
      <ul className={grid} aria-label={t`包裹 ${packageNo} 的照片`}>
        {list.map((photo, index) => {
          const position = index + 1
          return (
            <li key={photo.id}>
              <button
                type="button"
                className={thumbButton}
                aria-label={t`查看第 ${position} 张照片（共 ${total} 张）`}
                onClick={() => setOpen(index)}
              >
                <img
                  className={thumbImage}
                  src={photo.thumbnailUrl}
                  alt=""
                  width={photo.width}
                  height={photo.height}
                  loading="lazy"
                  decoding="async"
                />
              </button>
            </li>
          )
        })}
      </ul>
      {open !== undefined ? (
        <PhotoViewerDialog
          photos={list}
          index={open}
          packageNo={packageNo}
          onIndexChange={setOpen}
          onClose={() => setOpen(undefined)}
          onExpired={retry}
        />
      ) : null}
    </>
  )
}

import { t } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useRef, useState } from 'react'
import { css } from '../../../../styled-system/css'
import { Button } from '../../../components/ui/button.tsx'
import { fieldErrorText } from '../../../components/ui/form-field.tsx'
import { PACKAGE_PHOTOS_MAX, PackagePhotoMessage } from '../../../domain/package-photos.ts'
import { deletePackagePhoto, listOpsPackagePhotos, uploadPackagePhoto } from '../api/package-photos.ts'
import { mediaPhraseText, mediaRefusalOf } from '../taxonomy/media-text.ts'
import { phraseLookup, refusalText } from '../taxonomy/taxonomy-text.ts'
import { useLoaded } from '../use-loaded.ts'
import { LoadFailure } from './load-state.tsx'
import { mutedText } from './ops-table.ts'

const box = css({ display: 'flex', flexDirection: 'column', gap: '2', pt: '2' })
const boxTitle = css({ fontSize: 'sm', fontWeight: 'semibold' })
const row = css({ display: 'flex', alignItems: 'center', gap: '3', flexWrap: 'wrap' })
const hidden = css({ srOnly: true })
const thumbnails = css({ display: 'flex', flexWrap: 'wrap', gap: '3', listStyle: 'none', p: '0', m: '0' })
const thumbnail = css({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '1' })
const thumbnailImage = css({
  width: '24',
  height: '24',
  objectFit: 'cover',
  borderRadius: 'sm',
  border: '1px solid',
  borderColor: 'border',
  bg: 'surface',
})
const progressList = css({ display: 'flex', flexDirection: 'column', gap: '1', fontSize: 'sm' })
const progressBar = css({ width: '40' })
const errorList = css({ display: 'flex', flexDirection: 'column', gap: '1', pl: '0', listStyle: 'none' })

type PhotoPhrase = (typeof PackagePhotoMessage)[keyof typeof PackagePhotoMessage]

// Typed by PackagePhotoMessage so a phrase added there fails to compile until it has words here.
const PHOTO_TEXT: Record<PhotoPhrase, () => string> = {
  [PackagePhotoMessage.tooMany]: () => t`每个包裹最多 ${PACKAGE_PHOTOS_MAX} 张照片`,
}
const photoPhraseText = phraseLookup(PHOTO_TEXT)

/** A failed upload or delete in the operator's words (the limit, the media pipeline's refusals, the rest). */
const photoFailureText = (error: unknown) =>
  refusalText(error, (message) => photoPhraseText(message) ?? mediaPhraseText(message))

interface Upload {
  key: string
  name: string
  /** Share sent, 0–1. */
  sent: number
}

/** One file that did not make it, and why. */
interface FileFailure {
  key: string
  name: string
  reason: string
}

/**
 * The photos of one packed box (flows §7): taken with the phone's camera or picked from the desktop,
 * sent one after another with their progress, shown as thumbnails to delete. The shopper sees them on
 * the package page before paying the shipping fee.
 */
export function PackagePhotosSection({ packageId, packageNo }: { packageId: number; packageNo: string }) {
  const { t } = useLingui()
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const { loaded, reload } = useLoaded(String(packageId), () => listOpsPackagePhotos(packageId))
  const [uploads, setUploads] = useState<Upload[]>([])
  const [failures, setFailures] = useState<FileFailure[]>([])
  const [deleting, setDeleting] = useState<number>()
  const sequence = useRef(0)

  const photos = loaded.state === 'ready' ? loaded.data.list : []
  const photoCount = photos.length
  const busy = uploads.length > 0 || deleting !== undefined

  const sendAll = async (files: readonly File[]) => {
    const refused: FileFailure[] = []
    const accepted: { file: File; key: string }[] = []
    let room = PACKAGE_PHOTOS_MAX - photos.length
    for (const file of files) {
      const key = `${file.name}-${sequence.current++}`
      const refusal =
        mediaRefusalOf(file) ?? (room <= 0 ? PHOTO_TEXT[PackagePhotoMessage.tooMany]() : undefined)
      if (refusal) refused.push({ key, name: file.name, reason: refusal })
      else {
        accepted.push({ file, key })
        room -= 1
      }
    }
    setFailures(refused)
    setUploads(accepted.map(({ file, key }) => ({ key, name: file.name, sent: 0 })))
    // One at a time: a phone's upload link is the bottleneck, and the limit is checked in order.
    for (const { file, key } of accepted) {
      try {
        await uploadPackagePhoto(packageId, file, (sent) =>
          setUploads((current) => current.map((each) => (each.key === key ? { ...each, sent } : each))),
        )
      } catch (error) {
        const reason = photoFailureText(error) ?? t`上传已取消`
        setFailures((current) => [...current, { key, name: file.name, reason }])
      } finally {
        setUploads((current) => current.filter((each) => each.key !== key))
      }
    }
    if (accepted.length > 0) reload()
  }

  const remove = async (photoId: number, position: number) => {
    setDeleting(photoId)
    try {
      await deletePackagePhoto(packageId, photoId)
      setFailures([])
    } catch (error) {
      const reason = photoFailureText(error) ?? t`删除已取消`
      setFailures([{ key: `delete-${photoId}`, name: t`照片 ${position}`, reason }])
    } finally {
      setDeleting(undefined)
      reload()
    }
  }

  return (
    <section className={box} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className={boxTitle}>
        <Trans>包裹 {packageNo} 的照片</Trans>
      </h3>
      {loaded.state === 'loading' ? (
        <p className={mutedText} role="status">
          <Trans>正在读取照片…</Trans>
        </p>
      ) : null}
      {loaded.state === 'failed' ? <LoadFailure error={loaded.error} onRetry={reload} /> : null}
      {loaded.state === 'ready' && photos.length === 0 ? (
        <p className={mutedText}>
          <Trans>还没有照片。顾客支付运费前会看到这些照片。</Trans>
        </p>
      ) : null}
      {photos.length > 0 ? (
        <ul className={thumbnails} aria-label={t`包裹 ${packageNo} 的照片`}>
          {photos.map((photo, index) => {
            const position = index + 1
            return (
              <li key={photo.id} className={thumbnail}>
                <a href={photo.url} target="_blank" rel="noreferrer">
                  <img
                    className={thumbnailImage}
                    src={photo.thumbnailUrl}
                    alt={t`包裹 ${packageNo} 的照片 ${position}`}
                    width={96}
                    height={96}
                    loading="lazy"
                  />
                </a>
                <Button
                  variant="ghost"
                  disabled={busy}
                  aria-label={t`删除照片 ${position}`}
                  onClick={() => void remove(photo.id, position)}
                >
                  {deleting === photo.id ? <Trans>正在删除…</Trans> : <Trans>删除</Trans>}
                </Button>
              </li>
            )
          })}
        </ul>
      ) : null}

      <div className={row}>
        <label htmlFor={`${id}-file`} className={hidden}>
          <Trans>为包裹 {packageNo} 拍照或选择照片</Trans>
        </label>
        <input
          ref={input}
          id={`${id}-file`}
          type="file"
          accept="image/*"
          capture="environment"
          multiple
          className={hidden}
          // The button below is the one stop for the keyboard; the input only opens the camera or picker.
          tabIndex={-1}
          disabled={busy || loaded.state !== 'ready'}
          onChange={(event) => {
            const files = Array.from(event.target.files ?? [])
            event.target.value = ''
            if (files.length > 0) void sendAll(files)
          }}
        />
        <Button
          variant="secondary"
          disabled={busy || loaded.state !== 'ready' || photos.length >= PACKAGE_PHOTOS_MAX}
          aria-describedby={`${id}-hint`}
          onClick={() => input.current?.click()}
        >
          {uploads.length > 0 ? <Trans>正在上传…</Trans> : <Trans>拍照 / 添加照片</Trans>}
        </Button>
        <span id={`${id}-hint`} className={mutedText}>
          <Trans>
            已有 {photoCount} / {PACKAGE_PHOTOS_MAX} 张；JPEG、PNG、WebP 或 AVIF，每张不超过 10 MB。
          </Trans>
        </span>
      </div>

      {uploads.length > 0 ? (
        <ul className={progressList} aria-label={t`正在上传的照片`}>
          {uploads.map((upload) => {
            const percent = Math.round(upload.sent * 100)
            const name = upload.name
            return (
              <li key={upload.key}>
                <label className={row}>
                  <span>{name}</span>
                  <progress
                    className={progressBar}
                    max={100}
                    value={percent}
                    aria-label={t`${name} 的上传进度`}
                  />
                  <span>{percent}%</span>
                </label>
              </li>
            )
          })}
        </ul>
      ) : null}

      {failures.length > 0 ? (
        <ul className={errorList} role="alert">
          {failures.map((failure) => {
            const { name, reason } = failure
            return (
              <li key={failure.key} className={fieldErrorText}>
                <Trans>
                  {name}：{reason}
                </Trans>
              </li>
            )
          })}
        </ul>
      ) : null}
    </section>
  )
}

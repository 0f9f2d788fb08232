import { useLingui } from '@lingui/react/macro'
import { useRef, useState } from 'react'
import type { MediaImageDto } from '../../../../domain/media.ts'
import { MAX_PRODUCT_IMAGES } from '../../../../domain/product-editor.ts'
import { uploadMedia } from '../../taxonomy/api/upload-media.ts'
import { mediaFailureText, mediaRefusalOf } from '../../taxonomy/media-text.ts'

/** A file on its way up, or refused (then `error` says why, until dismissed). */
export interface PendingUpload {
  key: number
  fileName: string
  /** 0–1. */
  progress: number
  error?: string
}

/**
 * Uploads picked or dropped files one request each, side by side, with their progress. A finished
 * upload leaves the pending list and joins the product's pictures (`onUploaded`); a refused one stays
 * with its reason. Files the server would refuse anyway (type, size, one too many) are refused here.
 */
export function useImageUploads(props: { imageCount: number; onUploaded: (image: MediaImageDto) => void }) {
  const { t } = useLingui()
  const [pending, setPending] = useState<PendingUpload[]>([])
  const nextKey = useRef(1)
  const onUploaded = useRef(props.onUploaded)
  onUploaded.current = props.onUploaded

  const update = (key: number, change: Partial<PendingUpload>) =>
    setPending((current) => current.map((entry) => (entry.key === key ? { ...entry, ...change } : entry)))

  const refusalOf = (file: File, room: number): string | undefined =>
    mediaRefusalOf(file) ?? (room <= 0 ? t`每个商品最多 ${MAX_PRODUCT_IMAGES} 张图片` : undefined)

  const add = (files: Iterable<File>) => {
    const inFlight = pending.filter((entry) => entry.error === undefined).length
    let room = MAX_PRODUCT_IMAGES - props.imageCount - inFlight
    const started: PendingUpload[] = []
    for (const file of files) {
      const key = nextKey.current++
      const refusal = refusalOf(file, room)
      started.push({ key, fileName: file.name, progress: 0, ...(refusal ? { error: refusal } : {}) })
      if (refusal) continue
      room--
      uploadMedia(file, { onProgress: (progress) => update(key, { progress }) }).then(
        (image) => {
          setPending((current) => current.filter((entry) => entry.key !== key))
          onUploaded.current(image)
        },
        (error: unknown) => update(key, { error: mediaFailureText(error) ?? t`上传失败，请重试` }),
      )
    }
    setPending((current) => [...current, ...started])
  }

  const dismiss = (key: number) => setPending((current) => current.filter((entry) => entry.key !== key))

  return { pending, add, dismiss, busy: pending.some((entry) => entry.error === undefined) }
}

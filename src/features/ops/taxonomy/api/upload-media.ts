import type { MediaImageDto } from '../../../../domain/media.ts'
import { uploadWithProgress } from '../../../../lib/upload-with-progress.ts'

/** The picture types POST /api/ops/media takes (judged again by their bytes there). */
export const MEDIA_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const

/**
 * POST /api/ops/media (multipart `file`: JPEG, PNG, WebP or AVIF, ≤ 10 MB): the picture re-encoded at
 * a few widths (a product's pictures, a brand's logo), referred to by its id. `onProgress` hears the
 * share sent, 0–1. A refusal is an ApiFailure whose msg is `file: ` and a MediaMessage.
 */
export function uploadMedia(
  file: File,
  options: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<MediaImageDto> {
  const { onProgress, signal } = options
  const form = new FormData()
  form.append('file', file, file.name)
  return uploadWithProgress<MediaImageDto>('/ops/media', form, {
    ...(onProgress
      ? { onProgress: ({ loaded, total }) => (total ? onProgress(loaded / total) : undefined) }
      : {}),
    ...(signal ? { signal } : {}),
  })
}

import { t } from '@lingui/core/macro'
import { MEDIA_MAX_BYTES } from '../../../domain/media.ts'
import { MediaMessage } from '../../../domain/media-messages.ts'
import { MEDIA_TYPES } from './api/upload-media.ts'
import { phraseLookup, refusalText } from './taxonomy-text.ts'

type MediaPhrase = (typeof MediaMessage)[keyof typeof MediaMessage]

// Typed by MediaMessage so a phrase added there fails to compile until it has words here.
const MEDIA_TEXT: Record<MediaPhrase, () => string> = {
  [MediaMessage.type]: () => t`只能上传 JPEG、PNG、WebP 或 AVIF 图片`,
  [MediaMessage.tooLarge]: () => t`图片不能超过 10 MB`,
  [MediaMessage.tooManyPixels]: () => t`图片不能超过 4,000 万像素，每边不能超过 20,000 像素`,
  [MediaMessage.unreadable]: () => t`无法读取这张图片（文件可能已损坏）`,
}

/** The words of a media refusal (`file: …` as the server sends it, or the bare phrase); else undefined. */
export const mediaPhraseText = phraseLookup(MEDIA_TEXT)

/** Why a picture is refused before it is sent, in the server's words: not one of the four types, or too large. */
export function mediaRefusalOf(file: File): string | undefined {
  if (!(MEDIA_TYPES as readonly string[]).includes(file.type)) return MEDIA_TEXT[MediaMessage.type]()
  if (file.size > MEDIA_MAX_BYTES) return MEDIA_TEXT[MediaMessage.tooLarge]()
  return undefined
}

/** A failed upload in words (a refusal in the operator's language); nothing when it was cancelled. */
export const mediaFailureText = (error: unknown) => refusalText(error, mediaPhraseText)

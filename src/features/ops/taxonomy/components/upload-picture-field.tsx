import { Trans } from '@lingui/react/macro'
import { type ReactNode, useId, useRef, useState } from 'react'
import { css } from '../../../../../styled-system/css'
import { Button } from '../../../../components/ui/button.tsx'
import { fieldErrorText } from '../../../../components/ui/form-field.tsx'
import type { MediaImageDto } from '../../../../domain/media.ts'
import { MEDIA_TYPES } from '../api/upload-media.ts'
import { mediaFailureText, mediaRefusalOf } from '../media-text.ts'

const field = css({ display: 'flex', flexDirection: 'column', gap: '1' })
const label = css({ fontSize: 'sm', fontWeight: 'medium' })
const row = css({ display: 'flex', alignItems: 'center', gap: '3', flexWrap: 'wrap' })
const hidden = css({ srOnly: true })
const muted = css({ color: 'text.muted', fontSize: 'xs' })

/**
 * A picture uploaded at once through the media pipeline (`upload`, re-encoded by the server) and
 * previewed (a brand's logo, a banner, a QR code); what it belongs to refers to it by id when saved.
 */
export function UploadPictureField(props: {
  label: ReactNode
  /** The picture as it stands, drawn; null when there is none. */
  preview: ReactNode
  /** The words for no picture, the upload and change buttons, and (when it may be emptied) remove. */
  texts: { none: ReactNode; upload: ReactNode; change: ReactNode; remove?: ReactNode }
  upload: (file: File) => Promise<MediaImageDto>
  error: string | undefined
  disabled: boolean
  onChange: (picture: MediaImageDto | null) => void
  /** Whether a picture is on its way up (saving waits for it). */
  onUploading: (uploading: boolean) => void
}) {
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const [uploading, setUploading] = useState(false)
  const [failure, setFailure] = useState<string>()
  const { texts } = props

  const upload = async (file: File | undefined) => {
    if (!file) return
    const refusal = mediaRefusalOf(file)
    setFailure(refusal)
    if (refusal) return
    setUploading(true)
    props.onUploading(true)
    try {
      props.onChange(await props.upload(file))
    } catch (error) {
      setFailure(mediaFailureText(error))
    } finally {
      setUploading(false)
      props.onUploading(false)
    }
  }

  const shown = props.preview !== null
  const error = failure ?? props.error
  return (
    <div className={field}>
      <label htmlFor={id} className={label}>
        {props.label}
      </label>
      <div className={row}>
        {shown ? props.preview : <span className={muted}>{texts.none}</span>}
        <input
          ref={input}
          id={id}
          type="file"
          accept={MEDIA_TYPES.join(',')}
          className={hidden}
          disabled={props.disabled || uploading}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => {
            void upload(event.target.files?.[0])
            event.target.value = ''
          }}
        />
        <Button
          variant="secondary"
          disabled={props.disabled || uploading}
          onClick={() => input.current?.click()}
        >
          {uploading ? <Trans>正在上传…</Trans> : shown ? texts.change : texts.upload}
        </Button>
        {texts.remove && shown ? (
          <Button variant="ghost" disabled={props.disabled || uploading} onClick={() => props.onChange(null)}>
            {texts.remove}
          </Button>
        ) : null}
      </div>
      <p className={muted}>
        <Trans>JPEG、PNG、WebP 或 AVIF，不超过 10 MB。</Trans>
      </p>
      {error ? (
        <p id={`${id}-error`} role="alert" className={fieldErrorText}>
          {error}
        </p>
      ) : null}
    </div>
  )
}

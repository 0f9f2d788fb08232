import { Trans, useLingui } from '@lingui/react/macro'
import { type ReactNode, useId, useRef, useState } from 'react'
import { css } from '../../../../../styled-system/css'
import { Button } from '../../../../components/ui/button.tsx'
import { fieldErrorText } from '../../../../components/ui/form-field.tsx'
import { fallbackUrlOf, type MediaImageDto } from '../../../../domain/media.ts'
import { MEDIA_TYPES } from '../../taxonomy/api/upload-media.ts'
import { mediaFailureText, mediaRefusalOf } from '../../taxonomy/media-text.ts'
import { uploadContentPicture } from '../api/content-calls.ts'

const field = css({ display: 'flex', flexDirection: 'column', gap: '1' })
const label = css({ fontSize: 'sm', fontWeight: 'medium' })
const row = css({ display: 'flex', alignItems: 'center', gap: '3', flexWrap: 'wrap' })
const hidden = css({ srOnly: true })
const muted = css({ color: 'text.muted', fontSize: 'xs' })
const preview = css({
  maxWidth: '60',
  maxHeight: '24',
  objectFit: 'contain',
  bg: 'white',
  border: '1px solid',
  borderColor: 'border',
  borderRadius: 'sm',
})

/**
 * A picture uploaded at once through the media pipeline (POST /api/ops/content/media, re-encoded by
 * the server) and previewed; the banner or contact refers to it by id when saved. `currentUrl` is the
 * picture saved before, shown until another is uploaded.
 */
export function PictureField(props: {
  label: ReactNode
  picture: MediaImageDto | null
  currentUrl: string | null
  error: string | undefined
  disabled: boolean
  onChange: (picture: MediaImageDto | null) => void
  /** Whether a picture is on its way up (saving waits for it). */
  onUploading: (uploading: boolean) => void
  /** Offered when there is a picture and the field may be emptied. */
  removable?: boolean
}) {
  const { t } = useLingui()
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const [uploading, setUploading] = useState(false)
  const [failure, setFailure] = useState<string>()

  const upload = async (file: File | undefined) => {
    if (!file) return
    const refusal = mediaRefusalOf(file)
    setFailure(refusal)
    if (refusal) return
    setUploading(true)
    props.onUploading(true)
    try {
      props.onChange(await uploadContentPicture(file))
    } catch (error) {
      setFailure(mediaFailureText(error))
    } finally {
      setUploading(false)
      props.onUploading(false)
    }
  }

  const shown = props.picture ? (fallbackUrlOf(props.picture) ?? props.picture.placeholder) : props.currentUrl
  const error = failure ?? props.error
  return (
    <div className={field}>
      <label htmlFor={id} className={label}>
        {props.label}
      </label>
      <div className={row}>
        {shown ? (
          <img className={preview} src={shown} alt={t`图片预览`} />
        ) : (
          <span className={muted}>
            <Trans>没有图片</Trans>
          </span>
        )}
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
          {uploading ? <Trans>正在上传…</Trans> : shown ? <Trans>更换图片…</Trans> : <Trans>上传图片…</Trans>}
        </Button>
        {props.removable && shown ? (
          <Button variant="ghost" disabled={props.disabled || uploading} onClick={() => props.onChange(null)}>
            <Trans>移除图片</Trans>
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

import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useRef, useState } from 'react'
import { css } from '../../../../../styled-system/css'
import { Button } from '../../../../components/ui/button.tsx'
import { fieldErrorText } from '../../../../components/ui/form-field.tsx'
import type { MediaImageDto } from '../../../../domain/media.ts'
import { MEDIA_TYPES, uploadMedia } from '../api/upload-media.ts'
import { mediaFailureText, mediaRefusalOf } from '../media-text.ts'
import { LogoImage } from './logo-image.tsx'

const field = css({ display: 'flex', flexDirection: 'column', gap: '1' })
const label = css({ fontSize: 'sm', fontWeight: 'medium' })
const row = css({ display: 'flex', alignItems: 'center', gap: '3', flexWrap: 'wrap' })
const hidden = css({ srOnly: true })
const empty = css({ color: 'text.muted', fontSize: 'xs' })

/**
 * A brand's logo: a picture uploaded at once (POST /api/ops/media, re-encoded by the server) and
 * previewed; the brand refers to it by id when saved. Removing it leaves the brand without a logo.
 */
export function LogoField(props: {
  logo: MediaImageDto | null
  error: string | undefined
  disabled: boolean
  onChange: (logo: MediaImageDto | null) => void
  /** Whether a picture is on its way up (the brand waits for it before saving). */
  onUploading: (uploading: boolean) => void
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
      props.onChange(await uploadMedia(file))
    } catch (error) {
      setFailure(mediaFailureText(error))
    } finally {
      setUploading(false)
      props.onUploading(false)
    }
  }

  const error = failure ?? props.error
  return (
    <div className={field}>
      <label htmlFor={id} className={label}>
        <Trans>品牌标志</Trans>
      </label>
      <div className={row}>
        {props.logo ? (
          <LogoImage logo={props.logo} alt={t`品牌标志预览`} size="large" />
        ) : (
          <span className={empty}>
            <Trans>没有标志</Trans>
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
          {uploading ? (
            <Trans>正在上传…</Trans>
          ) : props.logo ? (
            <Trans>更换标志…</Trans>
          ) : (
            <Trans>上传标志…</Trans>
          )}
        </Button>
        {props.logo ? (
          <Button variant="ghost" disabled={props.disabled || uploading} onClick={() => props.onChange(null)}>
            <Trans>移除标志</Trans>
          </Button>
        ) : null}
      </div>
      <p className={empty}>
        <Trans>JPEG、PNG、WebP 或 AVIF，不超过 10 MB。</Trans>
      </p>
      {error ? (
        <p role="alert" className={fieldErrorText}>
          {error}
        </p>
      ) : null}
    </div>
  )
}

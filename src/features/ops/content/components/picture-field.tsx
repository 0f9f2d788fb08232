import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { css } from '../../../../../styled-system/css'
import { fallbackUrlOf, type MediaImageDto } from '../../../../domain/media.ts'
import { UploadPictureField } from '../../taxonomy/components/upload-picture-field.tsx'
import { uploadContentPicture } from '../api/content-calls.ts'

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
  const shown = props.picture ? (fallbackUrlOf(props.picture) ?? props.picture.placeholder) : props.currentUrl
  return (
    <UploadPictureField
      label={props.label}
      preview={shown ? <img className={preview} src={shown} alt={t`图片预览`} /> : null}
      texts={{
        none: <Trans>没有图片</Trans>,
        upload: <Trans>上传图片…</Trans>,
        change: <Trans>更换图片…</Trans>,
        remove: props.removable ? <Trans>移除图片</Trans> : undefined,
      }}
      upload={uploadContentPicture}
      error={props.error}
      disabled={props.disabled}
      onChange={props.onChange}
      onUploading={props.onUploading}
    />
  )
}

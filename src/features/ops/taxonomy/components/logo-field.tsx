import { Trans, useLingui } from '@lingui/react/macro'
import type { MediaImageDto } from '../../../../domain/media.ts'
import { uploadMedia } from '../api/upload-media.ts'
import { LogoImage } from './logo-image.tsx'
import { UploadPictureField } from './upload-picture-field.tsx'

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
  return (
    <UploadPictureField
      label={<Trans>品牌标志</Trans>}
      preview={props.logo ? <LogoImage logo={props.logo} alt={t`品牌标志预览`} size="large" /> : null}
      texts={{
        none: <Trans>没有标志</Trans>,
        upload: <Trans>上传标志…</Trans>,
        change: <Trans>更换标志…</Trans>,
        remove: <Trans>移除标志</Trans>,
      }}
      upload={(file) => uploadMedia(file)}
      error={props.error}
      disabled={props.disabled}
      onChange={props.onChange}
      onUploading={props.onUploading}
    />
  )
}
